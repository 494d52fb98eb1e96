import { describe, expect, it } from 'vitest'
import type { ProductTag } from './catalog'
import type { MemberTier, Accumulation } from './membership'
import {
  BIRTH_MONTH_CAP_THB,
  bangkokDate,
  bangkokDay,
  birthMonthCode,
  codeUsable,
  computeTier,
  tierGoals,
  memberCodePromotion,
  MONTHLY_CODE_CAP_THB,
  monthlyCode,
  monthlyDiscountUsed,
  periodEnd,
  remainingMonthlyCap,
  spendingInThb,
  toAccumulation,
  VIP_THRESHOLD_THB,
  VVIP_THRESHOLD_THB,
} from './membership'
import { isPromotionEligible, type Promotion, PROMOTION_MINIMUM_THB } from './promotions'
import type { PricingLine } from './pricing-line'
import { priceCart } from './pricing'

/** An instant given as a Bangkok wall-clock time (UTC+7). */
function bkk(day: string, time = '12:00:00'): string {
  return new Date(`${day}T${time}+07:00`).toISOString()
}

function at(day: string, time?: string): Date {
  return new Date(bkk(day, time))
}

function spend(day: string, amount: number, time?: string): Accumulation {
  return { at: bkk(day, time), amount }
}

const THB = (baht: number) => Math.round(baht * 100)

function line(overrides: Partial<PricingLine> & { unitPrice: number }): PricingLine {
  return { sku: 'SKU', productId: 'P', category: 'tops', tags: [], quantity: 1, ...overrides }
}

function priceThb(lines: PricingLine[], promotion: Promotion, currency: 'thb' | 'usd' = 'thb') {
  return priceCart({ currency, lines, destination: { country: 'TH' }, shippingMethod: 'courier', promotion })
}

const VIP_MEMBER = { id: 'm-1', tier: 'vip' as MemberTier }

// ── Bangkok calendar ───────────────────────────────────────────────────────────────────────────────────

describe('Bangkok calendar days', () => {
  it.each([
    ['2026-10-31T16:59:59.999Z', { year: 2026, month: 10, day: 31 }],
    ['2026-10-31T17:00:00.000Z', { year: 2026, month: 11, day: 1 }],
    ['2026-12-31T16:59:59.999Z', { year: 2026, month: 12, day: 31 }],
    ['2026-12-31T17:00:00.000Z', { year: 2027, month: 1, day: 1 }],
    ['2028-02-28T17:00:00.000Z', { year: 2028, month: 2, day: 29 }],
    ['2027-02-28T17:00:00.000Z', { year: 2027, month: 3, day: 1 }],
  ])('%s is %o in Bangkok', (instant, expected) => {
    expect(bangkokDate(new Date(instant))).toEqual(expected)
  })

  it('rejects an invalid date', () => {
    expect(() => bangkokDay(new Date('nope'))).toThrow(RangeError)
  })

  it.each([
    [{ year: 2026, month: 11, day: 15 }, 3, { year: 2027, month: 2, day: 15 }],
    [{ year: 2026, month: 11, day: 28 }, 3, { year: 2027, month: 2, day: 28 }],
    [{ year: 2026, month: 11, day: 29 }, 3, { year: 2027, month: 3, day: 1 }],
    [{ year: 2026, month: 11, day: 30 }, 3, { year: 2027, month: 3, day: 1 }],
    [{ year: 2027, month: 11, day: 29 }, 3, { year: 2028, month: 2, day: 29 }],
    [{ year: 2028, month: 2, day: 29 }, 12, { year: 2029, month: 3, day: 1 }],
    [{ year: 2026, month: 10, day: 31 }, 1, { year: 2026, month: 12, day: 1 }],
    [{ year: 2026, month: 12, day: 31 }, 2, { year: 2027, month: 3, day: 1 }],
  ])('a period from %o of %i months ends (exclusive) on %o', (start, months, end) => {
    expect(periodEnd(start, months)).toEqual(end)
  })
})

// ── Tiers ──────────────────────────────────────────────────────────────────────────────────────────────

