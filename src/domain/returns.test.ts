import { describe, expect, it } from 'vitest'
import {
  canCancel,
  isItemReturnable,
  NON_RETURNABLE_CATEGORIES,
  pieceEligibility,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  RETURN_WINDOW_DAYS,
  returnEligibility,
  type ReturnableOrder,
  type ReturnablePiece,
} from './returns'

const RECEIVED_AT = '2025-03-01T10:00:00.000Z'
const DAY_MS = 24 * 60 * 60 * 1000
const afterReceipt = (ms: number) => new Date(Date.parse(RECEIVED_AT) + ms)

const piece = (tags: string[], category: string, quantity = 1, requested = 0): ReturnablePiece => ({
  tags,
  category,
  quantity,
  requested,
})
const top = piece([], 'tops')
const saleTop = piece(['sale'], 'tops')
const ring = piece([], 'jewelry')

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
    expect(returnEligibility(order({ items: [ring, piece([], 'swimwear')] }), afterReceipt(DAY_MS))).toEqual({
      eligible: false,
      reason: 'excludedCategory',
    })
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

describe('returnEligibility once pieces are asked for', () => {
  it('stays eligible while some unit of a returnable piece is left', () => {
    expect(returnEligibility(order({ items: [piece([], 'tops', 2, 1)] }), afterReceipt(DAY_MS)).eligible).toBe(true)
  })

  it('refuses when every returnable piece is asked for, even with sale pieces left', () => {
    expect(returnEligibility(order({ items: [piece([], 'tops', 2, 2), saleTop] }), afterReceipt(DAY_MS))).toEqual({
      eligible: false,
      reason: 'alreadyRequested',
    })
  })

  it('says the window closed rather than asked for, once it has', () => {
    expect(returnEligibility(order({ items: [piece([], 'tops', 1, 1)] }), afterReceipt(8 * DAY_MS))).toEqual({
      eligible: false,
      reason: 'windowClosed',
    })
  })
})

describe('pieceEligibility', () => {
  const at = afterReceipt(DAY_MS)

  it('gives the units left of a returnable piece, and the end of the window', () => {
    expect(pieceEligibility(order(), piece([], 'tops', 3, 1), at)).toEqual({
      eligible: true,
      quantity: 2,
      until: '2025-03-08T10:00:00.000Z',
    })
  })

  it('refuses a piece whose every unit is asked for', () => {
    expect(pieceEligibility(order(), piece([], 'tops', 2, 2), at)).toEqual({
      eligible: false,
      reason: 'alreadyRequested',
    })
  })

  it('refuses a sale piece and each excluded category, with its own reason, in a received order', () => {
    expect(pieceEligibility(order(), saleTop, at)).toEqual({ eligible: false, reason: 'saleItem' })
    for (const category of NON_RETURNABLE_CATEGORIES) {
      expect(pieceEligibility(order(), piece([], category), at)).toEqual({
        eligible: false,
        reason: 'excludedCategory',
      })
    }
    // A sale piece of an excluded category is a sale piece.
    expect(pieceEligibility(order(), piece(['sale'], 'underwear'), at)).toEqual({ eligible: false, reason: 'saleItem' })
  })

  it.each(['awaiting_payment', 'paid', 'packed', 'in_transit', 'cancelled'])(
    'refuses every piece of an order that is %s',
    (status) => {
      expect(pieceEligibility(order({ status, receivedAt: null }), top, at)).toEqual({
        eligible: false,
        reason: 'notReceived',
      })
    },
  )

  it('refuses after the window, and is in time at its last millisecond', () => {
    expect(pieceEligibility(order(), top, afterReceipt(7 * DAY_MS)).eligible).toBe(true)
    expect(pieceEligibility(order(), top, afterReceipt(7 * DAY_MS + 1))).toEqual({
      eligible: false,
      reason: 'windowClosed',
    })
    expect(pieceEligibility(order(), top, afterReceipt(8 * DAY_MS))).toEqual({
      eligible: false,
      reason: 'windowClosed',
    })
  })

  it('refuses every piece of an international or returned order, before anything else', () => {
    expect(pieceEligibility(order({ international: true }), top, at)).toEqual({
      eligible: false,
      reason: 'international',
    })
    expect(pieceEligibility(order({ international: true }), saleTop, afterReceipt(30 * DAY_MS))).toEqual({
      eligible: false,
      reason: 'international',
    })
    expect(pieceEligibility(order({ status: 'returned' }), top, at)).toEqual({
      eligible: false,
      reason: 'alreadyReturned',
    })
  })

  it('gives a permanent refusal of the piece before a refusal of time', () => {
    expect(pieceEligibility(order({ status: 'paid', receivedAt: null }), saleTop, at)).toEqual({
      eligible: false,
      reason: 'saleItem',
    })
    expect(pieceEligibility(order(), piece([], 'jewelry', 1, 1), afterReceipt(30 * DAY_MS))).toEqual({
      eligible: false,
      reason: 'excludedCategory',
    })
  })
})

describe('return request statuses', () => {
  it('go from requested to accepted or rejected, and from accepted to completed only', () => {
    expect(RETURN_STATUSES).toEqual(['requested', 'accepted', 'rejected', 'completed'])
    expect(RETURN_TRANSITIONS.requested).toEqual(['accepted', 'rejected'])
    expect(RETURN_TRANSITIONS.accepted).toEqual(['completed'])
    expect(RETURN_TRANSITIONS.rejected).toEqual([])
    expect(RETURN_TRANSITIONS.completed).toEqual([])
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
