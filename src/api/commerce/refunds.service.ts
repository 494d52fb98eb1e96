import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  orderItems,
  orders,
  paymentDisputes,
  paymentEvents,
  payments,
  refunds,
  type OrderRow,
  type PaymentRow,
  type RefundPiece,
  type RefundRow,
} from '~/db/schema'
import {
  piecesRefund,
  piecesRefundedBefore,
  piecePrices,
  refundableAmount,
  refundState,
  type PiecesAsked,
  type PiecesRefusal,
} from '~/domain/refunds'
import { ApiError } from '~/api/errors'
import { systemActor, type AuditContext } from '~/api/admin/actor'
import type { AuditLog, Tx } from '~/api/admin/audit.server'
import { enqueueOrderMail } from '~/api/emails/order-mails.server'
import {
  PaymentProviderError,
  type MoneyEvent,
  type PaymentProvider,
  type ProviderRefund,
} from '~/api/payments/provider'

/** How a refund is asked: every piece and the shipping (all that is left), some pieces, or an amount. */
export type RefundAsk = (
  { mode: 'full' } | { mode: 'pieces'; pieces: PiecesAsked[] } | { mode: 'amount'; amount: number }
) & {
  reason: string
  /** The request's Idempotency-Key: the same key on the same order answers the first refund, never a second. */
  idempotencyKey?: string | null
  /** A transfer's refund: the reference of the bank transfer staff made back to the shopper. */
  bankReference?: string | null
}

export type RefundsServiceOptions = {
  db: Db
  audit: Pick<AuditLog, 'record'>
  /** The provider of a payment's `provider` id (stripe, paypal, test), or null (bank transfers, one not configured). */
  provider: (id: string) => PaymentProvider | null
  now?: () => Date
}

/** The refund as the back office and the returns' decisions read it. */
export type RefundView = {
  id: string
  status: RefundRow['status']
  amount: number
  currency: RefundRow['currency']
  provider: string
  providerRef: string | null
  reason: string
  pieces: RefundPiece[]
  requestedBy: string
  requestedByType: string
  failure: string | null
  createdAt: string
  updatedAt: string
}

function viewOf(row: RefundRow): RefundView {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    providerRef: row.providerRef,
    reason: row.reason,
    pieces: row.pieces,
    requestedBy: row.requestedByLabel,
    requestedByType: row.requestedByType,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** What a pieces refusal says, in the API's English (the admin API says it in the staff's language). */
function piecesMessage(refusal: PiecesRefusal): { message: string; field: string; code: string } {
  switch (refusal.code) {
    case 'NO_SUCH_LINE':
      return { message: `The order has no line ${refusal.position}`, field: 'pieces', code: 'no_such_line' }
    case 'TOO_MANY_PIECES':
      return {
        message: `Line ${refusal.position} has ${refusal.left} piece(s) left to refund`,
        field: 'pieces',
        code: 'too_many_pieces',
      }
    case 'NO_PIECES':
      return { message: 'Choose at least one piece', field: 'pieces', code: 'required' }
  }
}

/** Who a webhook's changes are audited as: the system, named by the provider that reported them. */
function webhookContext(provider: string): AuditContext {
  return { actor: systemActor(`${provider}-webhook`, []), ip: null, requestId: null }
}

const BANK_TRANSFER = 'bank_transfer'

/**
 * Refunds (issue 31 item 7, decision 185): money given back on a paid order, in full, by pieces or by an amount, never
 * more than was paid less what was refunded. Card and PayPal refunds go through their provider's refund API; a
 * transfer's is recorded with the reference of the bank transfer staff made. The order row is locked while a refund is
 * reserved, so two refunds at once cannot pass the cap; the provider is called outside any transaction, with the
 * refund's id as its idempotency key; every step is audited in its own transaction, the shopper's e-mail queued with
 * the refund the provider accepted. Refunds and disputes the providers report by webhook (one made in a dashboard
 * too) are recorded as the system.
 */
export class RefundsService {
  private readonly db: Db
  private readonly now: () => Date

