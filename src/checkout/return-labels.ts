import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PieceRefusal, ReturnReason, ReturnRefusal, ReturnStatus } from '~/domain/returns'

/** Why the shopper asks, in words (the reasons of the request form). */
export const RETURN_REASON_LABELS: Record<ReturnReason, MessageDescriptor> = {
  size_does_not_fit: msg`The size does not fit`,
  not_as_pictured: msg`Not as pictured`,
  faulty_or_damaged: msg`Faulty or damaged`,
  wrong_item_sent: msg`Wrong item sent`,
  changed_my_mind: msg`Changed my mind`,
  other: msg`Other reason`,
}

/** Where a request stands with the back office. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, MessageDescriptor> = {
  requested: msg`Sent, awaiting our answer`,
  accepted: msg`Accepted`,
  rejected: msg`Not accepted`,
  completed: msg`Completed`,
}

/** Why one piece cannot be exchanged or returned. */
export const PIECE_REFUSAL_LABELS: Record<PieceRefusal, MessageDescriptor> = {
  alreadyReturned: msg`This order has been returned.`,
  international: msg`International orders cannot be exchanged or returned.`,
  saleItem: msg`Sale items cannot be exchanged or returned.`,
  excludedCategory: msg`Underwear, swimwear, accessories and jewelry cannot be exchanged or returned.`,
  notReceived: msg`Can be asked for once you have received the order.`,
  windowClosed: msg`The period for an exchange or return has ended.`,
  alreadyRequested: msg`Already in a request.`,
}

/** Why nothing of the order can be exchanged or returned. */
export const RETURN_REFUSAL_LABELS: Record<ReturnRefusal, MessageDescriptor> = {
  notReceived: msg`An exchange or return can be asked for within 7 days after you receive the order.`,
  windowClosed: msg`The 7-day period for an exchange or return has ended.`,
  international: msg`International orders cannot be exchanged or returned.`,
  saleItems: msg`Sale items cannot be exchanged or returned.`,
  excludedCategory: msg`Sale items, underwear, swimwear, accessories and jewelry cannot be exchanged or returned.`,
  alreadyReturned: msg`This order has been returned.`,
  alreadyRequested: msg`Every piece that can be exchanged or returned is in a request.`,
}

export function isReturnReason(value: string): value is ReturnReason {
  return Object.hasOwn(RETURN_REASON_LABELS, value)
}

export function isReturnStatus(value: string): value is ReturnStatus {
  return Object.hasOwn(RETURN_STATUS_LABELS, value)
}

export function isPieceRefusal(value: string): value is PieceRefusal {
  return Object.hasOwn(PIECE_REFUSAL_LABELS, value)
}

export function isReturnRefusal(value: string): value is ReturnRefusal {
  return Object.hasOwn(RETURN_REFUSAL_LABELS, value)
}
