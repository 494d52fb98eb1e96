import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderQueue } from '~/contract/admin-orders'
import type { REFUND_STATUSES } from '~/contract/admin-refunds'
import type { RefundState } from '~/domain/refunds'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '~/domain/orders'
import type { AdminLocale } from '../locale'

/** What the back office calls an order's states, payments and the work waiting (read with `i18n._`). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  awaiting_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  packed: msg`Packed`,
  in_transit: msg`In transit`,
  received: msg`Received`,
  cancelled: msg`Cancelled`,
  returned: msg`Returned`,
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  authorized: msg`Authorised`,
  paid: msg`Paid`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  card: msg`Card`,
  paypal: msg`PayPal`,
  bank_transfer: msg`Bank transfer`,
}

export const QUEUE_LABELS: Record<OrderQueue, MessageDescriptor> = {
  confirm_payment: msg`Payments to confirm`,
  pack: msg`To pack`,
  ship: msg`To ship`,
  returns: msg`Returns to decide`,
}

/** The e-mails the timeline lists, and what became of each. */
export const MAIL_LABELS: Record<string, MessageDescriptor> = {
  order_placed: msg`E-mail: order placed`,
  payment_received: msg`E-mail: payment received`,
  shipped: msg`E-mail: shipped`,
  return_accepted: msg`E-mail: return accepted`,
  bank_transfer_reminder: msg`E-mail: transfer reminder`,
  order_cancelled: msg`E-mail: order cancelled`,
  refund: msg`E-mail: refund`,
}
export const MAIL_STATE_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`waiting to be sent`,
  sent: msg`sent`,
  failed: msg`could not be sent`,
  skipped: msg`not sent (no e-mail channel)`,
}

/** Staff actions the timeline lists. */
export const STAFF_ACTION_LABELS: Record<string, MessageDescriptor> = {
  'order.cancel': msg`Cancelled by staff`,
  'order.address': msg`Delivery address changed`,
  'order.refund': msg`Refund asked`,
  'order.refund_accepted': msg`Refund made by the provider`,
  'order.refund_failed': msg`Refund failed`,
  'order.refund_succeeded': msg`Refund completed`,
  'order.dispute': msg`Payment disputed`,
  'order.dispute_updated': msg`Dispute updated`,
  'order.dispute_closed': msg`Dispute closed`,
  'order.ship': msg`Shipped by staff`,
  'order.parcel': msg`Parcel added by staff`,
  'order.delivered': msg`Delivered (the carrier’s tracking)`,
}

/** How an order's payment stands after its refunds, and where each refund stands (issue 31 item 7). */
export const REFUND_STATE_LABELS: Record<RefundState, MessageDescriptor> = {
  none: msg`Not refunded`,
  partially_refunded: msg`Partially refunded`,
  refunded: msg`Refunded`,
}
export const REFUND_STATUS_LABELS: Record<(typeof REFUND_STATUSES)[number], MessageDescriptor> = {
  pending: msg`refund pending`,
  succeeded: msg`refunded`,
  failed: msg`refund failed`,
}

/** A date and time in Bangkok, as the staff member's language writes it (Thai with the Buddhist era). */
export function formatWhen(iso: string, locale: AdminLocale): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso))
}

/** How long something has waited: minutes, hours or days, in the staff member's language. */
export function formatAge(seconds: number, locale: AdminLocale): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.max(1, Math.floor(seconds / 60)), 'minute']
      : seconds < 86_400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86_400), 'day']
  return new Intl.NumberFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value)
}