describe('computeTier: thresholds', () => {
  it.each([
    [THB(8_999.99), 'member', 1, null],
    [THB(9_000), 'vip', THB(21_000), 0],
    [THB(29_999.99), 'vip', 1, 0],
    [THB(30_000), 'vvip', null, 0],
  ] as const)('%i satang in the cycle gives %s (toNext %s, toKeep %s)', (amount, tier, toNext, toKeep) => {
    const state = computeTier([spend('2026-03-10', amount)], at('2026-06-01'))
    expect(state).toMatchObject({ tier, spentInCycle: amount, toNext, toKeep })
  })

  it.each([
    [[THB(5_000), THB(3_999.99)], 'member'],
    [[THB(5_000), THB(4_000)], 'vip'],
    [[THB(20_000), THB(9_999.99)], 'vip'],
    [[THB(20_000), THB(10_000)], 'vvip'],
  ] as const)('spending accumulates across orders: %o gives %s', (amounts, tier) => {
    const entries = amounts.map((amount, k) => spend(`2026-03-${10 + k}`, amount))
    expect(computeTier(entries, at('2026-06-01')).tier).toBe(tier)
  })

  it('a member with no spending has no cycle', () => {
    expect(computeTier([], at('2026-06-01'))).toEqual({
      tier: 'member',
      cycleStart: null,
      cycleEnd: null,
      spentInCycle: 0,
      expiresAt: null,
      lastStatusDay: null,
      toKeep: null,
      toNext: VIP_THRESHOLD_THB,
    })
  })

  it('ignores entries after now', () => {
    const state = computeTier([spend('2026-03-10', THB(9_000))], at('2026-03-09'))
    expect(state).toMatchObject({ tier: 'member', cycleStart: null })
  })
})

describe('computeTier: cycles', () => {
  it.each([
    ['2026-03-10', '2027-03-09'],
    ['2026-01-01', '2026-12-31'],
    ['2028-02-29', '2029-02-28'],
    ['2027-03-01', '2028-02-29'],
  ])('a cycle from %s ends on %s (inclusive)', (start, end) => {
    expect(computeTier([spend(start, 100)], at(start))).toMatchObject({ cycleStart: start, cycleEnd: end })
  })

  it.each([
    ['the last day of the cycle, 23:59:59', '2027-03-09', '23:59:59', 'vip', '2026-03-10', THB(9_000)],
    ['the day after, 00:00:00 Bangkok', '2027-03-10', '00:00:00', 'member', '2027-03-10', THB(4_000)],
  ])('a second order on %s: %s', (_label, day, time, tier, cycleStart, spentInCycle) => {
    const entries = [spend('2026-03-10', THB(5_000)), spend(day, THB(4_000), time)]
    expect(computeTier(entries, at(day, time))).toMatchObject({ tier, cycleStart, spentInCycle })
  })

  it.each([
    ['2027-03-09', '2026-03-10', THB(5_000)],
    ['2027-03-10', null, 0],
  ])('on %s the open cycle is %s with %i spent', (day, cycleStart, spentInCycle) => {
    expect(computeTier([spend('2026-03-10', THB(5_000))], at(day))).toMatchObject({ cycleStart, spentInCycle })
  })

  it('a cycle opened by an instant at 17:00 UTC starts on the next Bangkok day', () => {
    const state = computeTier([{ at: '2026-03-09T17:00:00.000Z', amount: 100 }], at('2026-04-01'))
    expect(state).toMatchObject({ cycleStart: '2026-03-10', cycleEnd: '2027-03-09' })
  })

  it('the next cycle starts with the next purchase after the cycle ended, not on its anniversary', () => {
    const entries = [spend('2026-03-10', THB(1_000)), spend('2027-05-02', THB(1_000))]
    expect(computeTier(entries, at('2027-06-01'))).toMatchObject({
      cycleStart: '2027-05-02',
      cycleEnd: '2028-05-01',
      spentInCycle: THB(1_000),
    })
  })
})

