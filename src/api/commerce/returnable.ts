import type { OrderRow } from '~/db/schema'
import type { PieceRefusal, ReturnRefusal } from '~/domain/returns'
import { pieceEligibility, returnEligibility } from '~/domain/returns'

/** Pieces of an order as the rules see them: the line, and how many of it are in requests already. */
export type ReturnPiece = {
  position: number
  productId: string
  size: string
  quantity: number
  requested: number
  tags: string[]
  category: string
}

/** The order's view of a piece: how many can still be asked for, or why none. */
export function pieceReturnable(
  order: OrderRow,
  piece: ReturnPiece,
  now: Date,
): { quantity: number; reason: PieceRefusal | null } {
  const verdict = pieceEligibility(returnableOrder(order, []), piece, now)
  return verdict.eligible ? { quantity: verdict.quantity, reason: null } : { quantity: 0, reason: verdict.reason }
}

/** The order-level summary: until when something can be asked for, or why nothing can. */
export function orderReturnWindow(
  order: OrderRow,
  pieces: ReturnPiece[],
  now: Date,
): { until: string | null; reason: ReturnRefusal | null } {
  const verdict = returnEligibility(returnableOrder(order, pieces), now)
  return verdict.eligible ? { until: verdict.until, reason: null } : { until: null, reason: verdict.reason }
}

function returnableOrder(order: OrderRow, pieces: ReturnPiece[]) {
  return {
    status: order.status,
    receivedAt: order.receivedAt?.toISOString() ?? null,
    international: isInternational(order),
    items: pieces,
  }
}

export function isInternational(order: Pick<OrderRow, 'address'>): boolean {
  return order.address !== null && order.address.country !== 'TH'
}
