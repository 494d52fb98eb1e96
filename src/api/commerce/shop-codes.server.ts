import { and, count, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orders, promotionCodes, type PromotionCodeRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import { codeState, stateRejection, type ShopCode } from '~/domain/promotion-codes'

/** The database or a transaction of it. */
type Tx = Pick<Db, 'select' | 'update'>

/** A code's row as the domain's code (promotion-codes.ts). */
export function shopCodeOf(row: PromotionCodeRow): ShopCode {
  const currency = (amount: number | null, minimum: number | null) =>
    minimum === null ? undefined : { amount, minimum }
  const thb = currency(row.kind === 'amount' ? row.amountThb : row.capThb, row.minThb)
  const usd = currency(row.kind === 'amount' ? row.amountUsd : row.capUsd, row.minUsd)
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    currencies: { ...(thb ? { thb } : {}), ...(usd ? { usd } : {}) },
    excludeTags: row.excludeTags,
    excludeCategories: row.excludeCategories,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usesPerMember: row.usesPerMember,
    usesTotal: row.usesTotal,
    uses: row.uses,
    active: row.active,
  }
}

/**
 * A cancelled order gives its use of a shop code back, in the cancellation's transaction: a code with a total number
 * of uses can then be taken by another order; never below zero. (An order of before migration 0032 took no use of
 * NEW200, whose uses are unlimited: its cancellation only lowers the count shown.)
 */
export async function giveBackUse(tx: Tx, order: { promotionCode: string | null }): Promise<void> {
  if (!order.promotionCode) return
  await tx
    .update(promotionCodes)
    .set({ uses: sql`${promotionCodes.uses} - 1`, updatedAt: new Date() })
    .where(and(eq(sql`upper(${promotionCodes.code})`, order.promotionCode.toUpperCase()), gt(promotionCodes.uses, 0)))
}

function rejected(status: 400 | 409, reason: string): ApiError {
  return new ApiError(status, 'PROMOTION_REJECTED', 'This code is not valid', { fields: { promotionCode: reason } })
}

/**
 * The shop's discount codes at checkout (issue 32 item 5, decision 193): read from `promotion_codes` on every quote
 * and order (never cached, so a code starts and ends at its dates by itself), and a use taken in the order's
 * transaction.
 */
export class ShopCodes {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The code of this text (already in capitals), or null when the shop has none. */
  async find(code: string, executor: Tx = this.db): Promise<PromotionCodeRow | null> {
    const [row] = await executor
      .select()
      .from(promotionCodes)
      .where(eq(sql`upper(${promotionCodes.code})`, code))
      .limit(1)
    return row ?? null
  }

  /** Refuses a code not live now, or one the member has used as often as it allows (a guest: a members' code). */
  async assertUsable(row: PromotionCodeRow, memberId: string | null, executor: Tx = this.db): Promise<void> {
    const reason = stateRejection(codeState(row, this.now()))
    if (reason) throw rejected(reason === 'invalid' ? 400 : 409, reason)
    if (row.usesPerMember === null) return
    if (!memberId) throw rejected(409, 'membersOnly')
    if ((await this.usesBy(executor, row, memberId, null)) >= row.usesPerMember) throw rejected(409, 'used')
  }

  /** The member's orders that took the code (a cancelled one gave it back), but `except`. */
  private async usesBy(executor: Tx, row: PromotionCodeRow, memberId: string, except: string | null) {
    const [counted] = await executor
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.memberId, memberId),
          eq(orders.promotionCode, row.code),
          ne(orders.status, 'cancelled'),
          except ? ne(orders.id, except) : undefined,
        ),
      )
    return counted?.n ?? 0
  }

  /**
   * Takes one use for an order, in its transaction: a guarded update (live now, a use left) that locks the code's row
   * until the order commits, so that of two orders taking the last use one gets it and the other is refused (409);
   * then the member's own uses, counted under that lock.
   */
  async take(tx: Tx, codeId: string, order: { id: string; memberId: string | null }): Promise<void> {
    const now = this.now()
    const [row] = await tx
      .update(promotionCodes)
      .set({ uses: sql`${promotionCodes.uses} + 1` })
      .where(
        and(
          eq(promotionCodes.id, codeId),
          eq(promotionCodes.active, true),
          or(isNull(promotionCodes.startsAt), lte(promotionCodes.startsAt, now)),
          or(isNull(promotionCodes.endsAt), gt(promotionCodes.endsAt, now)),
          or(isNull(promotionCodes.usesTotal), lt(promotionCodes.uses, promotionCodes.usesTotal)),
        ),
      )
      .returning()
    if (!row) {
      const [current] = await tx.select().from(promotionCodes).where(eq(promotionCodes.id, codeId))
      const reason = current ? stateRejection(codeState(current, now)) : 'invalid'
      throw rejected(409, reason ?? 'used')
    }
    if (row.usesPerMember === null) return
    if (!order.memberId) throw rejected(409, 'membersOnly')
    if ((await this.usesBy(tx, row, order.memberId, order.id)) >= row.usesPerMember) throw rejected(409, 'used')
  }
}