describe('computeTier: status expiry and renewal', () => {
  // Cycle 2026-01-10 … 2027-01-09; VIP gained on 2026-05-20, until 2027-05-20 00:00 Bangkok.
  const gained = [spend('2026-01-10', THB(5_000)), spend('2026-05-20', THB(4_000))]

  it('the status expires one year after the day it was gained', () => {
    expect(computeTier(gained, at('2026-06-01'))).toMatchObject({
      tier: 'vip',
      expiresAt: '2027-05-19T17:00:00.000Z',
      lastStatusDay: '2027-05-19',
      toKeep: 0,
    })
  })

  it.each([
    ['2027-01-09', 'vip', '2026-01-10', THB(9_000), 0],
    ['2027-01-10', 'vip', null, 0, THB(9_000)],
    ['2027-05-19', 'vip', null, 0, THB(9_000)],
  ] as const)('on %s (no new purchase): %s, cycle %s, spent %i, toKeep %i', (day, tier, cycleStart, spent, toKeep) => {
    expect(computeTier(gained, at(day, '23:59:59'))).toMatchObject({
      tier,
      cycleStart,
      spentInCycle: spent,
      toKeep,
    })
  })

  it.each([
    ['2027-05-19T23:59:59.999', 'vip'],
    ['2027-05-20T00:00:00.000', 'member'],
  ])('at %s Bangkok the member is %s', (wallClock, tier) => {
    const [day, time] = wallClock.split('T') as [string, string]
    expect(computeTier(gained, at(day, time)).tier).toBe(tier)
  })

  it.each([
    ['reached again before expiry: renewed from that day', '2027-04-01', '2027-05-20', 'vip', '2028-04-01'],
    ['reached again before expiry: still vip a day before the renewed end', '2027-04-01', '2028-03-31', 'vip', null],
    ['reached again after expiry: member in between', '2027-06-01', '2027-05-25', 'member', null],
    ['reached again after expiry: vip from that day', '2027-06-01', '2027-06-01', 'vip', '2028-06-01'],
  ])('%s', (_label, reachedOn, nowDay, tier, expiresOn) => {
    const entries = [...gained, spend('2027-02-01', THB(3_000)), spend(reachedOn, THB(6_000))]
    const state = computeTier(entries, at(nowDay, '23:00:00'))
    expect(state.tier).toBe(tier)
    if (expiresOn !== null) expect(state.expiresAt).toBe(bkk(expiresOn, '00:00:00'))
  })

  it('a status carried from the last cycle shows what is needed to keep it', () => {
    const state = computeTier([...gained, spend('2027-02-01', THB(3_000))], at('2027-03-01'))
    expect(state).toMatchObject({ tier: 'vip', cycleStart: '2027-02-01', toKeep: THB(6_000), toNext: THB(27_000) })
  })
})

describe('computeTier: a VVIP whose VVIP lapses keeps a VIP renewed in a later cycle', () => {
  // Cycle 1 from 2026-01-10: VVIP on 2026-01-11, until 2027-01-11 00:00. Cycle 2 from 2027-01-10: VIP reached
  // on 2027-03-01 (until 2028-03-01 00:00).
  const entries = [
    spend('2026-01-10', THB(20_000)),
    spend('2026-01-11', THB(10_000)),
    spend('2027-01-10', THB(2_000)),
    spend('2027-03-01', THB(7_000)),
  ]

  it.each([
    ['2027-01-10', 'vvip', bkk('2027-01-11', '00:00:00')],
    ['2027-01-11', 'member', null],
    ['2027-03-01', 'vip', bkk('2028-03-01', '00:00:00')],
    ['2028-02-29', 'vip', bkk('2028-03-01', '00:00:00')],
    ['2028-03-01', 'member', null],
  ])('on %s: %s until %s', (day, tier, expiresAt) => {
    expect(computeTier(entries, at(day, '18:00:00'))).toMatchObject({ tier, expiresAt })
  })
})

