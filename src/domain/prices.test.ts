import { describe, expect, it } from 'vitest'
import { applyBulkChange, firstPriceProblem, percentOff, priceSetProblems, saleOn, type PriceSet } from './prices'

const set = (
  priceThb: number,
  priceUsd: number,
  compareAtThb: number | null = null,
  compareAtUsd: number | null = null,
) => ({ priceThb, priceUsd, compareAtThb, compareAtUsd }) satisfies PriceSet

describe('priceSetProblems', () => {
  it('accepts whole positive prices and an old price above the price, or none', () => {
    expect(priceSetProblems(set(129_000, 3_900))).toEqual({})
    expect(priceSetProblems(set(99_000, 2_900, 129_000, 3_900))).toEqual({})
  })

  it('names each bad field: not positive, a fraction, too large, an old price not above', () => {
    expect(priceSetProblems(set(0, 3_900.5, 0, null))).toEqual({
      price_thb: 'not_positive',
      price_usd: 'not_positive',
      compare_at_thb: 'not_positive',
    })
    expect(priceSetProblems(set(100_000_000, 3_900, null, 3_900))).toEqual({
      price_thb: 'too_large',
      compare_at_usd: 'compare_at_not_above',
    })
    expect(firstPriceProblem(set(1_000, 500, 1_000))).toBe('compare_at_thb: compare_at_not_above')
  })
})

describe('percentOff and applyBulkChange', () => {
  it('takes a percentage off, down to a whole baht and a whole cent', () => {
    expect(percentOff(129_000, 15, 'thb')).toBe(109_600)
    expect(percentOff(3_999, 15, 'usd')).toBe(3_399)
    expect(percentOff(150, 90, 'thb')).toBe(0)
  })

  it('strikes through the higher of the old price shown and the price before the change, or none', () => {
    expect(applyBulkChange(set(100_000, 3_000), { kind: 'percent_off', percent: 20, strikeThrough: true })).toEqual(
      set(80_000, 2_400, 100_000, 3_000),
    )
    expect(
      applyBulkChange(set(100_000, 3_000, 150_000, null), { kind: 'percent_off', percent: 20, strikeThrough: true }),
    ).toEqual(set(80_000, 2_400, 150_000, 3_000))
    expect(
      applyBulkChange(set(100_000, 3_000, 150_000, 4_000), {
        kind: 'fixed',
        priceThb: 120_000,
        priceUsd: 3_500,
        strikeThrough: false,
      }),
    ).toEqual(set(120_000, 3_500))
    // A fixed price above the price before, struck through: its old price is not above it, a problem of the row.
    const above = applyBulkChange(set(100_000, 3_000), {
      kind: 'fixed',
      priceThb: 120_000,
      priceUsd: 2_000,
      strikeThrough: true,
    })
    expect(firstPriceProblem(above)).toBe('compare_at_thb: compare_at_not_above')
  })
})

describe('saleOn', () => {
  it('sells at the sale price with the regular price struck through, none where the sale is not below it', () => {
    expect(saleOn(set(100_000, 3_000, 120_000), { thb: 79_000, usd: 3_000 })).toEqual(set(79_000, 3_000, 100_000, null))
  })
})
