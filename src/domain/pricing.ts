import type { DiscountKind, DiscountLine, ShippingMethod } from './orders'
import { assertAmount } from './amounts'
import type { Currency } from './money'
import { mixMatchDiscounts } from './mix-match'
import type { MixMatchBundlePrices } from './mix-match-prices'
import type { PricedLine, PricingLine } from './pricing-line'
import { assertPromotion, evaluatePromotion, type Promotion, type PromotionRejection } from './promotions'
import { deliveryTerms, type Destination, type PricingBlock } from './shipping'
import { vatIncludedIn } from './vat'

/**
 * The pricing engine of the cart and the checkout (§5, §9): pure, in integer minor units (satang, cents) of
 * the cart's currency. The server prices every cart and order with it; the browser may use it for a preview,
 * never as the price of record.
 */

export type PricingInput = {
  currency: Currency
  lines: readonly PricingLine[]
  destination: Destination | null
  shippingMethod: ShippingMethod
  promotion: Promotion | null
  /** The mix-and-match bundle prices (the shop's, from the back office); the seeded constants by default. */
  bundlePrices?: MixMatchBundlePrices
}

export type PricingResult = {
  lines: PricedLine[]
  /** Σ unitPrice × quantity. */
  subtotal: number
  /** Σ of the lines' mix-and-match discounts. */
  mixMatchDiscount: number
  promotion: { code: string; discount: number } | null
  /** A code refused; `minimum` (minor units, the cart's currency) when it was under the code's own minimum. */
  promotionRejected: { code: string; reason: PromotionRejection; minimum?: number } | null
  shippingFee: number
  /** subtotal − mixMatchDiscount − promotion discount + shippingFee (never negative). */
  total: number
  /**
   * The Thai VAT contained in `total` (prices include VAT). 0 for an order sent abroad: an export is zero-rated
   * (Revenue Code §80/1) and the buyer pays the destination's duties and taxes (§9 duty-unpaid).
   */
  vatIncluded: number
  duty: 'paid' | 'unpaid'
  blocked: PricingBlock[]
}

/**
 * Prices a cart: subtotal, mix-and-match, the discount code, delivery, total and the VAT it contains.
 * Throws a RangeError on a price that is not a non-negative integer or a quantity that is not a positive integer.
 * A non-empty `blocked` means the order cannot be placed as it is; the amounts are still computed.
 */
export function priceCart(input: PricingInput): PricingResult {
  const { currency, destination, shippingMethod, promotion } = input
  for (const line of input.lines) {
    assertAmount(line.unitPrice, `unit price of ${line.sku}`)
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity of ${line.sku} must be a positive integer`)
    }
  }
  if (promotion) assertPromotion(promotion)

  const mixMatch = mixMatchDiscounts(currency, input.lines, input.bundlePrices)
  const lines: PricedLine[] = input.lines.map((line, index) => ({
    ...line,
    lineTotal: line.unitPrice * line.quantity,
    mixMatchDiscount: mixMatch[index] ?? 0,
  }))
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0)
  const mixMatchDiscount = lines.reduce((sum, line) => sum + line.mixMatchDiscount, 0)

  let promotionResult: PricingResult['promotion'] = null
  let promotionRejected: PricingResult['promotionRejected'] = null
  if (promotion) {
    const outcome = evaluatePromotion(promotion, currency, lines)
    if (outcome.applied) promotionResult = { code: promotion.code, discount: outcome.discount }
    else
      promotionRejected = {
        code: promotion.code,
        reason: outcome.reason,
        ...(outcome.minimum === undefined ? {} : { minimum: outcome.minimum }),
      }
  }
  const promotionDiscount = promotionResult?.discount ?? 0

  const merchandiseTotal = subtotal - mixMatchDiscount - promotionDiscount
  const delivery = deliveryTerms(currency, input.lines, destination, shippingMethod, merchandiseTotal)
  const total = Math.max(0, merchandiseTotal + delivery.shippingFee)

  return {
    lines,
    subtotal,
    mixMatchDiscount,
    promotion: promotionResult,
    promotionRejected,
    shippingFee: delivery.shippingFee,
    total,
    vatIncluded: delivery.duty === 'paid' ? vatIncludedIn(total) : 0,
    duty: delivery.duty,
    blocked: delivery.blocked,
  }
}

/**
 * The discounts of a priced cart, each on its own line (issue 29 item 7): mix-and-match first, then the code, named
 * by its kind (a shop code, a member's tier code or the birth-month code). Discounts of 0 are left out.
 */
export function discountLines(
  result: Pick<PricingResult, 'mixMatchDiscount' | 'promotion'>,
  codeKind: Exclude<DiscountKind, 'mix_match'> = 'code',
): DiscountLine[] {
  const lines: DiscountLine[] = []
  if (result.mixMatchDiscount > 0) lines.push({ kind: 'mix_match', code: null, amount: result.mixMatchDiscount })
  if (result.promotion && result.promotion.discount > 0) {
    lines.push({ kind: codeKind, code: result.promotion.code, amount: result.promotion.discount })
  }
  return lines
}
