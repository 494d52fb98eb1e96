import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '~/catalog/category-slugs'
import type { ProductTag } from './catalog'
import type { ShippingMethod } from './orders'
import type { Currency } from './money'
import {
  allocateProportionally,
  discountLines,
  DOMESTIC_SMALL_ITEM_FEE,
  INTERNATIONAL_FREE_SHIPPING_FROM,
  INTERNATIONAL_SHIPPING_FEE,
  isMixMatchPrice,
  isPromotionEligible,
  MIX_MATCH_BUNDLE_PRICES,
  MIX_MATCH_SAVING_PERCENT,
  mixMatchPriceRange,
  mixMatchSavingPercent,
  NEW200,
  priceCart,
  shippingFeeReason,
  type Destination,
  type PricingInput,
  type PricingLine,
  type Promotion,
  vatIncludedIn,
} from './pricing'

const TH: Destination = { country: 'TH' }
const US: Destination = { country: 'US' }

let skuCounter = 0
function line(overrides: Partial<PricingLine> & { unitPrice: number }): PricingLine {
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

function price(overrides: Partial<PricingInput> & { lines: PricingLine[] }) {
  return priceCart({ currency: 'thb', destination: TH, shippingMethod: 'courier', promotion: null, ...overrides })
}

const mix = (unitPrice: number, overrides: Partial<PricingLine> = {}) =>
  line({ unitPrice, tags: ['mix_match'], ...overrides })

/** A VIP-like code: 5 %, capped, not on club items or jewelry. */
const VIP_LIKE: Promotion = {
  code: 'VIP',
  kind: 'percent',
  percent: 5,
  cap: { thb: 2_000_00, usd: null },
  minEligibleSubtotal: { thb: 1_000_00, usd: null },
  excludeTags: ['club'],
  excludeCategories: ['jewelry'],
}

describe('allocateProportionally', () => {
  it('splits by largest remainder so the parts sum exactly', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocateProportionally(41_000, [90_000, 80_000, 70_000])).toEqual([15_375, 13_667, 11_958])
    expect(allocateProportionally(0, [5, 7])).toEqual([0, 0])
    expect(allocateProportionally(0, [0, 0])).toEqual([0, 0])
  })

  it('refuses an amount over zero weights and negative or fractional amounts', () => {
    expect(() => allocateProportionally(1, [0])).toThrow(RangeError)
    expect(() => allocateProportionally(-1, [1])).toThrow(RangeError)
    expect(() => allocateProportionally(1.5, [1])).toThrow(RangeError)
  })

  it('sums exactly and never gives a part more than its weight (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0)
          const amount = Math.floor(total * share)
          const parts = allocateProportionally(amount, weights)
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount)
          parts.forEach((part, index) => {
            expect(Number.isInteger(part)).toBe(true)
            expect(part).toBeGreaterThanOrEqual(0)
            expect(part).toBeLessThanOrEqual(weights[index] ?? 0)
          })
        },
      ),
    )
  })
})

describe('subtotal', () => {
  it('is Σ unit price × quantity, with each line total', () => {
    const result = price({ lines: [line({ unitPrice: 1_290_00, quantity: 2 }), line({ unitPrice: 590_50 })] })
    expect(result.lines.map((l) => l.lineTotal)).toEqual([2_580_00, 590_50])
    expect(result.subtotal).toBe(3_170_50)
    expect(result.mixMatchDiscount).toBe(0)
    expect(result.total).toBe(3_170_50)
  })

  it('prices an empty cart at zero', () => {
    for (const destination of [TH, US, null]) {
      const result = price({ lines: [], destination })
      expect(result).toMatchObject({ subtotal: 0, shippingFee: 0, total: 0, vatIncluded: 0, blocked: [] })
    }
  })

  it('refuses fractional or negative prices and non-positive quantities', () => {
    expect(() => price({ lines: [line({ unitPrice: 10.5 })] })).toThrow(RangeError)
    expect(() => price({ lines: [line({ unitPrice: -1 })] })).toThrow(RangeError)
    expect(() => price({ lines: [line({ unitPrice: 100, quantity: 0 })] })).toThrow(RangeError)
    expect(() => price({ lines: [line({ unitPrice: 100, quantity: 1.5 })] })).toThrow(RangeError)
  })
})

