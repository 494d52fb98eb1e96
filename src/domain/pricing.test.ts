import { CATEGORY_SLUGS } from '~/catalog/category-slugs'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ProductTag } from './catalog'
import type { ShippingMethod } from './orders'
import type { Currency } from './money'
import { discountLines, priceCart, type PricingInput } from './pricing'
import {
  DOMESTIC_SMALL_ITEM_FEE,
  INTERNATIONAL_FREE_SHIPPING_FROM,
  shippingFeeReason,
  type Destination,
} from './shipping'
import { isPromotionEligible, NEW200, type Promotion } from './promotions'
import type { PricingLine } from './pricing-line'
import { TH, US, line, price } from './pricing.fixture'

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
