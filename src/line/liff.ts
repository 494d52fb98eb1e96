import {
  LIFF_PLATFORM_ERROR_CODES,
  type LiffConfig,
  type LiffErrorCode,
  type LiffMessage,
  type LiffPlatformErrorCode,
  type LiffSdk,
  type LiffSession,
  type LiffState,
  type ShareMessageError,
} from './liff-types'

/**
 * The LIFF layer's logic (§4, §5, §8), with the SDK given as a parameter: nothing here imports `@line/liff`, so this
 * module costs the pages nothing until `startLiff` is handed `loadLiffSdk` (liff-sdk.ts) in the browser.
 */

/** §5: a share sends 1 to 5 messages. */
export const MAX_SHARE_MESSAGES = 5

/** How long `startLiff` waits for the SDK (loading and `init`) before it gives up and returns the stub. */
export const LIFF_INIT_TIMEOUT_MS = 20_000

/** §4: the stub after a failed start: not logged in, not in client, no profile, failed. */
export const LIFF_STUB_STATE: LiffState = Object.freeze({
  ready: false,
  inClient: false,
  loggedIn: false,
  profile: null,
  failed: true,
  error: null,
})

/** §4: the chatbot app when `channel=chatbot` and one is configured, else the normal app; null when none is. */
export function pickLiffId({ search, liffId, liffIdChatbot }: LiffConfig): string | null {
  if (search.get('channel') === 'chatbot' && liffIdChatbot) return liffIdChatbot
  return liffId || null
}

export { isInsideLine, isLiffEntry, shouldStartLiff } from './liff-detect'

/** The permanent LIFF URL of a page of the shop: opens it inside LINE. */
export function liffUrl(liffId: string, path = '/'): string {
  return `https://liff.line.me/${encodeURIComponent(liffId)}${path.startsWith('/') ? path : `/${path}`}`
}

function isPlatformCode(code: unknown): code is LiffPlatformErrorCode {
  return typeof code === 'string' && (LIFF_PLATFORM_ERROR_CODES as readonly string[]).includes(code)
}

function fieldOf(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined
}

/** The HTTP status a failure carries: LIFF's HTTP errors have it as their code ('403'), others as `status`. */
function httpStatusOf(error: unknown): number | null {
  for (const value of [fieldOf(error, 'status'), fieldOf(error, 'code')]) {
    const status = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value
    if (typeof status === 'number' && status >= 400 && status < 600) return status
  }
  return null
}

/** §8: the platform code of anything the SDK threw; an HTTP 401 reads as UNAUTHORIZED, 403 as FORBIDDEN. */
export function liffErrorCodeOf(error: unknown): LiffPlatformErrorCode {
  const code = fieldOf(error, 'code')
  if (isPlatformCode(code)) return code
  const status = httpStatusOf(error)
  if (status === 401) return 'UNAUTHORIZED'
  if (status === 403) return 'FORBIDDEN'
  return 'UNKNOWN'
}

