import { describe, expect, it } from 'vitest'
import { evaluatePromotion } from './promotions'
import { birthdateProblem, goodwillProblem, goodwillPromotion } from './member-admin'
import type { PricedLine } from './pricing-line'

const NOW = new Date('2026-11-28T05:00:00Z')

describe('goodwill codes (decision 200)', () => {
  it('takes 5–50 %, 50–2,000 THB or 2–60 USD, and nothing outside', () => {
    expect(goodwillProblem({ kind: 'percent', percent: 5 })).toBeNull()
    expect(goodwillProblem({ kind: 'percent', percent: 50 })).toBeNull()
    expect(goodwillProblem({ kind: 'percent', percent: 4 })).toBe('range')
    expect(goodwillProblem({ kind: 'percent', percent: 51 })).toBe('range')
    expect(goodwillProblem({ kind: 'percent', percent: 12.5 })).toBe('range')
    expect(goodwillProblem({ kind: 'amount', amount: 50_00, currency: 'thb' })).toBeNull()
    expect(goodwillProblem({ kind: 'amount', amount: 2_000_00, currency: 'thb' })).toBeNull()
    expect(goodwillProblem({ kind: 'amount', amount: 49_99, currency: 'thb' })).toBe('range')
    expect(goodwillProblem({ kind: 'amount', amount: 2_000_01, currency: 'thb' })).toBe('range')
    expect(goodwillProblem({ kind: 'amount', amount: 2_00, currency: 'usd' })).toBeNull()
    expect(goodwillProblem({ kind: 'amount', amount: 60_01, currency: 'usd' })).toBe('range')
  })

  it('prices as a promotion: no minimum, a fixed amount only in its currency, a percentage capped', () => {
    const line = (total: number, tags: PricedLine['tags'] = []): PricedLine => ({
      sku: 'SKU-1',
      productId: 'p1',
      category: 'dresses',
      tags,
      unitPrice: total,
      quantity: 1,
      lineTotal: total,
      mixMatchDiscount: 0,
    })
    const amount = goodwillPromotion('GIFT-AAAAAA', { kind: 'amount', amount: 300_00, currency: 'thb' })
    expect(evaluatePromotion(amount, 'thb', [line(200_00)])).toEqual({ applied: true, discount: 200_00 })
    expect(evaluatePromotion(amount, 'thb', [line(990_00)])).toEqual({ applied: true, discount: 300_00 })
    expect(evaluatePromotion(amount, 'usd', [line(50_00)])).toEqual({ applied: false, reason: 'currency' })
    expect(evaluatePromotion(amount, 'thb', [line(990_00, ['club'])])).toMatchObject({ applied: false })
    const percent = goodwillPromotion('GIFT-BBBBBB', { kind: 'percent', percent: 50 })
    expect(evaluatePromotion(percent, 'thb', [line(10_000_00)])).toEqual({ applied: true, discount: 2_000_00 })
    expect(evaluatePromotion(percent, 'usd', [line(100_00)])).toEqual({ applied: true, discount: 50_00 })
  })
})

describe('a birth date staff set (decision 200)', () => {
  it('is a real day, not after today in Bangkok, of an age from 10 to 120', () => {
    expect(birthdateProblem('1990-04-14', NOW)).toBeNull()
    expect(birthdateProblem('1990-02-30', NOW)).toBe('invalid')
    expect(birthdateProblem('14/04/1990', NOW)).toBe('invalid')
    expect(birthdateProblem('2026-11-29', NOW)).toBe('future')
    expect(birthdateProblem('2016-11-28', NOW)).toBeNull()
    expect(birthdateProblem('2016-11-29', NOW)).toBe('age')
    expect(birthdateProblem('1906-11-28', NOW)).toBeNull()
    expect(birthdateProblem('1905-11-28', NOW)).toBe('age')
  })
})
