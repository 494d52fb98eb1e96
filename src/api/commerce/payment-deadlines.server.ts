import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { orders, type OrderRow } from '~/db/schema'
import { DEADLINE_PASSED_NOTE } from '~/domain/payment-outcome'
import { ApiError } from '~/api/errors'
import { enqueueOrderMail } from '~/api/emails/order-mails.server'
import type { OrdersService } from './orders.service'

/** How long a bank transfer order waits for its money (24 h), and when before the end it is reminded (6 h). */
export const DEFAULT_BANK_TRANSFER = { payWithinMs: 24 * 60 * 60 * 1000, remindBeforeMs: 6 * 60 * 60 * 1000 }

/** At most this many orders per kind and run of the deadline job (the next run takes the rest). */
const DEADLINE_BATCH = 200

export type PaymentDeadlinesOptions = {
  db: Db
  /** An order past its deadline is cancelled through §4's status change. */
  orders: OrdersService
  /** How long a bank transfer order waits for its money (default 24 h), and when before the end it is reminded (6 h). */
  bankTransfer?: { payWithinMs: number; remindBeforeMs: number }
  /**
   * Told when a bank transfer reminder is owed, in the transaction that marks the order reminded and queues the
   * reminder e-mail (for more channels, or a test's eyes).
   */
  onPaymentReminder?: ((tx: Db, order: OrderRow) => Promise<void>) | null
}

export class PaymentDeadlines {
  private readonly db: Db
  constructor(private readonly options: PaymentDeadlinesOptions) {
    this.db = options.db
  }

  /**
   * The bank transfer deadlines (issue 17), run every minute by every instance: each order unpaid near its deadline
   * is reminded once, each one past it is cancelled with its stock released. Both are claimed by a guarded update,
   * so two instances (or a run after a restart) never remind or cancel twice, and a run missed while the shop was
   * down is made up by the next one.
   */
  async run(now = new Date()): Promise<{ reminded: number; cancelled: number }> {
    const { remindBeforeMs } = this.options.bankTransfer ?? DEFAULT_BANK_TRANSFER
    const at = sql`${now.toISOString()}::timestamptz`
    const unpaid = and(eq(orders.status, 'awaiting_payment'), isNotNull(orders.paymentDueAt))
    // Reminded at the deadline minus `remindBeforeMs`, never in the first half of the window.
    const remindFrom = sql`${orders.paymentDueAt} - least(${remindBeforeMs} * interval '1 millisecond', (${orders.paymentDueAt} - ${orders.createdAt}) / 2)`
    const toRemind = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(unpaid, isNull(orders.paymentRemindedAt), sql`${orders.paymentDueAt} > ${at}`, sql`${remindFrom} <= ${at}`),
      )
      .orderBy(asc(orders.paymentDueAt))
      .limit(DEADLINE_BATCH)
    let reminded = 0
    for (const { id } of toRemind) {
      const claimed = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ paymentRemindedAt: now })
          .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), isNull(orders.paymentRemindedAt)))
          .returning()
        if (!row?.paymentDueAt) return false
        await enqueueOrderMail(
          tx,
          { kind: 'bank_transfer_reminder', orderId: id, data: { paymentDeadline: row.paymentDueAt.toISOString() } },
          now,
        )
        await this.options.onPaymentReminder?.(tx, row)
        return true
      })
      if (claimed) reminded += 1
    }
    const overdue = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(unpaid, sql`${orders.paymentDueAt} <= ${at}`))
      .orderBy(asc(orders.paymentDueAt))
      .limit(DEADLINE_BATCH)
    let cancelled = 0
    for (const { id } of overdue) {
      try {
        await this.options.orders.changeStatus(id, 'cancelled', DEADLINE_PASSED_NOTE, {
          cancelReason: 'payment_deadline_passed',
        })
        cancelled += 1
      } catch (error) {
        // Paid or cancelled meanwhile (by the back office, the shopper or another instance): nothing to do.
        if (!(error instanceof ApiError && error.status === 409)) throw error
      }
    }
    return { reminded, cancelled }
  }
}
