import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  auditLog,
  members,
  orderEvents,
  orderMails,
  orderNotes,
  orders,
  payments,
  returnRequests,
  type OrderAddress,
  type OrderRow,
} from '~/db/schema'
import type { Currency } from '~/domain/money'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '~/domain/orders'
import { canCancel } from '~/domain/returns'
import { normaliseAddress, validateAddress, type AddressInput } from '~/domain/address'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { ApiError } from '~/api/errors'
import type { OrdersService } from '~/api/commerce/orders.service'
import type { OrderQueue } from '~/contract/admin-orders'
import type { AuditContext } from './actor'
import { assertSteppedUp } from './step-up.server'
import type { AuditLog } from './audit.server'

export type AdminOrderSort = 'placed' | 'number' | 'total' | 'status'

export type AdminOrderFilter = {
  status?: OrderStatus
  paymentStatus?: PaymentStatus
  paymentMethod?: PaymentMethod
  currency?: Currency
  placedFrom?: string
  placedTo?: string
  store?: string
  openReturn?: boolean
  q?: string
}

export type AdminOrderPageRequest = { sort: AdminOrderSort; dir: 'asc' | 'desc'; page: number; size: number }

/** The statuses in which §4 lets staff cancel an order or change where it goes: before it is packed. */
export function addressEditable(order: Pick<OrderRow, 'status' | 'shippingMethod'>): boolean {
  return order.shippingMethod === 'courier' && canCancel(order.status)
}

/** The start of a day in Bangkok (the shop's time), or the instant as written. */
function instant(value: string, endOfDay: boolean): Date {
  if (value.length !== 10) return new Date(value)
  const start = new Date(`${value}T00:00:00+07:00`)
  return endOfDay ? new Date(start.getTime() + 24 * 60 * 60 * 1000) : start
}

