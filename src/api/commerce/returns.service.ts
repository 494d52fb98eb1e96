import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import {
  orderItems,
  orders,
  orderShipments,
  returnRequestItems,
  returnRequests,
  variants,
  type OrderRow,
} from '~/db/schema'
import type { ReturnKind, PieceRefusal, ReturnReason, ReturnRefusal, ReturnStatus } from '~/domain/returns'
import type { OrderStatus } from '~/domain/orders'
import { ApiError } from '~/api/errors'
import { carrierById, parseTrackingNumber, trackingUrl, type CarrierId } from '~/domain/carriers'
import { pieceEligibility, returnEligibility, RETURN_STATUSES, RETURN_TRANSITIONS } from '~/domain/returns'

export type ReturnRequestInput = {
  kind: ReturnKind
  /** Null is refused (field code `required`), with the request's other faults. */
  reason: ReturnReason | null
  note: string | null
  /** Order lines by position, how many of each, and for an exchange the size wanted (null: the same size). */
  items: Array<{ position: number; quantity: number; exchangeSize: string | null }>
}

export type ReturnRequestView = {
  id: string
  kind: ReturnKind
  reason: ReturnReason
  note: string | null
  status: ReturnStatus
  decisionNote: string | null
  createdAt: string
  decidedAt: string | null
  items: Array<{
    position: number
    sku: string
    name: string
    size: string
    quantity: number
    exchangeSize: string | null
  }>
}

/** A request as the back office lists it: with its order. */
export type OperatorReturnView = ReturnRequestView & {
  order: { number: string; status: OrderStatus; email: string; telephone: string; receivedAt: string | null }
}

export type ShipmentView = {
  carrier: string
  carrierName: string
  trackingNumber: string
  url: string | null
  createdAt: string
}

/** What the hook of an accepted request hears (the e-mail to the shopper is built from it). */
export type AcceptedReturn = {
  id: string
  kind: ReturnKind
  reason: string
  items: Array<{ name: string; size: string; quantity: number }>
}

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

type Lang = 'th' | 'en'

/** The database or a transaction of it: what reading the pieces needs. */
type Reader = Pick<Db, 'select'>

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

/**
 * Exchanges and returns per piece (§4, §9) and the shipments of an order: the shopper's requests, the back
 * office's decisions, and the tracking numbers it adds.
 */
