import type { ProductTag } from './catalog'
import { assertAmount } from './amounts'
import type { Currency } from './money'
import type { PricedLine, PricingLine } from './pricing-line'

/**
 * A discount code as data, so that new codes (NEW200 now; the membership tier and birth-month codes later)
 * need no change to the engine.
 *
 * - `minEligibleSubtotal[currency]`: the minimum of the eligible subtotal; `null` = the code is not valid in
 *   that currency at all (0 = no minimum).
 * - `excludeTags` / `excludeCategories`: lines carrying one of these tags or in one of these categories are not
 *   eligible (they neither count towards the minimum nor get the discount).
 * - `kind: 'amount'`: a fixed amount off per currency (`null` = not valid in that currency).
 * - `kind: 'percent'`: a percentage of the eligible subtotal, rounded down to the minor unit, capped by
 *   `cap[currency]` (`null` = no cap). A monthly allowance (VIP/VVIP: up to 2,000 THB a month) is passed as the
 *   cap the member still has this month.
 */
export type Promotion = {
  code: string
  minEligibleSubtotal: Record<Currency, number | null>
  excludeTags: readonly ProductTag[]
  excludeCategories: readonly string[]
} & (
  | { kind: 'amount'; amount: Record<Currency, number | null> }
  | { kind: 'percent'; percent: number; cap: Record<Currency, number | null> }
)

export type PromotionRejection = 'minimum' | 'currency' | 'noEligibleItems'

/** §9 discount-code remark: codes are valid for purchases of 1,000 THB or more (on the eligible items). */
export const PROMOTION_MINIMUM_THB = 1_000_00

/** §9 NEW200: 200 THB off. */
export const NEW200_DISCOUNT_THB = 200_00

/** §9 "Code NEW200: minimum 1,000 THB, not on sale items": THB carts only, sale items neither count nor get it. */
export const NEW200: Promotion = {
  code: 'NEW200',
  kind: 'amount',
  amount: { thb: NEW200_DISCOUNT_THB, usd: null },
  minEligibleSubtotal: { thb: PROMOTION_MINIMUM_THB, usd: null },
  excludeTags: ['sale'],
  excludeCategories: [],
}

/** Whether a line can get the promotion (none of its excluded tags, not in an excluded category). */
export function isPromotionEligible(line: PricingLine, promotion: Promotion): boolean {
  return (
    !line.tags.some((tag) => promotion.excludeTags.includes(tag)) &&
    !promotion.excludeCategories.includes(line.category)
  )
}

/** A code refused: why, and for `minimum` the code's own minimum in the cart's currency (minor units). */
export type PromotionOutcome =
  { applied: true; discount: number } | { applied: false; reason: PromotionRejection; minimum?: number }

/**
 * §9 the discount of a code, on the eligible lines after mix-and-match. Rejected when not valid in the currency,
 * when no line is eligible, or when the eligible subtotal is under the minimum. A percentage is rounded down,
 * then capped; a discount is never more than the eligible subtotal.
 */
export function evaluatePromotion(
  promotion: Promotion,
  currency: Currency,
  lines: readonly PricedLine[],
): PromotionOutcome {
  const minimum = promotion.minEligibleSubtotal[currency]
  const amount = promotion.kind === 'amount' ? promotion.amount[currency] : null
  if (minimum === null || (promotion.kind === 'amount' && amount === null))
    return { applied: false, reason: 'currency' }
  const eligibleLines = lines.filter((line) => isPromotionEligible(line, promotion))
  const eligible = eligibleLines.reduce((sum, line) => sum + line.lineTotal - line.mixMatchDiscount, 0)
  if (eligibleLines.length === 0 || eligible === 0) return { applied: false, reason: 'noEligibleItems' }
  if (eligible < minimum) return { applied: false, reason: 'minimum', minimum }
  let discount: number
  if (promotion.kind === 'amount') {
    discount = amount ?? 0
  } else {
    discount = Math.floor((eligible * promotion.percent) / 100)
    const cap = promotion.cap[currency]
    if (cap !== null) discount = Math.min(discount, cap)
  }
  return { applied: true, discount: Math.max(0, Math.min(discount, eligible)) }
}

export function assertPromotion(promotion: Promotion): void {
  const amounts = [
    ...Object.values(promotion.minEligibleSubtotal),
    ...Object.values(promotion.kind === 'amount' ? promotion.amount : promotion.cap),
  ]
  for (const value of amounts) if (value !== null) assertAmount(value, `${promotion.code} amounts`)
  if (promotion.kind === 'percent' && !(promotion.percent >= 0 && promotion.percent <= 100)) {
    throw new RangeError(`${promotion.code} percent must be between 0 and 100`)
  }
}

/**
 * The shop's own discount codes by code (§9): NEW200 today. A member's tier and birth-month codes are not here: they
 * are the member's own (membership.ts makes them per member and month).
 */
export const SHOP_PROMOTIONS: Readonly<Record<string, Promotion>> = { [NEW200.code]: NEW200 }
