import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  creditNotes,
  documentCounters,
  orderItems,
  orders,
  returnOutcomes,
  returnReceipts,
  returnReplacementItems,
  returnRequestItems,
  returnRequests,
  storeStock,
  stores,
  taxInvoices,
  variants,
  type CreditNoteContent,
  type CreditNoteRow,
  type OrderRow,
  type ReturnRefundPiece,
} from '~/db/schema'
import type { Currency } from '~/domain/money'
import type { PaymentMethod } from '~/domain/orders'
import type { ReturnReason, ReturnStatus } from '~/domain/returns'
import {
  creditNoteFigures,
  creditNoteNumber,
  ONLINE_LOCATION,
  piecesBack,
  refundFigures,
  type ReceivedPiece,
} from '~/domain/return-handling'
import { ApiError } from '~/api/errors'
import type { ReturnDecisionsService } from '~/api/commerce/return-decisions.service'
import type { ReturnViews } from '~/api/commerce/return-views'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

/** The counter row of the credit notes' own gapless series (document_counters, as the tax invoices'). */
export const CREDIT_NOTE_SERIES = 'credit_note'

/** A refund recorded on a return: what the refunds service (issue 31 item 7) is to pay back. */
export type ReturnRefundDue = {
  requestId: string
  orderId: string
  orderNumber: string
  currency: Currency
  /** How the order was paid: a bank transfer's refund is sent by staff, who record it with the bank's reference. */
  paymentMethod: PaymentMethod
  /** VAT included, in the order's minor units. */
  amount: number
  pieces: ReturnRefundPiece[]
  /** The credit note issued with it (an order with a tax invoice), else null. */
  creditNote: string | null
}

/**
 * Where a return's refund is paid: the refunds service (issue 31 item 7, decision 185), as the member of staff who
 * decided the return. Called after the refund due is stored and committed with its audit entry and credit note; true
 * when the refund was made or is on its way (the return is then marked refunded), false or a failure leaves the refund
 * due on the return for staff to pay from the order's Refund dialog (a transfer needs the bank's reference).
 */
export type RefundReturn = (due: ReturnRefundDue, context: AuditContext) => Promise<boolean>

/** Why a credit note is issued, in the two languages it is printed in: the return's reason. */
const CREDIT_REASONS: Record<ReturnReason, { th: string; en: string }> = {
  size_does_not_fit: { th: 'รับคืนสินค้า: ขนาดไม่พอดี', en: 'Goods returned: the size does not fit' },
  not_as_pictured: { th: 'รับคืนสินค้า: สินค้าไม่ตรงตามภาพ', en: 'Goods returned: not as pictured' },
  faulty_or_damaged: { th: 'รับคืนสินค้า: สินค้าชำรุดหรือเสียหาย', en: 'Goods returned: faulty or damaged' },
  wrong_item_sent: { th: 'รับคืนสินค้า: ส่งสินค้าผิด', en: 'Goods returned: the wrong item was sent' },
  changed_my_mind: { th: 'รับคืนสินค้า: ลูกค้าเปลี่ยนใจ', en: 'Goods returned: the customer changed their mind' },
  other: { th: 'รับคืนสินค้า', en: 'Goods returned' },
}

type Lang = 'th' | 'en'
type RequestRow = typeof returnRequests.$inferSelect

export type ReceiveInput = {
  location: string
  pieces: ReceivedPiece[]
}

/**
 * Returns to the end in the back office (issue 31 item 9): deciding (through the shop's ReturnDecisionsService),
 * receiving the pieces with their condition and restocking the resellable ones where staff choose, and the outcome:
 * an exchange (the other size's stock held, its replacement lines made) or a refund due (with its credit note when
 * the order has a tax invoice). Each write and its audit entry in one transaction.
 */
export class AdminReturns {
  constructor(
    private readonly options: {
      db: Db
      decisions: ReturnDecisionsService
      views: ReturnViews
      audit: AuditLog
      now: () => Date
      refundReturn?: RefundReturn
    },
  ) {}

  private get db(): Db {
    return this.options.db
  }