describe('mix-and-match', () => {
  it('names a price range in each currency where any bundle of tagged pieces saves a believable share (issue 29)', () => {
    for (const currency of ['thb', 'usd'] as const) {
      const range = mixMatchPriceRange(currency)
      expect(range.min, currency).toBeLessThan(range.max)
      for (const size of [3, 5] as const) {
        const { min, max } = MIX_MATCH_SAVING_PERCENT[size]
        expect(mixMatchSavingPercent(size, currency, size * range.min)).toBeGreaterThanOrEqual(min)
        expect(mixMatchSavingPercent(size, currency, size * range.max)).toBeLessThanOrEqual(max)
      }
      // One minor unit outside the range breaks a bound for one of the bundle sizes.
      const breaks = (price: number) =>
        ([3, 5] as const).some((size) => {
          const saving = mixMatchSavingPercent(size, currency, size * price)
          return saving < MIX_MATCH_SAVING_PERCENT[size].min || saving > MIX_MATCH_SAVING_PERCENT[size].max
        })
      expect([breaks(range.min - 1), breaks(range.max + 1)]).toEqual([true, true])
      expect([isMixMatchPrice(currency, range.min), isMixMatchPrice(currency, range.max + 1)]).toEqual([true, false])
    }
    // The bundle: three dresses of 2,090–3,390 THB for 1,990 saved far too much.
    expect(mixMatchSavingPercent(3, 'thb', 2_090_00 + 3_190_00 + 3_390_00)).toBeGreaterThan(70)
    expect(isMixMatchPrice('thb', 3_390_00)).toBe(false)
  })

  it('prices 3 different items at the 3-bundle price, split proportionally', () => {
    const result = price({ lines: [mix(900_00), mix(800_00), mix(700_00)] })
    expect(result.mixMatchDiscount).toBe(2_400_00 - MIX_MATCH_BUNDLE_PRICES[3].thb)
    expect(result.lines.map((l) => l.mixMatchDiscount)).toEqual([15_375, 13_667, 11_958])
    expect(result.total).toBe(1_990_00)
  })

  it('prices 5 different items at the 5-bundle price when it saves more', () => {
    const lines = [700_00, 700_00, 700_00, 700_00, 700_00].map((unitPrice) => mix(unitPrice))
    const result = price({ lines })
    expect(result.mixMatchDiscount).toBe(3_500_00 - 2_990_00)
    expect(result.lines.map((l) => l.mixMatchDiscount)).toEqual([102_00, 102_00, 102_00, 102_00, 102_00])
    expect(result.total).toBe(2_990_00)
  })

  it('takes a 5-bundle that saves although a 3-bundle would not', () => {
    const lines = [1, 2, 3, 4, 5].map(() => mix(620_00))
    const result = price({ lines })
    expect(result.mixMatchDiscount).toBe(3_100_00 - 2_990_00)
    expect(result.total).toBe(2_990_00)
  })

  it('keeps the 3-bundle when the 5-bundle saves no more', () => {
    // The top three (1,000 THB each) save 1,010; with two 100 THB items the 5-bundle would save 210.
    const lines = [mix(1_000_00), mix(1_000_00), mix(1_000_00), mix(100_00), mix(100_00)]
    const result = price({ lines })
    expect(result.mixMatchDiscount).toBe(3_000_00 - 1_990_00)
    expect(result.lines.map((l) => l.mixMatchDiscount)).toEqual([33_667, 33_667, 33_666, 0, 0])
  })

  it('bundles the most expensive items first', () => {
    const lines = [mix(500_00), mix(1_200_00), mix(300_00), mix(900_00), mix(800_00)]
    const result = price({ lines })
    // 5 items sum 3,700 (saving 710); the top three 2,900 (saving 910): the 3-bundle of 1,200/900/800.
    expect(result.mixMatchDiscount).toBe(910_00)
    expect(result.lines.map((l) => l.mixMatchDiscount > 0)).toEqual([false, true, false, true, true])
    expect(result.lines.reduce((sum, l) => sum + l.mixMatchDiscount, 0)).toBe(910_00)
  })

  it('counts distinct products only: two sizes of one product are one item', () => {
    const a1 = mix(900_00, { productId: 'A', sku: 'A-S' })
    const a2 = mix(900_00, { productId: 'A', sku: 'A-M' })
    const b = mix(900_00, { productId: 'B', quantity: 3 })
    expect(price({ lines: [a1, a2, b] }).mixMatchDiscount).toBe(0)
    const c = mix(900_00, { productId: 'C' })
    // A, B, C form one bundle; the second A unit and two B units are left (only two distinct products).
    const result = price({ lines: [a1, a2, b, c] })
    expect(result.mixMatchDiscount).toBe(2_700_00 - 1_990_00)
    expect(result.lines.map((l) => l.mixMatchDiscount)).toEqual([23_667, 0, 23_667, 23_666])
  })

  it('forms several bundles from quantities of different products', () => {
    const lines = ['A', 'B', 'C'].map((productId) => mix(1_000_00, { productId, quantity: 2 }))
    const result = price({ lines })
    expect(result.mixMatchDiscount).toBe(2 * (3_000_00 - 1_990_00))
    expect(result.lines.map((l) => l.mixMatchDiscount)).toEqual([67_334, 67_334, 67_332])
  })

  it('is greedy: 6 items of 1,000 THB make one 5-bundle (saves 2,010), not two 3-bundles', () => {
    const lines = [1, 2, 3, 4, 5, 6].map(() => mix(1_000_00))
    expect(price({ lines }).mixMatchDiscount).toBe(2_010_00)
  })

  it('never raises the price of cheap items', () => {
    const lines = [mix(500_00), mix(400_00), mix(300_00), mix(200_00), mix(100_00)]
    const result = price({ lines })
    expect(result.mixMatchDiscount).toBe(0)
    expect(result.total).toBe(1_500_00)
  })

  it('ignores items without the mix_match tag', () => {
    const result = price({ lines: [mix(900_00), mix(800_00), line({ unitPrice: 2_000_00, tags: ['new'] })] })
    expect(result.mixMatchDiscount).toBe(0)
  })

  it('uses the USD bundle prices in USD carts', () => {
    const lines = [mix(25_00), mix(25_00), mix(25_00)]
    const result = price({ lines, currency: 'usd' })
    expect(result.mixMatchDiscount).toBe(75_00 - MIX_MATCH_BUNDLE_PRICES[3].usd)
    expect(result.lines.map((l) => l.mixMatchDiscount)).toEqual([5_00, 5_00, 5_00])
  })
})

