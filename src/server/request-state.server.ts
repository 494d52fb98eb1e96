import type { LocaleCode } from '~/i18n/locales'
import type { RegionInfo } from '~/region/region'

/** What the request middleware learnt about a page request, for the router built for it. */
export type RequestState = {
  locale: LocaleCode
  defaultLocale: LocaleCode
  nonce: string
  /** Internal path of a same-origin Referer, for the checkout guard on a full page load. */
  refererPath: string | null
  region: RegionInfo
  abVariant: 'A' | 'B'
  /** The page is rendered from nobody's data (no session, no cart): a shared page, or a guest page without a session. */
  shared: boolean
}

const states = new WeakMap<Request, RequestState>()

export function setRequestState(request: Request, state: RequestState): void {
  states.set(request, state)
}

export function getRequestState(request: Request): RequestState | undefined {
  return states.get(request)
}

const unavailable = new WeakSet<Request>()

/** Remembers that the product API (its database) could not answer during this request: the page answers 503. */
export function markServiceUnavailable(request: Request): void {
  unavailable.add(request)
}

export function wasServiceUnavailable(request: Request): boolean {
  return unavailable.has(request)
}

const clientErrors = new WeakMap<Request, number>()

/**
 * Remembers the first 4xx a server function called while rendering this page failed with (the product API
 * refused what the page asked): when that error reaches the error screen, the page answers that status, not 500.
 */
export function markClientError(request: Request, status: number): void {
  if (!clientErrors.has(request)) clientErrors.set(request, status)
}

export function clientErrorOf(request: Request): number | undefined {
  return clientErrors.get(request)
}

const personal = new WeakSet<Request>()

/** Remembers that this request read one shopper's cookies (a session, a cart, an order): its page is theirs alone. */
export function markPersonal(request: Request): void {
  personal.add(request)
}

export function isPersonal(request: Request): boolean {
  return personal.has(request)
}
