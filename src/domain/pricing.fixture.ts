import type { PricingInput } from './pricing'
import { priceCart } from './pricing'
import type { PricingLine } from './pricing-line'
import type { Promotion } from './promotions'
import type { Destination } from './shipping'

/** Test fixtures of the pricing rules' unit tests (pricing, mix-match, promotions, shipping, vat, money). */
export const TH: Destination = { country: 'TH' }
export const US: Destination = { country: 'US' }

let skuCounter = 0
export function line(overrides: Partial<PricingLine> & { unitPrice: number }): PricingLine {
  skuCounter += 1
  return {
    sku: `SKU-${skuCounter}`,
    productId: `P-${skuCounter}`,
    category: 'tops',
    tags: [],
    quantity: 1,
    ...overrides,
  }
}

export function price(overrides: Partial<PricingInput> & { lines: PricingLine[] }) {
  return priceCart({ currency: 'thb', destination: TH, shippingMethod: 'courier', promotion: null, ...overrides })
}

export const mix = (unitPrice: number, overrides: Partial<PricingLine> = {}) =>
  line({ unitPrice, tags: ['mix_match'], ...overrides })

/** A VIP-like code: 5 %, capped, not on club items or jewelry. */
export const VIP_LIKE: Promotion = {
  code: 'VIP',
  kind: 'percent',
  percent: 5,
  cap: { thb: 2_000_00, usd: null },
  minEligibleSubtotal: { thb: 1_000_00, usd: null },
  excludeTags: ['club'],
  excludeCategories: ['jewelry'],
}