describe('NEW200', () => {
  it('takes 200 THB off from 1,000 THB', () => {
    const result = price({ lines: [line({ unitPrice: 1_000_00 })], promotion: NEW200 })
    expect(result.promotion).toEqual({ code: 'NEW200', discount: 200_00 })
    expect(result.promotionRejected).toBeNull()
    expect(result.total).toBe(800_00)
  })

  it('is refused under 1,000 THB', () => {
    const result = price({ lines: [line({ unitPrice: 999_99 })], promotion: NEW200 })
    expect(result.promotion).toBeNull()
    expect(result.promotionRejected).toEqual({ code: 'NEW200', reason: 'minimum' })
    expect(result.total).toBe(999_99)
  })

  it('does not count sale items towards the minimum', () => {
    const lines = [line({ unitPrice: 5_000_00, tags: ['sale'] }), line({ unitPrice: 900_00 })]
    expect(price({ lines, promotion: NEW200 }).promotionRejected).toEqual({ code: 'NEW200', reason: 'minimum' })
  })

  it('is refused on a cart of sale items only', () => {
    const lines = [line({ unitPrice: 5_000_00, tags: ['sale', 'new'] })]
    expect(price({ lines, promotion: NEW200 }).promotionRejected).toEqual({ code: 'NEW200', reason: 'noEligibleItems' })
  })

  it('is refused in a USD cart', () => {
    const result = price({ lines: [line({ unitPrice: 100_00 })], currency: 'usd', promotion: NEW200 })
    expect(result.promotionRejected).toEqual({ code: 'NEW200', reason: 'currency' })
  })

  it('applies beside sale items when the rest reaches the minimum', () => {
    const lines = [line({ unitPrice: 300_00, tags: ['sale'] }), line({ unitPrice: 1_200_00 })]
    const result = price({ lines, promotion: NEW200 })
    expect(result.promotion?.discount).toBe(200_00)
    // The 300 THB sale item also triggers the domestic small-item fee.
    expect(result.total).toBe(1_500_00 - 200_00 + DOMESTIC_SMALL_ITEM_FEE.thb)
  })

  it('is never more than the eligible amount', () => {
    const noMinimum: Promotion = { ...NEW200, code: 'FLAT', minEligibleSubtotal: { thb: 0, usd: null } }
    const result = price({ lines: [line({ unitPrice: 150_00 })], promotion: noMinimum })
    expect(result.promotion?.discount).toBe(150_00)
    expect(result.total).toBe(0)
  })
})