describe('computeTier: refunds and cancellations', () => {
  it.each([
    ['a partial refund under the VIP threshold', [THB(9_500), -THB(500.01)], 'member', THB(8_999.99)],
    ['a partial refund that stays at the VIP threshold', [THB(9_500), -THB(500)], 'vip', THB(9_000)],
    ['a refund under the VVIP threshold', [THB(30_500), -THB(1_000)], 'vip', THB(29_500)],
    [
      'a cancellation of the order that made VVIP leaves VIP',
      [THB(10_000), THB(20_000), -THB(20_000)],
      'vip',
      THB(10_000),
    ],
    ['a cancellation under both thresholds', [THB(10_000), THB(20_000), -THB(22_000)], 'member', THB(8_000)],
  ] as const)('%s', (_label, amounts, tier, spentInCycle) => {
    const entries = amounts.map((amount, k) => spend(`2026-03-${10 + k}`, amount))
    expect(computeTier(entries, at('2026-04-01'))).toMatchObject({ tier, spentInCycle })
  })

  it('a reversal dated at its order cancels it out: a cancelled first order opens no cycle', () => {
    const entries = [
      { at: bkk('2026-03-10'), amount: -THB(9_000) },
      { at: bkk('2026-03-10'), amount: THB(9_000) },
    ]
    expect(computeTier(entries, at('2026-04-01'))).toMatchObject({ tier: 'member', cycleStart: null })
  })

  it('a refund alone opens no cycle', () => {
    expect(computeTier([spend('2026-03-10', -THB(500))], at('2026-04-01')).cycleStart).toBeNull()
  })

  it('reaching the threshold again after a refund gains the status on that later day', () => {
    const entries = [spend('2026-03-10', THB(9_000)), spend('2026-03-12', -THB(1_000)), spend('2026-05-02', THB(1_000))]
    expect(computeTier(entries, at('2026-06-01'))).toMatchObject({
      tier: 'vip',
      expiresAt: bkk('2027-05-02', '00:00:00'),
    })
  })

  it('a refund in a later cycle does not take away a status carried from a closed cycle', () => {
    // Cycle 2026-03-10 … 2027-03-09, VIP gained on 2026-06-01 (until 2027-06-01 00:00); cycle 2 from 2027-03-20.
    const entries = [
      spend('2026-03-10', THB(5_000)),
      spend('2026-06-01', THB(4_000)),
      spend('2027-03-20', THB(1_000)),
      spend('2027-03-21', -THB(1_000)),
    ]
    expect(computeTier(entries, at('2027-04-01'))).toMatchObject({
      tier: 'vip',
      cycleStart: '2027-03-20',
      spentInCycle: 0,
      expiresAt: bkk('2027-06-01', '00:00:00'),
      toKeep: VIP_THRESHOLD_THB,
    })
  })
})

describe('USD orders at the configured rate', () => {
  it.each([
    [257_14, 35, 899_990, 'member'],
    [257_15, 35, 900_025, 'vip'],
    [-257_15, 35, -900_025, null],
    [1, 33.5, 34, null],
    [-1, 33.5, -34, null],
    [100_00, 36, 360_000, null],
  ] as const)('%i cents at %d satang per cent = %i satang', (cents, rate, satang, tier) => {
    expect(spendingInThb(cents, 'usd', rate)).toBe(satang)
    const accumulation = toAccumulation({ at: bkk('2026-03-10'), amount: cents, currency: 'usd' }, rate)
    expect(accumulation.amount).toBe(satang)
    if (tier !== null) expect(computeTier([accumulation], at('2026-04-01')).tier).toBe(tier)
  })

  it('THB amounts are not converted', () => {
    expect(spendingInThb(THB(9_000), 'thb', 35)).toBe(VIP_THRESHOLD_THB)
  })

  it.each([0, -35, Number.NaN])('rejects the rate %d', (rate) => {
    expect(() => spendingInThb(100, 'usd', rate)).toThrow(RangeError)
  })

  it('USD and THB orders add up in one cycle', () => {
    const entries = [
      spend('2026-03-10', THB(20_000)),
      toAccumulation({ at: bkk('2026-03-11'), amount: 285_71, currency: 'usd' }, 35),
    ]
    expect(computeTier(entries, at('2026-04-01'))).toMatchObject({ tier: 'vip', spentInCycle: 2_999_985 })
    entries.push(toAccumulation({ at: bkk('2026-03-12'), amount: 1, currency: 'usd' }, 35))
    expect(computeTier(entries, at('2026-04-01'))).toMatchObject({
      tier: 'vvip',
      spentInCycle: VVIP_THRESHOLD_THB + 20,
    })
  })
})

// ── Codes ──────────────────────────────────────────────────────────────────────────────────────────────

