import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { memberCodes, members, orderEvents, orders, type MemberCodeRow } from '~/db/schema'
import type { OrderStatus } from '~/domain/orders'
import {
  bangkokDate,
  birthMonthCode,
  codeUsable,
  computeTier,
  memberCodePromotion,
  monthlyCode,
  monthlyDiscountUsed,
  remainingMonthlyCap,
  toAccumulation,
  type IssuedMemberCode,
  type TierState,
} from '~/domain/membership'
import { ApiError } from '~/api/errors'
import type { Promotion } from '~/domain/promotions'
import type { Currency } from '~/domain/money'
import { goodwillMaximum, goodwillPromotion, type GoodwillValue } from '~/domain/member-admin'

/** Orders whose money the shop keeps: they count towards the tier (cancelled and returned ones do not). */
const COUNTING_STATUSES: OrderStatus[] = ['paid', 'packed', 'in_transit', 'received']

export type MemberCodeView = {
  code: string
  kind: MemberCodeRow['kind']
  percent: number
  /** A goodwill code of a fixed amount (issue 33): its minor units and currency; null for a percentage. */
  amount: number | null
  amountCurrency: Currency | null
  validUntil: string
  used: boolean
  expired: boolean
  discountUsed: number
  /** What this code can still take off: the month's allowance left for a monthly code, the cap otherwise. */
  remaining: number
}

type Executor = Pick<Db, 'select' | 'update'>

/** A goodwill code's value (issue 33): a fixed amount when it has one, else its percentage. */
export function goodwillValueOf(row: Pick<MemberCodeRow, 'percent' | 'amount' | 'amountCurrency'>): GoodwillValue {
  return row.amount !== null && row.amountCurrency !== null
    ? { kind: 'amount', amount: row.amount, currency: row.amountCurrency }
    : { kind: 'percent', percent: row.percent }
}

/** A member code as a promotion: a goodwill code's own (issue 33), else the tier's and birth month's (§9). */
function promotionOfRow(row: MemberCodeRow, usedThisMonth: number): Promotion {
  if (row.kind === 'goodwill') return goodwillPromotion(row.code, goodwillValueOf(row))
  return memberCodePromotion({ code: row.code, kind: row.kind, percent: row.percent }, usedThisMonth)
}

/**
 * Membership (issue 6): the tier from the member's paid orders (§4), the monthly and birth-month codes (§6, §9)
 * issued idempotently, and their use at checkout through the pricing engine.
 */
export class MembershipService {
  private readonly now: () => Date
  constructor(
    private readonly db: Db,
    private readonly options: { thbSatangPerUsdCent: number; now?: () => Date },
  ) {
    this.now = options.now ?? (() => new Date())
  }

