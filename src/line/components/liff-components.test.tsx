// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiffLoginResult } from '~/account/liff-login.functions'
import type { PublicConfig } from '~/config/constants'
import { resetRuntime } from '../liff-runtime'
import { getLiffView, resetLiffView } from '../liff-store'
import type { LiffMessage, LiffOs, LiffProfile, LiffSdk, ShareTargetPickerResult } from '../liff-types'
import { LiffBoot } from './LiffBoot'
import { LineShareButton } from './LineShareButton'

// The first test loads the LIFF layer's code on demand, as a page does: on a busy machine that takes over the default 1 s.
configure({ asyncUtilTimeout: 5_000 })

const LIFF_ID = '1234567890-AbCdEfGh'
const LIFF_ID_CHATBOT = '1234567890-ChAtBoTs'
const SHOP = 'https://shop.example.com'
const LINE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.2.0 LIFF'
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

/** The test double of `@line/liff` at its module boundary (liff-sdk.ts): answers set per test, calls recorded. */
class FakeLiff implements LiffSdk {
  initError: unknown = null
  inClient = true
  loggedIn = true
  idToken: string | null = 'header.payload.signature'
  os: LiffOs = 'ios'
  shareAnswer: () => Promise<ShareTargetPickerResult> = async () => ({ status: 'success' })
  friendFlag = true
  initCalls: string[] = []
  loginCalls: ({ redirectUri?: string } | undefined)[] = []
  shared: LiffMessage[][] = []

  async init({ liffId }: { liffId: string }) {
    this.initCalls.push(liffId)
    if (this.initError) throw this.initError
  }
  isInClient() {
    return this.inClient
  }
  isLoggedIn() {
    return this.loggedIn
  }
  login(config?: { redirectUri?: string }) {
    this.loginCalls.push(config)
  }
  getIDToken() {
    return this.idToken
  }
  async getProfile(): Promise<LiffProfile> {
    return { userId: 'U1', displayName: 'Nok' }
  }
  async shareTargetPicker(messages: LiffMessage[]) {
    this.shared.push(messages)
    return this.shareAnswer()
  }
  async getFriendship() {
    return { friendFlag: this.friendFlag }
  }
  isApiAvailable() {
    return true
  }
  getOS() {
    return this.os
  }
  getLineVersion() {
    return '14.2.0'
  }
}

const sdk = vi.hoisted(() => ({ current: null as LiffSdk | null, loads: 0 }))
const server = vi.hoisted(() => ({
  login: null as unknown as (input: { data: { idToken: string } }) => Promise<LiffLoginResult>,
}))
const routerInvalidate = vi.hoisted(() => ({ calls: 0 }))

// LINE's SDK is replaced at the one module that loads it.
vi.mock('../liff-sdk', () => ({
  loadLiffSdk: async () => {
    sdk.loads++
    if (!sdk.current) throw new Error('no SDK in this test')
    return sdk.current
  },
}))
// The server function is replaced by its answer; the API behind it has its own integration tests.
vi.mock('~/account/liff-login.functions', () => ({
  loginWithLiff: (input: { data: { idToken: string } }) => server.login(input),
}))

let config: PublicConfig
vi.mock('@tanstack/react-router', () => ({
  useRouteContext: ({ select }: { select: (context: { boot: { config: PublicConfig } }) => unknown }) =>
    select({ boot: { config } }),
  useRouter: () => ({
    invalidate: async () => {
      routerInvalidate.calls++
    },
  }),
}))

function setUserAgent(value: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(value)
}

function renderShop(children: ReactNode = null) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const queryClient = new QueryClient()
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries')
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        {children}
        <LiffBoot />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), invalidated }
}

const product = { title: 'Linen shirt', path: '/en/product/42', imageUrl: '/images/products/42.jpg?fm=jpeg&w=1024' }

beforeEach(() => {
  config = {
    siteUrl: SHOP,
    storeKey: 'demo',
    gtmId: null,
    liffId: LIFF_ID,
    liffIdChatbot: LIFF_ID_CHATBOT,
    lineLogin: true,
    lineOfficialAccount: '@shopfriends',
    languageStrategy: 'prefix_except_default',
    defaultLocale: 'th',
    secureCookies: true,
    mode: 'demo',
    outbox: true,
    paypal: true,
  }
  sdk.current = new FakeLiff()
  sdk.loads = 0
  server.login = vi.fn(async () => ({ ok: true, status: 'loggedIn', registered: false }) as const)
  routerInvalidate.calls = 0
  window.history.replaceState(null, '', '/en/product/42')
  window.localStorage.clear()
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
  }
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  resetRuntime()
  act(() => resetLiffView())
  vi.restoreAllMocks()
})

