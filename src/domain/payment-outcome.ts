/**
 * What the shopper is told about paying an order (issue 17: declined, cancelled and pending payments each get their
 * own page and a way to try again; a bank transfer shows its deadline; an order cancelled by the deadline says so).
 * Pure: the order page and its tests share it.
 */

/** The note of the event that cancels an order whose bank transfer deadline passed (the order page translates it). */
export const DEADLINE_PASSED_NOTE = 'Payment deadline passed'
/** The note of the event of an order the shopper cancelled. */
export const CANCELLED_BY_SHOPPER_NOTE = 'Cancelled by the shopper'

export type PaymentOutcome =
  /** The provider (or the bank behind the card) refused the payment: try again. */
  | 'declined'
  /** The shopper left the provider's page without paying: pay when ready. */
  | 'cancelled'
  /** A payment started and not settled yet (the shopper came back before the provider's word, or never went). */
  | 'pending'
  /** A bank transfer is awaited until the deadline. */
  | 'awaitingTransfer'
  /** Unpaid by the deadline: cancelled, the pieces back on sale. */
  | 'expired'
  /** Nothing left to pay (paid, on its way, cancelled by the shopper or the shop). */
  | 'settled'

type OrderLike = {
  status: string
  paymentMethod: string
  payment: { status: string } | null
  events: ReadonlyArray<{ status: string; note: string | null }>
}

export function paymentOutcome(order: OrderLike): PaymentOutcome {
  if (order.status === 'awaiting_payment') {
    if (order.paymentMethod === 'bank_transfer') return 'awaitingTransfer'
    if (order.payment?.status === 'failed') return 'declined'
    if (order.payment?.status === 'cancelled') return 'cancelled'
    return 'pending'
  }
  if (order.status === 'cancelled' && order.events.some((event) => event.note === DEADLINE_PASSED_NOTE))
    return 'expired'
  return 'settled'
}
