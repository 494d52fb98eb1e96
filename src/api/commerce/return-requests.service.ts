import { asc, eq, inArray, sql } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { orderItems, orders, returnRequestItems, returnRequests, variants, type OrderRow } from '~/db/schema'
import type { ReturnKind, ReturnReason } from '~/domain/returns'
import { ApiError } from '~/api/errors'
import { orderReturnWindow, pieceReturnable, type ReturnPiece } from './returnable'
import { alertStaff } from '~/api/alerts/staff-alerts.server'

export type ReturnRequestInput = {
  kind: ReturnKind
  /** Null is refused (field code `required`), with the request's other faults. */
  reason: ReturnReason | null
  note: string | null
  /** Order lines by position, how many of each, and for an exchange the size wanted (null: the same size). */
  items: Array<{ position: number; quantity: number; exchangeSize: string | null }>
}

/** The database or a transaction of it: what reading the pieces needs. */
type Reader = Pick<Db, 'select'>

/**
 * The shopper's exchange and return requests (§4, §9): what the pieces of an order are and how many of each are asked
 * for already, the sizes an exchange may ask for, and the request itself, checked and stored.
 */
export class ReturnRequestsService {
  constructor(private readonly db: Db) {}

  /** The pieces of an order with the quantities already asked for (by any request, whatever its status). */
  async pieces(
    db: Reader,
    orderId: string,
  ): Promise<Array<ReturnPiece & { sku: string; nameTh: string; nameEn: string }>> {
    const [rows, asked] = await Promise.all([
      db
        .select({
          position: orderItems.position,
          sku: orderItems.sku,
          productId: orderItems.productId,
          nameTh: orderItems.nameTh,
          nameEn: orderItems.nameEn,
          size: orderItems.size,
          quantity: orderItems.quantity,
          tags: orderItems.tags,
          category: orderItems.categorySlug,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position)),
      db
        .select({
          position: returnRequestItems.position,
          quantity: sql<number>`sum(${returnRequestItems.quantity})::int`,
        })
        .from(returnRequestItems)
        .where(eq(returnRequestItems.orderId, orderId))
        .groupBy(returnRequestItems.position),
    ])
    const requested = new Map(asked.map((row) => [row.position, Number(row.quantity)]))
    return rows.map((row) => ({ ...row, requested: requested.get(row.position) ?? 0 }))
  }

  /** The sizes each product of these can be exchanged for, in the catalog's order. */
  async sizesOf(productIds: string[], db: Reader = this.db): Promise<Map<string, string[]>> {
    const sizes = new Map<string, string[]>()
    if (productIds.length === 0) return sizes
    const rows = await db
      .select({ productId: variants.productId, size: variants.size })
      .from(variants)
      .where(inArray(variants.productId, [...new Set(productIds)]))
      .orderBy(asc(variants.productId), asc(variants.position))
    for (const row of rows) sizes.set(row.productId, [...(sizes.get(row.productId) ?? []), row.size])
    return sizes
  }

  /**
   * Asks for an exchange or return of some pieces. Input faults (no piece, a piece not of the order, more than
   * was bought, an unknown size, `other` without a note) are 400 with a code per field; pieces that cannot be
   * asked for (order not received, window closed, international, sale or excluded, asked for already) are 409
   * with the reason per piece. The order row is locked while the request is written, so two requests of the
   * same piece at once cannot both pass.
   */
  async request(order: OrderRow, input: ReturnRequestInput, now: Date): Promise<void> {
    const reason = input.reason
    const fields: Record<string, string> = {}
    if (input.items.length === 0) fields.items = 'required'
    if (input.reason === null) fields.reason = 'required'
    if (input.reason === 'other' && !input.note) fields.note = 'required'
    const seen = new Set<number>()
    input.items.forEach((item, index) => {
      if (seen.has(item.position)) fields[`items.${index}.position`] = 'invalid'
      seen.add(item.position)
    })
    if (Object.keys(fields).length > 0 || reason === null) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
    }

    await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update')
      if (!locked) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      const pieces = await this.pieces(tx, order.id)
      const byPosition = new Map(pieces.map((piece) => [piece.position, piece]))
      const sizes =
        input.kind === 'exchange'
          ? await this.sizesOf(
              pieces.map((piece) => piece.productId),
              tx,
            )
          : new Map()
      const inputFields: Record<string, string> = {}
      input.items.forEach((item, index) => {
        const piece = byPosition.get(item.position)
        if (!piece) inputFields[`items.${index}.position`] = 'invalid'
        else if (item.quantity > piece.quantity) inputFields[`items.${index}.quantity`] = 'tooMany'
        else if (
          input.kind === 'exchange' &&
          item.exchangeSize !== null &&
          !(sizes.get(piece.productId) ?? []).includes(item.exchangeSize)
        ) {
          inputFields[`items.${index}.exchangeSize`] = 'invalid'
        }
      })
      if (Object.keys(inputFields).length > 0) {
        throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields: inputFields })
      }

      const orderWindow = orderReturnWindow(locked, pieces, now)
      const refusals: Record<string, string> = {}
      if (orderWindow.reason) refusals.order = orderWindow.reason
      input.items.forEach((item, index) => {
        const piece = byPosition.get(item.position)
        if (!piece) return
        const verdict = pieceReturnable(locked, piece, now)
        if (verdict.reason) refusals[`items.${index}`] = verdict.reason
        else if (item.quantity > verdict.quantity) refusals[`items.${index}`] = 'alreadyRequested'
      })
      if (Object.keys(refusals).length > 0) {
        throw new ApiError(409, 'NOT_ALLOWED', 'Exchange or return is not possible for these pieces', {
          fields: refusals,
        })
      }

      const [stored] = await tx
        .insert(returnRequests)
        .values({ orderId: order.id, kind: input.kind, reason, note: input.note, createdAt: now })
        .returning({ id: returnRequests.id })
      if (!stored) throw new Error('Return request not stored')
      await tx.insert(returnRequestItems).values(
        input.items.map((item) => ({
          requestId: stored.id,
          orderId: order.id,
          position: item.position,
          quantity: item.quantity,
          exchangeSize:
            input.kind === 'exchange' ? (item.exchangeSize ?? byPosition.get(item.position)?.size ?? null) : null,
        })),
      )
      // The staff who decide returns hear of it on LINE (issue 31 item 10), with the request or not at all.
      await alertStaff(
        tx,
        {
          kind: 'return_requested',
          key: stored.id,
          orderNumber: locked.number,
          returnKind: input.kind,
          pieces: input.items.reduce((sum, item) => sum + item.quantity, 0),
        },
        now,
      )
    })
  }
}