const fake = () => sdk.current as FakeLiff

describe('starting the LIFF layer (§4)', () => {
  it('loads nothing outside LINE', async () => {
    setUserAgent(CHROME_UA)
    renderShop(<LineShareButton {...product} />)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sdk.loads).toBe(0)
    expect(getLiffView().phase).toBe('off')
    expect(screen.queryByRole('button', { name: 'Share with friends on LINE' })).toBeNull()
  })

  it('loads nothing when the shop has no LIFF app, even inside LINE', async () => {
    setUserAgent(LINE_UA)
    config = { ...config, liffId: null, liffIdChatbot: null }
    renderShop()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sdk.loads).toBe(0)
  })

  it('inside LINE starts with the normal app id and logs the shopper in with the ID token', async () => {
    setUserAgent(LINE_UA)
    const { invalidated } = renderShop(<LineShareButton {...product} />)
    expect(await screen.findByRole('button', { name: 'Share with friends on LINE' })).toBeTruthy()
    expect(fake().initCalls).toEqual([LIFF_ID])
    expect(server.login).toHaveBeenCalledWith({ data: { idToken: 'header.payload.signature' } })
    await waitFor(() => expect(invalidated).toHaveBeenCalled())
    expect(routerInvalidate.calls).toBe(1)
    expect(getLiffView()).toMatchObject({ phase: 'ready', inClient: true, loggedIn: true, friend: true })
  })

  it('starts with the chatbot app id on channel=chatbot, and on a LIFF entry page outside LINE', async () => {
    setUserAgent(CHROME_UA)
    window.history.replaceState(null, '', '/?channel=chatbot&liff.state=%2Fproduct%2F42')
    fake().loggedIn = false
    renderShop()
    await waitFor(() => expect(getLiffView().phase).toBe('ready'))
    expect(fake().initCalls).toEqual([LIFF_ID_CHATBOT])
    // Not logged in to LINE: nothing to send to the server.
    expect(server.login).not.toHaveBeenCalled()
  })

  it('does not refresh the page when a member was already logged in', async () => {
    setUserAgent(LINE_UA)
    server.login = vi.fn(async () => ({ ok: true, status: 'member' }) as const)
    const { invalidated } = renderShop()
    await waitFor(() => expect(getLiffView().friend).toBe(true))
    expect(server.login).toHaveBeenCalledTimes(1)
    expect(invalidated).not.toHaveBeenCalled()
  })

  it('on a failed start shows the error with a retry that starts LIFF again (§8)', async () => {
    setUserAgent(LINE_UA)
    fake().initError = Object.assign(new Error('Failed to connect'), { code: 'INIT_FAILED' })
    const { user } = renderShop(<LineShareButton {...product} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('LINE could not start. Please try again.')
    expect(getLiffView()).toMatchObject({ phase: 'failed', loggedIn: false, inClient: false })
    expect(screen.queryByRole('button', { name: 'Share with friends on LINE' })).toBeNull()
    expect(console.error).toHaveBeenCalledWith('LIFF init failed', fake().initError)

    fake().initError = null
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Share with friends on LINE' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fake().initCalls).toEqual([LIFF_ID, LIFF_ID])
  })

  it('an invalid LIFF id offers no recovery but can be dismissed', async () => {
    setUserAgent(LINE_UA)
    fake().initError = Object.assign(new Error('Invalid LIFF ID'), { code: 'INVALID_CONFIG' })
    const { user } = renderShop()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('LINE is not available in this shop right now.')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('an ID token the server refuses asks to log in with LINE again, back to this page', async () => {
    setUserAgent(LINE_UA)
    server.login = vi.fn(async () => ({ ok: false, error: 'INVALID_ID_TOKEN' }) as const)
    const { user } = renderShop()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your LINE login has expired. Please log in with LINE again.')
    await user.click(screen.getByRole('button', { name: 'Log in with LINE again' }))
    await waitFor(() => expect(fake().loginCalls).toEqual([{ redirectUri: window.location.href }]))
  })
})

describe('the LINE Official Account friendship offer', () => {
  it('is offered to a shopper who is not a friend, and stays away once dismissed', async () => {
    setUserAgent(LINE_UA)
    fake().friendFlag = false
    const { user } = renderShop()
    const offer = await screen.findByRole('region', { name: /Add .* on LINE/ })
    const add = screen.getByRole('link', { name: 'Add friend' })
    expect(add.getAttribute('href')).toBe('https://line.me/R/ti/p/%40shopfriends')
    expect(offer).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('link', { name: 'Add friend' })).toBeNull()
    expect(window.localStorage.getItem('line_friend_offer_dismissed')).toBe('1')

    cleanup()
    resetRuntime()
    act(() => resetLiffView())
    renderShop()
    await waitFor(() => expect(getLiffView().friend).toBe(false))
    expect(screen.queryByRole('link', { name: 'Add friend' })).toBeNull()
  })

  it('is not offered to a friend, nor without an Official Account configured', async () => {
    setUserAgent(LINE_UA)
    renderShop()
    await waitFor(() => expect(getLiffView().friend).toBe(true))
    expect(screen.queryByRole('link', { name: 'Add friend' })).toBeNull()

    cleanup()
    resetRuntime()
    act(() => resetLiffView())
    config = { ...config, lineOfficialAccount: null }
    fake().friendFlag = false
    renderShop()
    await waitFor(() => expect(getLiffView().friend).toBe(false))
    expect(screen.queryByRole('link', { name: 'Add friend' })).toBeNull()
  })
})

