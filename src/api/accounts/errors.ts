import type { AccountErrorReason } from '~/contract/errors'
import type { CaptchaPrompt } from './captcha.server'

export { API_ERROR_REASONS as ACCOUNT_ERROR_REASONS, type AccountErrorReason } from '~/contract/errors'

export type AccountErrorDetails = {
  fields?: Record<string, string>
  /** When the shopper may try again (lock-out, send limits). */
  retryAt?: Date
  attemptsLeft?: number
  captcha?: CaptchaPrompt
}

/** A refused account call: HTTP status, a machine reason and an English message (the API's language). */
export class AccountError extends Error {
  override name = 'AccountError'
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 423 | 428 | 429 | 503,
    readonly reason: AccountErrorReason,
    message: string,
    readonly details: AccountErrorDetails = {},
  ) {
    super(message)
  }
}
