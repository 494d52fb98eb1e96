import { and, eq, inArray } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { orders, returnRequests, type OrderRow } from '~/db/schema'
import type { ReturnKind, ReturnStatus } from '~/domain/returns'
import { RETURN_STATUSES, RETURN_TRANSITIONS } from '~/domain/returns'
import { ApiError } from '~/api/errors'
import type { Tx } from '~/api/admin/audit.server'
import type { ReturnViews } from './return-views'
import type { ChangeRecorder } from './operator.server'

/** What the hook of an accepted request hears (the e-mail to the shopper is built from it). */
export type AcceptedReturn = {
  id: string
  kind: ReturnKind
  reason: string
  items: Array<{ name: string; size: string; quantity: number }>
}

type Lang = 'th' | 'en'
type ReturnRequestRow = typeof returnRequests.$inferSelect

export type ReturnDecisionsOptions = {
  db: Db
  /** The requests as the back office reads them: a decision answers with its request. */
  views: ReturnViews
  /**
   * Told when the back office accepts an exchange or return, in the decision's own transaction (`tx`): the shopper's
   * e-mail is queued from here, so the decision and its e-mail are stored together or not at all (a crash after the
   * commit cannot lose the e-mail; a failure here undoes the decision).
   */
  onReturnAccepted?: (tx: Tx, order: OrderRow, request: AcceptedReturn) => Promise<void>
}

/** The back office's decisions on exchange and return requests (§4): accept, reject, complete. */
export class ReturnDecisionsService {
  constructor(private readonly options: ReturnDecisionsOptions) {}

  /**
   * Back office: accepts, rejects (a note the shopper reads is required) or completes a request. The status
   * moves only along RETURN_TRANSITIONS, guarded in the statement itself, so two operators deciding at once
   * cannot both win. An accepted request is announced to `onReturnAccepted` in the same transaction as the decision
   * and its audit entry: all three are stored, or none.
   */
  async decide(
    id: string,
    to: Exclude<ReturnStatus, 'requested'>,
    note: string | null,
    lang: Lang,
    record?: ChangeRecorder,
  ) {
    if (to === 'rejected' && !note) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please say why the request is rejected.', {
        fields: { note: 'required' },
      })
    }
    const from = RETURN_STATUSES.filter((status) => RETURN_TRANSITIONS[status].includes(to))
    const now = new Date()
    const decision = (row: ReturnRequestRow) => ({ status: row.status, decisionNote: row.decisionNote })
    // The decision and its audit entry (decision 174) in one transaction.
    const updated = await this.options.db.transaction(async (tx) => {
      const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update')
      const [row] = await tx
        .update(returnRequests)
        .set({
          status: to,
          ...(note !== null || to !== 'completed' ? { decisionNote: note } : {}),
          ...(to === 'completed' ? {} : { decidedAt: now }),
          updatedAt: now,
        })
        .where(and(eq(returnRequests.id, id), inArray(returnRequests.status, from)))
        .returning()
      if (row && before) await record?.(tx, { before: decision(before), after: decision(row) })
      if (row && to === 'accepted') await this.announceAccepted(tx, row)
      return row
    })
    if (!updated) {
      const [existing] = await this.options.db
        .select({ status: returnRequests.status })
        .from(returnRequests)
        .where(eq(returnRequests.id, id))
      if (!existing) throw new ApiError(404, 'NOT_FOUND', 'No such return request')
      throw new ApiError(409, 'NOT_ALLOWED', `A request ${existing.status} cannot become ${to}`)
    }
    return this.options.views.one(id, lang)
  }

  /** Tells `onReturnAccepted` of the request just accepted, through the decision's transaction. */
  private async announceAccepted(tx: Tx, request: ReturnRequestRow): Promise<void> {
    const hook = this.options.onReturnAccepted
    if (!hook) return
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId))
    if (!order) return
    // The pieces in the order's own language: the shopper reads what the hook sends (the request as just stored).
    const [view] = await this.options.views.of([request], order.locale === 'en' ? 'en' : 'th', tx)
    if (!view) return
    await hook(tx, order, {
      id: view.id,
      kind: view.kind,
      reason: view.reason,
      items: view.items.map((item) => ({ name: item.name, size: item.size, quantity: item.quantity })),
    })
  }
}