describe('sharing a product to friends (§5)', () => {
  async function shareButton() {
    setUserAgent(LINE_UA)
    const rendered = renderShop(<LineShareButton {...product} />)
    const button = await screen.findByRole('button', { name: 'Share with friends on LINE' })
    return { ...rendered, button }
  }

  it('sends a card of the product that opens its page in LINE', async () => {
    const { user, button } = await shareButton()
    await user.click(button)
    expect(await screen.findByText('Shared on LINE.')).toBeTruthy()
    const [messages] = fake().shared
    expect(messages).toHaveLength(1)
    const card = messages?.[0]
    expect(card).toMatchObject({ type: 'flex', altText: 'Linen shirt' })
    const json = JSON.stringify(card)
    expect(json).toContain(`"uri":"https://liff.line.me/${LIFF_ID}/en/product/42"`)
    expect(json).toContain(`"url":"${SHOP}/images/products/42.jpg?fm=jpeg&w=1024"`)
    expect(json).toContain('"label":"View"')
  })

  it('says nothing when the shopper closes the picker', async () => {
    const { user, button } = await shareButton()
    fake().shareAnswer = async () => false
    await user.click(button)
    await waitFor(() => expect(fake().shared).toHaveLength(1))
    expect(screen.queryByText('Shared on LINE.')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the update-the-app alert on LINE's 403 inside LINE", async () => {
    const { user, button } = await shareButton()
    fake().shareAnswer = async () => Promise.reject(Object.assign(new Error('Forbidden'), { code: '403' }))
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Update LINE' })
    expect(dialog.textContent).toContain('Please update the LINE app to share.')
    const update = screen.getByRole('link', { name: 'Update LINE' })
    expect(update.getAttribute('href')).toBe('https://apps.apple.com/app/line/id443904275')
  })

  it('outside the LINE app, a refused share offers to open the page in LINE', async () => {
    setUserAgent(CHROME_UA)
    window.history.replaceState(null, '', '/en/product/42?liff.state=x')
    fake().inClient = false
    const { user } = renderShop(<LineShareButton {...product} />)
    fake().shareAnswer = async () => Promise.reject(Object.assign(new Error('not allowed'), { code: 'FORBIDDEN' }))
    await user.click(await screen.findByRole('button', { name: 'Share with friends on LINE' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This works only inside the LINE app.')
    const open = screen.getByRole('link', { name: 'Open in LINE' })
    expect(open.getAttribute('href')).toBe(`https://liff.line.me/${LIFF_ID}/en/product/42?liff.state=x`)
  })

  it('a failure that can be retried shares again from its button', async () => {
    const { user, button } = await shareButton()
    let fail = true
    fake().shareAnswer = async () => {
      if (fail) throw Object.assign(new Error('Failed to connect'), { code: 'EXCEPTION_IN_SUBWINDOW' })
      return { status: 'success' }
    }
    await user.click(button)
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong with LINE.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Shared on LINE.')).toBeTruthy()
    expect(fake().shared).toHaveLength(2)
  })

  it("links to the chatbot app's LIFF URL when LIFF started with it", async () => {
    config = { ...config, liffId: null }
    window.history.replaceState(null, '', '/?channel=chatbot')
    const { user, button } = await shareButton()
    await user.click(button)
    await waitFor(() => expect(fake().shared).toHaveLength(1))
    expect(JSON.stringify(fake().shared[0])).toContain(`https://liff.line.me/${LIFF_ID_CHATBOT}/en/product/42`)
  })
})