describe('monthlyCode', () => {
  it.each([
    ['member', null],
    ['vip', 5],
    ['vvip', 10],
  ] as const)('a %s gets %s percent', (tier, percent) => {
    const code = monthlyCode({ id: 'm-1', tier }, at('2026-11-15'))
    if (percent === null) expect(code).toBeNull()
    else
      expect(code?.promotion).toMatchObject({
        kind: 'percent',
        percent,
        code: `${tier.toUpperCase()}-2026-11`,
        cap: { thb: MONTHLY_CODE_CAP_THB, usd: null },
        minEligibleSubtotal: { thb: PROMOTION_MINIMUM_THB, usd: null },
        excludeTags: ['club'],
        excludeCategories: [],
      })
  })

  it.each([
    ['2026-11-01', '00:00:00', '2026-11-30', '23:59:59', true],
    ['2026-11-01', '00:00:00', '2026-10-31', '23:59:59', false],
    ['2026-11-30', '23:59:59', '2026-12-01', '00:00:00', false],
    ['2026-12-31', '23:59:59', '2027-01-01', '00:00:00', false],
  ])('keys on %s %s and %s %s are identical: %s', (day1, time1, day2, time2, same) => {
    const first = monthlyCode(VIP_MEMBER, at(day1, time1))
    const second = monthlyCode(VIP_MEMBER, at(day2, time2))
    expect(first?.key === second?.key).toBe(same)
  })

  it.each([
    ['2026-10-31T16:59:59.999Z', 'MONTHLY-2026-10'],
    ['2026-10-31T17:00:00.000Z', 'MONTHLY-2026-11'],
    ['2026-12-31T17:00:00.000Z', 'MONTHLY-2027-01'],
  ])('at %s the key is %s (Bangkok month)', (instant, key) => {
    expect(monthlyCode(VIP_MEMBER, new Date(instant))?.key).toBe(key)
  })

  it('the key is the same whatever the tier, so an upgrade mid-month issues no second code', () => {
    const vip = monthlyCode({ id: 'm-1', tier: 'vip' }, at('2026-11-02'))
    const vvip = monthlyCode({ id: 'm-1', tier: 'vvip' }, at('2026-11-20'))
    expect(vip?.key).toBe(vvip?.key)
  })

  it.each([
    ['2026-11-15', '2027-02-14'],
    ['2026-11-28', '2027-02-27'],
    ['2026-11-30', '2027-02-28'],
    ['2027-11-30', '2028-02-29'],
    ['2026-10-31', '2027-01-30'],
    ['2026-12-31', '2027-03-30'],
  ])('received on %s, valid through %s', (received, lastDay) => {
    const code = monthlyCode(VIP_MEMBER, at(received, '09:00:00'))
    expect(code?.validFrom).toBe(bkk(received, '00:00:00'))
    expect(code?.validUntil).toBe(bkk(lastDay, '23:59:59.999'))
  })
})

describe('codeUsable', () => {
  const issued = monthlyCode(VIP_MEMBER, at('2026-11-15'))
  const validUntil = issued?.validUntil ?? ''

  it.each([
    ['on its first day', '2026-11-15', '10:00:00', null, { usable: true }],
    ['on its last valid day, at its last millisecond', '2027-02-14', '23:59:59.999', null, { usable: true }],
    ['the day after, at Bangkok midnight', '2027-02-15', '00:00:00', null, { usable: false, reason: 'expired' }],
    ['when used', '2026-12-01', '10:00:00', bkk('2026-11-20'), { usable: false, reason: 'used' }],
    ['used and expired: used', '2027-03-01', '10:00:00', bkk('2026-11-20'), { usable: false, reason: 'used' }],
  ])('%s', (_label, day, time, usedAt, expected) => {
    expect(codeUsable({ validUntil, usedAt, kind: 'monthly' }, at(day, time))).toEqual(expected)
  })

  it.each([
    ['2027-02-28', '23:59:59.999', { usable: true }],
    ['2027-03-01', '00:00:00', { usable: false, reason: 'expired' }],
  ])('a birth-month code on %s %s', (day, time, expected) => {
    const code = birthMonthCode({ id: 'm-1', birthdate: '1990-02-14' }, at('2027-02-03'))
    expect(codeUsable({ validUntil: code?.validUntil ?? '', usedAt: null, kind: 'birthday' }, at(day, time))).toEqual(
      expected,
    )
  })
})