describe('percent promotions', () => {
  it('rounds down to the satang', () => {
    const result = price({ lines: [line({ unitPrice: 1_234_57 })], promotion: VIP_LIKE })
    expect(result.promotion?.discount).toBe(6_172) // 5 % of 1,234.57 = 61.7285
  })

  it('is capped', () => {
    const result = price({ lines: [line({ unitPrice: 50_000_00 })], promotion: VIP_LIKE })
    expect(result.promotion?.discount).toBe(2_000_00)
  })

  it('is computed on eligible items after mix-and-match', () => {
    const lines = [mix(900_00), mix(800_00), mix(700_00), line({ unitPrice: 10_000_00, category: 'jewelry' })]
    const result = price({ lines, promotion: VIP_LIKE })
    expect(result.mixMatchDiscount).toBe(410_00)
    expect(result.promotion?.discount).toBe(Math.floor((1_990_00 * 5) / 100))
  })

  it('leaves out excluded tags and categories', () => {
    const club = line({ unitPrice: 3_000_00, tags: ['club'] })
    const jewelry = line({ unitPrice: 3_000_00, category: 'jewelry' })
    expect(isPromotionEligible(club, VIP_LIKE)).toBe(false)
    expect(isPromotionEligible(jewelry, VIP_LIKE)).toBe(false)
    expect(price({ lines: [club, jewelry], promotion: VIP_LIKE }).promotionRejected?.reason).toBe('noEligibleItems')
    const dress = line({ unitPrice: 999_00, category: 'dresses' })
    expect(price({ lines: [club, jewelry, dress], promotion: VIP_LIKE }).promotionRejected?.reason).toBe('minimum')
  })

  it('has no cap when the cap is null', () => {
    const uncapped: Promotion = { ...VIP_LIKE, kind: 'percent', percent: 20, cap: { thb: null, usd: null } }
    expect(price({ lines: [line({ unitPrice: 50_000_00 })], promotion: uncapped }).promotion?.discount).toBe(10_000_00)
  })

  it('refuses invalid promotion data', () => {
    const bad: Promotion = { ...VIP_LIKE, kind: 'percent', percent: 120, cap: { thb: null, usd: null } }
    expect(() => price({ lines: [line({ unitPrice: 100 })], promotion: bad })).toThrow(RangeError)
  })
})

