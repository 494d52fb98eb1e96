/**
 * Order state and return rules (§4, §9), pure: an order can be cancelled only before it is packed, and its
 * pieces exchanged or returned online within 7 days of receipt, except sale items, underwear, swimwear,
 * accessories, jewelry and international orders. Each piece (order line) is judged on its own, and each unit
 * of it can be asked for once.
 */

/** An exchange (another size) or a return (the money back). */
export const RETURN_KINDS = ['exchange', 'return'] as const
export type ReturnKind = (typeof RETURN_KINDS)[number]

/** §9: days after receipt during which an exchange or return can be asked for. */
export const RETURN_WINDOW_DAYS = 7

/**
 * How an online order comes back: by post or courier to the shop (the delivery page: online orders cannot be
 * returned or exchanged in store), the shopper paying the parcel (chosen: §9 says nothing of return postage, and
 * the shop promises no free return it does not give).
 */
export const RETURN_CHANNEL = 'mail' as const
export const RETURN_POSTAGE_PAID_BY = 'shopper' as const

/** §9: categories that are never exchanged or returned. */
export const NON_RETURNABLE_CATEGORIES: readonly string[] = ['accessories', 'jewelry', 'underwear', 'swimwear']

/** The product tag of sale (special price) items, which are never exchanged or returned (§9). */
const SALE_TAG = 'sale'

const DAY_MS = 24 * 60 * 60 * 1000

/** Why the shopper asks: one of these, plus an optional note (required with `other`). */
export const RETURN_REASONS = [
  'size_does_not_fit',
  'not_as_pictured',
  'faulty_or_damaged',
  'wrong_item_sent',
  'changed_my_mind',
  'other',
] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

/** The longest note a shopper may add to a request, and an operator to a decision. */
export const RETURN_NOTE_MAX = 500

/** The back office's steps: requested → accepted | rejected; an accepted request is completed (exchanged or refunded). */
export const RETURN_STATUSES = ['requested', 'accepted', 'rejected', 'completed'] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]
export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['accepted', 'rejected'],
  accepted: ['completed'],
  rejected: [],
  completed: [],
}

export type ReturnableItem = { tags: readonly string[]; category: string }

/** A piece of an order: what it is, how many were bought and how many are already in a request. */
export type ReturnablePiece = ReturnableItem & { quantity: number; requested: number }

export type ReturnableOrder = {
  status: string
  receivedAt: string | null
  international: boolean
  items: ReadonlyArray<ReturnablePiece>
}

/** Why one piece cannot be asked for. */
export type PieceRefusal =
  | 'alreadyReturned'
  | 'international'
  | 'saleItem'
  | 'excludedCategory'
  | 'notReceived'
  | 'windowClosed'
  | 'alreadyRequested'

/** Why no piece of an order can be asked for. */
export type ReturnRefusal =
  | 'notReceived'
  | 'windowClosed'
  | 'international'
  | 'saleItems'
  | 'excludedCategory'
  | 'alreadyReturned'
  | 'alreadyRequested'

export type PieceEligibility =
  { eligible: true; quantity: number; until: string } | { eligible: false; reason: PieceRefusal }

export type ReturnEligibility = { eligible: true; until: string } | { eligible: false; reason: ReturnRefusal }

/** Whether this item may ever be exchanged or returned: not on sale and not of an excluded category. */
export function isItemReturnable(item: ReturnableItem): boolean {
  return itemRefusal(item) === null
}

function itemRefusal(item: ReturnableItem): 'saleItem' | 'excludedCategory' | null {
  if (item.tags.includes(SALE_TAG)) return 'saleItem'
  if (NON_RETURNABLE_CATEGORIES.includes(item.category)) return 'excludedCategory'
  return null
}

/** The end of the window after receipt, or null when the order is not received (unpaid, in transit, cancelled …). */
function windowEnd(order: ReturnableOrder): number | null {
  const receivedAt = order.receivedAt === null ? Number.NaN : Date.parse(order.receivedAt)
  if (order.status !== 'received' || Number.isNaN(receivedAt)) return null
  return receivedAt + RETURN_WINDOW_DAYS * DAY_MS
}

/**
 * Whether this piece can be asked for at `now`, and how many of it. Permanent refusals (order returned,
 * international, sale, excluded category) come before those of time (not received, window closed), and those
 * before "already asked for". The window is inclusive: exactly RETURN_WINDOW_DAYS × 24 hours after receipt is
 * still in time.
 */
export function pieceEligibility(order: ReturnableOrder, piece: ReturnablePiece, now: Date): PieceEligibility {
  if (order.status === 'returned') return { eligible: false, reason: 'alreadyReturned' }
  if (order.international) return { eligible: false, reason: 'international' }
  const refusal = itemRefusal(piece)
  if (refusal) return { eligible: false, reason: refusal }
  const until = windowEnd(order)
  if (until === null) return { eligible: false, reason: 'notReceived' }
  if (now.getTime() > until) return { eligible: false, reason: 'windowClosed' }
  const left = piece.quantity - piece.requested
  if (left <= 0) return { eligible: false, reason: 'alreadyRequested' }
  return { eligible: true, quantity: left, until: new Date(until).toISOString() }
}

/**
 * Whether any piece of the order can be asked for at `now`, and until when; otherwise the reason that
 * concerns the whole order: returned, international, no returnable piece (all on sale, or excluded), not
 * received, window closed, or every returnable piece already asked for.
 */
export function returnEligibility(order: ReturnableOrder, now: Date): ReturnEligibility {
  const pieces = order.items.map((piece) => pieceEligibility(order, piece, now))
  const eligible = pieces.find((piece) => piece.eligible)
  if (eligible) return { eligible: true, until: eligible.until }
  if (order.status === 'returned') return { eligible: false, reason: 'alreadyReturned' }
  if (order.international) return { eligible: false, reason: 'international' }
  if (!order.items.some(isItemReturnable)) {
    const allOnSale = order.items.length > 0 && order.items.every((item) => item.tags.includes(SALE_TAG))
    return { eligible: false, reason: allOnSale ? 'saleItems' : 'excludedCategory' }
  }
  const until = windowEnd(order)
  if (until === null) return { eligible: false, reason: 'notReceived' }
  if (now.getTime() > until) return { eligible: false, reason: 'windowClosed' }
  return { eligible: false, reason: 'alreadyRequested' }
}

/** §4: an order can be cancelled while it awaits payment or is paid; never once packed or in transit. */
export function canCancel(status: string): boolean {
  return status === 'awaiting_payment' || status === 'paid'
}
