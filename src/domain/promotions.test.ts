import { describe, expect, it } from 'vitest'
import { DOMESTIC_SMALL_ITEM_FEE } from './shipping'
import { isPromotionEligible, NEW200, type Promotion } from './promotions'
import { line, price, mix, VIP_LIKE } from './pricing.fixture'

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
    expect(result.promotionRejected).toEqual({ code: 'NEW200', reason: 'minimum', minimum: 1_000_00 })
    expect(result.total).toBe(999_99)
  })

  it('does not count sale items towards the minimum', () => {
    const lines = [line({ unitPrice: 5_000_00, tags: ['sale'] }), line({ unitPrice: 900_00 })]
    expect(price({ lines, promotion: NEW200 }).promotionRejected).toEqual({
      code: 'NEW200',
      reason: 'minimum',
      minimum: 1_000_00,
    })
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
