import { setupI18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import {
  friendship,
  isInsideLine,
  isShareableUrl,
  liffErrorCodeOf,
  liffIdToken,
  liffLogin,
  liffUrl,
  LIFF_STUB_STATE,
  pickLiffId,
  productShareMessages,
  shareProduct,
  startLiff,
  validateShareMessages,
} from './liff'
import { LIFF_ERROR_CODES, LIFF_ERROR_RECOVERY, liffErrorRecovery } from './liff-errors'
import type {
  LiffConfig,
  LiffMessage,
  LiffOs,
  LiffProfile,
  LiffSdk,
  LiffSession,
  ShareTargetPickerResult,
} from './liff-types'

const LIFF_ID = '1234567890-AbCdEfGh'
const LIFF_ID_CHATBOT = '1234567890-ChAtBoTs'
const SHOP = 'https://shop.example.com'
const PROFILE: LiffProfile = { userId: 'U123', displayName: 'Somchai', pictureUrl: 'https://profile.line-scdn.net/x' }

/** A LiffError as the SDK throws it. */
function liffError(code: string, message = code): Error & { code: string } {
  return Object.assign(new Error(message), { code })
}

/** The test double of `@line/liff`: what it answers is set per test, what it was asked is recorded. */
class FakeLiff implements LiffSdk {
  initError: unknown = null
  inClient = true
  loggedIn = true
  profile: LiffProfile | (() => Promise<LiffProfile>) = PROFILE
  idToken: string | null = 'id.token.jwt'
  os: LiffOs | undefined = 'ios'
  lineVersion: string | null = '14.2.0'
  available = true
  share: () => Promise<ShareTargetPickerResult> = async () => ({ status: 'success' })
  friendshipAnswer: () => Promise<{ friendFlag: boolean }> = async () => ({ friendFlag: true })

  initCalls: { liffId: string }[] = []
  loginCalls: ({ redirectUri?: string } | undefined)[] = []
  shared: LiffMessage[][] = []

  async init(config: { liffId: string }): Promise<void> {
    this.initCalls.push(config)
    if (this.initError) throw this.initError
  }
  isInClient(): boolean {
    return this.inClient
  }
  isLoggedIn(): boolean {
    return this.loggedIn
  }
  login(config?: { redirectUri?: string }): void {
    this.loginCalls.push(config)
  }
  getIDToken(): string | null {
    return this.idToken
  }
  async getProfile(): Promise<LiffProfile> {
    return typeof this.profile === 'function' ? this.profile() : this.profile
  }
  async shareTargetPicker(messages: LiffMessage[]): Promise<ShareTargetPickerResult> {
    this.shared.push(messages)
    return this.share()
  }
  getFriendship(): Promise<{ friendFlag: boolean }> {
    return this.friendshipAnswer()
  }
  isApiAvailable(apiName: string): boolean {
    return this.available && apiName === 'shareTargetPicker'
  }
  getOS(): LiffOs | undefined {
    return this.os
  }
  getLineVersion(): string | null {
    return this.lineVersion
  }
}

function config(search = '', ids: Partial<Omit<LiffConfig, 'search'>> = {}): LiffConfig {
  return { search: new URLSearchParams(search), liffId: LIFF_ID, liffIdChatbot: LIFF_ID_CHATBOT, ...ids }
}

async function started(fake = new FakeLiff()): Promise<{ fake: FakeLiff; session: LiffSession }> {
  const session = await startLiff(async () => fake, config(), { log: vi.fn() })
  return { fake, session }
}

const product = {
  title: 'Linen shirt',
  url: `${SHOP}/products/linen-shirt`,
  imageUrl: 'https://cdn.example.com/linen-shirt.jpg',
  shopOrigin: SHOP,
}

const text = (value: string): LiffMessage => ({ type: 'text', text: value })

describe('the LIFF app id (§4)', () => {
  it('picks the chatbot id when channel=chatbot, the normal one otherwise, null without ids', () => {
    expect(pickLiffId(config('channel=chatbot'))).toBe(LIFF_ID_CHATBOT)
    expect(pickLiffId(config())).toBe(LIFF_ID)
    expect(pickLiffId(config('channel=web'))).toBe(LIFF_ID)
    expect(pickLiffId(config('channel=chatbot', { liffIdChatbot: null }))).toBe(LIFF_ID)
    expect(pickLiffId(config('channel=chatbot', { liffId: null, liffIdChatbot: null }))).toBeNull()
    expect(pickLiffId(config('', { liffId: null }))).toBeNull()
  })

  it('starts the SDK with the chatbot id on channel=chatbot', async () => {
    const fake = new FakeLiff()
    await startLiff(async () => fake, config('channel=chatbot'), { log: vi.fn() })
    expect(fake.initCalls).toEqual([{ liffId: LIFF_ID_CHATBOT }])
  })
})

describe('LINE detection', () => {
  it("recognises LINE's in-app browser by ' Line/' in its user agent", () => {
    const ios =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.2.0'
    expect(isInsideLine(ios)).toBe(true)
    expect(isInsideLine(`${ios} LIFF`)).toBe(true)
    expect(isInsideLine('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36')).toBe(false)
    expect(isInsideLine('Mozilla/5.0 Online/1.0')).toBe(false)
    expect(isInsideLine(undefined)).toBe(false)
  })

  it('builds LIFF URLs', () => {
    expect(liffUrl(LIFF_ID, '/products/a')).toBe(`https://liff.line.me/${LIFF_ID}/products/a`)
    expect(liffUrl(LIFF_ID)).toBe(`https://liff.line.me/${LIFF_ID}/`)
  })
})

describe('starting LIFF (§4)', () => {
  it('reads the client, the login and the profile after init', async () => {
    const { fake, session } = await started()
    expect(fake.initCalls).toEqual([{ liffId: LIFF_ID }])
    expect(session.state).toEqual({
      ready: true,
      inClient: true,
      loggedIn: true,
      profile: PROFILE,
      failed: false,
      error: null,
    })
    expect(session).toMatchObject({ liffId: LIFF_ID, sdk: fake, os: 'ios', lineVersion: '14.2.0' })
    expect(liffIdToken(session)).toBe('id.token.jwt')
  })

  it('asks for no profile when the shopper is not logged in', async () => {
    const fake = new FakeLiff()
    fake.loggedIn = false
    fake.inClient = false
    fake.profile = () => Promise.reject(new Error('must not be asked'))
    const { session } = await started(fake)
    expect(session.state).toMatchObject({ ready: true, inClient: false, loggedIn: false, profile: null, failed: false })
    expect(liffIdToken(session)).toBeNull()
  })

  it('stays started without a profile when LINE does not give it', async () => {
    const fake = new FakeLiff()
    fake.profile = () => Promise.reject(liffError('UNAUTHORIZED'))
    const log = vi.fn()
    const session = await startLiff(async () => fake, config(), { log })
    expect(session.state).toMatchObject({ ready: true, loggedIn: true, profile: null, failed: false })
    expect(log).toHaveBeenCalledWith('LIFF profile failed', expect.objectContaining({ code: 'UNAUTHORIZED' }))
  })

  it('logs a failed init and returns the stub: not logged in, not in client, no profile, failed', async () => {
    const fake = new FakeLiff()
    const error = liffError('INVALID_CONFIG', 'Invalid LIFF ID')
    fake.initError = error
    const log = vi.fn()
    const session = await startLiff(async () => fake, config(), { log })
    expect(log).toHaveBeenCalledWith('LIFF init failed', error)
    expect(session.state).toEqual({ ...LIFF_STUB_STATE, error: 'INVALID_CONFIG' })
    expect(session.state).toMatchObject({ ready: false, inClient: false, loggedIn: false, profile: null, failed: true })
    expect(session.sdk).toBeNull()
    expect(liffIdToken(session)).toBeNull()
    expect(liffLogin(session, `${SHOP}/`)).toBe(false)
  })

  it('returns the stub when the SDK cannot be loaded, with any error, never rejecting', async () => {
    const log = vi.fn()
    const chunk = new TypeError('Failed to fetch dynamically imported module')
    const session = await startLiff(() => Promise.reject(chunk), config(), { log })
    expect(log).toHaveBeenCalledWith('LIFF init failed', chunk)
    expect(session.state).toMatchObject({ failed: true, error: 'UNKNOWN' })

    const thrower = new FakeLiff()
    thrower.isInClient = () => {
      throw new Error('boom')
    }
    const second = await startLiff(async () => thrower, config(), { log })
    expect(second.state).toMatchObject({ failed: true, loggedIn: false })
  })

  it('does not load the SDK without an app id', async () => {
    const load = vi.fn(async () => new FakeLiff())
    const log = vi.fn()
    const session = await startLiff(load, config('', { liffId: null, liffIdChatbot: null }), { log })
    expect(load).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith('LIFF init failed', expect.any(Error))
    expect(session.state).toEqual({ ...LIFF_STUB_STATE, error: 'INVALID_CONFIG' })
  })

  it('gives up on an init that never ends', async () => {
    const fake = new FakeLiff()
    fake.init = () => new Promise<void>(() => {})
    const log = vi.fn()
    const session = await startLiff(async () => fake, config(), { log, timeoutMs: 10 })
    expect(log).toHaveBeenCalledWith('LIFF init failed', expect.any(Error))
    expect(session.state).toMatchObject({ failed: true, error: 'timeout' })
  })

  it('logs in with the redirect URI', async () => {
    const { fake, session } = await started()
    expect(liffLogin(session, `${SHOP}/account`)).toBe(true)
    expect(fake.loginCalls).toEqual([{ redirectUri: `${SHOP}/account` }])
  })
})

describe('share rules (§5)', () => {
  it('needs 1 to 5 messages', () => {
    expect(validateShareMessages([])).toBe('noMessages')
    expect(validateShareMessages(Array.from({ length: 6 }, () => text('hi')))).toBe('tooManyMessages')
    expect(validateShareMessages(Array.from({ length: 5 }, () => text('hi')))).toBeNull()
    expect(validateShareMessages([text('hi')])).toBeNull()
  })

  it('accepts only LINE, LIFF, mini-app and shop URLs', () => {
    expect(isShareableUrl('https://line.me/R/ti/p/@shop')).toBe(true)
    expect(isShareableUrl(`https://liff.line.me/${LIFF_ID}/products/a`)).toBe(true)
    expect(isShareableUrl(`https://miniapp.line.me/${LIFF_ID}`)).toBe(true)
    expect(isShareableUrl(`${SHOP}/products/a`, SHOP)).toBe(true)
    expect(isShareableUrl(`${SHOP}/products/a`)).toBe(false)
    expect(isShareableUrl('http://liff.line.me/x')).toBe(false)
    expect(isShareableUrl('https://line.me.evil.com/x')).toBe(false)
    expect(isShareableUrl('https://evil.com/?https://line.me/')).toBe(false)
    expect(isShareableUrl('https://liff.line.me:8443/x')).toBe(false)
    expect(isShareableUrl('not a url')).toBe(false)
    expect(isShareableUrl('javascript:alert(1)', SHOP)).toBe(false)
  })

  it('checks the links of texts and the URI actions of flex messages', () => {
    expect(validateShareMessages([text(`Look https://evil.com/x`)], { shopOrigin: SHOP })).toBe('invalidUrl')
    expect(validateShareMessages([text(`Look ${SHOP}/products/a`)], { shopOrigin: SHOP })).toBeNull()
    const flex = productShareMessages({ ...product, url: 'https://evil.com/p' })
    expect(validateShareMessages(flex, { shopOrigin: SHOP })).toBe('invalidUrl')
    expect(validateShareMessages(productShareMessages(product), { shopOrigin: SHOP })).toBeNull()
    const altUri: LiffMessage = {
      type: 'flex',
      altText: 'x',
      contents: {
        type: 'bubble',
        footer: { action: { type: 'uri', uri: `${SHOP}/a`, altUri: { desktop: 'https://evil.com/' } } },
      },
    }
    expect(validateShareMessages([altUri], { shopOrigin: SHOP })).toBe('invalidUrl')
  })

  it('builds a flex card with an image, a text with the link without one', () => {
    const [card] = productShareMessages({ ...product, buttonLabel: 'ดูสินค้า' })
    expect(card).toMatchObject({ type: 'flex', altText: 'Linen shirt' })
    expect(JSON.stringify(card)).toContain('"label":"ดูสินค้า"')
    expect(productShareMessages({ ...product, imageUrl: null })).toEqual([
      { type: 'text', text: `Linen shirt\n${SHOP}/products/linen-shirt` },
    ])
  })
})

describe('sharing a product (§5, §8)', () => {
  it('reports a sent share', async () => {
    const { fake, session } = await started()
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: true, sent: true })
    expect(fake.shared).toHaveLength(1)
    expect(fake.shared[0]).toEqual(productShareMessages(product))
  })

  it('reports a closed picker as not sent', async () => {
    const { fake, session } = await started()
    fake.share = async () => undefined
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: true, sent: false })
    fake.share = async () => false
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: true, sent: false })
  })

  it('refuses a link that is neither LINE nor the shop, without opening the picker', async () => {
    const { fake, session } = await started()
    await expect(shareProduct(session, { ...product, url: 'https://evil.com/p' })).resolves.toEqual({
      ok: false,
      error: 'invalidUrl',
    })
    expect(fake.shared).toEqual([])
  })

  it('maps LINE 403 on sending inside LINE to the update-the-app alert', async () => {
    const { fake, session } = await started()
    fake.share = () => Promise.reject(liffError('FORBIDDEN', 'API not allowed in this client version'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'updateApp' })
    fake.share = () => Promise.reject(Object.assign(new Error('Forbidden'), { status: 403 }))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'updateApp' })
    fake.share = () => Promise.reject(liffError('403', 'Forbidden'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'updateApp' })
    expect(liffErrorRecovery('updateApp').recovery).toBe('updateApp')
  })

  it('maps 403 in an external browser to opening the page in LINE', async () => {
    const fake = new FakeLiff()
    fake.inClient = false
    const { session } = await started(fake)
    fake.share = () => Promise.reject(liffError('FORBIDDEN', 'API not allowed in external browser'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'FORBIDDEN' })
    expect(liffErrorRecovery('FORBIDDEN').recovery).toBe('openInLine')
  })

  it('maps the other failures to their codes', async () => {
    const { fake, session } = await started()
    fake.share = () => Promise.reject(liffError('EXCEPTION_IN_SUBWINDOW', 'Timeout: not finished within 10min'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'timeout' })
    fake.share = () => Promise.reject(liffError('INVALID_ARGUMENT', 'exceed the limit of num of messages'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'INVALID_ARGUMENT' })
    fake.share = () => Promise.reject(liffError('UNAUTHORIZED', 'need access_token, please login first'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'UNAUTHORIZED' })
    fake.share = () => Promise.reject(new Error('something else'))
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'UNKNOWN' })
  })

  it('asks for a login, an update or LINE before opening the picker', async () => {
    const { fake, session } = await started()
    fake.loggedIn = false
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'UNAUTHORIZED' })
    fake.loggedIn = true
    fake.available = false
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'updateApp' })
    const outside = new FakeLiff()
    outside.inClient = false
    outside.available = false
    const external = await started(outside)
    await expect(shareProduct(external.session, product)).resolves.toEqual({ ok: false, error: 'unavailable' })
    expect(fake.shared).toEqual([])
    expect(outside.shared).toEqual([])
  })

  it('does not share from the stub', async () => {
    const fake = new FakeLiff()
    fake.initError = liffError('INIT_FAILED')
    const session = await startLiff(async () => fake, config(), { log: vi.fn() })
    await expect(shareProduct(session, product)).resolves.toEqual({ ok: false, error: 'INIT_FAILED' })
    expect(fake.shared).toEqual([])
  })
})