class LiffTimeoutError extends Error {
  readonly code = 'timeout'
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LiffTimeoutError(`LIFF did not start within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function stub(liffId: string | null, error: LiffErrorCode): LiffSession {
  return { liffId, state: { ...LIFF_STUB_STATE, error }, sdk: null, os: null, lineVersion: null }
}

export type StartLiffOptions = {
  /** Where failures are reported; `console.error` by default. */
  log?: (message: string, error: unknown) => void
  timeoutMs?: number
}

/**
 * §4: loads the SDK and starts it with the app id of `pickLiffId`, then reads whether it runs in LINE, whether the
 * shopper is logged in, and their profile. Never rejects: on any failure it logs 'LIFF init failed' with the error
 * and resolves to the stub. A profile that cannot be read leaves the session started, without a profile.
 */
export async function startLiff(
  loadSdk: () => Promise<LiffSdk>,
  config: LiffConfig,
  { log = (message, error) => console.error(message, error), timeoutMs = LIFF_INIT_TIMEOUT_MS }: StartLiffOptions = {},
): Promise<LiffSession> {
  const liffId = pickLiffId(config)
  if (!liffId) {
    // LIFF's own words for it (§8): no app id, so no SDK to load.
    log('LIFF init failed', new Error('liffId is necessary'))
    return stub(null, 'INVALID_CONFIG')
  }
  let sdk: LiffSdk
  try {
    sdk = await withTimeout(
      (async () => {
        const loaded = await loadSdk()
        await loaded.init({ liffId })
        return loaded
      })(),
      timeoutMs,
    )
  } catch (error) {
    log('LIFF init failed', error)
    return stub(liffId, error instanceof LiffTimeoutError ? 'timeout' : liffErrorCodeOf(error))
  }
  let inClient: boolean
  let loggedIn: boolean
  let os: LiffSession['os']
  let lineVersion: string | null
  try {
    inClient = sdk.isInClient()
    loggedIn = sdk.isLoggedIn()
    os = sdk.getOS() ?? null
    lineVersion = sdk.getLineVersion() ?? null
  } catch (error) {
    log('LIFF init failed', error)
    return stub(liffId, liffErrorCodeOf(error))
  }
  let profile: LiffState['profile'] = null
  if (loggedIn) {
    try {
      profile = await sdk.getProfile()
    } catch (error) {
      log('LIFF profile failed', error)
    }
  }
  return {
    liffId,
    state: { ready: true, inClient, loggedIn, profile, failed: false, error: null },
    sdk,
    os,
    lineVersion,
  }
}

/** The LIFF ID token of the logged-in shopper, for the server to verify (the login inside LINE); null otherwise. */
export function liffIdToken(session: LiffSession): string | null {
  if (!session.sdk || !session.state.loggedIn) return null
  try {
    return session.sdk.getIDToken() || null
  } catch {
    return null
  }
}

/** Sends the shopper to LINE's login and back to `redirectUri`; false when LIFF did not start or refused. */
export function liffLogin(session: LiffSession, redirectUri?: string): boolean {
  if (!session.sdk) return false
  try {
    session.sdk.login(redirectUri ? { redirectUri } : undefined)
    return true
  } catch {
    return false
  }
}

const LINE_HOSTS = new Set(['line.me', 'liff.line.me', 'miniapp.line.me'])

function originOf(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const { origin } = new URL(value)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** §5: an https URL of LINE (line.me), a LIFF or mini-app URL, or one of the shop's own pages. */
export function isShareableUrl(value: string, shopOrigin?: string | null): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  const shop = originOf(shopOrigin)
  if (shop && url.origin === shop) return true
  return url.protocol === 'https:' && LINE_HOSTS.has(url.hostname) && !url.port && !url.username && !url.password
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/gi

/** The links of a message: its URI actions (at any depth of a flex message) and the URLs written in a text. */
function linksOf(message: LiffMessage): string[] {
  const links: string[] = []
  const walk = (value: unknown, key: string | null): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, null)
      return
    }
    if (typeof value !== 'object' || value === null) return
    for (const [name, child] of Object.entries(value)) {
      if (typeof child === 'string') {
        if (name === 'uri' || name === 'linkUri' || (key === 'altUri' && name === 'desktop')) links.push(child)
      } else {
        walk(child, name)
      }
    }
  }
  if (message.type === 'text') links.push(...(message.text.match(URL_IN_TEXT) ?? []))
  else walk(message, null)
  return links
}

/** §5: null when the messages may be shared; else the rule they break (1 to 5 messages, LINE or shop URLs). */
export function validateShareMessages(
  messages: readonly LiffMessage[],
  { shopOrigin }: { shopOrigin?: string | null } = {},
): ShareMessageError | null {
  if (messages.length === 0) return 'noMessages'
  if (messages.length > MAX_SHARE_MESSAGES) return 'tooManyMessages'
  for (const message of messages) {
    if (linksOf(message).some((link) => !isShareableUrl(link, shopOrigin))) return 'invalidUrl'
  }
  return null
}

export type ShareProduct = {
  title: string
  /** The product's page: on the shop's origin or a LIFF URL (`liffUrl`). */
  url: string
  /** With an image the share is a flex card; without one, a text with the link. */
  imageUrl?: string | null
  shopOrigin: string
  /** The card's button, in the shopper's language. */
  buttonLabel?: string
}

/** The messages that share a product: a flex card with its image and a button, or a text with its link. */
export function productShareMessages({ title, url, imageUrl, buttonLabel = 'View' }: ShareProduct): LiffMessage[] {
  if (!imageUrl) return [{ type: 'text', text: `${title}\n${url}` }]
  // LINE's limits: altText up to 400 characters, a button label up to 40.
  return [
    {
      type: 'flex',
      altText: title.slice(0, 400),
      contents: {
        type: 'bubble',
        hero: {
          type: 'image',
          url: imageUrl,
          size: 'full',
          aspectRatio: '3:4',
          aspectMode: 'cover',
          action: { type: 'uri', uri: url },
        },
        body: {
          type: 'box',
          layout: 'vertical',
          contents: [{ type: 'text', text: title, weight: 'bold', wrap: true }],
        },
        footer: {
          type: 'box',
          layout: 'vertical',
          contents: [
            { type: 'button', style: 'primary', action: { type: 'uri', label: buttonLabel.slice(0, 40), uri: url } },
          ],
        },
      },
    },
  ]
}

export type ShareResult = { ok: true; sent: boolean } | { ok: false; error: LiffErrorCode }

/**
 * The code of a failed share. LINE's 403 on sending (FORBIDDEN, or status 403) inside LINE is the client version that
 * must be updated (§8's update-app alert); in an external browser it is a feature LINE offers only in its app. The
 * picker left open for 10 minutes ends in EXCEPTION_IN_SUBWINDOW with a timeout.
 */
export function shareErrorCode(error: unknown, inClient: boolean): LiffErrorCode {
  const code = liffErrorCodeOf(error)
  if (code === 'FORBIDDEN') return inClient ? 'updateApp' : 'FORBIDDEN'
  if (code === 'EXCEPTION_IN_SUBWINDOW') {
    const message = fieldOf(error, 'message')
    if (typeof message === 'string' && /time\s?out/i.test(message)) return 'timeout'
  }
  return code
}

/**
 * §5: shares a product to friends with the share target picker. `sent` is false when the shopper closed the picker.
 * Never rejects; every failure comes back as a code for `liffErrorRecovery`.
 */
export async function shareProduct(session: LiffSession, product: ShareProduct): Promise<ShareResult> {
  const { sdk, state } = session
  if (!sdk || !state.ready) return { ok: false, error: state.error ?? 'INIT_FAILED' }
  const messages = productShareMessages(product)
  const invalid = validateShareMessages(messages, { shopOrigin: product.shopOrigin })
  if (invalid) return { ok: false, error: invalid }
  try {
    if (!sdk.isLoggedIn()) return { ok: false, error: 'UNAUTHORIZED' }
    // Not offered: an old LINE app inside LINE, the feature switched off (or not offered) elsewhere.
    if (!sdk.isApiAvailable('shareTargetPicker'))
      return { ok: false, error: state.inClient ? 'updateApp' : 'unavailable' }
    const result = await sdk.shareTargetPicker(messages)
    return { ok: true, sent: Boolean(result && result.status === 'success') }
  } catch (error) {
    return { ok: false, error: shareErrorCode(error, state.inClient) }
  }
}

/**
 * Whether the shopper is a friend of the shop's LINE Official Account, to offer adding it when not; null when it
 * cannot be known (LIFF not started, not logged in, or LINE refused).
 */
export async function friendship(session: LiffSession): Promise<{ friend: boolean } | null> {
  const { sdk } = session
  if (!sdk || !session.state.ready) return null
  try {
    if (!sdk.isLoggedIn()) return null
    const { friendFlag } = await sdk.getFriendship()
    return typeof friendFlag === 'boolean' ? { friend: friendFlag } : null
  } catch {
    return null
  }
}
