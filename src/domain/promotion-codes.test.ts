import { describe, expect, it } from 'vitest'
import { codeProblems, codeState, normaliseCode, promotionOf, stateRejection, type ShopCode } from './promotion-codes'
import { NEW200 } from './promotions'
import { line, price } from './pricing.fixture'

const NOW = new Date('2026-11-11T00:00:00Z')
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)

function code(overrides: Partial<ShopCode> = {}): ShopCode {
  return {
    code: 'NEW200',
    kind: 'amount',
    percent: null,
    currencies: { thb: { amount: 200_00, minimum: 1_000_00 } },
    excludeTags: ['sale'],
    excludeCategories: [],
    startsAt: null,
    endsAt: null,
    usesPerMember: null,
    usesTotal: null,
    uses: 0,
    active: true,
    ...overrides,
  }
}

describe('a shop code', () => {
  it('is NEW200’s constant when it has NEW200’s rules (what migration 0032 seeds)', () => {
    expect(promotionOf(code())).toEqual(NEW200)
  })

  it('gives a percentage capped per currency, and is not valid in a currency it does not name', () => {
    const tenPercent = promotionOf(
      code({ kind: 'percent', percent: 10, currencies: { thb: { amount: 50_00, minimum: 0 } } }),
    )
    const lines = [line({ unitPrice: 1_000_00 })]
    expect(price({ lines, promotion: tenPercent }).promotion).toEqual({ code: 'NEW200', discount: 50_00 })
    expect(price({ lines, promotion: tenPercent, currency: 'usd' }).promotionRejected).toEqual({
      code: 'NEW200',
      reason: 'currency',
    })
  })

  it('is live only between its dates, switched on, with uses left', () => {
    expect(codeState(code(), NOW)).toBe('live')
    expect(codeState(code({ startsAt: at(1) }), NOW)).toBe('scheduled')
    expect(codeState(code({ startsAt: at(0) }), NOW)).toBe('live')
    expect(codeState(code({ endsAt: at(0) }), NOW)).toBe('ended')
    expect(codeState(code({ endsAt: at(1) }), NOW)).toBe('live')
    expect(codeState(code({ usesTotal: 3, uses: 3 }), NOW)).toBe('used_up')
    expect(codeState(code({ usesTotal: 3, uses: 2 }), NOW)).toBe('live')
    expect(codeState(code({ active: false }), NOW)).toBe('inactive')
    expect(stateRejection('scheduled')).toBe('invalid')
    expect(stateRejection('ended')).toBe('expired')
    expect(stateRejection('used_up')).toBe('used')
    expect(stateRejection('live')).toBeNull()
  })

  it('names every problem of its rules by field', () => {
    expect(codeProblems(code())).toEqual({})
    expect(normaliseCode('  new200 ')).toBe('NEW200')
    expect(
      codeProblems(
        code({
          code: 'NO-PE',
          kind: 'percent',
          percent: 0,
          currencies: { thb: { amount: -1, minimum: -5 } },
          startsAt: at(10),
          endsAt: at(5),
          usesTotal: 0,
          usesPerMember: 0,
        }),
      ),
    ).toEqual({
      code: 'lettersAndDigits',
      percent: 'range',
      'thb.amount': 'positive',
      'thb.minimum': 'range',
      ends_at: 'order',
      uses_total: 'positive',
      uses_per_member: 'positive',
    })
    expect(codeProblems(code({ currencies: {} }))).toEqual({ currencies: 'required' })
    expect(codeProblems(code({ currencies: { usd: { amount: null, minimum: 0 } } }))).toEqual({
      'usd.amount': 'required',
    })
    expect(codeProblems(code({ usesTotal: 4, uses: 5 }))).toEqual({ uses_total: 'belowUses' })
  })
})