  constructor(private readonly options: RefundsServiceOptions) {
    this.db = options.db
    this.now = options.now ?? (() => new Date())
  }

  /**
   * Gives money back on the order `number`: reserves the refund under the order's lock (the cap checked against
   * what was paid less every refund not failed), asks the provider, records its answer. A repeated idempotency key
   * answers the first refund. A provider that refuses or cannot be reached leaves a failed refund (audited) that
   * takes nothing from what may be refunded, and no e-mail; the call answers PAYMENT_FAILED.
   */
  async refund(
    number: string,
    ask: RefundAsk,
    context: AuditContext,
  ): Promise<{ refund: RefundView; replay: boolean }> {
    const reserved = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update')
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      if (ask.idempotencyKey) {
        const [earlier] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, ask.idempotencyKey)))
        if (earlier) return { row: earlier, replay: true as const, order, payment: null }
      }
      const money = await this.moneyOf(tx, order)
      if (!money.payment) throw new ApiError(409, 'NOT_ALLOWED', 'Nothing was paid for this order')
      const left = refundableAmount(money.paid, money.taken)
      let amount: number
      let pieces: RefundPiece[] = []
      if (ask.mode === 'full') {
        amount = left
      } else if (ask.mode === 'amount') {
        amount = ask.amount
      } else {
        const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))
        const result = piecesRefund(lines, order.discount, piecesRefundedBefore(money.live), ask.pieces)
        if (!result.ok) {
          const { message, field, code } = piecesMessage(result.refusal)
          throw new ApiError(400, 'INVALID_INPUT', message, { fields: { [field]: code } })
        }
        amount = result.amount
        pieces = result.pieces
      }
      if (amount <= 0 || amount > left) {
        throw new ApiError(409, 'REFUND_TOO_LARGE', `At most ${left} can be refunded on this order`, {
          fields: { amount: String(left) },
        })
      }
      const bank = money.payment.provider === BANK_TRANSFER || order.paymentMethod === BANK_TRANSFER
      const bankReference = ask.bankReference?.trim() || null
      if (bank && !bankReference) {
        throw new ApiError(400, 'INVALID_INPUT', 'A transfer’s refund needs the bank’s reference', {
          fields: { bank_reference: 'required' },
        })
      }
      if (bank) {
        const [used] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.provider, BANK_TRANSFER), eq(refunds.providerRef, bankReference ?? '')))
        if (used) {
          throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', 'This bank reference is already recorded for a refund', {
            fields: { bank_reference: 'used' },
          })
        }
      }
      const now = this.now()
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          paymentId: money.payment.id,
          provider: bank ? BANK_TRANSFER : money.payment.provider,
          providerRef: bank ? bankReference : null,
          // A transfer's refund is made: staff transferred the money and give its reference.
          status: bank ? 'succeeded' : 'pending',
          amount,
          currency: order.currency,
          reason: ask.reason,
          pieces,
          idempotencyKey: ask.idempotencyKey ?? null,
          requestedByType: context.actor.type,
          requestedById: context.actor.id,
          requestedByLabel: context.actor.label,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (!row) throw new Error('the refund was not stored')
      await this.options.audit.record(tx, context, {
        action: 'order.refund',
        entityType: 'order',
        entityId: order.number,
        before: { refunded: money.refunded, refundable: left },
        after: {
          refund: row.id,
          mode: ask.mode,
          amount,
          pieces,
          reason: ask.reason,
          status: row.status,
          ...(bank ? { bankReference } : {}),
        },
      })
      if (bank) await this.queueMail(tx, order, row, money.paid, money.refunded + amount)
      return { row, replay: false as const, order, payment: money.payment }
    })
    if (reserved.replay || reserved.row.status !== 'pending' || !reserved.payment) {
      return { refund: viewOf(reserved.row), replay: reserved.replay }
    }
    return {
      refund: viewOf(await this.askProvider(reserved.order, reserved.payment, reserved.row, context)),
      replay: false,
    }
  }

  /**
   * The returns' way in (issue 31 item 9): give back what was paid for these pieces of the order, with a reason, as
   * `context` (the member of staff deciding the return). Idempotent on `idempotencyKey` (the return's id, say).
   */
  refundPieces(
    number: string,
    pieces: PiecesAsked[],
    reason: string,
    context: AuditContext,
    idempotencyKey: string | null = null,
  ) {
    return this.refund(number, { mode: 'pieces', pieces, reason, idempotencyKey }, context)
  }

  /** The provider's answer to a reserved refund, recorded with its audit entry (and the e-mail when it went through). */
  private async askProvider(order: OrderRow, payment: PaymentRow, row: RefundRow, context: AuditContext) {
    const provider = this.options.provider(payment.provider)
    let outcome:
      | { ok: true; refundRef: string; status: RefundRow['status']; captureRef: string }
      | { ok: false; failure: string; retryable: boolean }
    if (!provider?.refund || !payment.providerRef) {
      outcome = { ok: false, failure: `No refunds through ${payment.provider} in this configuration`, retryable: false }
    } else {
      try {
        outcome = {
          ok: true,
          ...(await provider.refund({
            refundId: row.id,
            orderNumber: order.number,
            providerRef: payment.providerRef,
            captureRef: payment.captureRef,
            amount: row.amount,
            currency: row.currency,
          })),
        }
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error
        outcome = { ok: false, failure: error.message, retryable: error.retryable }
      }
    }
    const settled = await this.db.transaction(async (tx) => {
      const now = this.now()
      const [updated] = await tx
        .update(refunds)
        .set(
          outcome.ok
            ? { status: outcome.status, providerRef: outcome.refundRef, updatedAt: now }
            : { status: 'failed', failure: outcome.failure, updatedAt: now },
        )
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
        .returning()
      // A webhook settled it meanwhile: its answer stands.
      if (!updated) {
        const [current] = await tx.select().from(refunds).where(eq(refunds.id, row.id))
        return current ?? row
      }
      if (outcome.ok) {
        await tx.update(payments).set({ captureRef: outcome.captureRef }).where(eq(payments.id, payment.id))
      }
      await this.options.audit.record(tx, context, {
        action: outcome.ok && outcome.status !== 'failed' ? 'order.refund_accepted' : 'order.refund_failed',
        entityType: 'order',
        entityId: order.number,
        before: { refund: row.id, status: 'pending' },
        after: {
          refund: row.id,
          status: updated.status,
          amount: updated.amount,
          providerRef: updated.providerRef,
          ...(updated.failure ? { failure: updated.failure } : {}),
        },
      })
      // The shopper hears of the money once it is on its way back; a refund still pending hears it from its webhook.
      if (updated.status === 'succeeded') {
        const money = await this.moneyOf(tx, order)
        await this.queueMail(tx, order, updated, money.paid, money.taken)
      }
      return updated
    })
    if (!outcome.ok) {
      throw new ApiError(
        outcome.retryable ? 503 : 409,
        'PAYMENT_FAILED',
        `The refund did not go through: ${outcome.failure}`,
      )
    }
    return settled
  }

  /** The refund e-mail, once per refund, in the order's language (the worker renders it). */
  private async queueMail(tx: Tx, order: OrderRow, refund: RefundRow, paid: number, refundedAfter: number) {
    await enqueueOrderMail(
      tx,
      {
        kind: 'refund',
        orderId: order.id,
        key: refund.id,
        data: { refundId: refund.id, amount: refund.amount, full: refundedAfter >= paid },
      },
      this.now(),
    )
  }

  /** What was paid on the order, its refunds not failed, what they took and what of it went through. */
  private async moneyOf(tx: Tx, order: OrderRow) {
    const paidRows = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
      .orderBy(desc(payments.updatedAt))
    const live = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), ne(refunds.status, 'failed')))
    const paid = paidRows.reduce((sum, row) => sum + row.amount, 0)
    return {
      payment: paidRows[0] ?? null,
      paid,
      live,
      /** Pending and succeeded: what the cap counts. */
      taken: live.reduce((sum, row) => sum + row.amount, 0),
      refunded: live.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + row.amount, 0),
    }
  }

  /** An order's refunds and disputes, what may still be refunded and each line's pieces left with their prices. */
  async ofOrder(number: string) {
    const [order] = await this.db.select().from(orders).where(eq(orders.number, number))
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    const [money, rows, disputes, lines] = await Promise.all([
      this.moneyOf(this.db, order),
      this.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt)),
      this.db
        .select()
        .from(paymentDisputes)
        .where(eq(paymentDisputes.orderId, order.id))
        .orderBy(asc(paymentDisputes.createdAt)),
      this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
    ])
    const prices = piecePrices(lines, order.discount)
    const before = piecesRefundedBefore(money.live)
    const method = money.payment?.provider === BANK_TRANSFER ? BANK_TRANSFER : order.paymentMethod
    return {
      number: order.number,
      currency: order.currency,
      paymentMethod: method,
      paid: money.paid,
      refunded: money.refunded,
      pending: money.taken - money.refunded,
      refundable: money.payment ? refundableAmount(money.paid, money.taken) : 0,
      state: refundState(money.paid, money.refunded),
      needsBankReference: method === BANK_TRANSFER,
      lines: lines.map((line) => {
        const refunded = before.get(line.position) ?? 0
        return {
          position: line.position,
          quantity: line.quantity,
          refunded,
          /** What each piece left would give back, in the order it would be refunded. */
          pieceAmounts: (prices.get(line.position) ?? []).slice(refunded),
        }
      }),
      refunds: rows.map(viewOf),
      disputes: disputes.map((dispute) => ({
        id: dispute.id,
        provider: dispute.provider,
        providerRef: dispute.providerRef,
        status: dispute.status,
        open: dispute.open,
        amount: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        createdAt: dispute.createdAt.toISOString(),
        updatedAt: dispute.updatedAt.toISOString(),
      })),
    }
  }

  /** The payment a provider's event is about: by its capture, by our order number, or by asking the provider. */
  private async paymentOfEvent(provider: PaymentProvider, captureRef: string | null, orderNumber: string | null) {
    if (captureRef) {
      const [known] = await this.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.id), eq(payments.captureRef, captureRef)))
      if (known) return known
    }
    if (orderNumber) {
      const [byOrder] = await this.db
        .select({ payment: payments })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.number, orderNumber), eq(payments.provider, provider.id), eq(payments.status, 'paid')))
        .orderBy(desc(payments.updatedAt))
      if (byOrder) return this.withCapture(byOrder.payment, captureRef)
    }
    if (captureRef && provider.paymentOfCapture) {
      const providerRef = await provider.paymentOfCapture(captureRef)
      if (providerRef) {
        const [byRef] = await this.db
          .select()
          .from(payments)
          .where(and(eq(payments.provider, provider.id), eq(payments.providerRef, providerRef)))
        if (byRef) return this.withCapture(byRef, captureRef)
      }
    }
    return null
  }

  private async withCapture(payment: PaymentRow, captureRef: string | null): Promise<PaymentRow> {
    if (!captureRef || payment.captureRef === captureRef) return payment
    await this.db.update(payments).set({ captureRef }).where(eq(payments.id, payment.id))
    return { ...payment, captureRef }
  }

  /**
   * A verified webhook's refund or dispute (issue 31 item 7): applied once per event id, audited as the system. A
   * refund the shop asked for is settled (pending → succeeded or failed); one made in the provider's dashboard is
   * recorded, with the shopper's e-mail; a dispute is recorded and kept up to date. Events about a payment the shop
   * does not know are ignored.
   */
  async applyEvent(provider: PaymentProvider, event: MoneyEvent): Promise<void> {
    const orderNumber = event.kind === 'refunds_changed' ? null : event.orderNumber
    const payment = await this.paymentOfEvent(provider, event.captureRef, orderNumber)
    if (!payment) return
    // charge.refunded names no refund: the provider's list of the capture's refunds says which changed.
    const changed: ProviderRefund[] =
      event.kind === 'refunds_changed'
        ? ((await provider.refundsOf?.(event.captureRef)) ?? [])
        : event.kind === 'refund'
          ? [event]
          : []
    const context = webhookContext(provider.id)
    await this.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ provider: provider.id, eventId: event.eventId, createdAt: this.now() })
        .onConflictDoNothing()
        .returning()
      if (fresh.length === 0) return
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update')
      if (!order) return
      for (const refund of changed) await this.applyRefund(tx, provider.id, order, payment, refund, context)
      if (event.kind === 'dispute') await this.applyDispute(tx, provider.id, order, event, context)
    })
  }

  private async applyRefund(
    tx: Tx,
    provider: string,
    order: OrderRow,
    payment: PaymentRow,
    reported: ProviderRefund,
    context: AuditContext,
  ) {
    const now = this.now()
    const [ours] = await tx
      .select()
      .from(refunds)
      .where(
        reported.refundId
          ? and(eq(refunds.orderId, order.id), eq(refunds.id, reported.refundId))
          : and(eq(refunds.provider, provider), eq(refunds.providerRef, reported.refundRef)),
      )
    const known =
      ours ??
      (
        await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, reported.refundRef)))
      )[0]
    if (known) {
      if (known.status === reported.status || known.status !== 'pending') return
      const [updated] = await tx
        .update(refunds)
        .set({ status: reported.status, providerRef: reported.refundRef, updatedAt: now })
        .where(eq(refunds.id, known.id))
        .returning()
      if (!updated) return
      await this.options.audit.record(tx, context, {
        action: reported.status === 'failed' ? 'order.refund_failed' : 'order.refund_succeeded',
        entityType: 'order',
        entityId: order.number,
        before: { refund: known.id, status: known.status },
        after: { refund: known.id, status: reported.status, providerRef: reported.refundRef },
      })
      if (updated.status === 'succeeded') {
        const money = await this.moneyOf(tx, order)
        await this.queueMail(tx, order, updated, money.paid, money.taken)
      }
      return
    }
    if (reported.amount <= 0) return
    // A refund made in the provider's dashboard: the money went back, the shop records it as it stands.
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment.id,
        provider,
        providerRef: reported.refundRef,
        status: reported.status,
        amount: reported.amount,
        currency: order.currency,
        reason: `Refunded at ${provider}`,
        pieces: [],
        requestedByType: context.actor.type,
        requestedById: context.actor.id,
        requestedByLabel: context.actor.label,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) return
    await this.options.audit.record(tx, context, {
      action: 'order.refund',
      entityType: 'order',
      entityId: order.number,
      after: { refund: row.id, amount: row.amount, status: row.status, providerRef: row.providerRef },
    })
    if (row.status === 'succeeded') {
      const money = await this.moneyOf(tx, order)
      await this.queueMail(tx, order, row, money.paid, money.taken)
    }
  }

  private async applyDispute(
    tx: Tx,
    provider: string,
    order: OrderRow,
    event: Extract<MoneyEvent, { kind: 'dispute' }>,
    context: AuditContext,
  ) {
    const now = this.now()
    const [known] = await tx
      .select()
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.provider, provider), eq(paymentDisputes.providerRef, event.disputeRef)))
    const values = {
      status: event.status,
      open: event.open,
      amount: event.amount,
      reason: event.reason,
      updatedAt: now,
    }
    if (known) {
      await tx.update(paymentDisputes).set(values).where(eq(paymentDisputes.id, known.id))
    } else {
      await tx.insert(paymentDisputes).values({
        ...values,
        orderId: order.id,
        provider,
        providerRef: event.disputeRef,
        currency: event.currency ?? order.currency,
        createdAt: now,
      })
    }
    await this.options.audit.record(tx, context, {
      action: known ? (event.open ? 'order.dispute_updated' : 'order.dispute_closed') : 'order.dispute',
      entityType: 'order',
      entityId: order.number,
      before: known ? { status: known.status, open: known.open } : undefined,
      after: { dispute: event.disputeRef, status: event.status, amount: event.amount, reason: event.reason },
    })
  }
}