  /** The member's tier at `now` from their paid orders, at the time each was paid. */
  async state(memberId: string, executor: Executor = this.db): Promise<TierState> {
    const rows = await executor
      .select({ total: orders.total, currency: orders.currency, paidAt: sql<Date>`min(${orderEvents.createdAt})` })
      .from(orders)
      .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'paid')))
      .where(and(eq(orders.memberId, memberId), inArray(orders.status, COUNTING_STATUSES)))
      .groupBy(orders.id)
    const entries = rows.map((row) =>
      toAccumulation(
        { at: new Date(row.paidAt).toISOString(), amount: row.total, currency: row.currency },
        this.options.thbSatangPerUsdCent,
      ),
    )
    return computeTier(entries, this.now())
  }

  /**
   * The member's spending (issue 33, the back office's member page): each counting order with when it was paid and
   * what it counts in THB satang (§4, USD at the configured rate), newest first.
   */
  async spending(memberId: string, executor: Executor = this.db) {
    const rows = await executor
      .select({
        number: orders.number,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        paidAt: sql<Date>`min(${orderEvents.createdAt})`,
      })
      .from(orders)
      .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'paid')))
      .where(and(eq(orders.memberId, memberId), inArray(orders.status, COUNTING_STATUSES)))
      .groupBy(orders.id)
    return rows
      .map((row) => {
        const paidAt = new Date(row.paidAt).toISOString()
        const { amount } = toAccumulation(
          { at: paidAt, amount: row.total, currency: row.currency },
          this.options.thbSatangPerUsdCent,
        )
        return {
          orderNumber: row.number,
          paidAt,
          status: row.status,
          currency: row.currency,
          total: row.total,
          thb: amount,
        }
      })
      .sort((a, b) => b.paidAt.localeCompare(a.paidAt))
  }

  /** The tier stored on the member from `state`, in the caller's transaction (a merge's, issue 33). */
  async store(memberId: string, executor: Executor): Promise<TierState> {
    const state = await this.state(memberId, executor)
    await executor
      .update(members)
      .set({
        tier: state.tier,
        totalSpending: Math.max(0, state.spentInCycle),
        tierExpiresAt: state.expiresAt ? new Date(state.expiresAt) : null,
      })
      .where(eq(members.id, memberId))
    return state
  }

  /**
   * Stores the tier on the member (read by sessions and the header); run when an order is paid, cancelled or
   * returned. A member who has just reached VIP or VVIP gets this month's code at once.
   */
  async recompute(memberId: string): Promise<TierState> {
    const state = await this.state(memberId)
    await this.db
      .update(members)
      .set({
        tier: state.tier,
        totalSpending: Math.max(0, state.spentInCycle),
        tierExpiresAt: state.expiresAt ? new Date(state.expiresAt) : null,
      })
      .where(eq(members.id, memberId))
    if (state.tier !== 'member') await this.issueCodes(memberId)
    return state
  }

  /**
   * Issues this month's codes: the tier code to every VIP and VVIP, the birth-month code to members born in
   * this month. Safe to run any number of times, anywhere: the (member, key) index keeps one row.
   */
  async issueCodes(onlyMemberId: string | null = null): Promise<number> {
    const now = this.now()
    const month = bangkokDate(now).month
    const candidates = await this.db
      .select({ id: members.id, tier: members.tier, birthdate: members.birthdate })
      .from(members)
      .where(
        and(
          onlyMemberId ? eq(members.id, onlyMemberId) : undefined,
          sql`(${members.tier} <> 'member' OR (${members.birthdate} IS NOT NULL AND extract(month from ${members.birthdate}) = ${month}))`,
        ),
      )
    let issued = 0
    for (const member of candidates) {
      const codes = [monthlyCode(member, now), birthMonthCode(member, now)].filter(
        (code): code is IssuedMemberCode => code !== null,
      )
      for (const code of codes) {
        const stored = await this.db
          .insert(memberCodes)
          .values({
            memberId: member.id,
            key: code.key,
            code: code.promotion.code,
            kind: code.kind,
            percent: code.promotion.percent,
            validFrom: new Date(code.validFrom),
            validUntil: new Date(code.validUntil),
          })
          // This month's tier code is raised in place when the member rose (VIP 5 % → VVIP 10 %) and has not
          // used it yet (issue 17); a used one stays: the monthly code is once a month (§9).
          .onConflictDoUpdate({
            target: [memberCodes.memberId, memberCodes.key],
            set: { code: code.promotion.code, percent: code.promotion.percent },
            setWhere: sql`${memberCodes.usedAt} IS NULL AND ${memberCodes.percent} < excluded.percent`,
          })
          .returning({ id: memberCodes.id })
        issued += stored.length
      }
    }
    return issued
  }

  private async usedThisMonth(executor: Executor, memberId: string): Promise<number> {
    const uses = await executor
      .select({ at: memberCodes.usedAt, discount: memberCodes.discountUsed })
      .from(memberCodes)
      .where(and(eq(memberCodes.memberId, memberId), eq(memberCodes.kind, 'monthly'), isNotNull(memberCodes.usedAt)))
    return monthlyDiscountUsed(
      uses.map((use) => ({ at: (use.at ?? new Date(0)).toISOString(), discount: use.discount })),
      this.now(),
    )
  }

  async codes(memberId: string): Promise<MemberCodeView[]> {
    const rows = await this.db
      .select()
      .from(memberCodes)
      .where(eq(memberCodes.memberId, memberId))
      .orderBy(desc(memberCodes.validFrom), asc(memberCodes.code))
    const used = await this.usedThisMonth(this.db, memberId)
    const now = this.now()
    return rows.map((row) => {
      const usable = codeUsable(
        { validUntil: row.validUntil.toISOString(), usedAt: row.usedAt?.toISOString() ?? null, kind: row.kind },
        now,
      )
      return {
        code: row.code,
        kind: row.kind,
        percent: row.percent,
        amount: row.amount,
        amountCurrency: row.amountCurrency,
        validUntil: row.validUntil.toISOString(),
        used: row.usedAt !== null,
        expired: !usable.usable && usable.reason === 'expired',
        discountUsed: row.discountUsed,
        remaining: usable.usable
          ? row.kind === 'monthly'
            ? remainingMonthlyCap(used)
            : row.kind === 'goodwill'
              ? goodwillMaximum(goodwillValueOf(row))
              : (memberCodePromotion({ code: row.code, kind: row.kind, percent: row.percent }).cap.thb ?? 0)
          : 0,
      }
    })
  }

  /** The member's code as a promotion for the pricing engine, or a refusal naming why (§8-style reasons). */
  async promotionFor(
    memberId: string,
    code: string,
    executor: Executor = this.db,
  ): Promise<{ promotion: Promotion; row: MemberCodeRow }> {
    const [row] = await executor
      .select()
      .from(memberCodes)
      .where(and(eq(memberCodes.memberId, memberId), eq(memberCodes.code, code)))
      .orderBy(desc(memberCodes.validFrom))
      .limit(1)
    if (!row)
      throw new ApiError(400, 'PROMOTION_REJECTED', 'This code is not valid', {
        fields: { promotionCode: 'invalid' },
      })
    const usable = codeUsable(
      { validUntil: row.validUntil.toISOString(), usedAt: row.usedAt?.toISOString() ?? null, kind: row.kind },
      this.now(),
    )
    if (!usable.usable) {
      throw new ApiError(409, 'PROMOTION_REJECTED', `This code was ${usable.reason}`, {
        fields: { promotionCode: usable.reason },
      })
    }
    const used = row.kind === 'monthly' ? await this.usedThisMonth(executor, memberId) : 0
    if (row.kind === 'monthly' && remainingMonthlyCap(used) === 0) {
      throw new ApiError(409, 'PROMOTION_REJECTED', 'This month’s discount allowance is used up', {
        fields: { promotionCode: 'monthlyCap' },
      })
    }
    return { promotion: promotionOfRow(row, used), row }
  }

  /** Marks a code used by an order, in the order's transaction; a code used meanwhile refuses the order. */
  async markUsed(executor: Executor, codeId: string, orderId: string, discount: number): Promise<void> {
    const marked = await executor
      .update(memberCodes)
      .set({ usedAt: this.now(), usedOrderId: orderId, discountUsed: discount })
      .where(and(eq(memberCodes.id, codeId), isNull(memberCodes.usedAt)))
      .returning({ id: memberCodes.id })
    if (marked.length === 0) {
      throw new ApiError(409, 'PROMOTION_REJECTED', 'This code was used', { fields: { promotionCode: 'used' } })
    }
  }

  /** A cancelled order gives its code back (the order did not happen). */
  async releaseCode(orderId: string): Promise<void> {
    await this.db
      .update(memberCodes)
      .set({ usedAt: null, usedOrderId: null, discountUsed: 0 })
      .where(and(eq(memberCodes.usedOrderId, orderId), gte(memberCodes.validUntil, this.now())))
  }
}
