import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderStatus } from '~/domain/orders'

export type { OrderStatus }

/** §4: each order status in words, for the order page and the order history. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  awaiting_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  packed: msg`Packed`,
  in_transit: msg`In transit`,
  received: msg`Received`,
  cancelled: msg`Cancelled`,
  returned: msg`Returned`,
}

export function isOrderStatus(value: string): value is OrderStatus {
  return Object.hasOwn(ORDER_STATUS_LABELS, value)
}

/** The words of a status the API sent; a status this storefront does not know yet is shown as sent. */
export function orderStatusLabel(status: string): MessageDescriptor | string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status
}
