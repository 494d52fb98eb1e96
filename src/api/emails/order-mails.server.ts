import { and, asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { BRAND_NAME } from '~/brand'
import type { Db } from '~/db/client.server'
import {
  orderDiscounts,
  orderItems,
  orderMails,
  orders,
  stores,
  type OrderMailData,
  type OrderMailKind,
  type OrderMailRow,
  type OrderRow,
} from '~/db/schema'
import { ORDER_CANCEL_REASONS, type DiscountLine } from '~/domain/orders'
import { RETURN_KINDS } from '~/domain/returns'
import type { StorefrontLinks } from '~/contract/links'
import { ChannelUnavailableError, DeliveryError, type OutboundMessage } from '~/api/providers/messages'
import { mailI18n, mailLocale } from './i18n.server'
import {
  renderOrderMail,
  type MailBank,
  type MailLocale,
  type MailOrder,
  type OrderMail,
  type RenderedMail,
} from './templates'
import { OutboxClaims, retryDelayMs, startOutboxWorker } from '~/api/outbox-claim.server'
import { shippingFeeReason, type ShippingFeeReason } from '~/domain/shipping'

export type { OrderCancelReason } from '~/domain/orders'
export type { OrderMailData, OrderMailKind, OrderMailReturnRequest, OrderMailShipment } from '~/db/schema'

/** Sending attempts of one e-mail before it is given up (about 5 hours of tries with the back-off below). */
export const ORDER_MAIL_MAX_ATTEMPTS = 12
/** The wait after the first failed attempt; it doubles after each further one, up to ORDER_MAIL_BACKOFF_MAX_MS. */
export const ORDER_MAIL_BACKOFF_BASE_MS = 30_000
export const ORDER_MAIL_BACKOFF_MAX_MS = 60 * 60_000
/** How long a claimed e-mail is hidden from other instances while it is sent (well over the SMTP time-outs). */
export const ORDER_MAIL_LEASE_MS = 2 * 60_000

/** An e-mail to queue: its kind, its order, what the kind needs; `key` tells apart several of one kind. */
export type OrderMailInput = {
  [K in OrderMailKind]: { kind: K; orderId: string; data: OrderMailData[K]; key?: string }
}[OrderMailKind]

/** The key of an event, so that queuing it twice (two schedulers, a replayed request) is one e-mail. */
function dedupeKey(mail: OrderMailInput): string {
  if (mail.key !== undefined) return mail.key
  if (mail.kind === 'return_accepted') return mail.data.request.id
  if (mail.kind === 'bank_transfer_reminder') return mail.data.paymentDeadline
  return ''
}

/** The row of a queued e-mail, due at once; for a data-modifying CTE in a bigger statement (order placement). */
export function orderMailValues(mail: OrderMailInput, now = new Date()): typeof orderMails.$inferInsert {
  return {
    orderId: mail.orderId,
    kind: mail.kind,
    dedupeKey: dedupeKey(mail),
    data: mail.data,
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
  }
}

/**
 * Queues an e-mail the shop owes; call it with the transaction of the change that causes it, so that the change and
 * the e-mail are stored together or not at all. The worker (startOrderMailDelivery) sends it. Returns false when
 * the same event was queued before (nothing new).
 */
export async function enqueueOrderMail(
  db: Pick<Db, 'insert'>,
  mail: OrderMailInput,
  now = new Date(),
): Promise<boolean> {
  const stored = await db
    .insert(orderMails)
    .values(orderMailValues(mail, now))
    .onConflictDoNothing({ target: [orderMails.orderId, orderMails.kind, orderMails.dedupeKey] })
    .returning({ id: orderMails.id })
  return stored.length > 0
}

// What a row's data must look like for its kind: rows are written by several engineers' code (and could be
// edited by hand), so the worker checks them before rendering; a row that does not fit fails for good.
const shipment = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  trackingNumber: z.string(),
  url: z.string().nullable(),
  createdAt: z.string(),
})
const DATA_SCHEMAS = {
  order_placed: z.object({ paymentDeadline: z.string().nullable() }),
  payment_received: z.object({}),
  shipped: z.object({ shipments: z.array(shipment) }),
  return_accepted: z.object({
    request: z.object({
      id: z.string(),
      kind: z.enum(RETURN_KINDS),
      reason: z.string(),
      items: z.array(z.object({ name: z.string(), size: z.string(), quantity: z.number().int() })),
    }),
  }),
  bank_transfer_reminder: z.object({ paymentDeadline: z.string() }),
  order_cancelled: z.object({ reason: z.enum(ORDER_CANCEL_REASONS), refund: z.boolean() }),
  refund: z.object({ refundId: z.string(), amount: z.number().int().positive(), full: z.boolean() }),
} satisfies { [K in OrderMailKind]: z.ZodType<OrderMailData[K]> }

