import type { ShippingMethod } from './orders'
import type { Currency } from './money'
import type { PricingLine } from './pricing-line'
import { DOMESTIC_SMALL_ITEM_FEE } from './domestic-fee'

/** Where the order goes: an ISO 3166-1 alpha-2 country ('TH' = domestic). */
export type Destination = { country: string }

/** Why the cart cannot be checked out as it is (the engine still prices it). */
export type PricingBlock = { reason: 'shoesInternational'; sku: string } | { reason: 'pickupInternational' }

/** §9 the domestic country: free delivery rules and duty paid. */
export const DOMESTIC_COUNTRY = 'TH'

/** §9 the category that ships only within Thailand. */
export const DOMESTIC_ONLY_CATEGORY = 'shoes'

export { DOMESTIC_SMALL_ITEM_FEE }

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
 * is the courier's transit. The spec gives only the total; structured data (decision 131) states both parts.
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
