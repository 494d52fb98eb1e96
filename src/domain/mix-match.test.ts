import { describe, expect, it } from 'vitest'
import {
  isMixMatchPrice,
  MIX_MATCH_BUNDLE_PRICES,
  MIX_MATCH_SAVING_PERCENT,
  mixMatchPriceRange,
  mixMatchSavingPercent,
} from './mix-match'
import { line, price, mix } from './pricing.fixture'

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