export class ReturnService {
  constructor(
    private readonly db: Db,
    private readonly onReturnAccepted: ((order: OrderRow, request: AcceptedReturn) => Promise<void>) | null,
  ) {}

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
    })
  }

  /** The requests of an order, oldest first, with their pieces named in `lang`. */
  async ofOrder(orderId: string, lang: Lang): Promise<ReturnRequestView[]> {
    return this.views(await this.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)), lang)
  }

  private async views(rows: Array<typeof returnRequests.$inferSelect>, lang: Lang): Promise<ReturnRequestView[]> {
    if (rows.length === 0) return []
    const items = await this.db
      .select({
        requestId: returnRequestItems.requestId,
        position: returnRequestItems.position,
        quantity: returnRequestItems.quantity,
        exchangeSize: returnRequestItems.exchangeSize,
        sku: orderItems.sku,
        nameTh: orderItems.nameTh,
        nameEn: orderItems.nameEn,
        size: orderItems.size,
      })
      .from(returnRequestItems)
      .innerJoin(
        orderItems,
        and(eq(orderItems.orderId, returnRequestItems.orderId), eq(orderItems.position, returnRequestItems.position)),
      )
      .where(
        inArray(
          returnRequestItems.requestId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(returnRequestItems.position))
    return rows
      .toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        reason: row.reason,
        note: row.note,
        status: row.status,
        decisionNote: row.decisionNote,
        createdAt: row.createdAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        items: items
          .filter((item) => item.requestId === row.id)
          .map((item) => ({
            position: item.position,
            sku: item.sku,
            name: lang === 'th' ? item.nameTh : item.nameEn,
            size: item.size,
            quantity: item.quantity,
            exchangeSize: item.exchangeSize,
          })),
      }))
  }

  /** Back office: the requests, newest first, optionally of one status, a page at a time. */
  async list(status: ReturnStatus | null, page: number, pageSize: number, lang: Lang) {
    const where = status ? eq(returnRequests.status, status) : undefined
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(returnRequests)
      .where(where)
    const rows = await this.db
      .select()
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(where)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    const views = await this.views(
      rows.map((row) => row.return_requests),
      lang,
    )
    const byId = new Map(views.map((view) => [view.id, view]))
    const items: OperatorReturnView[] = rows.flatMap((row) => {
      const view = byId.get(row.return_requests.id)
      return view ? [{ ...view, order: orderSummary(row.orders) }] : []
    })
    return { items, total, page, pageSize }
  }

  /** Back office: one request with its order. */
  async one(id: string, lang: Lang): Promise<OperatorReturnView> {
    const [row] = await this.db
      .select()
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(eq(returnRequests.id, id))
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
    const [view] = await this.views([row.return_requests], lang)
    if (!view) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
    return { ...view, order: orderSummary(row.orders) }
  }

  /**
   * Back office: accepts, rejects (a note the shopper reads is required) or completes a request. The status
   * moves only along RETURN_TRANSITIONS, guarded in the statement itself, so two operators deciding at once
   * cannot both win. An accepted request is announced to `onReturnAccepted` after it is stored; a failure there
   * is logged, never undoes the decision.
   */
  async decide(id: string, to: Exclude<ReturnStatus, 'requested'>, note: string | null, lang: Lang) {
    if (to === 'rejected' && !note) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please say why the request is rejected.', {
        fields: { note: 'required' },
      })
    }
    const from = RETURN_STATUSES.filter((status) => RETURN_TRANSITIONS[status].includes(to))
    const now = new Date()
    const [updated] = await this.db
      .update(returnRequests)
      .set({
        status: to,
        ...(note !== null || to !== 'completed' ? { decisionNote: note } : {}),
        ...(to === 'completed' ? {} : { decidedAt: now }),
        updatedAt: now,
      })
      .where(and(eq(returnRequests.id, id), inArray(returnRequests.status, from)))
      .returning()
    if (!updated) {
      const [existing] = await this.db
        .select({ status: returnRequests.status })
        .from(returnRequests)
        .where(eq(returnRequests.id, id))
      if (!existing) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
      throw new ApiError(409, 'NOT_ALLOWED', `A request ${existing.status} cannot become ${to}`)
    }
    const view = await this.one(id, lang)
    if (to === 'accepted') await this.announceAccepted(updated.orderId, view)
    return view
  }

  private async announceAccepted(orderId: string, view: OperatorReturnView): Promise<void> {
    const hook = this.onReturnAccepted
    if (!hook) return
    try {
      const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId))
      if (!order) return
      // The pieces in the order's own language: the shopper reads what the hook sends.
      const [inOrderLanguage] = await this.views(
        await this.db.select().from(returnRequests).where(eq(returnRequests.id, view.id)),
        order.locale === 'en' ? 'en' : 'th',
      )
      await hook(order, {
        id: view.id,
        kind: view.kind,
        reason: view.reason,
        items: (inOrderLanguage ?? view).items.map((item) => ({
          name: item.name,
          size: item.size,
          quantity: item.quantity,
        })),
      })
    } catch (error) {
      console.error('Return accepted hook failed:', error instanceof Error ? error.message : error)
    }
  }

  /** The shipments of an order, oldest first, carriers named in `lang`. */
  async shipmentsOf(orderId: string, lang: Lang, db: Db = this.db): Promise<ShipmentView[]> {
    const rows = await db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id))
    return rows.map((row) => shipmentView(row, lang))
  }

  /**
   * Back office: a parcel of the order with its carrier and tracking number (loosely checked per carrier).
   * Not for an order that is unpaid or cancelled. The same number twice is kept once (`added` false).
   */
  async addShipment(order: OrderRow, carrierId: CarrierId, rawNumber: string): Promise<{ added: boolean }> {
    const carrier = carrierById(carrierId)
    if (!carrier) {
      throw new ApiError(400, 'INVALID_INPUT', 'Unknown carrier', { fields: { carrier: 'invalid' } })
    }
    const trackingNumber = parseTrackingNumber(carrier, rawNumber)
    if (!trackingNumber) {
      throw new ApiError(400, 'INVALID_INPUT', 'This is not a tracking number of this carrier', {
        fields: { trackingNumber: rawNumber.trim() ? 'invalid' : 'required' },
      })
    }
    if (order.status === 'awaiting_payment' || order.status === 'cancelled') {
      throw new ApiError(409, 'NOT_ALLOWED', `An order ${order.status} is not shipped`)
    }
    const stored = await this.db
      .insert(orderShipments)
      .values({ orderId: order.id, carrier: carrier.id, trackingNumber })
      .onConflictDoNothing()
      .returning({ id: orderShipments.id })
    return { added: stored.length > 0 }
  }
}

function orderSummary(order: OrderRow): OperatorReturnView['order'] {
  return {
    number: order.number,
    status: order.status,
    email: order.email,
    telephone: order.telephone,
    receivedAt: order.receivedAt?.toISOString() ?? null,
  }
}

function shipmentView(row: typeof orderShipments.$inferSelect, lang: Lang): ShipmentView {
  const carrier = carrierById(row.carrier)
  return {
    carrier: row.carrier,
    carrierName: carrier ? carrier.name[lang] : row.carrier,
    trackingNumber: row.trackingNumber,
    url: carrier ? trackingUrl(carrier, row.trackingNumber) : null,
    createdAt: row.createdAt.toISOString(),
  }
}