  /** The queue: requests newest first, optionally of one status, 25 a page. */
  async list(status: ReturnStatus | undefined, page: number, pageSize = 25) {
    const where = status ? eq(returnRequests.status, status) : undefined
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(returnRequests)
      .where(where)
    const rows = await this.db
      .select({
        id: returnRequests.id,
        kind: returnRequests.kind,
        reason: returnRequests.reason,
        status: returnRequests.status,
        createdAt: returnRequests.createdAt,
        orderNumber: orders.number,
        pieces: sql<number>`(SELECT COALESCE(SUM(${returnRequestItems.quantity}), 0)::int FROM ${returnRequestItems} WHERE ${returnRequestItems.requestId} = ${returnRequests.id})`,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(where)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    return {
      items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), pieces: Number(row.pieces) })),
      total,
      page,
      pageSize,
    }
  }

  /** Where received pieces can go: the online warehouse, then the stores in their order, named in `lang`. */
  async locations(lang: Lang, db: Pick<Db, 'select'> = this.db) {
    const rows = await db
      .select({ id: stores.id, nameTh: stores.nameTh, nameEn: stores.nameEn })
      .from(stores)
      .orderBy(asc(stores.position))
    return [
      { id: ONLINE_LOCATION, name: lang === 'th' ? 'คลังสินค้าออนไลน์' : 'Online warehouse' },
      ...rows.map((row) => ({ id: row.id, name: lang === 'th' ? row.nameTh : row.nameEn })),
    ]
  }

  /** A request as the back office works on it: its pieces with their prices, what came back, how it ended. */
  async detail(id: string, lang: Lang) {
    const view = await this.options.views.one(id, lang)
    const [[request], [order], receipt, outcome, replacements, credit, lines, locations] = await Promise.all([
      this.db.select().from(returnRequests).where(eq(returnRequests.id, id)),
      this.db
        .select({ order: orders, invoice: taxInvoices.number })
        .from(orders)
        .innerJoin(returnRequests, eq(returnRequests.orderId, orders.id))
        .leftJoin(taxInvoices, eq(taxInvoices.orderId, orders.id))
        .where(eq(returnRequests.id, id)),
      this.db.select().from(returnReceipts).where(eq(returnReceipts.requestId, id)),
      this.db.select().from(returnOutcomes).where(eq(returnOutcomes.requestId, id)),
      this.db
        .select()
        .from(returnReplacementItems)
        .where(eq(returnReplacementItems.requestId, id))
        .orderBy(asc(returnReplacementItems.position)),
      this.db.select().from(creditNotes).where(eq(creditNotes.requestId, id)),
      this.db
        .select({ position: orderItems.position, unitPrice: orderItems.unitPrice })
        .from(orderItems)
        .innerJoin(returnRequests, eq(returnRequests.orderId, orderItems.orderId))
        .where(eq(returnRequests.id, id)),
      this.locations(lang),
    ])
    if (!request || !order) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
    const price = new Map(lines.map((line) => [line.position, line.unitPrice]))
    const received = receipt[0]
    const ended = outcome[0]
    const note = credit[0]
    const open = request.status === 'accepted' && !ended
    return {
      id: view.id,
      kind: view.kind,
      reason: view.reason,
      note: view.note,
      status: view.status,
      decisionNote: view.decisionNote,
      createdAt: view.createdAt,
      decidedAt: view.decidedAt,
      order: {
        number: order.order.number,
        status: order.order.status,
        currency: order.order.currency,
        receivedAt: order.order.receivedAt?.toISOString() ?? null,
        taxInvoice: order.invoice,
      },
      items: view.items.map((item) => ({
        position: item.position,
        sku: item.sku,
        name: item.name,
        size: item.size,
        quantity: item.quantity,
        exchangeSize: item.exchangeSize,
        unitPrice: price.get(item.position) ?? 0,
      })),
      receipt: received
        ? {
            location: received.location,
            locationName: locations.find((place) => place.id === received.location)?.name ?? received.location,
            receivedAt: received.receivedAt.toISOString(),
            receivedBy: received.receivedBy,
            pieces: received.pieces.map(({ position, asNew, damaged, notReturned }) => ({
              position,
              asNew,
              damaged,
              notReturned,
            })),
          }
        : null,
      outcome: ended
        ? {
            outcome: ended.outcome,
            refundAmount: ended.refundAmount,
            refundPieces: ended.refundPieces ?? [],
            refundedAt: ended.refundedAt?.toISOString() ?? null,
            decidedAt: ended.decidedAt.toISOString(),
          }
        : null,
      replacements: replacements.map(({ position, sku, size, quantity }) => ({ position, sku, size, quantity })),
      creditNote: note
        ? {
            number: note.number,
            issuedAt: note.issuedAt.toISOString(),
            invoiceNumber: note.invoiceNumber,
            total: note.content.total,
          }
        : null,
      locations,
      allowed: {
        decide: request.status === 'requested',
        receive: request.status === 'accepted' && !received,
        exchange: open && Boolean(received),
        refund: open && Boolean(received),
      },
    }
  }

  /** Accepts or rejects through the shop's one decision service, audited in its transaction. */
  async decide(id: string, to: 'accepted' | 'rejected', note: string | null, context: AuditContext) {
    const action = to === 'accepted' ? 'return_request.accept' : 'return_request.reject'
    await this.options.decisions.decide(id, to, note, context.actor.language, (tx, change) =>
      this.options.audit.record(tx, context, { action, entityType: 'return_request', entityId: id, ...change }),
    )
  }

  /** The request locked for a change, its order with it; refused unless accepted and not ended yet. */
  private async lockOpen(tx: Tx, id: string): Promise<{ request: RequestRow; order: OrderRow }> {
    const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update')
    if (!request) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
    if (request.status !== 'accepted') {
      throw new ApiError(409, 'NOT_ALLOWED', `A request ${request.status} cannot be received or ended`)
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId))
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    return { request, order }
  }

  /**
   * The pieces of an accepted request received: every line of the request once, its pieces split by condition.
   * Those as new go back on sale at `location` (the online warehouse or a store); damaged ones and those not in the
   * parcel do not. Audited with each stock's before and after. Once per request.
   */
  async receive(id: string, input: ReceiveInput, context: AuditContext) {
    const fields: Record<string, string> = {}
    const seen = new Set<number>()
    input.pieces.forEach((piece, index) => {
      if (seen.has(piece.position)) fields[`pieces.${index}.position`] = 'invalid'
      seen.add(piece.position)
    })
    if (Object.keys(fields).length > 0) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
    }
    await this.db.transaction(async (tx) => {
      const { request, order } = await this.lockOpen(tx, id)
      const [already] = await tx.select().from(returnReceipts).where(eq(returnReceipts.requestId, id))
      if (already) throw new ApiError(409, 'NOT_ALLOWED', 'The pieces of this request were received already')
      const items = await tx
        .select({
          position: returnRequestItems.position,
          quantity: returnRequestItems.quantity,
          sku: orderItems.sku,
        })
        .from(returnRequestItems)
        .innerJoin(
          orderItems,
          and(eq(orderItems.orderId, returnRequestItems.orderId), eq(orderItems.position, returnRequestItems.position)),
        )
        .where(eq(returnRequestItems.requestId, id))
      const byPosition = new Map(items.map((item) => [item.position, item]))
      const checks: Record<string, string> = {}
      input.pieces.forEach((piece, index) => {
        const item = byPosition.get(piece.position)
        if (!item) checks[`pieces.${index}.position`] = 'invalid'
        else if (piece.asNew + piece.damaged + piece.notReturned !== item.quantity) {
          checks[`pieces.${index}`] = 'mismatch'
        }
      })
      if (items.some((item) => !seen.has(item.position))) checks.pieces = 'incomplete'
      const locations = await this.locations('en', tx)
      if (!locations.some((place) => place.id === input.location)) checks.location = 'invalid'
      if (Object.keys(checks).length > 0) {
        throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields: checks })
      }

      const stock: Array<{ sku: string; location: string; before: number; after: number }> = []
      for (const piece of input.pieces) {
        const item = byPosition.get(piece.position)
        if (!item || piece.asNew === 0) continue
        stock.push({
          sku: item.sku,
          location: input.location,
          ...(await this.restock(tx, item.sku, input.location, piece.asNew)),
        })
      }
      const now = this.options.now()
      const pieces = input.pieces.map((piece) => ({ ...piece, sku: byPosition.get(piece.position)?.sku ?? '' }))
      await tx.insert(returnReceipts).values({
        requestId: request.id,
        orderId: order.id,
        location: input.location,
        pieces,
        receivedAt: now,
        receivedBy: context.actor.label,
      })
      await this.options.audit.record(tx, context, {
        action: 'return_request.receive',
        entityType: 'return_request',
        entityId: id,
        before: { stock: stock.map(({ sku, location, before }) => ({ sku, location, quantity: before })) },
        after: {
          order: order.number,
          location: input.location,
          pieces,
          stock: stock.map(({ sku, location, after }) => ({ sku, location, quantity: after })),
        },
      })
    })
  }

  /** Adds `quantity` to a SKU's stock at a location (online, or a store's row made if missing): before and after. */
  private async restock(tx: Tx, sku: string, location: string, quantity: number) {
    if (location === ONLINE_LOCATION) {
      const [row] = await tx
        .update(variants)
        .set({ stockOnline: sql`${variants.stockOnline} + ${quantity}` })
        .where(eq(variants.sku, sku))
        .returning({ after: variants.stockOnline })
      if (!row) throw new ApiError(409, 'NOT_ALLOWED', `The product ${sku} is no longer in the catalog`)
      return { before: row.after - quantity, after: row.after }
    }
    const [row] = await tx
      .insert(storeStock)
      .values({ storeId: location, sku, quantity })
      .onConflictDoUpdate({
        target: [storeStock.storeId, storeStock.sku],
        set: { quantity: sql`${storeStock.quantity} + ${quantity}` },
      })
      .returning({ after: storeStock.quantity })
    if (!row) throw new Error('The store stock did not answer')
    return { before: row.after - quantity, after: row.after }
  }

  /** The request's lines with what came back of each, after a receipt (409 before). */
  private async backOf(tx: Tx, request: RequestRow) {
    const [receipt] = await tx.select().from(returnReceipts).where(eq(returnReceipts.requestId, request.id))
    if (!receipt) throw new ApiError(409, 'NOT_ALLOWED', 'Receive the pieces first')
    const [ended] = await tx.select().from(returnOutcomes).where(eq(returnOutcomes.requestId, request.id))
    if (ended) throw new ApiError(409, 'NOT_ALLOWED', 'This return has ended already')
    const lines = await tx
      .select({ item: orderItems, exchangeSize: returnRequestItems.exchangeSize })
      .from(returnRequestItems)
      .innerJoin(
        orderItems,
        and(eq(orderItems.orderId, returnRequestItems.orderId), eq(orderItems.position, returnRequestItems.position)),
      )
      .where(eq(returnRequestItems.requestId, request.id))
      .orderBy(asc(returnRequestItems.position))
    const back = new Map(receipt.pieces.map((piece) => [piece.position, piecesBack(piece)]))
    const withBack = lines.map((line) => ({ ...line, back: back.get(line.item.position) ?? 0 }))
    if (withBack.every((line) => line.back === 0)) {
      throw new ApiError(409, 'NOT_ALLOWED', 'No piece of this request came back')
    }
    return withBack
  }

  /** The request completed with its outcome, guarded like a decision (accepted → completed). */
  private async complete(tx: Tx, request: RequestRow, now: Date) {
    const [done] = await tx
      .update(returnRequests)
      .set({ status: 'completed', updatedAt: now })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.status, 'accepted')))
      .returning({ id: returnRequests.id })
    if (!done) throw new ApiError(409, 'NOT_ALLOWED', 'This request cannot be completed')
  }

  /**
   * An exchange: for each line of which pieces came back, the size asked for (the same size for a return) taken
   * from the online stock (held for the replacement as an order's line holds it) and a replacement line made, sent
   * as a parcel of the same order. A size without enough stock refuses the whole exchange (409 OUT_OF_STOCK, fields
   * per line): nothing is held, and staff refund instead or wait for stock.
   */
  async exchange(id: string, context: AuditContext) {
    await this.db.transaction(async (tx) => {
      const { request, order } = await this.lockOpen(tx, id)
      const lines = await this.backOf(tx, request)
      const now = this.options.now()
      const refusals: Record<string, string> = {}
      const held: Array<{
        position: number
        sku: string
        size: string
        quantity: number
        before: number
        after: number
      }> = []
      for (const line of lines) {
        if (line.back === 0) continue
        const size = line.exchangeSize ?? line.item.size
        const [variant] = await tx
          .update(variants)
          .set({ stockOnline: sql`${variants.stockOnline} - ${line.back}` })
          .where(
            and(
              eq(variants.productId, line.item.productId),
              eq(variants.size, size),
              sql`${variants.stockOnline} >= ${line.back}`,
            ),
          )
          .returning({ sku: variants.sku, after: variants.stockOnline })
        if (!variant) refusals[`items.${line.item.position}`] = 'outOfStock'
        else {
          held.push({
            position: line.item.position,
            sku: variant.sku,
            size,
            quantity: line.back,
            before: variant.after + line.back,
            after: variant.after,
          })
        }
      }
      if (Object.keys(refusals).length > 0) {
        throw new ApiError(409, 'OUT_OF_STOCK', 'The size asked for is out of stock', { fields: refusals })
      }
      await tx.insert(returnReplacementItems).values(
        held.map(({ position, sku, size, quantity }) => ({
          requestId: request.id,
          orderId: order.id,
          position,
          sku,
          size,
          quantity,
          createdAt: now,
        })),
      )
      await tx
        .insert(returnOutcomes)
        .values({ requestId: request.id, orderId: order.id, outcome: 'exchange', decidedAt: now })
      await this.complete(tx, request, now)
      await this.options.audit.record(tx, context, {
        action: 'return_request.exchange',
        entityType: 'return_request',
        entityId: id,
        before: {
          status: 'accepted',
          stock: held.map(({ sku, before }) => ({ sku, location: ONLINE_LOCATION, quantity: before })),
        },
        after: {
          status: 'completed',
          order: order.number,
          replacements: held.map(({ position, sku, size, quantity }) => ({ position, sku, size, quantity })),
          stock: held.map(({ sku, after }) => ({ sku, location: ONLINE_LOCATION, quantity: after })),
        },
      })
    })
  }

  /**
   * A refund: the pieces that came back (as new or damaged) at the prices paid, their share of the order's discounts
   * off, recorded as due on the return; with a credit note in the same transaction when the order has a tax invoice.
   * The refund itself is paid by `refundReturn` after the commit (the refunds service, issue 31 item 7).
   */
  async refund(id: string, context: AuditContext) {
    const due = await this.db.transaction(async (tx) => {
      const { request, order } = await this.lockOpen(tx, id)
      const lines = await this.backOf(tx, request)
      const now = this.options.now()
      const figures = refundFigures(
        order,
        lines.map((line) => ({
          position: line.item.position,
          sku: line.item.sku,
          nameTh: line.item.nameTh,
          nameEn: line.item.nameEn,
          size: line.item.size,
          quantity: line.back,
          unitPrice: line.item.unitPrice,
        })),
      )
      // Each line's part of the refund: its goods less its share of the discount, the last line taking the rounding.
      let left = figures.total
      const pieces: ReturnRefundPiece[] = figures.lines.map((line, index) => {
        const amount =
          index === figures.lines.length - 1
            ? left
            : Math.round((figures.total * line.amount) / Math.max(1, figures.goods))
        left -= amount
        return { position: line.position, sku: line.sku, quantity: line.quantity, amount }
      })
      await tx.insert(returnOutcomes).values({
        requestId: request.id,
        orderId: order.id,
        outcome: 'refund',
        refundAmount: figures.total,
        refundPieces: pieces,
        decidedAt: now,
      })
      const credit = await this.issueCreditNote(tx, request, order, figures, now)
      await this.complete(tx, request, now)
      await this.options.audit.record(tx, context, {
        action: 'return_request.refund',
        entityType: 'return_request',
        entityId: id,
        before: { status: 'accepted' },
        after: {
          status: 'completed',
          order: order.number,
          refundAmount: figures.total,
          currency: order.currency,
          pieces,
          creditNote: credit?.number ?? null,
        },
      })
      return {
        requestId: request.id,
        orderId: order.id,
        orderNumber: order.number,
        currency: order.currency,
        paymentMethod: order.paymentMethod,
        amount: figures.total,
        pieces,
        creditNote: credit?.number ?? null,
      } satisfies ReturnRefundDue
    })
    const pay = this.options.refundReturn
    if (pay) {
      try {
        if (await pay(due, context)) {
          await this.db
            .update(returnOutcomes)
            .set({ refundedAt: this.options.now() })
            .where(eq(returnOutcomes.requestId, due.requestId))
        }
      } catch (error) {
        // The refund stays due on the return; staff see it there and on the order's Refund dialog.
        console.error('Return refund failed:', error instanceof Error ? error.message : error)
      }
    }
    return due
  }

  /**
   * The credit note of a refund when the order has a tax invoice: the next number of its own gapless series (taken
   * in this transaction, so a failure gives it back), the invoice's number and date, its parties as it names them,
   * the returned pieces, and §86/10's figures counted from what earlier credit notes left of the invoice.
   */
  private async issueCreditNote(
    tx: Tx,
    request: RequestRow,
    order: OrderRow,
    figures: ReturnType<typeof refundFigures>,
    now: Date,
  ): Promise<CreditNoteRow | null> {
    const [invoice] = await tx.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id))
    if (!invoice) return null
    const earlier = await tx
      .select({ content: creditNotes.content })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id))
    const credit = creditNoteFigures(
      invoice.content,
      earlier.reduce((sum, row) => sum + row.content.difference, 0),
      figures,
    )
    const [counter] = await tx
      .insert(documentCounters)
      .values({ series: CREDIT_NOTE_SERIES, lastValue: 1 })
      .onConflictDoUpdate({
        target: documentCounters.series,
        set: { lastValue: sql`${documentCounters.lastValue} + 1` },
      })
      .returning({ value: documentCounters.lastValue })
    if (!counter) throw new Error('The credit note counter did not answer')
    const content: CreditNoteContent = {
      orderNumber: order.number,
      invoiceNumber: invoice.number,
      invoiceDate: invoice.issuedAt.toISOString(),
      currency: 'thb',
      seller: invoice.content.seller,
      buyer: invoice.content.buyer,
      reason: CREDIT_REASONS[request.reason],
      lines: figures.lines.map(({ sku, nameTh, nameEn, size, quantity, unitPrice, amount }) => ({
        sku,
        nameTh,
        nameEn,
        size,
        quantity,
        unitPrice,
        amount,
      })),
      goods: figures.goods,
      discount: figures.discount,
      originalValue: credit.originalValue,
      correctValue: credit.correctValue,
      difference: credit.difference,
      vat: credit.vat,
      total: credit.total,
      vatRatePercent: credit.vatRatePercent,
    }
    const [stored] = await tx
      .insert(creditNotes)
      .values({
        requestId: request.id,
        orderId: order.id,
        sequence: counter.value,
        number: creditNoteNumber(counter.value),
        invoiceNumber: invoice.number,
        issuedAt: now,
        content,
      })
      .returning()
    if (!stored) throw new Error('The credit note was not stored')
    return stored
  }

  /** A request's credit note (404 when none was issued). */
  async creditNote(id: string): Promise<CreditNoteRow> {
    const [note] = await this.db.select().from(creditNotes).where(eq(creditNotes.requestId, id))
    if (!note) throw new ApiError(404, 'NOT_FOUND', 'No credit note for this request')
    return note
  }
}

/** The credit notes of an order, oldest first (the shopper's order page lists them). */
export async function creditNotesOf(db: Pick<Db, 'select'>, orderIds: string[]) {
  if (orderIds.length === 0) return []
  return db
    .select({ number: creditNotes.number, issuedAt: creditNotes.issuedAt, orderId: creditNotes.orderId })
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.sequence))
}