describe('delivery', () => {
  it('is free within Thailand', () => {
    const result = price({ lines: [line({ unitPrice: 290_00, tags: ['new'] })] })
    expect(result).toMatchObject({ shippingFee: 0, duty: 'paid', blocked: [] })
  })

  it('charges 50 THB once for club items or sale items under 500 THB', () => {
    expect(price({ lines: [line({ unitPrice: 2_000_00, tags: ['club'] })] }).shippingFee).toBe(50_00)
    expect(price({ lines: [line({ unitPrice: 499_99, tags: ['sale'] })] }).shippingFee).toBe(50_00)
    expect(price({ lines: [line({ unitPrice: 500_00, tags: ['sale'] })] }).shippingFee).toBe(0)
    const both = [
      line({ unitPrice: 2_000_00, tags: ['club'] }),
      line({ unitPrice: 100_00, tags: ['sale'], quantity: 3 }),
    ]
    const result = price({ lines: both })
    expect(result.shippingFee).toBe(50_00)
    expect(result.total).toBe(2_300_00 + 50_00)
  })

  it('uses the USD small-item fee in USD carts delivered within Thailand', () => {
    const result = price({ currency: 'usd', lines: [line({ unitPrice: 60_00, tags: ['club'] })] })
    expect(result.shippingFee).toBe(DOMESTIC_SMALL_ITEM_FEE.usd)
    expect(price({ currency: 'usd', lines: [line({ unitPrice: 14_99, tags: ['sale'] })] }).shippingFee).toBe(1_50)
    expect(price({ currency: 'usd', lines: [line({ unitPrice: 15_00, tags: ['sale'] })] }).shippingFee).toBe(0)
  })

  it('reads the country case-insensitively', () => {
    expect(price({ lines: [line({ unitPrice: 100_00 })], destination: { country: 'th' } }).duty).toBe('paid')
  })

  it('charges 20 USD abroad under 70 USD, free from 70 USD, duty unpaid', () => {
    const under = price({ currency: 'usd', destination: US, lines: [line({ unitPrice: 69_99 })] })
    expect(under).toMatchObject({ shippingFee: 20_00, total: 89_99, duty: 'unpaid', blocked: [] })
    const from = price({ currency: 'usd', destination: US, lines: [line({ unitPrice: 70_00 })] })
    expect(from).toMatchObject({ shippingFee: 0, total: 70_00, duty: 'unpaid' })
  })

  it('compares the merchandise total after discounts with the threshold', () => {
    const tenPercent: Promotion = {
      code: 'TEN',
      kind: 'percent',
      percent: 10,
      cap: { thb: null, usd: null },
      minEligibleSubtotal: { thb: 0, usd: 0 },
      excludeTags: [],
      excludeCategories: [],
    }
    const result = price({
      currency: 'usd',
      destination: US,
      lines: [line({ unitPrice: 75_00 })],
      promotion: tenPercent,
    })
    expect(result.promotion?.discount).toBe(7_50)
    expect(result.shippingFee).toBe(INTERNATIONAL_SHIPPING_FEE.usd)
    expect(result.total).toBe(67_50 + 20_00)
  })

  it('uses the THB equivalents for THB carts shipped abroad', () => {
    expect(INTERNATIONAL_SHIPPING_FEE.thb).toBe(700_00)
    expect(INTERNATIONAL_FREE_SHIPPING_FROM.thb).toBe(2_450_00)
    const under = price({ destination: US, lines: [line({ unitPrice: 2_449_99 })] })
    expect(under.shippingFee).toBe(700_00)
    expect(price({ destination: US, lines: [line({ unitPrice: 2_450_00 })] }).shippingFee).toBe(0)
  })

  it('does not charge the domestic small-item fee abroad', () => {
    const result = price({ currency: 'usd', destination: US, lines: [line({ unitPrice: 80_00, tags: ['club'] })] })
    expect(result.shippingFee).toBe(0)
  })

  it('is free for store pickup in Thailand, and blocked abroad', () => {
    const club = line({ unitPrice: 1_000_00, tags: ['club'] })
    expect(price({ lines: [club], shippingMethod: 'pickup' })).toMatchObject({ shippingFee: 0, blocked: [] })
    const abroad = price({ lines: [club], shippingMethod: 'pickup', destination: US })
    expect(abroad.shippingFee).toBe(0)
    expect(abroad.blocked).toEqual([{ reason: 'pickupInternational' }])
  })

  it('charges nothing and assumes duty paid before a destination is known', () => {
    const shoes = line({ unitPrice: 1_000_00, category: 'shoes', tags: ['club'] })
    expect(price({ lines: [shoes], destination: null })).toMatchObject({ shippingFee: 0, duty: 'paid', blocked: [] })
  })
})

describe('shoes', () => {
  it('ship within Thailand', () => {
    expect(price({ lines: [line({ unitPrice: 2_000_00, category: 'shoes' })] }).blocked).toEqual([])
  })

  it('are blocked abroad, once per sku', () => {
    const a = line({ unitPrice: 2_000_00, category: 'shoes', sku: 'SH-1-40' })
    const b = line({ unitPrice: 2_000_00, category: 'shoes', sku: 'SH-1-41' })
    const again = line({ unitPrice: 2_000_00, category: 'shoes', sku: 'SH-1-40' })
    const top = line({ unitPrice: 500_00 })
    const result = price({ lines: [a, top, b, again], destination: US })
    expect(result.blocked).toEqual([
      { reason: 'shoesInternational', sku: 'SH-1-40' },
      { reason: 'shoesInternational', sku: 'SH-1-41' },
    ])
    expect(result.total).toBeGreaterThan(0)
  })
})

