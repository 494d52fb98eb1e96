import { z } from '@hono/zod-openapi'

/**
 * The product API's error bodies. Every refusal is JSON with the HTTP status as `code` and an English `message`;
 * the catalog's calls add `fields` (a message per field), the other calls a machine `reason` the storefront turns
 * into the shopper's language, with what else the shopper needs (when to retry, the bot challenge …).
 */

/** Why an API call was refused; the storefront maps each to its message of §8 in the shopper's language. */
export const API_ERROR_REASONS = [
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
  // a cart or order whose figures pass the largest amount the shop stores (issue 29 item 4)
  'CART_TOO_LARGE',
  // the unpaid orders this connection or contact may hold at a time are held (issue 29 item 3)
  'UNPAID_LIMIT',
  // a request body that is not JSON (415)
  'UNSUPPORTED_MEDIA_TYPE',
  // the admin API (issue 31): a permission the caller's role lacks; a second factor needed again (within 5 minutes);
  // an unsafe call with the staff cookie from another site; what only a staff session may do (not an API key)
  'PERMISSION_DENIED',
  'STEP_UP_REQUIRED',
  'CSRF_REJECTED',
  'STAFF_ONLY',
  'SECOND_FACTOR_INCORRECT',
  'INVITE_INVALID',
  'STAFF_EXISTS',
  'LAST_OWNER',
  'ROLE_EXISTS',
  'ROLE_BUILT_IN',
  'ROLE_IN_USE',
  // more than was paid less what was refunded (issue 31 item 7): fields.amount says what may still be refunded
  'REFUND_TOO_LARGE',
  // transfer slips (issue 31 item 6): a file that is not a slip picture or is too large (fields.slip says which); a
  // bank reference that paid an order before
  'SLIP_REFUSED',
  'REFERENCE_USED',
  // stock (issue 32 item 3): a count that would go below zero, or a transfer's pieces more than `from` holds
  // (fields say which line); a transfer received or cancelled already
  'STOCK_SHORT',
  'TRANSFER_CLOSED',
  // prices (issue 32 item 4): a sale of the same product planned or running at an overlapping time
  'SCHEDULE_OVERLAP',
  // promotions (issue 32 item 5): a discount code whose text another code has, whatever the case
  'CODE_EXISTS',
  // products (issue 32 item 1): a SKU, a barcode or a slug another model's size or colour has
  'PRODUCT_CODE_TAKEN',
  // product pictures (issue 32 item 2): an upload that is not a JPEG, PNG, WebP or AVIF picture, over 15 MB, over 40
  // megapixels, or one more than a colour may have (fields.picture says which)
  'PICTURE_REFUSED',
  // pages and collections (issue 32 item 6): an address (slug) another editorial or collection has; a published
  // editorial cannot be deleted; a parent that would make a loop or a third level; a picture where no media storage is
  'SLUG_TAKEN',
  'CONTENT_PUBLISHED',
  'COLLECTION_CYCLE',
  'COLLECTION_TOO_DEEP',
  'NO_MEDIA_STORAGE',
  // a CSV file refused whole (issue 32 item 7): not CSV or UTF-8, empty, too many rows, bad header, bad rows
  'CSV_REFUSED',
  // a member blocked by staff (issue 33 item 1): no sign-in, no session; the shopper reads "contact us" and no more
  'ACCOUNT_BLOCKED',
  // A report's range of days is backwards or longer than a year (issue 33 item 4).
  'REPORT_RANGE',
  // privacy rights (issue 33 item 2): a data link past its date or uses; no confirmed e-mail or phone for the code of
  // an erasure; no member of the e-mail or phone staff gave; a request answered (or being prepared) already
  'LINK_EXPIRED',
  'NO_CONFIRMED_CONTACT',
  'MEMBER_NOT_FOUND',
  'REQUEST_ANSWERED',
] as const
export type ApiErrorReason = (typeof API_ERROR_REASONS)[number]

/** The catalog's error body; also a 404 for an unknown store or endpoint, and 500/503 (see `serverErrorSchema`). */
export const errorSchema = z
  .object({ code: z.int(), message: z.string(), fields: z.record(z.string(), z.string()).optional() })
  .openapi('Error')

/** A refusal of an account, cart, checkout or back-office call. */
export const apiErrorSchema = z
  .object({
    code: z.int(),
    message: z.string(),
    reason: z.enum(API_ERROR_REASONS).optional(),
    fields: z.record(z.string(), z.string()).optional(),
    retry_at: z.string().optional(),
    attempts_left: z.int().optional(),
    captcha: z
      .object({
        kind: z.enum(['altcha', 'turnstile']),
        challenge: z
          .object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() })
          .optional()
          .openapi({ description: 'altcha: the ALTCHA v2 challenge for the widget to solve' }),
        site_key: z.string().optional().openapi({ description: 'turnstile: the site key of the widget' }),
      })
      .optional()
      .openapi({ description: 'The bot challenge to solve; send the solution as `captcha` with the retry' }),
  })
  .openapi('AccountError')
