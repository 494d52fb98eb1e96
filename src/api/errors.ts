import type { ApiErrorReason } from '~/contract/errors'
import type { CaptchaPrompt } from './accounts/captcha.server'

export { API_ERROR_REASONS, type ApiErrorReason } from '~/contract/errors'

export type ApiErrorDetails = {
  fields?: Record<string, string>
  /** When the shopper may try again (lock-out, send limits). */
  retryAt?: Date
  attemptsLeft?: number
  captcha?: CaptchaPrompt
}

/**
 * A refused API call of any area (accounts, cart, checkout, orders, analytics): HTTP status, a machine reason from the
 * contract's list and an English message (the API's language). `errorResponse` (http.server.ts) writes it on the wire
 * as the contract's `apiErrorSchema` body.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 428 | 429 | 503,
    readonly reason: ApiErrorReason,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message)
  }
}
