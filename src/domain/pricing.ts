import type { ProductTag } from './catalog'
import type { DiscountKind, DiscountLine, ShippingMethod } from './orders'
import type { Currency } from './money'

/**
 * The pricing engine of the cart and the checkout (§5, §9): pure, in integer minor units (satang, cents) of
 * the cart's currency. The server prices every cart and order with it; the browser may use it for a preview,
 * never as the price of record.
 */

// ── Input and output ───────────────────────────────────────────────────────────────────────────────────

/** A cart line at the current server price (minor units of the cart's currency, VAT included). */
export type PricingLine = {
  sku: string
  productId: string
  category: string
  tags: readonly ProductTag[]
  unitPrice: number
  quantity: number
}

/** Where the order goes: an ISO 3166-1 alpha-2 country ('TH' = domestic). */
export type Destination = { country: string }

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

export type PricingInput = {
  currency: Currency
  lines: readonly PricingLine[]
  destination: Destination | null
  shippingMethod: ShippingMethod
  promotion: Promotion | null
}

/** A line priced: `lineTotal` = unitPrice × quantity before any discount; its share of the mix-and-match saving. */
export type PricedLine = PricingLine & { lineTotal: number; mixMatchDiscount: number }

export type PromotionRejection = 'minimum' | 'currency' | 'noEligibleItems'

/** Why the cart cannot be checked out as it is (the engine still prices it). */
export type PricingBlock = { reason: 'shoesInternational'; sku: string } | { reason: 'pickupInternational' }