function mailOf(row: Pick<OrderMailRow, 'kind' | 'data'>): OrderMail | null {
  switch (row.kind) {
    case 'order_placed': {
      const data = DATA_SCHEMAS.order_placed.safeParse(row.data)
      return data.success ? { kind: row.kind, data: data.data } : null
    }
    case 'payment_received': {
      const data = DATA_SCHEMAS.payment_received.safeParse(row.data)
      return data.success ? { kind: row.kind, data: {} } : null
    }
    case 'shipped': {
      const data = DATA_SCHEMAS.shipped.safeParse(row.data)
      return data.success ? { kind: row.kind, data: data.data } : null
    }
    case 'return_accepted': {
      const data = DATA_SCHEMAS.return_accepted.safeParse(row.data)
      return data.success ? { kind: row.kind, data: data.data } : null
    }
    case 'bank_transfer_reminder': {
      const data = DATA_SCHEMAS.bank_transfer_reminder.safeParse(row.data)
      return data.success ? { kind: row.kind, data: data.data } : null
    }
    case 'order_cancelled': {
      const data = DATA_SCHEMAS.order_cancelled.safeParse(row.data)
      return data.success ? { kind: row.kind, data: data.data } : null
    }
    case 'refund': {
      const data = DATA_SCHEMAS.refund.safeParse(row.data)
      return data.success ? { kind: row.kind, data: data.data } : null
    }
  }
}

export type OrderMailServiceOptions = {
  /** The e-mail channel: SMTP when configured, the outbox in the demo, ChannelUnavailableError when neither. */
  deliver: (message: OutboundMessage) => Promise<void>
  /** The brand's account for bank transfers and PromptPay. */
  bank: MailBank
  /** The storefront's pages the e-mails link to (the shop, the order), in the order's language. */
  links: StorefrontLinks
  brand?: string
  now?: () => Date
  maxAttempts?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
  leaseMs?: number
}

export type OrderMailReport = { sent: number; retrying: number; failed: number; skipped: number }

type Outcome =
  { status: 'sent' } | { status: 'skipped'; reason: string } | { status: 'failed'; reason: string; retryable: boolean }

/**
 * Sends the queued order e-mails (issue 17, item 7): each in the order's language from the e-mail catalogs, claimed
 * by one instance at a time, retried with exponential back-off, given up after ORDER_MAIL_MAX_ATTEMPTS. The order is
 * read when the e-mail is sent, so a bank-transfer request is not repeated to an order paid meanwhile.
 */
export class OrderMailService {
  private readonly now: () => Date

