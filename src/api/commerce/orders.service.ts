import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { ShopEvents } from '~/api/shop-events.server'
import { type Db } from '~/db/client.server'
import {
  creditNotes,
  members,
  orderEvents,
  orderItems,
  orders,
  payments,
  taxInvoices,
  variants,
  type OrderRow,
} from '~/db/schema'
import type { DiscountLine, OrderCancelReason, OrderStatus, PaymentStatus } from '~/domain/orders'
import type { CarrierId } from '~/domain/carriers'
import { canCancel } from '~/domain/returns'
import { CANCELLED_BY_SHOPPER_NOTE } from '~/domain/payment-outcome'
import { sha256 } from '~/api/accounts/crypto.server'
import { ApiError } from '~/api/errors'
import { enqueueOrderMail } from '~/api/emails/order-mails.server'
import { mailI18n, mailLocale } from '~/api/emails/i18n.server'
import { statusLineText } from '~/api/emails/templates'
import type { MembershipService } from '~/api/accounts/membership.service'
import { taxInvoiceState } from './tax-invoice.service'
import type { OrderView } from './order-view'
import { orderDiscountLines } from './discounts'
import { giveBackUse } from './shop-codes.server'
import type { StoreNames } from './store-names'
import { isInternational, orderReturnWindow, pieceReturnable, type ReturnPiece } from './returnable'
import type { ReturnRequestInput, ReturnRequestsService } from './return-requests.service'
import type { ReturnRequestView, ReturnViews } from './return-views'
import type { ShipmentsService, ShipmentView } from './shipments.service'
import type { ChangeRecorder } from './operator.server'

/** §4: which status may follow which (the operator endpoint enforces it). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled'],
  packed: ['in_transit'],
  in_transit: ['received'],
  received: ['returned'],
  cancelled: [],
  returned: [],
}

export type OrdersServiceOptions = {
  db: Db
  /** The branches by id (a pick-up order names its branch). */
  stores: StoreNames
  /** Tiers and member codes (issue 6): a paid, cancelled or returned order counts again. */
  membership?: MembershipService | null
  /** LINE messages to members linked to LINE (when a Messaging API channel is configured). */
  pushLine?: ((to: string, text: string) => Promise<void>) | null
  /** The storefront's order page, which a LINE message links to (absolute; decision 144). */
  orderPage?: ((orderNumber: string, lang: 'th' | 'en') => string) | null
  /** The shopper's exchange and return requests (an order's pieces and the sizes to exchange for). */
  returnRequests: ReturnRequestsService
  /** An order's requests as its page shows them. */
  returnViews: ReturnViews
  /** The parcels of an order. */
  shipments: ShipmentsService
}

/**
 * Orders once placed (issue 5): their views for the shopper and the back office, the member's history, and §4's
 * status changes with what each owes (stock, payments, e-mails, LINE messages); a return request and a parcel through
 * the services of their own, with the order's view as the answer.
 */
export class OrdersService {
  private readonly db: Db
  private readonly shopEvents: ShopEvents
  constructor(private readonly options: OrdersServiceOptions) {
    this.db = options.db
    this.shopEvents = new ShopEvents(options.db)
  }

