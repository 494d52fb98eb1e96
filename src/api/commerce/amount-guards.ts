import { MAX_AMOUNT, storableAmount } from '~/domain/money'
import { ApiError } from '~/api/errors'
import type { PricingResult } from '~/domain/pricing'

/**
 * Amounts checked before they are written (issue 29 item 4): a cart or an order whose figures would not fit the
 * database's integer is refused with 409 CART_TOO_LARGE, which the shopper can act on (fewer pieces), instead of
 * the database's 500 (22003).
 */
function tooLarge(): ApiError {
  return new ApiError(409, 'CART_TOO_LARGE', `The total is above the largest order the shop takes`, {
    fields: { total: String(MAX_AMOUNT) },
  })
}

/** A cart's lines of one currency (the price each was added at): their sum must fit an order. */
export function assertCartWithinRange(lines: ReadonlyArray<{ unitPrice: number; quantity: number }>): void {
  let sum = 0
  for (const line of lines) {
    const lineTotal = line.unitPrice * line.quantity
    sum += lineTotal
    if (!storableAmount(lineTotal) || !storableAmount(sum)) throw tooLarge()
  }
}

/** Every figure of a priced order: its lines, subtotal, discounts, delivery fee, total and VAT. */
export function assertOrderWithinRange(priced: PricingResult): void {
  const figures = [
    priced.subtotal,
    priced.mixMatchDiscount,
    priced.promotion?.discount ?? 0,
    priced.shippingFee,
    priced.total,
    priced.vatIncluded,
    ...priced.lines.flatMap((line) => [line.unitPrice, line.lineTotal, line.mixMatchDiscount]),
  ]
  if (!figures.every(storableAmount)) throw tooLarge()
}