  constructor(
    private readonly db: Db,
    private readonly options: OrderMailServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date())
  }

  /**
   * Sends up to `limit` due e-mails. Each is claimed first by one UPDATE (OutboxClaims: rows locked by another
   * instance are skipped, claimed ones hidden for a lease), so two instances never send the same e-mail. A failure the mail
   * server may get over waits 30 s × 2^(attempts − 1), at most an hour; after the last attempt, or on a refusal a
   * retry cannot mend, the e-mail fails for good. With no e-mail channel at all it is skipped, not retried.
   */
  async deliverDue(limit = 20, signal?: AbortSignal): Promise<OrderMailReport> {
    const report: OrderMailReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 }
    if (limit < 1) return report
    const maxAttempts = this.options.maxAttempts ?? ORDER_MAIL_MAX_ATTEMPTS
    const now = this.now()
    const outbox = new OutboxClaims(this.db, orderMails, {
      maxAttempts,
      leaseMs: this.options.leaseMs ?? ORDER_MAIL_LEASE_MS,
    })
    report.failed += await outbox.giveUpInterrupted(now)
    const claimed = await outbox.claimDue(now, limit)
    if (claimed.length === 0) return report
    // Oldest first, so that "placed" goes out before "paid" when both wait.
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    const context = await this.ordersOf(claimed.map((row) => row.orderId))
    await outbox.each(claimed, now, signal, async (row) => {
      const outcome = await this.sendOne(row, context)
      const result = await this.record(row, outcome, maxAttempts)
      if (result) report[result]++
    })
    return report
  }

  /**
   * Stores how an attempt ended, only while the claim is still this instance's: one that hung past its lease finds
   * the e-mail taken over (and maybe sent) by another, and leaves it alone. Null when it was no longer ours.
   */
  private async record(
    row: OrderMailRow,
    outcome: Outcome,
    maxAttempts: number,
  ): Promise<keyof OrderMailReport | null> {
    const finishedAt = this.now()
    const update = (values: Partial<typeof orderMails.$inferInsert>) =>
      this.db
        .update(orderMails)
        .set(values)
        .where(and(eq(orderMails.id, row.id), eq(orderMails.status, 'pending'), eq(orderMails.attempts, row.attempts)))
        .returning({ id: orderMails.id })
        .then((rows) => rows.length > 0)
    if (outcome.status === 'sent') {
      return (await update({ status: 'sent', sentAt: finishedAt, nextAttemptAt: null, lastError: null }))
        ? 'sent'
        : null
    }
    if (outcome.status === 'skipped') {
      return (await update({ status: 'skipped', nextAttemptAt: null, lastError: outcome.reason })) ? 'skipped' : null
    }
    if (outcome.retryable && row.attempts < maxAttempts) {
      const waitMs = retryDelayMs(
        row.attempts,
        this.options.backoffBaseMs ?? ORDER_MAIL_BACKOFF_BASE_MS,
        this.options.backoffMaxMs ?? ORDER_MAIL_BACKOFF_MAX_MS,
      )
      const next = new Date(finishedAt.getTime() + waitMs)
      return (await update({ nextAttemptAt: next, lastError: outcome.reason })) ? 'retrying' : null
    }
    if (!(await update({ status: 'failed', nextAttemptAt: null, lastError: outcome.reason }))) return null
    // An e-mail the shop owed is lost: the operator hears of it (the order, never the address).
    console.error(
      `Order e-mail given up (${row.kind}, order ${row.orderId}, attempt ${row.attempts}): ${outcome.reason}`,
    )
    return 'failed'
  }

  private async prepare(
    row: Pick<OrderMailRow, 'kind' | 'data' | 'orderId'>,
    context: OrdersContext,
  ): Promise<{ mail: RenderedMail; to: string } | Exclude<Outcome, { status: 'sent' }>> {
    const order = context.orders.get(row.orderId)
    if (!order) return { status: 'failed', reason: 'order not found', retryable: false }
    const mail = mailOf(row)
    if (!mail) return { status: 'failed', reason: `data does not fit ${row.kind}`, retryable: false }
    // A reminder to pay an order that is paid or cancelled by now is no longer owed.
    if (mail.kind === 'bank_transfer_reminder' && order.status !== 'awaiting_payment') {
      return { status: 'skipped', reason: `order ${order.status}` }
    }
    const locale = mailLocale(order.locale)
    const i18n = await mailI18n(locale)
    const rendered = renderOrderMail(i18n, mail, {
      locale,
      order: this.mailOrder(order, locale, context),
      bank: this.options.bank,
      brand: this.options.brand ?? BRAND_NAME,
      shopUrl: this.options.links.home(locale),
    })
    return { mail: rendered, to: order.email }
  }

  private async sendOne(row: OrderMailRow, context: OrdersContext): Promise<Outcome> {
    try {
      const prepared = await this.prepare(row, context)
      if (!('mail' in prepared)) return prepared
      await this.options.deliver({
        channel: 'email',
        to: prepared.to,
        subject: prepared.mail.subject,
        text: prepared.mail.text,
        html: prepared.mail.html,
        // The same Message-ID on every attempt: a copy sent twice (a crash after the server took it) is one message.
        idempotencyKey: `order-mail-${row.id}`,
      })
      return { status: 'sent' }
    } catch (error) {
      // No e-mail channel in this configuration (decision 076): nothing to send, and nothing went wrong.
      if (error instanceof ChannelUnavailableError) return { status: 'skipped', reason: 'no e-mail channel' }
      if (error instanceof DeliveryError) return { status: 'failed', reason: error.message, retryable: error.retryable }
      // Not the mail server's answer: a bug or an outage of ours. Its text could hold the address, so it is not kept.
      console.error('Order e-mail not sent', error instanceof Error ? error.name : typeof error)
      return { status: 'failed', reason: 'Unexpected error while sending', retryable: true }
    }
  }

  /** Why the order paid for delivery, from its pieces and where it went, as the order page says (issue 29 item 8). */
  private shippingReason(order: OrderRow, context: OrdersContext): ShippingFeeReason | null {
    if (order.shippingFee === 0) return null
    const lines = (context.items.get(order.id) ?? []).map((item) => ({
      sku: item.sku,
      productId: item.productId,
      category: item.categorySlug,
      tags: item.tags,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
    }))
    return shippingFeeReason(
      order.currency,
      lines,
      { country: order.address?.country ?? 'TH' },
      order.subtotal - order.discount,
    )
  }

  private mailOrder(order: OrderRow, locale: MailLocale, context: OrdersContext): MailOrder {
    const store = order.storeId ? context.stores.get(order.storeId) : undefined
    return {
      number: order.number,
      email: order.email,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      discounts: context.discounts.get(order.id) ?? [],
      shippingFee: order.shippingFee,
      shippingReason: this.shippingReason(order, context),
      total: order.total,
      vatIncluded: order.vatIncluded,
      promotionCode: order.promotionCode,
      shippingMethod: order.shippingMethod,
      storeName: store ? (locale === 'th' ? store.nameTh : store.nameEn) : null,
      address: order.address,
      paymentMethod: order.paymentMethod,
      items: (context.items.get(order.id) ?? []).map((item) => ({
        name: locale === 'th' ? item.nameTh : item.nameEn,
        size: item.size,
        quantity: item.quantity,
        // At the shelf price: the discounts are lines of their own (issue 29 item 7).
        lineTotal: item.unitPrice * item.quantity,
      })),
      pageUrl: order.memberId ? this.options.links.order(order.number, locale) : null,
    }
  }

  /** The orders of a batch with their lines and branches, in three queries. */
  private async ordersOf(orderIds: string[]): Promise<OrdersContext> {
    const ids = [...new Set(orderIds)]
    const [orderRows, itemRows, discountRows] = await Promise.all([
      this.db.select().from(orders).where(inArray(orders.id, ids)),
      this.db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
      this.db
        .select()
        .from(orderDiscounts)
        .where(inArray(orderDiscounts.orderId, ids))
        .orderBy(asc(orderDiscounts.orderId), asc(orderDiscounts.position)),
    ])
    const storeIds = [...new Set(orderRows.flatMap((order) => (order.storeId ? [order.storeId] : [])))]
    const storeRows =
      storeIds.length > 0
        ? await this.db
            .select({ id: stores.id, nameTh: stores.nameTh, nameEn: stores.nameEn })
            .from(stores)
            .where(inArray(stores.id, storeIds))
        : []
    const items = new Map<string, Array<typeof orderItems.$inferSelect>>()
    for (const item of itemRows) items.set(item.orderId, [...(items.get(item.orderId) ?? []), item])
    const discounts = new Map<string, DiscountLine[]>()
    for (const { kind, code, amount, orderId } of discountRows) {
      discounts.set(orderId, [...(discounts.get(orderId) ?? []), { kind, code, amount }])
    }
    return {
      orders: new Map(orderRows.map((order) => [order.id, order])),
      items,
      discounts,
      stores: new Map(storeRows.map((store) => [store.id, store])),
    }
  }
}

type OrdersContext = {
  orders: Map<string, OrderRow>
  items: Map<string, Array<typeof orderItems.$inferSelect>>
  discounts: Map<string, DiscountLine[]>
  stores: Map<string, { id: string; nameTh: string; nameEn: string }>
}

/**
 * Runs `deliverDue` every `everyMs` (never two runs at once in this process); returns the function that stops it:
 * it ends the timer, lets the e-mail being sent finish, hands the other claimed e-mails back, and resolves when the
 * run under way is over. Several instances may all run it: claiming keeps each e-mail to one sender.
 */
export function startOrderMailDelivery(
  mails: OrderMailService,
  options: { everyMs?: number; limit?: number } = {},
): () => Promise<void> {
  return startOutboxWorker((signal) => mails.deliverDue(options.limit ?? 20, signal), {
    everyMs: options.everyMs ?? 5_000,
    failure: 'Order e-mail delivery failed',
  })
}
