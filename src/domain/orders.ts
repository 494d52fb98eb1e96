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
