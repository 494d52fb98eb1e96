/** §4 order states; the back office moves an order along them. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'packed',
  'in_transit',
  'received',
  'cancelled',
  'returned',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const PAYMENT_METHODS = ['card', 'paypal', 'bank_transfer'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const SHIPPING_METHODS = ['courier', 'pickup'] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

/** One attempt to pay an order: its state at the provider. */
export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'failed', 'cancelled'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Why an order was cancelled, in the words the shopper gets. */
export const ORDER_CANCEL_REASONS = ['payment_deadline_passed', 'shopper', 'shop'] as const
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number]

/**
 * What a discount of an order is (issue 29 item 7): mix-and-match tag pricing, a shop code (NEW200), a member's
 * VIP/VVIP code or the birth-month code. Each keeps its own line from the quote to the order, its e-mail and its
 * tax invoice.
 */
export const DISCOUNT_KINDS = ['mix_match', 'code', 'tier', 'birth_month'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

/** One discount of an order, in minor units of the order's currency (always more than 0). */
export type DiscountLine = { kind: DiscountKind; code: string | null; amount: number }