/** LIKE's own characters taken literally. */
function likeText(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** The order's latest payment's status (an order may have been paid again after a failure). */
const latestPaymentStatus = sql<PaymentStatus | null>`(SELECT ${payments.status} FROM ${payments} WHERE ${payments.orderId} = ${orders.id} ORDER BY ${payments.createdAt} DESC LIMIT 1)`

/** Who the order is for, as staff look for them: the delivery name, else the member's, else the e-mail. */
const customerName = sql<string>`COALESCE(NULLIF(TRIM(CONCAT_WS(' ', ${orders.address}->>'firstname', ${orders.address}->>'lastname')), ''), ${members.fullname}, ${orders.email})`

/** When an order reached its current status: its latest event of that status (its placing for a new one). */
const statusSince = sql<Date>`COALESCE((SELECT MAX(${orderEvents.createdAt}) FROM ${orderEvents} WHERE ${orderEvents.orderId} = ${orders.id} AND ${orderEvents.status} = ${orders.status}), ${orders.createdAt})`

/**
 * The back office's orders workspace (issue 31 item 5): the list staff filter and search, the queues of work, an
 * order's whole story, and the changes staff make to it (a note, cancelling, the address), each audited in the
 * transaction of the change. Status changes go through OrdersService.changeStatus, the shop's one way of moving an
 * order (its stock, payments, e-mails and LINE messages).
 */
export class AdminOrders {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  private where(filter: AdminOrderFilter): SQL | undefined {
    const conditions: Array<SQL | undefined> = [
      filter.status ? eq(orders.status, filter.status) : undefined,
      filter.paymentMethod ? eq(orders.paymentMethod, filter.paymentMethod) : undefined,
      filter.currency ? eq(orders.currency, filter.currency) : undefined,
      filter.store ? eq(orders.storeId, filter.store) : undefined,
      filter.placedFrom ? gte(orders.createdAt, instant(filter.placedFrom, false)) : undefined,
      filter.placedTo
        ? filter.placedTo.length === 10
          ? lt(orders.createdAt, instant(filter.placedTo, true))
          : lte(orders.createdAt, instant(filter.placedTo, false))
        : undefined,
      filter.paymentStatus ? sql`${latestPaymentStatus} = ${filter.paymentStatus}` : undefined,
      filter.openReturn === undefined
        ? undefined
        : sql`${filter.openReturn ? sql`` : sql`NOT `}EXISTS (SELECT 1 FROM ${returnRequests} WHERE ${returnRequests.orderId} = ${orders.id} AND ${returnRequests.status} = 'requested')`,
      filter.q ? this.search(filter.q) : undefined,
    ]
    const present = conditions.filter((condition): condition is SQL => condition !== undefined)
    return present.length > 0 ? and(...present) : undefined
  }

  /**
   * A search as staff type it: part of the number (AS-2611-00042, 00042), of the name or the e-mail, or the
   * telephone number as people say it (081 234 5678 finds +66812345678: the leading 0 is the country's trunk prefix).
   */
  private search(q: string): SQL | undefined {
    const text = `%${likeText(q)}%`
    const digits = q.replace(/\D/g, '')
    const national = digits.startsWith('0') ? digits.slice(1) : digits
    return or(
      ilike(orders.number, text),
      ilike(orders.email, text),
      ilike(customerName, text),
      ilike(sql`CONCAT_WS(' ', ${members.fullname}, ${orders.address}->>'email')`, text),
      national.length >= 4
        ? sql`(REGEXP_REPLACE(${orders.telephone}, '\\D', '', 'g') LIKE ${`%${national}%`} OR REGEXP_REPLACE(COALESCE(${orders.address}->>'telephoneNumber', ''), '\\D', '', 'g') LIKE ${`%${national}%`})`
        : undefined,
    )
  }

  async list(filter: AdminOrderFilter, page: AdminOrderPageRequest) {
    const where = this.where(filter)
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .leftJoin(members, eq(members.id, orders.memberId))
      .where(where)
    const column = {
      placed: orders.createdAt,
      number: orders.number,
      total: orders.total,
      status: orders.status,
    }[page.sort]
    const direction = page.dir === 'asc' ? asc : desc
    const rows = await this.db
      .select({
        number: orders.number,
        placedAt: orders.createdAt,
        status: orders.status,
        customer: customerName,
        email: orders.email,
        telephone: orders.telephone,
        currency: orders.currency,
        total: orders.total,
        paymentMethod: orders.paymentMethod,
        paymentStatus: latestPaymentStatus,
        shippingMethod: orders.shippingMethod,
        storeId: orders.storeId,
      })
      .from(orders)
      .leftJoin(members, eq(members.id, orders.memberId))
      .where(where)
      .orderBy(direction(column), direction(orders.number))
      .limit(page.size)
      .offset((page.page - 1) * page.size)
    return {
      items: rows.map((row) => ({ ...row, placedAt: row.placedAt.toISOString() })),
      total,
      page: page.page,
      pageSize: page.size,
    }
  }

  /** The work waiting: how many in each queue and since when the longest-waiting one waits. */
  async queues() {
    const now = this.now()
    const [confirm, pack, ship, returns] = await Promise.all([
      this.db
        .select({ count: sql<number>`count(*)::int`, since: sql<Date | null>`MIN(${orders.createdAt})` })
        .from(orders)
        .where(and(eq(orders.status, 'awaiting_payment'), eq(orders.paymentMethod, 'bank_transfer'))),
      this.db
        .select({ count: sql<number>`count(*)::int`, since: sql<Date | null>`MIN(${statusSince})` })
        .from(orders)
        .where(eq(orders.status, 'paid')),
      this.db
        .select({ count: sql<number>`count(*)::int`, since: sql<Date | null>`MIN(${statusSince})` })
        .from(orders)
        .where(eq(orders.status, 'packed')),
      this.db
        .select({ count: sql<number>`count(*)::int`, since: sql<Date | null>`MIN(${returnRequests.createdAt})` })
        .from(returnRequests)
        .where(eq(returnRequests.status, 'requested')),
    ])
    const queue = (id: OrderQueue, row: { count: number; since: Date | string | null } | undefined) => {
      // MIN over a subquery comes back as text on some drivers: read it as a date either way.
      const since = row?.since ? new Date(row.since) : null
      return {
        id,
        count: row?.count ?? 0,
        oldestSince: since?.toISOString() ?? null,
        oldestAgeSeconds: since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)) : null,
      }
    }
    return {
      queues: [
        queue('confirm_payment', confirm[0]),
        queue('pack', pack[0]),
        queue('ship', ship[0]),
        queue('returns', returns[0]),
      ],
      at: now.toISOString(),
    }
  }

  /** An order as the back office shows it, in the staff member's language, with its timeline oldest first. */
  async detail(number: string, lang: 'th' | 'en') {
    const order = await this.orders.requireByNumber(number)
    const now = this.now()
    const [view, paymentRows, mails, notes, audited, member] = await Promise.all([
      this.orders.view(order, undefined, now, lang),
      this.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt)),
      this.db.select().from(orderMails).where(eq(orderMails.orderId, order.id)).orderBy(asc(orderMails.createdAt)),
      this.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.createdAt)),
      this.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, order.number)))
        .orderBy(asc(auditLog.id)),
      order.memberId
        ? this.db.select({ fullname: members.fullname }).from(members).where(eq(members.id, order.memberId))
        : Promise.resolve([]),
    ])
    const address = order.address
    const addressName = address ? `${address.firstname} ${address.lastname}`.trim() : ''
    type Entry = {
      at: string
      kind: 'status' | 'email' | 'note' | 'staff'
      what: string
      detail: string | null
      by: string | null
    }
    const timeline: Entry[] = [
      ...view.events.map((event) => ({
        at: event.at,
        kind: 'status' as const,
        what: event.status,
        detail: event.note,
        by: null,
      })),
      ...mails.map((mail) => ({
        at: (mail.sentAt ?? mail.createdAt).toISOString(),
        kind: 'email' as const,
        what: mail.kind,
        detail: mail.status,
        by: null,
      })),
      ...notes.map((note) => ({
        at: note.createdAt.toISOString(),
        kind: 'note' as const,
        what: 'note',
        detail: note.body,
        by: note.authorLabel,
      })),
      // The notes are in the timeline as notes; the other staff actions on the order as what they did.
      ...audited
        .filter((entry) => entry.action !== 'order.note')
        .map((entry) => ({
          at: entry.at.toISOString(),
          kind: 'staff' as const,
          what: entry.action,
          detail: reasonOf(entry.after),
          by: entry.actorLabel,
        })),
    ].sort((a, b) => a.at.localeCompare(b.at))
    const invoice = view.taxInvoice.status === 'issued' ? view.taxInvoice : null
    return {
      number: order.number,
      status: order.status,
      placedAt: order.createdAt.toISOString(),
      language: order.locale === 'en' ? ('en' as const) : ('th' as const),
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      discounts: view.discounts,
      shippingFee: order.shippingFee,
      total: order.total,
      vatIncluded: order.vatIncluded,
      promotionCode: order.promotionCode,
      shippingMethod: order.shippingMethod,
      store: view.store,
      customer: {
        name: addressName || member[0]?.fullname || order.email,
        email: order.email,
        telephone: order.telephone,
        member: order.memberId !== null,
      },
      address: order.address,
      paymentMethod: order.paymentMethod,
      paymentDueAt: view.paymentDueAt,
      receivedAt: view.receivedAt,
      lines: view.items.map((item) => ({
        position: item.position,
        sku: item.sku,
        name: item.name,
        size: item.size,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        lineTotal: item.lineTotal,
      })),
      payments: paymentRows.map((payment) => ({
        provider: payment.provider,
        providerRef: payment.providerRef,
        method: payment.method,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        createdAt: payment.createdAt.toISOString(),
        updatedAt: payment.updatedAt.toISOString(),
      })),
      parcels: view.shipments,
      returns: view.returns.map((request) => ({
        id: request.id,
        kind: request.kind,
        reason: request.reason,
        status: request.status,
        note: request.note,
        decisionNote: request.decisionNote,
        createdAt: request.createdAt,
        items: request.items.map((item) => ({
          position: item.position,
          name: item.name,
          size: item.size,
          quantity: item.quantity,
        })),
      })),
      documents: invoice ? [{ kind: 'tax_invoice' as const, number: invoice.number, issuedAt: invoice.issuedAt }] : [],
      notes: notes.map((note) => ({
        id: note.id,
        body: note.body,
        authorType: note.authorType as AuditContext['actor']['type'],
        author: note.authorLabel,
        createdAt: note.createdAt.toISOString(),
      })),
      timeline,
      allowed: { cancel: canCancel(order.status), editAddress: addressEditable(order) },
    }
  }

  /** A staff note on the order, with its audit entry, in one transaction. */
  async addNote(number: string, body: string, context: AuditContext) {
    const order = await this.orders.requireByNumber(number)
    const { actor } = context
    return this.db.transaction(async (tx) => {
      const [note] = await tx
        .insert(orderNotes)
        .values({
          orderId: order.id,
          body,
          authorType: actor.type,
          authorId: actor.id,
          authorLabel: actor.label,
          createdAt: this.now(),
        })
        .returning()
      if (!note) throw new Error('the note was not stored')
      await this.audit.record(tx, context, {
        action: 'order.note',
        entityType: 'order',
        entityId: order.number,
        after: { note: note.id, body },
      })
      return {
        id: note.id,
        body: note.body,
        authorType: actor.type,
        author: note.authorLabel,
        createdAt: note.createdAt.toISOString(),
      }
    })
  }

  /**
   * Cancels the order for the shop (§4: before it is packed): the shop's own cancellation (its stock back, its pending
   * payment cancelled, the shopper's e-mail), audited with the reason in the same transaction. The reason is the
   * staff's: the shopper's e-mail says the shop cancelled, not why. Cancelling a paid order is a money action (the
   * shop owes the money back): a staff session must have given its second factor within 5 minutes (step-up), checked
   * on the status found under the order's lock, so an order paid a moment before is not cancelled without it.
   */
  async cancel(number: string, reason: string, context: AuditContext) {
    const order = await this.orders.requireByNumber(number)
    if (!canCancel(order.status)) {
      throw new ApiError(409, 'NOT_ALLOWED', `An order ${order.status} can no longer be cancelled`)
    }
    await this.orders.changeStatus(order.id, 'cancelled', null, {
      cancelReason: 'shop',
      // The audit entry in the change's transaction, with the status the change found under its lock.
      record: (tx, change) => {
        const session = context.actor.session
        const found = (change.before as { status?: OrderStatus } | undefined)?.status
        if (found === 'paid' && session) assertSteppedUp(session.secondFactorAt, this.now())
        return this.audit.record(tx, context, {
          action: 'order.cancel',
          entityType: 'order',
          entityId: order.number,
          before: change.before,
          after: { status: 'cancelled', reason },
        })
      },
    })
  }

  /** The delivery address changed (§4: a courier order before it is packed), checked as checkout checks it. */
  async editAddress(number: string, input: AddressInput, context: AuditContext) {
    const values = normaliseAddress(input)
    const errors = validateAddress(values, { thai: await getThaiPostal() })
    const fields: Record<string, string> = {}
    for (const [field, code] of Object.entries(errors)) if (code) fields[`address.${field}`] = code
    if (Object.keys(fields).length > 0) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
    }
    const address: OrderAddress = values
    await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update')
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      if (!addressEditable(order)) {
        throw new ApiError(409, 'NOT_ALLOWED', `The address of an order ${order.status} can no longer change`)
      }
      await tx.update(orders).set({ address, updatedAt: this.now() }).where(eq(orders.id, order.id))
      await this.audit.record(tx, context, {
        action: 'order.address',
        entityType: 'order',
        entityId: order.number,
        before: { address: order.address },
        after: { address },
      })
    })
  }
}

/** The reason an audited action gave (a cancellation's), for the timeline. */
function reasonOf(after: unknown): string | null {
  if (after && typeof after === 'object' && 'reason' in after) {
    const reason = (after as { reason: unknown }).reason
    return typeof reason === 'string' ? reason : null
  }
  return null
}
