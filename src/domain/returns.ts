/**
 * Order state and return rules (§4, §9), pure: an order can be cancelled only before it is packed, and
 * exchanged or returned online within 7 days of receipt, except sale items, underwear, swimwear,
 * accessories, jewelry and international orders.
 */

/** §9: days after receipt during which an exchange or return can be asked for. */
export const RETURN_WINDOW_DAYS = 7

/** §9: categories that are never exchanged or returned. */
export const NON_RETURNABLE_CATEGORIES: readonly string[] = ['accessories', 'jewelry', 'underwear', 'swimwear']

/** The product tag of sale (special price) items, which are never exchanged or returned (§9). */
const SALE_TAG = 'sale'

const DAY_MS = 24 * 60 * 60 * 1000

export type ReturnableItem = { tags: readonly string[]; category: string }

export type ReturnableOrder = {
  status: string
  receivedAt: string | null
  international: boolean
  items: ReadonlyArray<ReturnableItem>
}

export type ReturnRefusal =
  'notReceived' | 'windowClosed' | 'international' | 'saleItems' | 'excludedCategory' | 'alreadyReturned'

export type ReturnEligibility = { eligible: true; until: string } | { eligible: false; reason: ReturnRefusal }

/** Whether this item may be exchanged or returned: not on sale and not of an excluded category. */
export function isItemReturnable(item: ReturnableItem): boolean {
  return !item.tags.includes(SALE_TAG) && !NON_RETURNABLE_CATEGORIES.includes(item.category)
}

/**
 * Whether the order can be exchanged or returned at `now`, and until when. A mixed order is eligible for
 * its returnable items (see isItemReturnable); permanent refusals (returned, international, no returnable
 * item) come before those of time (not received yet, window closed). The window is inclusive: exactly
 * RETURN_WINDOW_DAYS × 24 hours after receipt is still in time.
 */
export function returnEligibility(order: ReturnableOrder, now: Date): ReturnEligibility {
  if (order.status === 'returned') return { eligible: false, reason: 'alreadyReturned' }
  if (order.international) return { eligible: false, reason: 'international' }
  if (!order.items.some(isItemReturnable)) {
    const allOnSale = order.items.length > 0 && order.items.every((item) => item.tags.includes(SALE_TAG))
    return { eligible: false, reason: allOnSale ? 'saleItems' : 'excludedCategory' }
  }
  const receivedAt = order.receivedAt === null ? Number.NaN : Date.parse(order.receivedAt)
  if (order.status !== 'received' || Number.isNaN(receivedAt)) return { eligible: false, reason: 'notReceived' }
  const until = receivedAt + RETURN_WINDOW_DAYS * DAY_MS
  if (now.getTime() > until) return { eligible: false, reason: 'windowClosed' }
  return { eligible: true, until: new Date(until).toISOString() }
}

/** §4: an order can be cancelled while it awaits payment or is paid; never once packed or in transit. */
export function canCancel(status: string): boolean {
  return status === 'awaiting_payment' || status === 'paid'
}