describe('the monthly cap across orders', () => {
  it.each([
    [0, MONTHLY_CODE_CAP_THB],
    [THB(1_500), THB(500)],
    [THB(1_999.99), 1],
    [THB(2_000), 0],
    [THB(2_500), 0],
  ])('after %i satang used, %i satang are left', (used, left) => {
    expect(remainingMonthlyCap(used)).toBe(left)
  })

  it.each([-1, 1.5])('rejects %d as used', (used) => {
    expect(() => remainingMonthlyCap(used)).toThrow(RangeError)
  })

  it('two VVIP orders in a month share 2,000 THB', () => {
    const code = monthlyCode({ id: 'm-1', tier: 'vvip' }, at('2026-11-01'))
    if (!code) throw new Error('expected a code')
    const stored = { code: code.promotion.code, kind: code.kind, percent: code.promotion.percent }
    const cart = [line({ unitPrice: THB(15_000) })]
    const uses: Array<{ at: string; discount: number }> = []
    const expected = [THB(1_500), THB(500), 0]
    for (const [k, discount] of expected.entries()) {
      const now = at(`2026-11-${String(10 + k)}`)
      const promotion = memberCodePromotion(stored, monthlyDiscountUsed(uses, now))
      const result = priceThb(cart, promotion)
      expect(result.promotion?.discount ?? 0).toBe(discount)
      uses.push({ at: now.toISOString(), discount: result.promotion?.discount ?? 0 })
    }
    // A new Bangkok month starts a new allowance (17:00 UTC on 30 November is 1 December in Bangkok).
    expect(monthlyDiscountUsed(uses, new Date('2026-11-30T16:59:59.999Z'))).toBe(MONTHLY_CODE_CAP_THB)
    expect(monthlyDiscountUsed(uses, new Date('2026-11-30T17:00:00.000Z'))).toBe(0)
  })

  it.each([
    [THB(20_000), 0, MONTHLY_CODE_CAP_THB],
    [THB(20_000), THB(1_800), THB(200)],
    [THB(999.99), 0, null],
    [THB(1_000), 0, THB(100)],
  ])('a cart of %i satang at 10 percent after %i used: discount %s', (subtotal, used, discount) => {
    const promotion = memberCodePromotion({ code: 'VVIP-2026-11', kind: 'monthly', percent: 10 }, used)
    const result = priceThb([line({ unitPrice: subtotal })], promotion)
    if (discount === null) expect(result.promotionRejected?.reason).toBe('minimum')
    else expect(result.promotion?.discount).toBe(discount)
  })

  it('the birth-month code has its own cap, whatever the monthly use', () => {
    const promotion = memberCodePromotion({ code: 'BDAY-2026', kind: 'birthday', percent: 20 }, THB(2_000))
    expect(promotion.kind === 'percent' && promotion.cap.thb).toBe(BIRTH_MONTH_CAP_THB)
    expect(priceThb([line({ unitPrice: THB(20_000) })], promotion).promotion?.discount).toBe(BIRTH_MONTH_CAP_THB)
  })

  it('member codes are THB only: a USD cart is rejected for currency', () => {
    const promotion = memberCodePromotion({ code: 'VIP-2026-11', kind: 'monthly', percent: 5 })
    expect(priceThb([line({ unitPrice: 500_00 })], promotion, 'usd').promotionRejected?.reason).toBe('currency')
  })
})

describe('birthMonthCode', () => {
  it.each([
    ['2000-02-29', '2027-02-10', 'BDAY-2027', '2027-02-28'],
    ['2000-02-29', '2028-02-29', 'BDAY-2028', '2028-02-29'],
    ['2000-02-29', '2028-02-01', 'BDAY-2028', '2028-02-29'],
    ['2000-02-29', '2027-03-01', null, null],
    ['2000-02-29', '2027-01-31', null, null],
    ['1990-12-05', '2026-12-31', 'BDAY-2026', '2026-12-31'],
    ['1990-07-20', '2026-08-01', null, null],
  ])('born %s, on %s: %s valid through %s', (birthdate, day, key, lastDay) => {
    const code = birthMonthCode({ id: 'm-1', birthdate }, at(day))
    expect(code?.key ?? null).toBe(key)
    if (lastDay !== null) {
      expect(code?.validUntil).toBe(bkk(lastDay, '23:59:59.999'))
      expect(code?.promotion).toMatchObject({ code: key, percent: 20, cap: { thb: BIRTH_MONTH_CAP_THB, usd: null } })
    }
  })

  it.each([
    ['2027-01-31T16:59:59.999Z', null],
    ['2027-01-31T17:00:00.000Z', 'BDAY-2027'],
    ['2027-02-28T16:59:59.999Z', 'BDAY-2027'],
    ['2027-02-28T17:00:00.000Z', null],
  ])('born in February, at %s: %s (Bangkok month)', (instant, key) => {
    expect(birthMonthCode({ id: 'm-1', birthdate: '2000-02-29' }, new Date(instant))?.key ?? null).toBe(key)
  })

  it('one key per year, whatever the day of the birth month', () => {
    const first = birthMonthCode({ id: 'm-1', birthdate: '1990-05-20' }, at('2026-05-01', '00:00:00'))
    const last = birthMonthCode({ id: 'm-1', birthdate: '1990-05-20' }, at('2026-05-31', '23:59:59'))
    const next = birthMonthCode({ id: 'm-1', birthdate: '1990-05-20' }, at('2027-05-01'))
    expect(first?.key).toBe(last?.key)
    expect(next?.key).not.toBe(first?.key)
  })

  it('no birthdate, no code; a malformed one throws', () => {
    expect(birthMonthCode({ id: 'm-1', birthdate: null }, at('2026-05-01'))).toBeNull()
    expect(() => birthMonthCode({ id: 'm-1', birthdate: '1990-02-30' }, at('2026-02-01'))).toThrow(RangeError)
  })
})