describe('VAT', () => {
  it('is the 7/107 part of the total, rounded to the minor unit', () => {
    expect(vatIncludedIn(107_00)).toBe(7_00)
    expect(vatIncludedIn(100)).toBe(7) // 6.54
    expect(vatIncludedIn(0)).toBe(0)
    expect(price({ lines: [line({ unitPrice: 1_070_00 })] }).vatIncluded).toBe(70_00)
  })

  it('is not charged on an order sent abroad (zero-rated export, duties paid by the buyer)', () => {
    const abroad = price({ lines: [line({ unitPrice: 1_070_00 })], destination: US })
    expect(abroad.duty).toBe('unpaid')
    expect(abroad.total).toBeGreaterThan(0)
    expect(abroad.vatIncluded).toBe(0)
    expect(price({ lines: [line({ unitPrice: 1_070_00 })], destination: TH }).vatIncluded).toBe(70_00)
  })

  it('includes the shipping fee', () => {
    const result = price({ lines: [line({ unitPrice: 1_020_00, tags: ['club'] })] })
    expect(result.total).toBe(1_070_00)
    expect(result.vatIncluded).toBe(70_00)
  })
})

// ── Properties ─────────────────────────────────────────────────────────────────────────────────────────

const TAGS: ProductTag[] = ['sale', 'club', 'mix_match', 'new']
const CURRENCY_LIST: Currency[] = ['thb', 'usd']
const METHODS: ShippingMethod[] = ['courier', 'pickup']

const lineArb: fc.Arbitrary<PricingLine> = fc.record({
  sku: fc.constantFrom('S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'),
  productId: fc.constantFrom('P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'),
  category: fc.constantFrom(...CATEGORY_SLUGS),
  tags: fc.subarray(TAGS),
  unitPrice: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
})

const perCurrency = (arb: fc.Arbitrary<number | null>): fc.Arbitrary<Record<Currency, number | null>> =>
  fc.record({ thb: arb, usd: arb })

const percentPromotionArb: fc.Arbitrary<Promotion> = fc.record({
  code: fc.constant('PCT'),
  kind: fc.constant('percent' as const),
  percent: fc.integer({ min: 1, max: 100 }),
  cap: perCurrency(fc.option(fc.integer({ min: 0, max: 300_000 }))),
  minEligibleSubtotal: perCurrency(fc.option(fc.integer({ min: 0, max: 300_000 }))),
  excludeTags: fc.subarray(TAGS),
  excludeCategories: fc.subarray([...CATEGORY_SLUGS]),
})

const amountPromotionArb: fc.Arbitrary<Promotion> = fc.record({
  code: fc.constant('AMT'),
  kind: fc.constant('amount' as const),
  amount: perCurrency(fc.option(fc.integer({ min: 0, max: 300_000 }))),
  minEligibleSubtotal: perCurrency(fc.option(fc.integer({ min: 0, max: 300_000 }))),
  excludeTags: fc.subarray(TAGS),
  excludeCategories: fc.subarray([...CATEGORY_SLUGS]),
})

const inputArb: fc.Arbitrary<PricingInput> = fc.record({
  currency: fc.constantFrom(...CURRENCY_LIST),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  destination: fc.option(fc.constantFrom<Destination>(TH, US, { country: 'JP' })),
  shippingMethod: fc.constantFrom(...METHODS),
  promotion: fc.option(fc.oneof(fc.constant(NEW200), percentPromotionArb, amountPromotionArb)),
})

