import { describe, expect, it } from 'vitest'
import {
  canCancel,
  isItemReturnable,
  NON_RETURNABLE_CATEGORIES,
  RETURN_WINDOW_DAYS,
  returnEligibility,
  type ReturnableOrder,
} from './returns'

const RECEIVED_AT = '2025-03-01T10:00:00.000Z'
const DAY_MS = 24 * 60 * 60 * 1000
const afterReceipt = (ms: number) => new Date(Date.parse(RECEIVED_AT) + ms)

const top = { tags: [], category: 'tops' }
const saleTop = { tags: ['sale'], category: 'tops' }
const ring = { tags: [], category: 'jewelry' }

function order(overrides: Partial<ReturnableOrder> = {}): ReturnableOrder {
  return { status: 'received', receivedAt: RECEIVED_AT, international: false, items: [top], ...overrides }
}

describe('isItemReturnable', () => {
  it('accepts a full-price item of an ordinary category', () => {
    expect(isItemReturnable(top)).toBe(true)
    expect(isItemReturnable({ tags: ['new', 'club'], category: 'dresses' })).toBe(true)
  })

  it('refuses sale items', () => {
    expect(isItemReturnable(saleTop)).toBe(false)
  })

  it.each(NON_RETURNABLE_CATEGORIES)('refuses the category %s', (category) => {
    expect(isItemReturnable({ tags: [], category })).toBe(false)
  })
})

describe('returnEligibility', () => {
  it('is eligible right after receipt, until 7 days later', () => {
    expect(RETURN_WINDOW_DAYS).toBe(7)
    expect(returnEligibility(order(), afterReceipt(0))).toEqual({
      eligible: true,
      until: '2025-03-08T10:00:00.000Z',
    })
  })

  it('is still eligible at exactly 7 days after receipt', () => {
    expect(returnEligibility(order(), afterReceipt(7 * DAY_MS)).eligible).toBe(true)
  })

  it('closes one millisecond after the 7 days', () => {
    expect(returnEligibility(order(), afterReceipt(7 * DAY_MS + 1))).toEqual({
      eligible: false,
      reason: 'windowClosed',
    })
    expect(returnEligibility(order(), afterReceipt(30 * DAY_MS))).toEqual({ eligible: false, reason: 'windowClosed' })
  })

  it.each(['awaiting_payment', 'paid', 'packed', 'in_transit', 'cancelled'])(
    'refuses an order that is %s as not received',
    (status) => {
      expect(returnEligibility(order({ status, receivedAt: null }), afterReceipt(0))).toEqual({
        eligible: false,
        reason: 'notReceived',
      })
    },
  )

  it('refuses a received order without a receipt date as not received', () => {
    expect(returnEligibility(order({ receivedAt: null }), afterReceipt(0))).toEqual({
      eligible: false,
      reason: 'notReceived',
    })
  })

  it('refuses international orders, even in the window', () => {
    expect(returnEligibility(order({ international: true }), afterReceipt(DAY_MS))).toEqual({
      eligible: false,
      reason: 'international',
    })
  })

  it('refuses an order already returned', () => {
    expect(returnEligibility(order({ status: 'returned' }), afterReceipt(DAY_MS))).toEqual({
      eligible: false,
      reason: 'alreadyReturned',
    })
  })

  it('refuses an order of sale items only', () => {
    expect(returnEligibility(order({ items: [saleTop, saleTop] }), afterReceipt(DAY_MS))).toEqual({
      eligible: false,
      reason: 'saleItems',
    })
  })

  it('refuses an order of excluded categories only', () => {
    expect(
      returnEligibility(order({ items: [ring, { tags: [], category: 'swimwear' }] }), afterReceipt(DAY_MS)),
    ).toEqual({ eligible: false, reason: 'excludedCategory' })
    expect(returnEligibility(order({ items: [ring, saleTop] }), afterReceipt(DAY_MS))).toEqual({
      eligible: false,
      reason: 'excludedCategory',
    })
  })

  it('accepts a mixed order for its returnable items', () => {
    expect(returnEligibility(order({ items: [saleTop, ring, top] }), afterReceipt(DAY_MS)).eligible).toBe(true)
  })

  it('gives a permanent refusal before a refusal of time', () => {
    expect(
      returnEligibility(order({ status: 'in_transit', receivedAt: null, items: [saleTop] }), afterReceipt(0)),
    ).toEqual({ eligible: false, reason: 'saleItems' })
    expect(returnEligibility(order({ international: true }), afterReceipt(30 * DAY_MS))).toEqual({
      eligible: false,
      reason: 'international',
    })
  })
})

describe('canCancel', () => {
  it.each(['awaiting_payment', 'paid'])('allows cancelling an order that is %s', (status) => {
    expect(canCancel(status)).toBe(true)
  })

  it.each(['packed', 'in_transit', 'received', 'cancelled', 'returned'])('refuses an order that is %s', (status) => {
    expect(canCancel(status)).toBe(false)
  })
})
