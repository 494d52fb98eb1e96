import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { orderItems, orders, returnRequestItems, returnRequests, type OrderRow } from '~/db/schema'
import type { OrderStatus } from '~/domain/orders'
import type { ReturnKind, ReturnReason, ReturnStatus } from '~/domain/returns'
import { ApiError } from '~/api/errors'

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

type Lang = 'th' | 'en'

/** Exchange and return requests as they are read: an order's (its page), and the back office's list and one request. */
export class ReturnViews {
  constructor(private readonly db: Db) {}

  /** The requests of an order, oldest first, with their pieces named in `lang`. */
  async ofOrder(orderId: string, lang: Lang): Promise<ReturnRequestView[]> {
    return this.of(await this.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)), lang)
  }

  /** Requests as the shopper and the back office read them: oldest first, their pieces named in `lang`. */
  async of(
    rows: Array<typeof returnRequests.$inferSelect>,
    lang: Lang,
    db: Pick<Db, 'select'> = this.db,
  ): Promise<ReturnRequestView[]> {
    if (rows.length === 0) return []
    const items = await db
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
    const views = await this.of(
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
    const [view] = await this.of([row.return_requests], lang)
    if (!view) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
    return { ...view, order: orderSummary(row.orders) }
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