describe('priceCart properties', () => {
  it('keeps every amount a non-negative integer and the total consistent', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = priceCart(input)
        const promotionDiscount = result.promotion?.discount ?? 0
        const amounts = [
          result.subtotal,
          result.mixMatchDiscount,
          promotionDiscount,
          result.shippingFee,
          result.total,
          result.vatIncluded,
          ...result.lines.flatMap((l) => [l.lineTotal, l.mixMatchDiscount]),
        ]
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true)
          expect(amount).toBeGreaterThanOrEqual(0)
        }
        expect(result.subtotal).toBe(input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0))
        expect(result.total).toBe(result.subtotal - result.mixMatchDiscount - promotionDiscount + result.shippingFee)
        expect(result.vatIncluded).toBeLessThanOrEqual(result.total)
        expect(result.vatIncluded).toBe(result.duty === 'paid' ? Math.round((result.total * 7) / 107) : 0)
      }),
      { numRuns: 500 },
    )
  })

  it('keeps mix-and-match discounts within their lines and summing to the total discount', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = priceCart(input)
        expect(result.lines.reduce((sum, l) => sum + l.mixMatchDiscount, 0)).toBe(result.mixMatchDiscount)
        for (const l of result.lines) {
          expect(l.mixMatchDiscount).toBeLessThanOrEqual(l.lineTotal)
          if (!l.tags.includes('mix_match')) expect(l.mixMatchDiscount).toBe(0)
        }
        const distinct = new Set(result.lines.filter((l) => l.tags.includes('mix_match')).map((l) => l.productId))
        if (distinct.size < 3) expect(result.mixMatchDiscount).toBe(0)
      }),
      { numRuns: 500 },
    )
  })

  it('keeps the promotion within the eligible amount, its cap and its rules', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = priceCart(input)
        const promotion = input.promotion
        if (promotion === null) {
          expect(result.promotion).toBeNull()
          expect(result.promotionRejected).toBeNull()
          return
        }
        expect((result.promotion === null) !== (result.promotionRejected === null)).toBe(true)
        const eligible = result.lines
          .filter((l) => isPromotionEligible(l, promotion))
          .reduce((sum, l) => sum + l.lineTotal - l.mixMatchDiscount, 0)
        if (result.promotion) {
          const { discount } = result.promotion
          expect(discount).toBeGreaterThanOrEqual(0)
          expect(discount).toBeLessThanOrEqual(eligible)
          expect(eligible).toBeGreaterThanOrEqual(promotion.minEligibleSubtotal[input.currency] ?? Infinity)
          if (promotion.kind === 'percent') {
            expect(discount).toBeLessThanOrEqual(promotion.cap[input.currency] ?? Infinity)
            expect(discount).toBeLessThanOrEqual(Math.floor((eligible * promotion.percent) / 100))
          } else {
            expect(discount).toBeLessThanOrEqual(promotion.amount[input.currency] ?? -1)
          }
        }
        if (promotion === NEW200 && result.promotion) {
          expect(input.currency).toBe('thb')
          expect(eligible).toBeGreaterThanOrEqual(1_000_00)
          expect(result.promotion.discount).toBe(Math.min(200_00, eligible))
        }
      }),
      { numRuns: 500 },
    )
  })

  it('follows the delivery rules', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = priceCart(input)
        const domestic = input.destination?.country === 'TH'
        if (input.destination === null || input.shippingMethod === 'pickup') expect(result.shippingFee).toBe(0)
        expect(result.duty).toBe(input.destination === null || domestic ? 'paid' : 'unpaid')
        const shoesBlocked = result.blocked.filter((b) => b.reason === 'shoesInternational')
        const hasShoes = input.lines.some((l) => l.category === 'shoes')
        expect(shoesBlocked.length > 0).toBe(input.destination !== null && !domestic && hasShoes)
        if (domestic && input.shippingMethod === 'courier') {
          expect([0, DOMESTIC_SMALL_ITEM_FEE[input.currency]]).toContain(result.shippingFee)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('discountLines and shippingFeeReason (issue 29 items 7 and 8)', () => {
  it('keeps mix-and-match and the code as two named lines, and names a member code by its kind', () => {
    expect(discountLines({ mixMatchDiscount: 6_680_00, promotion: { code: 'NEW200', discount: 200_00 } })).toEqual([
      { kind: 'mix_match', code: null, amount: 6_680_00 },
      { kind: 'code', code: 'NEW200', amount: 200_00 },
    ])
    expect(discountLines({ mixMatchDiscount: 0, promotion: { code: 'VIP-X', discount: 100_00 } }, 'tier')).toEqual([
      { kind: 'tier', code: 'VIP-X', amount: 100_00 },
    ])
    expect(discountLines({ mixMatchDiscount: 0, promotion: null })).toEqual([])
  })

  it('says why the courier costs something: club, a small sale item, abroad, or nothing', () => {
    const club = line({ unitPrice: 2_490_00, tags: ['club'] })
    const cheapSale = line({ unitPrice: 390_00, tags: ['sale'] })
    const plain = line({ unitPrice: 2_490_00 })
    expect(shippingFeeReason('thb', [plain, club], TH, 4_980_00)).toBe('club')
    expect(shippingFeeReason('thb', [plain, cheapSale], TH, 2_880_00)).toBe('smallSaleItem')
    expect(shippingFeeReason('thb', [plain], TH, 2_490_00)).toBeNull()
    expect(shippingFeeReason('usd', [plain], US, INTERNATIONAL_FREE_SHIPPING_FROM.usd - 1)).toBe('international')
    expect(shippingFeeReason('usd', [plain], US, INTERNATIONAL_FREE_SHIPPING_FROM.usd)).toBeNull()
  })
})