export type PricingResult = {
  lines: PricedLine[]
  /** Σ unitPrice × quantity. */
  subtotal: number
  /** Σ of the lines' mix-and-match discounts. */
  mixMatchDiscount: number
  promotion: { code: string; discount: number } | null
  promotionRejected: { code: string; reason: PromotionRejection } | null
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

// ── Helpers ────────────────────────────────────────────────────────────────────────────────────────────

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer`)
}

/**
 * Splits `amount` over `weights` proportionally in whole units (largest remainder; ties to the earlier weight),
 * so that the parts sum to `amount` exactly. With amount ≤ Σ weights no part exceeds its weight.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  assertAmount(amount, 'amount')
  weights.forEach((weight) => assertAmount(weight, 'weight'))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total === 0) {
    if (amount === 0) return weights.map(() => 0)
    throw new RangeError('cannot allocate an amount over zero weights')
  }
  const bigTotal = BigInt(total)
  const shares = weights.map((weight) => {
    const share = BigInt(amount) * BigInt(weight)
    return { base: Number(share / bigTotal), remainder: share % bigTotal }
  })
  const parts = shares.map((share) => share.base)
  let leftover = amount - parts.reduce((sum, part) => sum + part, 0)
  const order = shares
    .map((share, index) => ({ remainder: share.remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of order) {
    if (leftover === 0) break
    parts[index] = (parts[index] ?? 0) + 1
    leftover -= 1
  }
  return parts
}

// ── VAT ────────────────────────────────────────────────────────────────────────────────────────────────

/** §5: prices include Thai VAT at 7 %. */
export const VAT_RATE_PERCENT = 7

/** The VAT contained in a VAT-inclusive amount: round(amount × 7 / 107) (never a tie: 107 is odd and prime). */
export function vatIncludedIn(amount: number): number {
  return Math.round((amount * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT))
}

// ── Mix-and-match (§9) ─────────────────────────────────────────────────────────────────────────────────

export type MixMatchBundleSize = 3 | 5

/**
 * §9 "3 or 5 different items give tag pricing": the bundle prices per currency. The spec names no prices;
 * chosen: THB 3 for 1,990 / 5 for 2,990, USD 3 for 60.00 / 5 for 90.00.
 */
export const MIX_MATCH_BUNDLE_PRICES: Record<MixMatchBundleSize, Record<Currency, number>> = {
  3: { thb: 1_990_00, usd: 60_00 },
  5: { thb: 2_990_00, usd: 90_00 },
}

/**
 * §9 mix-and-match must read as a believable saving, not a give-away: the share of the pieces' shelf prices a bundle
 * saves, in percent, for any bundle of tagged pieces (chosen: 3 pieces 15–30 %, 5 pieces a bit more, 20–40 %).
 * Issue 29: the demo had tagged dresses of ฿2,090–3,390, so 3 of them for ฿1,990 saved 77 %.
 */
export const MIX_MATCH_SAVING_PERCENT: Record<MixMatchBundleSize, { min: number; max: number }> = {
  3: { min: 15, max: 30 },
  5: { min: 20, max: 40 },
}

/** The share of `shelfTotal` (the pieces' prices) a bundle of `size` saves, in percent (negative: it costs more). */
export function mixMatchSavingPercent(size: MixMatchBundleSize, currency: Currency, shelfTotal: number): number {
  return ((shelfTotal - MIX_MATCH_BUNDLE_PRICES[size][currency]) * 100) / shelfTotal
}

/**
 * The shelf prices (minor units, inclusive) a piece may have to be tagged mix-and-match in a currency: with every
 * tagged piece in this range, any bundle of 3 or 5 saves within MIX_MATCH_SAVING_PERCENT. From the bundle price B
 * of n pieces: n × min ≥ B / (1 − min %) and n × max ≤ B / (1 − max %), over both bundle sizes.
 */
export function mixMatchPriceRange(currency: Currency): { min: number; max: number } {
  const sizes: MixMatchBundleSize[] = [3, 5]
  const bounds = sizes.map((size) => {
    const bundle = MIX_MATCH_BUNDLE_PRICES[size][currency]
    const { min, max } = MIX_MATCH_SAVING_PERCENT[size]
    return {
      min: Math.ceil((bundle * 100) / (size * (100 - min))),
      max: Math.floor((bundle * 100) / (size * (100 - max))),
    }
  })
  return { min: Math.max(...bounds.map((b) => b.min)), max: Math.min(...bounds.map((b) => b.max)) }
}

/** Whether a piece at this shelf price keeps every mix-and-match bundle a believable saving (both currencies apart). */
export function isMixMatchPrice(currency: Currency, unitPrice: number): boolean {
  const range = mixMatchPriceRange(currency)
  return unitPrice >= range.min && unitPrice <= range.max
}

type MixMatchUnit = { lineIndex: number; price: number }

/**
 * §9 mix-and-match: per line, its share of the bundle savings. Only lines tagged `mix_match`; a bundle holds
 * units of different products (by productId). Repeatedly: take the most expensive remaining unit of each
 * product, most expensive first; a 5-bundle of the top five when it saves more than a 3-bundle of the top
 * three, else the 3-bundle; stop when no bundle saves anything (a bundle never raises the price). A bundle's
 * saving is spread over its units proportionally to their prices, in whole minor units.
 */
export function mixMatchDiscounts(currency: Currency, lines: readonly PricingLine[]): number[] {
  const discounts = lines.map(() => 0)
  const unitsByProduct = new Map<string, MixMatchUnit[]>()
  lines.forEach((line, lineIndex) => {
    if (!line.tags.includes('mix_match')) return
    const units = unitsByProduct.get(line.productId) ?? []
    for (let k = 0; k < line.quantity; k++) units.push({ lineIndex, price: line.unitPrice })
    unitsByProduct.set(line.productId, units)
  })
  const byPriceThenLine = (a: MixMatchUnit, b: MixMatchUnit) => b.price - a.price || a.lineIndex - b.lineIndex
  const queues = [...unitsByProduct.values()].map((units) => units.sort(byPriceThenLine))

  const saving = (heads: MixMatchUnit[], size: MixMatchBundleSize) =>
    heads.length < size
      ? 0
      : Math.max(
          0,
          heads.slice(0, size).reduce((sum, unit) => sum + unit.price, 0) - MIX_MATCH_BUNDLE_PRICES[size][currency],
        )

  for (;;) {
    const heads = queues.flatMap((queue) => (queue.length > 0 ? [{ queue, unit: queue[0] as MixMatchUnit }] : []))
    heads.sort((a, b) => byPriceThenLine(a.unit, b.unit))
    const headUnits = heads.map((head) => head.unit)
    const saving5 = saving(headUnits, 5)
    const saving3 = saving(headUnits, 3)
    const size: MixMatchBundleSize | null = saving5 > saving3 ? 5 : saving3 > 0 ? 3 : null
    if (size === null) break
    const bundle = heads.slice(0, size)
    const shares = allocateProportionally(
      size === 5 ? saving5 : saving3,
      bundle.map((head) => head.unit.price),
    )
    bundle.forEach((head, k) => {
      head.queue.shift()
      discounts[head.unit.lineIndex] = (discounts[head.unit.lineIndex] ?? 0) + (shares[k] ?? 0)
    })
  }
  return discounts
}

// ── Discount codes (§9) ────────────────────────────────────────────────────────────────────────────────

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

export type PromotionOutcome = { applied: true; discount: number } | { applied: false; reason: PromotionRejection }

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
  if (eligible < minimum) return { applied: false, reason: 'minimum' }
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

function assertPromotion(promotion: Promotion): void {
  const amounts = [
    ...Object.values(promotion.minEligibleSubtotal),
    ...Object.values(promotion.kind === 'amount' ? promotion.amount : promotion.cap),
  ]
  for (const value of amounts) if (value !== null) assertAmount(value, `${promotion.code} amounts`)
  if (promotion.kind === 'percent' && !(promotion.percent >= 0 && promotion.percent <= 100)) {
    throw new RangeError(`${promotion.code} percent must be between 0 and 100`)
  }
}

// ── Delivery (§9) ──────────────────────────────────────────────────────────────────────────────────────

/** §9 the domestic country: free delivery rules and duty paid. */
export const DOMESTIC_COUNTRY = 'TH'

/** §9 the category that ships only within Thailand. */
export const DOMESTIC_ONLY_CATEGORY = 'shoes'

/**
 * §9 "Free within Thailand except club items and sale items under 500 THB, which pay 50 THB": the flat fee,
 * once per order. USD carts shipped within Thailand: 1.50 USD (chosen; ≈ 50 THB rounded up to a price point).
 */
export const DOMESTIC_SMALL_ITEM_FEE: Record<Currency, number> = { thb: 50_00, usd: 1_50 }

/**
 * §9 a sale item whose unit price is under this pays the domestic fee. Read as the item's unit price (the spec
 * "sale items under 500 THB"). USD carts: 15.00 USD (chosen; ≈ 500 THB rounded to a price point).
 */
export const SMALL_SALE_ITEM_PRICE_BELOW: Record<Currency, number> = { thb: 500_00, usd: 15_00 }

/**
 * §9 international delivery is priced in USD; THB carts shipped abroad use the USD amounts at this rate
 * (chosen: a round rate near the market; not an exchange rate for prices).
 */
export const INTERNATIONAL_FEE_THB_PER_USD = 35

/** §9 "International from 20 USD for orders under 70 USD": the fee; THB carts 700 THB (at 35 THB/USD). */
export const INTERNATIONAL_SHIPPING_FEE: Record<Currency, number> = {
  usd: 20_00,
  thb: 20_00 * INTERNATIONAL_FEE_THB_PER_USD,
}

/**
 * §9 international delivery is free from this merchandise total (after discounts): 70 USD, 2,450 THB at 35 THB/USD.
 * The spec says only "from 20 USD under 70 USD"; chosen: free from 70 USD.
 */
export const INTERNATIONAL_FREE_SHIPPING_FROM: Record<Currency, number> = {
  usd: 70_00,
  thb: 70_00 * INTERNATIONAL_FEE_THB_PER_USD,
}

/** §9 "courier, 3-7 working days": from the order to the shopper's door, in working days, domestic and international. */
export const COURIER_DELIVERY_WORKING_DAYS = { min: 3, max: 7 } as const

/**
 * Of those days, the ones before the parcel leaves the warehouse (chosen: the same or the next working day); the rest
 * is the courier's transit. The spec gives only the total; structured data (decision 030) states both parts.
 */
export const HANDLING_WORKING_DAYS = { min: 0, max: 1 } as const

/** The working days: Monday to Friday (0 = Sunday, as in the stores' opening hours). */
export const WORKING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5]

export function isDomestic(destination: Destination): boolean {
  return destination.country.trim().toUpperCase() === DOMESTIC_COUNTRY
}

/** §9 whether a domestic courier delivery pays the small-item fee: a club item, or a sale item under the threshold. */
export function needsDomesticSmallItemFee(currency: Currency, lines: readonly PricingLine[]): boolean {
  return lines.some(
    (line) =>
      line.tags.includes('club') ||
      (line.tags.includes('sale') && line.unitPrice < SMALL_SALE_ITEM_PRICE_BELOW[currency]),
  )
}

/** Why a courier delivery costs something (issue 29 item 8): a club item, a sale item under the threshold, abroad. */
export const SHIPPING_FEE_REASONS = ['club', 'smallSaleItem', 'international'] as const
export type ShippingFeeReason = (typeof SHIPPING_FEE_REASONS)[number]

/**
 * §9 the reason for the courier fee of these lines to this destination, or null when delivery is free: abroad under
 * the free-shipping threshold; within Thailand a club item first, else a sale item under the threshold.
 */
export function shippingFeeReason(
  currency: Currency,
  lines: readonly PricingLine[],
  destination: Destination,
  merchandiseTotal: number,
): ShippingFeeReason | null {
  if (lines.length === 0) return null
  if (!isDomestic(destination)) {
    return merchandiseTotal < INTERNATIONAL_FREE_SHIPPING_FROM[currency] ? 'international' : null
  }
  if (lines.some((line) => line.tags.includes('club'))) return 'club'
  if (needsDomesticSmallItemFee(currency, lines)) return 'smallSaleItem'
  return null
}

/**
 * §9 delivery: the fee, the duty and what blocks the checkout. No destination yet: no fee, duty paid. An empty
 * cart ships nothing (no fee). Store pickup: free, within Thailand only. Courier within Thailand: free or the
 * small-item fee; abroad: the international fee under the free-shipping threshold. Shoes only within Thailand.
 * Duty paid within Thailand, unpaid (the buyer pays) abroad.
 */
export function deliveryTerms(
  currency: Currency,
  lines: readonly PricingLine[],
  destination: Destination | null,
  shippingMethod: ShippingMethod,
  merchandiseTotal: number,
): { shippingFee: number; duty: 'paid' | 'unpaid'; blocked: PricingBlock[] } {
  if (destination === null) return { shippingFee: 0, duty: 'paid', blocked: [] }
  const domestic = isDomestic(destination)
  const blocked: PricingBlock[] = []
  if (!domestic) {
    if (shippingMethod === 'pickup') blocked.push({ reason: 'pickupInternational' })
    const skus = new Set<string>()
    for (const line of lines) {
      if (line.category === DOMESTIC_ONLY_CATEGORY && !skus.has(line.sku)) {
        skus.add(line.sku)
        blocked.push({ reason: 'shoesInternational', sku: line.sku })
      }
    }
  }
  let shippingFee = 0
  if (lines.length > 0 && shippingMethod === 'courier') {
    if (domestic) {
      shippingFee = needsDomesticSmallItemFee(currency, lines) ? DOMESTIC_SMALL_ITEM_FEE[currency] : 0
    } else {
      shippingFee =
        merchandiseTotal < INTERNATIONAL_FREE_SHIPPING_FROM[currency] ? INTERNATIONAL_SHIPPING_FEE[currency] : 0
    }
  }
  return { shippingFee, duty: domestic ? 'paid' : 'unpaid', blocked }
}

// ── The cart ───────────────────────────────────────────────────────────────────────────────────────────

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

  const mixMatch = mixMatchDiscounts(currency, input.lines)
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
    else promotionRejected = { code: promotion.code, reason: outcome.reason }
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
