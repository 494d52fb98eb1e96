/**
 * The part of LINE's LIFF SDK (`@line/liff`) the shop uses, and the state of the LIFF layer.
 * Only this interface is used by the logic: the real SDK is loaded by `liff-sdk.ts` alone (browser, lazily),
 * and tests give a hand-written double.
 */

/** §8: the error codes of a `LiffError` from the platform. */
export const LIFF_PLATFORM_ERROR_CODES = [
  'UNKNOWN',
  'UNAUTHORIZED',
  'INVALID_ARGUMENT',
  'INIT_FAILED',
  'FORBIDDEN',
  'INVALID_CONFIG',
  'INVALID_ID_TOKEN',
  'CREATE_SUBWINDOW_FAILED',
  'EXCEPTION_IN_SUBWINDOW',
] as const
export type LiffPlatformErrorCode = (typeof LIFF_PLATFORM_ERROR_CODES)[number]

/**
 * The shop's own codes: §5's share rules (1 to 5 messages, at least one, a LINE or LIFF URL), LINE's 403 on a
 * client version that must be updated, the share result's 10-minute timeout, and a feature LINE does not offer here.
 */
export const LIFF_SHOP_ERROR_CODES = [
  'noMessages',
  'tooManyMessages',
  'invalidUrl',
  'updateApp',
  'timeout',
  'unavailable',
] as const
export type LiffShopErrorCode = (typeof LIFF_SHOP_ERROR_CODES)[number]

export type LiffErrorCode = LiffPlatformErrorCode | LiffShopErrorCode

/** The share rules of §5 that `validateShareMessages` checks. */
export type ShareMessageError = Extract<LiffShopErrorCode, 'noMessages' | 'tooManyMessages' | 'invalidUrl'>

export type LiffProfile = {
  userId: string
  displayName: string
  pictureUrl?: string
  statusMessage?: string
}

export type LiffOs = 'ios' | 'android' | 'web'

/** A URI action of a message (buttons, flex components): where §5's URL rule applies. */
export type LiffUriAction = { type: 'uri'; label?: string; uri: string; altUri?: { desktop: string } }

export type LiffTextMessage = { type: 'text'; text: string }
export type LiffImageMessage = { type: 'image'; originalContentUrl: string; previewImageUrl: string }
/** A flex message; its container is LINE's JSON, only looked through for URI actions. */
export type LiffFlexMessage = {
  type: 'flex'
  altText: string
  contents: { type: 'bubble' | 'carousel'; [key: string]: unknown }
}
export type LiffMessage = LiffTextMessage | LiffImageMessage | LiffFlexMessage

/** What `shareTargetPicker` resolves to: `{ status: 'success' }` once sent; nothing (or false) when cancelled. */
export type ShareTargetPickerResult = { status: 'success' } | false | undefined | null

/** The methods of `@line/liff`'s default export that the shop calls. */
export interface LiffSdk {
  init(config: { liffId: string }): Promise<void>
  isInClient(): boolean
  isLoggedIn(): boolean
  login(config?: { redirectUri?: string }): void
  getIDToken(): string | null
  getProfile(): Promise<LiffProfile>
  shareTargetPicker(messages: LiffMessage[], options?: { isMultiple?: boolean }): Promise<ShareTargetPickerResult>
  getFriendship(): Promise<{ friendFlag: boolean }>
  isApiAvailable(apiName: string): boolean
  getOS(): LiffOs | undefined
  getLineVersion(): string | null
}

/**
 * The LIFF layer as the pages see it. `ready`: the SDK started and may be called; `failed`: it did not (the stub of
 * §4: not logged in, not in client, no profile), `error` then says why.
 */
export type LiffState = {
  ready: boolean
  inClient: boolean
  loggedIn: boolean
  profile: LiffProfile | null
  failed: boolean
  error: LiffErrorCode | null
}

/** A started (or stubbed) LIFF layer: its state and, when it started, the SDK to call. */
export type LiffSession = {
  /** The LIFF app id it was started with; null when none was configured. */
  liffId: string | null
  state: LiffState
  /** Null for the stub. */
  sdk: LiffSdk | null
  os: LiffOs | null
  /** The LINE app's version inside LINE; null in an external browser or for the stub. */
  lineVersion: string | null
}

export type LiffConfig = {
  /** The page's query string: `channel=chatbot` picks the chatbot app. */
  search: URLSearchParams
  liffId: string | null
  liffIdChatbot: string | null
}
