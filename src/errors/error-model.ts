import { isNotFound } from '@tanstack/react-router'

/** The code the error screen shows when an error carries no HTTP status (§2). */
export const UNKNOWN_ERROR_CODE = 999
/** How long the error screen stays before the app goes home (§9). */
export const ERROR_REDIRECT_MS = 5000

export type ErrorScreenModel =
  | { code: number; kind: 'not-found' }
  | { code: number; kind: 'unavailable' }
  | { code: number; kind: 'refused'; reason: RefusalReason }
  | { code: number; kind: 'message'; message: string }
  | { code: number; kind: 'unknown' }

function numericStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  for (const key of ['status', 'statusCode', 'code'] as const) {
    const value = (error as Partial<Record<typeof key, unknown>>)[key]
    if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 999) return value
  }
  return null
}

/** Why a request was refused (4xx other than 404), as the error screen words it. */
export type RefusalReason = 'invalid' | 'login' | 'forbidden' | 'too-many' | 'refused'

function refusalReason(code: number): RefusalReason {
  if (code === 400 || code === 414 || code === 422) return 'invalid'
  if (code === 401) return 'login'
  if (code === 403) return 'forbidden'
  if (code === 429) return 'too-many'
  return 'refused'
}

/**
 * What the error screen shows (§2): a numeric code (999 without a status), and PAGE NOT FOUND for
 * 404, a translated reason for another 4xx, otherwise the error's own message in upper case, or AN ERROR
 * OCCURRED when it has none.
 */
export function errorScreenModel(error: unknown): ErrorScreenModel {
  if (isNotFound(error)) return { code: 404, kind: 'not-found' }
  const code = numericStatus(error) ?? UNKNOWN_ERROR_CODE
  if (code === 404) return { code, kind: 'not-found' }
  // The shop's database or API cannot answer for now: said in the shopper's language, it passes by itself.
  if (code === 503) return { code, kind: 'unavailable' }
  // The shop refused what was asked (the product API's 4xx): said in the shopper's language, not the API's English.
  if (code >= 400 && code < 500) return { code, kind: 'refused', reason: refusalReason(code) }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (message.trim() === '') return { code, kind: 'unknown' }
  return { code, kind: 'message', message: message.toLocaleUpperCase() }
}

/** Navigation errors with status 300 to below 500 are expected and not reported (§8). */
export function shouldReportError(code: number): boolean {
  return !(code >= 300 && code < 500)
}

/** An error with an HTTP status, for server functions and loaders to throw. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