describe('friendship with the Official Account', () => {
  it('tells whether the shopper is a friend', async () => {
    const { fake, session } = await started()
    await expect(friendship(session)).resolves.toEqual({ friend: true })
    fake.friendshipAnswer = async () => ({ friendFlag: false })
    await expect(friendship(session)).resolves.toEqual({ friend: false })
  })

  it('is unknown on an error, without login, or from the stub', async () => {
    const { fake, session } = await started()
    fake.friendshipAnswer = () => Promise.reject(liffError('UNAUTHORIZED'))
    await expect(friendship(session)).resolves.toBeNull()
    fake.friendshipAnswer = () => {
      throw liffError('FORBIDDEN')
    }
    await expect(friendship(session)).resolves.toBeNull()
    fake.friendshipAnswer = async () => ({ friendFlag: true })
    fake.loggedIn = false
    await expect(friendship(session)).resolves.toBeNull()
    const failing = new FakeLiff()
    failing.initError = liffError('INIT_FAILED')
    const stub = await startLiff(async () => failing, config(), { log: vi.fn() })
    await expect(friendship(stub)).resolves.toBeNull()
  })
})

describe('LIFF errors (§8)', () => {
  it('reads the code of what the SDK throws', () => {
    expect(liffErrorCodeOf(liffError('INVALID_ID_TOKEN'))).toBe('INVALID_ID_TOKEN')
    expect(liffErrorCodeOf(liffError('401'))).toBe('UNAUTHORIZED')
    expect(liffErrorCodeOf({ status: 403 })).toBe('FORBIDDEN')
    expect(liffErrorCodeOf(liffError('500'))).toBe('UNKNOWN')
    expect(liffErrorCodeOf('boom')).toBe('UNKNOWN')
    expect(liffErrorCodeOf(null)).toBe('UNKNOWN')
  })

  it('has a message and a recovery for every code', () => {
    const i18n = setupI18n()
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    expect(Object.keys(LIFF_ERROR_RECOVERY).sort()).toEqual([...LIFF_ERROR_CODES].sort())
    for (const code of LIFF_ERROR_CODES) {
      const { message, recovery } = liffErrorRecovery(code)
      expect(['retry', 'login', 'openInLine', 'updateApp', 'none']).toContain(recovery)
      expect(i18n._(message)).toMatch(/\w.*\.$/)
    }
  })

  it('offers the right way out', () => {
    const i18n = setupI18n()
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    const read = (code: string) => {
      const { message, recovery } = liffErrorRecovery(code)
      return { message: i18n._(message), recovery }
    }
    expect(read('UNAUTHORIZED')).toEqual({ message: 'Please log in with LINE again.', recovery: 'login' })
    expect(read('INVALID_ID_TOKEN').recovery).toBe('login')
    expect(read('updateApp')).toEqual({ message: 'Please update the LINE app to share.', recovery: 'updateApp' })
    expect(read('unavailable')).toEqual({ message: 'This works only inside the LINE app.', recovery: 'openInLine' })
    expect(read('UNKNOWN')).toEqual({
      message: 'Something went wrong with LINE. Please try again.',
      recovery: 'retry',
    })
    expect(read('INIT_FAILED').recovery).toBe('retry')
    expect(read('timeout').recovery).toBe('retry')
    expect(read('noMessages').recovery).toBe('none')
    expect(read('SOMETHING_NEW')).toEqual(read('UNKNOWN'))
  })
})
