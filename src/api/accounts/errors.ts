import type { CaptchaPrompt } from './captcha.server'

/** Why an API call was refused; the storefront maps each to its message of §8 in the shopper's language. */
export const ACCOUNT_ERROR_REASONS = [
  'INVALID_INPUT',
  'IDENTIFIER_NOT_FOUND',
  'OTP_INCORRECT',
  'OTP_EXPIRED',
  'VERIFY_FAILED',
  'LOCKED',
  'RATE_LIMITED',
  // wrong codes from this connection: wait until retry_at (issue 15)
  'SLOW_DOWN',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INCORRECT',
  'CAPTCHA_UNAVAILABLE',
  'TELEPHONE_EXISTS',
  'EMAIL_EXISTS',
  'DELIVERY_FAILED',
  'SMS_UNAVAILABLE',
  'EMAIL_UNAVAILABLE',
  // SMS only to the countries of the allow-list, and only so many an hour (issue 15)
  'SMS_COUNTRY',
  'SMS_BUSY',
  // A new e-mail or telephone takes effect only once the code sent to it is entered (issue 15)
  'CHANGE_NEEDS_CODE',
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'LIMIT_REACHED',
  'LINE_UNAVAILABLE',
  'LINE_FAILED',
  'INVALID_ID_TOKEN',
  // commerce (issue 5)
  'OUT_OF_STOCK',
  'REGION_MISMATCH',
  'PRICES_CHANGED',
  'CART_EMPTY',
  'CART_BLOCKED',
  'IDEMPOTENCY_CONFLICT',
  'PROMOTION_REJECTED',
  'NOT_ALLOWED',
  'PAYMENT_FAILED',
  // PayPal asked for where it is not offered (live mode without a PayPal app, issue 17)
  'PAYMENT_UNAVAILABLE',
  // no full tax invoice for this order: fields.tax_invoice says why (issue 17 item 8)
  'TAX_INVOICE_UNAVAILABLE',
] as const
export type AccountErrorReason = (typeof ACCOUNT_ERROR_REASONS)[number]

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