  /**
   * Moves an order along §4's states. The change, its event, its payment, the stock a cancellation gives back and the
   * e-mail the shopper is owed (payment received, shipped, cancelled) are stored in one transaction, the order row
   * locked and its status guarded, so a crash never leaves a cancelled order holding its stock and a change happens
   * once; the e-mail worker sends the e-mail. Members linked to LINE also get a LINE message.
   */
  async changeStatus(
    orderId: string,
    status: OrderStatus,
    note: string | null,
    options: { cancelReason?: OrderCancelReason; lang?: 'th' | 'en'; record?: ChangeRecorder } = {},
  ): Promise<OrderView> {
    const now = new Date()
    const updated = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      if (!ORDER_TRANSITIONS[order.status].includes(status)) {
        throw new ApiError(409, 'NOT_ALLOWED', `An order ${order.status} cannot become ${status}`)
      }
      const [row] = await tx
        .update(orders)
        .set({ status, updatedAt: now, ...(status === 'received' ? { receivedAt: now } : {}) })
        .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
        .returning()
      if (!row) throw new ApiError(409, 'NOT_ALLOWED', 'The order changed meanwhile')
      await tx.insert(orderEvents).values({ orderId, status, note, createdAt: now })
      // The back office's audit entry (decision 174), with the change.
      await options.record?.(tx, { before: { status: order.status }, after: { status, note } })
      // The back office marking an order paid (a bank transfer seen on the statement) settles its pending payment,
      // and a cancelled order's pending payment is cancelled with it (issue 17): the order page never says
      // "pending" for money the shop has, or for an order that is gone.
      if (status === 'paid' || status === 'cancelled') {
        await tx
          .update(payments)
          .set({ status, updatedAt: now })
          .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
      }
      if (status === 'cancelled') {
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
        for (const item of items) {
          await tx
            .update(variants)
            .set({ stockOnline: sql`${variants.stockOnline} + ${item.quantity}` })
            .where(eq(variants.sku, item.sku))
        }
        await giveBackUse(tx, order)
      }
      // The e-mail this change owes the shopper, guest or member, stored with the change (issue 17, item 7).
      if (status === 'paid') {
        await enqueueOrderMail(tx, { kind: 'payment_received', orderId, data: {} }, now)
      } else if (status === 'in_transit') {
        // The parcels the back office added, with their tracking numbers and links.
        const shipments = await this.options.shipments.ofOrder(orderId, order.locale === 'en' ? 'en' : 'th', tx)
        await enqueueOrderMail(tx, { kind: 'shipped', orderId, data: { shipments } }, now)
      } else if (status === 'cancelled') {
        const reason = options.cancelReason ?? 'shop'
        await enqueueOrderMail(
          tx,
          { kind: 'order_cancelled', orderId, data: { reason, refund: order.status === 'paid' } },
          now,
        )
      }
      return row
    })
    // The shop's own funnel (issue 33, decision 202): an order paid, however it was paid, counted once committed.
    if (status === 'paid') await this.shopEvents.count('paid')
    if (updated.memberId && this.options.membership && ['paid', 'cancelled', 'returned'].includes(status)) {
      if (status === 'cancelled') await this.options.membership.releaseCode(updated.id)
      await this.options.membership.recompute(updated.memberId)
    }
    await this.tellLineMember(updated)
    return this.view(updated, undefined, now, options.lang)
  }

  /**
   * A member linked to LINE hears of each status change there too, in the order's language (e-mail catalog): called
   * after the change is committed, here and by the back office's shipping (which moves an order with its parcel).
   * Never throws: a LINE failure is logged, the change stands and the e-mail tells the member.
   */
  async tellLineMember(order: OrderRow): Promise<void> {
    const pushLine = this.options.pushLine
    if (!pushLine || !order.memberId) return
    try {
      const [member] = await this.db
        .select({ lineUserId: members.lineUserId })
        .from(members)
        .where(eq(members.id, order.memberId))
      if (!member?.lineUserId) return
      const locale = mailLocale(order.locale)
      const status = statusLineText(await mailI18n(locale), order.number, order.status)
      // The member's order page, where the status, the payment and the parcel are (a member's order has a page).
      const page = this.options.orderPage?.(order.number, locale)
      const text = page ? `${status}\n${page}` : status
      await pushLine(member.lineUserId, text)
    } catch (error) {
      console.error('LINE notification failed:', error instanceof Error ? error.message : error)
    }
  }

  /** The shopper cancels: only before the parcel is packed (§4: never once paid and in transit). */
  async cancelByShopper(order: OrderRow, lang?: 'th' | 'en'): Promise<OrderView> {
    if (!canCancel(order.status)) {
      throw new ApiError(409, 'NOT_ALLOWED', 'This order can no longer be cancelled')
    }
    return this.changeStatus(order.id, 'cancelled', CANCELLED_BY_SHOPPER_NOTE, { cancelReason: 'shopper', lang })
  }

  /**
   * An exchange or return of some pieces, asked for after receipt, within 7 days, for returnable pieces of
   * domestic orders, each unit once (§4, §9).
   */
  async requestReturn(
    order: OrderRow,
    input: ReturnRequestInput,
    now = new Date(),
    lang?: 'th' | 'en',
  ): Promise<OrderView> {
    await this.options.returnRequests.request(order, input, now)
    return this.view(order, undefined, now, lang)
  }

  /** Back office: a parcel of the order and its tracking number. */
  async addShipment(order: OrderRow, carrier: CarrierId, trackingNumber: string, record?: ChangeRecorder) {
    const { added } = await this.options.shipments.add(order, carrier, trackingNumber, record)
    return { added, order: await this.view(order) }
  }

  async byNumber(number: string): Promise<OrderRow | null> {
    const [order] = await this.db.select().from(orders).where(eq(orders.number, number))
    return order ?? null
  }

  /** The order of this number, for the back office (404 when there is none). */
  async requireByNumber(number: string): Promise<OrderRow> {
    const order = await this.byNumber(number)
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    return order
  }

  /** The order of a member, or of a guest who holds its access token. */
  async forViewer(number: string, viewer: { memberId: string | null; accessToken: string | null }): Promise<OrderRow> {
    const order = await this.byNumber(number)
    const allowed =
      order &&
      ((viewer.memberId !== null && order.memberId === viewer.memberId) ||
        (viewer.accessToken !== null && order.accessTokenHash === sha256(viewer.accessToken)))
    if (!order || !allowed) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    return order
  }

  async history(memberId: string, page: number, pageSize: number) {
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.memberId, memberId))
    const rows = await this.db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        total: orders.total,
        currency: orders.currency,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    return {
      items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
      page,
      pageSize,
    }
  }

  async view(
    order: OrderRow,
    known?: {
      items: Array<typeof orderItems.$inferSelect>
      discounts: DiscountLine[]
      events: Array<typeof orderEvents.$inferSelect>
      payment: { status: PaymentStatus; redirectUrl: string | null }
      returns: ReturnRequestView[]
      shipments: ShipmentView[]
    },
    now = new Date(),
    /** The language of the names (items, store, returns); the order's own language unless asked (issue 29). */
    asked?: 'th' | 'en',
  ): Promise<OrderView> {
    const lang = asked ?? (order.locale === 'en' ? 'en' : 'th')
    const [items, discounts, events, paymentRows, store, returns, shipments, invoices, credits] = await Promise.all([
      known
        ? known.items
        : this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
      known ? known.discounts : orderDiscountLines(this.db, order.id),
      known
        ? known.events
        : this.db
            .select()
            .from(orderEvents)
            .where(eq(orderEvents.orderId, order.id))
            .orderBy(asc(orderEvents.createdAt)),
      known
        ? [known.payment]
        : this.db
            .select()
            .from(payments)
            .where(eq(payments.orderId, order.id))
            .orderBy(desc(payments.createdAt))
            .limit(1),
      order.storeId ? this.options.stores.byId().then((byId) => byId.get(order.storeId ?? '')) : undefined,
      known ? known.returns : this.options.returnViews.ofOrder(order.id, lang),
      known ? known.shipments : this.options.shipments.ofOrder(order.id, lang),
      // A new order has no invoice yet; otherwise one look at the invoice of this order.
      known
        ? []
        : this.db
            .select({ number: taxInvoices.number, issuedAt: taxInvoices.issuedAt })
            .from(taxInvoices)
            .where(eq(taxInvoices.orderId, order.id)),
      known
        ? []
        : this.db
            .select({ number: creditNotes.number, issuedAt: creditNotes.issuedAt })
            .from(creditNotes)
            .where(eq(creditNotes.orderId, order.id))
            .orderBy(asc(creditNotes.sequence)),
    ])
    const requested = new Map<number, number>()
    for (const request of returns) {
      for (const item of request.items)
        requested.set(item.position, (requested.get(item.position) ?? 0) + item.quantity)
    }
    const pieces: ReturnPiece[] = items.map((item) => ({
      position: item.position,
      productId: item.productId,
      size: item.size,
      quantity: item.quantity,
      requested: requested.get(item.position) ?? 0,
      tags: item.tags,
      category: item.categorySlug,
    }))
    const returnable = pieces.map((piece) => pieceReturnable(order, piece, now))
    // Sizes to exchange for are read only when some piece can be asked for (never on the checkout path).
    const sizes = returnable.some((verdict) => verdict.reason === null)
      ? await this.options.returnRequests.sizesOf(items.map((item) => item.productId))
      : new Map<string, string[]>()
    const payment = paymentRows[0]
    const storeRow = store
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      currency: order.currency,
      email: order.email,
      telephone: order.telephone,
      subtotal: order.subtotal,
      discount: order.discount,
      discounts,
      shippingFee: order.shippingFee,
      total: order.total,
      vatIncluded: order.vatIncluded,
      promotionCode: order.promotionCode,
      shippingMethod: order.shippingMethod,
      store: storeRow ? { id: storeRow.id, name: lang === 'th' ? storeRow.nameTh : storeRow.nameEn } : null,
      address: order.address,
      paymentMethod: order.paymentMethod,
      payment: payment
        ? { status: payment.status, redirectUrl: payment.status === 'pending' ? payment.redirectUrl : null }
        : null,
      items: items.map((item, index) => ({
        position: item.position,
        sku: item.sku,
        productId: item.productId,
        name: lang === 'th' ? item.nameTh : item.nameEn,
        size: item.size,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        lineTotal: item.unitPrice * item.quantity,
        tags: item.tags,
        category: item.categorySlug,
        returnable: returnable[index] ?? { quantity: 0, reason: 'notReceived' },
        exchangeSizes: returnable[index]?.reason === null ? (sizes.get(item.productId) ?? []) : [],
      })),
      events: events.map((event) => ({ status: event.status, at: event.createdAt.toISOString(), note: event.note })),
      createdAt: order.createdAt.toISOString(),
      receivedAt: order.receivedAt?.toISOString() ?? null,
      paymentDueAt: order.status === 'awaiting_payment' ? (order.paymentDueAt?.toISOString() ?? null) : null,
      international: isInternational(order),
      returnWindow: orderReturnWindow(order, pieces, now),
      returns,
      shipments,
      taxInvoice: taxInvoiceState(order, invoices[0] ?? null),
      creditNotes: credits.map((credit) => ({ number: credit.number, issuedAt: credit.issuedAt.toISOString() })),
    }
  }
}