describe('eligible items of member codes', () => {
  const monthly = monthlyCode(VIP_MEMBER, at('2026-11-15'))?.promotion
  const birthday = birthMonthCode({ id: 'm-1', birthdate: '1990-11-02' }, at('2026-11-15'))?.promotion
  const withGiftCards = monthlyCode(VIP_MEMBER, at('2026-11-15'), { excludeCategories: ['gift-cards'] })?.promotion

  const codes = { monthly, birthday, 'monthly excluding gift-cards': withGiftCards }

  it.each([
    ['monthly', [], 'tops', true],
    ['monthly', ['club'], 'tops', false],
    ['monthly', ['sale'], 'tops', true],
    ['monthly', [], 'accessories', true],
    ['birthday', ['club', 'new'], 'tops', false],
    ['birthday', ['mix_match'], 'bags', true],
    ['monthly excluding gift-cards', [], 'gift-cards', false],
    ['monthly excluding gift-cards', [], 'tops', true],
    ['monthly excluding gift-cards', ['club'], 'tops', false],
  ] as const)('%s code, tags %o, category %s: eligible %s', (kind, tags, category, eligible) => {
    const promotion = codes[kind]
    if (!promotion) throw new Error('expected a code')
    const item = line({ unitPrice: THB(2_000), tags: tags as readonly ProductTag[], category })
    expect(isPromotionEligible(item, promotion)).toBe(eligible)
  })

  it.each([
    ['only club items', [line({ unitPrice: THB(5_000), tags: ['club'] })], { reason: 'noEligibleItems' }],
    [
      'club items do not count towards the minimum',
      [line({ unitPrice: THB(999), sku: 'A' }), line({ unitPrice: THB(5_000), sku: 'B', tags: ['club'] })],
      { reason: 'minimum' },
    ],
    [
      'the discount is on the eligible items only',
      [line({ unitPrice: THB(2_000), sku: 'A' }), line({ unitPrice: THB(5_000), sku: 'B', tags: ['club'] })],
      { discount: THB(100) },
    ],
  ])('%s', (_label, lines, expected) => {
    if (!monthly) throw new Error('expected a code')
    const result = priceThb(lines, monthly)
    if ('reason' in expected) expect(result.promotionRejected?.reason).toBe(expected.reason)
    else expect(result.promotion?.discount).toBe(expected.discount)
  })
})

describe('tierGoals: the amount needed to keep or reach a status (§2)', () => {
  it('a member with nothing spent needs each threshold in full', () => {
    expect(tierGoals('member', 0)).toEqual([
      { status: 'vip', threshold: VIP_THRESHOLD_THB, held: false, needed: VIP_THRESHOLD_THB },
      { status: 'vvip', threshold: VVIP_THRESHOLD_THB, held: false, needed: VVIP_THRESHOLD_THB },
    ])
  })

  it('a VIP keeps VIP with what the cycle still lacks and reaches VVIP with the rest', () => {
    expect(tierGoals('vip', THB(4_000))).toEqual([
      { status: 'vip', threshold: VIP_THRESHOLD_THB, held: true, needed: THB(5_000) },
      { status: 'vvip', threshold: VVIP_THRESHOLD_THB, held: false, needed: THB(26_000) },
    ])
  })

  it('a VVIP is shown VVIP only, and nothing is needed once the cycle has reached it', () => {
    expect(tierGoals('vvip', THB(31_000))).toEqual([
      { status: 'vvip', threshold: VVIP_THRESHOLD_THB, held: true, needed: 0 },
    ])
  })

  it('a negative cycle (late refunds) needs no more than the threshold', () => {
    expect(tierGoals('member', THB(-500))[0]?.needed).toBe(VIP_THRESHOLD_THB)
  })
})
