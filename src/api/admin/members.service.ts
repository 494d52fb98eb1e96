import { randomInt, randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { resultRows, type Db } from '~/db/client.server'
import {
  cartItems,
  carts,
  memberAddresses,
  memberCodes,
  members,
  oauthStates,
  consentRecords,
  orders,
  otpChallenges,
  privacyExports,
  privacyRequests,
  sessions,
  wishlistItems,
  type MemberRow,
} from '~/db/schema'
import { ApiError } from '~/api/errors'
import type { MembershipService } from '~/api/accounts/membership.service'
import { SESSION_IDLE_SECONDS } from '~/api/accounts/sessions.service'
import { addDays, bangkokDate, bangkokStartOfDay, parseCalendarDate, type MemberTier } from '~/domain/membership'
import {
  birthdateProblem,
  GOODWILL_DAYS_MAX,
  GOODWILL_DAYS_MIN,
  goodwillProblem,
  type GoodwillValue,
} from '~/domain/member-admin'
import { parseTelephone } from '~/domain/phone'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

export type AdminMemberSort = 'created' | 'name' | 'tier' | 'spending'
export type AdminMemberFilter = { q?: string; tier?: MemberTier; blocked?: boolean }
export type AdminMemberPageRequest = { sort: AdminMemberSort; dir: 'asc' | 'desc'; page: number; size: number }

/** Whose e-mail, telephone and LINE survive a merge. */
export type MergeChoice = { email: 'kept' | 'other'; telephone: 'kept' | 'other'; line: 'kept' | 'other' }

/**
 * Every table with a member_id and what a merge does with its rows (a test compares it with the database's foreign
 * keys: a new one fails it until merge handles it).
 */
export const MERGE_HANDLED_TABLES = {
  orders: 'moved',
  member_addresses: 'moved',
  wishlist_items: 'moved (a product both saved: once)',
  carts: 'moved (the open cart’s lines join the kept open cart)',
  member_codes: 'moved (a key both hold: the moved one’s renamed)',
  sessions: 'ended',
  otp_challenges: 'deleted (sign-ins in flight of the removed account)',
  oauth_states: 'deleted (LINE logins in flight of the removed account)',
  privacy_requests: 'moved (the person’s requests and their due dates stay theirs)',
  privacy_exports: 'moved (a data link already sent keeps working for the same person)',
  consent_records: 'moved (what the person chose, and when)',
} as const

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** LIKE's own characters taken literally. */
function likeText(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** The last instant of the Bangkok day `days - 1` days after today: a code valid for `days` days, today included. */
function validUntilFor(now: Date, days: number): Date {
  return new Date(bangkokStartOfDay(addDays(bangkokDate(now), days)).getTime() - 1)
}

/** What the audit keeps of a member: identity and state, no session secrets. */
function auditView(member: MemberRow) {
  return {
    name: member.fullname,
    email: member.email,
    emailVerified: member.emailVerifiedAt !== null,
    telephone: member.telephone,
    telephoneVerified: member.telephoneVerifiedAt !== null,
    lineUserId: member.lineUserId,
    birthdate: member.birthdate,
    tier: member.tier,
    blocked: member.blockedAt !== null,
  }
}

/**
 * Members in the back office (issue 33 item 1, decision 200): the search, a member's whole profile, and the actions
 * staff take with a reason, each audited (before, after, the reason) in the transaction of its change.
 */
export class AdminMembers {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly membership: MembershipService,
    private readonly now: () => Date,
  ) {}

  /**
   * A search as staff type it: part of the name or the e-mail, a telephone number in any notation (081 234 5678 and
   * +66 81 234 5678 are +66812345678 for libphonenumber), the digits of a number, or a LINE user id.
   */
  private search(q: string): SQL | undefined {
    const text = `%${likeText(q)}%`
    const phone = parseTelephone(q)
    const digits = q.replace(/\D/g, '')
    const national = digits.startsWith('0') ? digits.slice(1) : digits
    return or(
      ilike(members.fullname, text),
      ilike(members.email, text),
      eq(members.lineUserId, q),
      phone ? eq(members.telephone, phone.value) : undefined,
      !phone && national.length >= 6 && digits.length === q.replace(/[\s+().-]/g, '').length
        ? sql`${members.telephone} LIKE ${`%${national}%`}`
        : undefined,
    )
  }

  async list(filter: AdminMemberFilter, page: AdminMemberPageRequest) {
    const where = and(
      filter.q ? this.search(filter.q) : undefined,
      filter.tier ? eq(members.tier, filter.tier) : undefined,
      filter.blocked === undefined
        ? undefined
        : filter.blocked
          ? isNotNull(members.blockedAt)
          : isNull(members.blockedAt),
    )
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(members)
      .where(where)
    const column = {
      created: members.createdAt,
      name: members.fullname,
      tier: members.tier,
      spending: members.totalSpending,
    }[page.sort]
    const direction = page.dir === 'asc' ? asc : desc
    const rows = await this.db
      .select()
      .from(members)
      .where(where)
      .orderBy(direction(column), desc(members.createdAt), asc(members.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size)
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.fullname,
        email: row.email,
        telephone: row.telephone,
        lineLinked: row.lineUserId !== null,
        tier: row.tier,
        totalSpending: row.totalSpending,
        blocked: row.blockedAt !== null,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      page: page.page,
      pageSize: page.size,
    }
  }

  private async find(executor: Tx, id: string): Promise<MemberRow> {
    const [member] = await executor.select().from(members).where(eq(members.id, id)).limit(1)
    if (!member) throw new ApiError(404, 'NOT_FOUND', 'No such member')
    return member
  }

  /** A member's page: identity, tier and its cycle, spending, codes, orders, addresses and live sessions. */
  async detail(id: string) {
    const member = await this.find(this.db, id)
    const now = this.now()
    const [tier, spending, codes, memberOrders, addresses, live] = await Promise.all([
      this.membership.state(id),
      this.membership.spending(id),
      this.membership.codes(id),
      this.db
        .select({
          number: orders.number,
          placedAt: orders.createdAt,
          status: orders.status,
          currency: orders.currency,
          total: orders.total,
        })
        .from(orders)
        .where(eq(orders.memberId, id))
        .orderBy(desc(orders.createdAt))
        .limit(200),
      this.db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, id))
        .orderBy(desc(memberAddresses.isDefault), asc(memberAddresses.createdAt)),
      this.db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.memberId, id),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000)),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt)),
    ])
    return {
      id: member.id,
      name: member.fullname,
      email: member.email,
      emailVerified: member.emailVerifiedAt !== null,
      telephone: member.telephone,
      telephoneVerified: member.telephoneVerifiedAt !== null,
      gender: member.gender,
      birthdate: member.birthdate,
      lineUserId: member.lineUserId,
      createdAt: member.createdAt.toISOString(),
      blockedAt: member.blockedAt?.toISOString() ?? null,
      tier,
      spending,
      codes: codes.map((code) => ({ ...code })),
      orders: memberOrders.map((order) => ({ ...order, placedAt: order.placedAt.toISOString() })),
      addresses: addresses.map((address) => ({
        id: address.id,
        name: `${address.firstname} ${address.lastname}`.trim(),
        telephone: address.telephoneNumber,
        lines: [
          address.address,
          address.address2,
          address.subDistrict,
          address.district,
          address.province,
          address.postcode,
        ]
          .filter((part) => part.trim() !== '')
          .join(', '),
        country: address.country,
        isDefault: address.isDefault,
      })),
      sessions: live.map((session) => ({
        id: session.id,
        userAgent: session.userAgent,
        country: session.country,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
      })),
    }
  }

  /** A goodwill code (a percentage or a fixed amount, within the bounds of decision 200) for this member only. */
  async issueGoodwill(
    id: string,
    input: { value: GoodwillValue; validDays: number; reason: string },
    context: AuditContext,
  ): Promise<{ code: string; validUntil: string }> {
    if (
      !Number.isInteger(input.validDays) ||
      input.validDays < GOODWILL_DAYS_MIN ||
      input.validDays > GOODWILL_DAYS_MAX
    ) {
      throw new ApiError(400, 'INVALID_INPUT', 'A goodwill code is valid for 1 to 365 days', {
        fields: { valid_days: 'range' },
      })
    }
    if (goodwillProblem(input.value)) {
      const field = input.value.kind === 'percent' ? 'percent' : 'amount'
      throw new ApiError(400, 'INVALID_INPUT', 'The value is outside the goodwill code’s bounds', {
        fields: { [field]: 'range' },
      })
    }
    const now = this.now()
    const validUntil = validUntilFor(now, input.validDays)
    const code = `GIFT-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`
    await this.db.transaction(async (tx) => {
      await this.find(tx, id)
      const [row] = await tx
        .insert(memberCodes)
        .values({
          memberId: id,
          key: `GOODWILL-${randomUUID()}`,
          code,
          kind: 'goodwill',
          percent: input.value.kind === 'percent' ? input.value.percent : 0,
          amount: input.value.kind === 'amount' ? input.value.amount : null,
          amountCurrency: input.value.kind === 'amount' ? input.value.currency : null,
          validFrom: now,
          validUntil,
        })
        .returning({ id: memberCodes.id })
      await this.audit.record(tx, context, {
        action: 'member.goodwill_code',
        entityType: 'member',
        entityId: id,
        before: null,
        after: { code, codeId: row?.id, ...input.value, validUntil: validUntil.toISOString(), reason: input.reason },
      })
    })
    return { code, validUntil: validUntil.toISOString() }
  }

  /**
   * The birth date corrected (the shopper's own form refuses a change once set): a real day, not in the future, an
   * age of 10 to 120. This year's birth-month code not yet used and of the wrong month is withdrawn, and the code of
   * the new month issued when it is this month (the §9 logic then follows the new date).
   */
  async correctBirthdate(id: string, birthdate: string, reason: string, context: AuditContext): Promise<void> {
    const now = this.now()
    const problem = birthdateProblem(birthdate, now)
    if (problem) {
      throw new ApiError(400, 'INVALID_INPUT', 'This birth date cannot be set', { fields: { birthdate: problem } })
    }
    const newMonth = parseCalendarDate(birthdate).month
    const today = bangkokDate(now)
    await this.db.transaction(async (tx) => {
      const member = await this.find(tx, id)
      if (member.birthdate === birthdate) {
        throw new ApiError(400, 'INVALID_INPUT', 'This is the birth date already', {
          fields: { birthdate: 'unchanged' },
        })
      }
      await tx.update(members).set({ birthdate, updatedAt: now }).where(eq(members.id, id))
      const withdrawn =
        newMonth === today.month
          ? []
          : await tx
              .delete(memberCodes)
              .where(
                and(
                  eq(memberCodes.memberId, id),
                  eq(memberCodes.kind, 'birthday'),
                  eq(memberCodes.key, `BDAY-${today.year}`),
                  isNull(memberCodes.usedAt),
                ),
              )
              .returning({ code: memberCodes.code })
      await this.audit.record(tx, context, {
        action: 'member.birthdate_correct',
        entityType: 'member',
        entityId: id,
        before: { birthdate: member.birthdate },
        after: { birthdate, reason, withdrawnCodes: withdrawn.map((row) => row.code) },
      })
    })
    await this.membership.issueCodes(id)
  }

  /** Blocked: no sign-in, every session ended at once; unblocked: signing in works again. A repeat changes nothing. */
  async setBlocked(id: string, blocked: boolean, reason: string, context: AuditContext): Promise<void> {
    const now = this.now()
    await this.db.transaction(async (tx) => {
      const member = await this.find(tx, id)
      if ((member.blockedAt !== null) === blocked) return
      await tx
        .update(members)
        .set({ blockedAt: blocked ? now : null, updatedAt: now })
        .where(eq(members.id, id))
      const ended = blocked
        ? await tx.delete(sessions).where(eq(sessions.memberId, id)).returning({ id: sessions.id })
        : []
      await this.audit.record(tx, context, {
        action: blocked ? 'member.block' : 'member.unblock',
        entityType: 'member',
        entityId: id,
        before: { blocked: member.blockedAt !== null, blockedAt: member.blockedAt?.toISOString() ?? null },
        after: { blocked, reason, ...(blocked ? { sessionsEnded: ended.length } : {}) },
      })
    })
  }

  /** Every session of the member ended (signed out everywhere). */
  async endSessions(id: string, reason: string, context: AuditContext): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.find(tx, id)
      const ended = await tx.delete(sessions).where(eq(sessions.memberId, id)).returning({ id: sessions.id })
      await this.audit.record(tx, context, {
        action: 'member.sessions_end',
        entityType: 'member',
        entityId: id,
        before: { sessions: ended.length },
        after: { sessions: 0, reason },
      })
      return ended.length
    })
  }

  /**
   * Two accounts of one person made one, in ONE transaction (decision 200): the other account's orders, addresses,
   * wishlist, cart lines and codes move to the kept one (so does its spending: the tier is recomputed from the
   * orders by §4), its sessions and sign-ins in flight end, it is removed, and the chosen e-mail, telephone and LINE
   * (each with its confirmation) are the kept account's. A failure anywhere leaves both as they were.
   */
  async merge(
    keptId: string,
    otherId: string,
    choice: MergeChoice,
    reason: string,
    context: AuditContext,
  ): Promise<Record<keyof typeof MERGE_HANDLED_TABLES, number>> {
    if (keptId === otherId) {
      throw new ApiError(400, 'INVALID_INPUT', 'An account cannot be merged with itself', {
        fields: { other_id: 'same' },
      })
    }
    const now = this.now()
    const moved = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM ${members} WHERE ${members.id} IN (${keptId}, ${otherId}) FOR UPDATE`)
      const kept = await this.find(tx, keptId)
      const other = await this.find(tx, otherId)
      const pick = <K extends keyof MemberRow>(from: 'kept' | 'other', key: K): MemberRow[K] =>
        from === 'kept' ? kept[key] : other[key]
      const identity = {
        email: pick(choice.email, 'email'),
        emailVerifiedAt: pick(choice.email, 'emailVerifiedAt'),
        telephone: pick(choice.telephone, 'telephone'),
        telephoneVerifiedAt: pick(choice.telephone, 'telephoneVerifiedAt'),
        lineUserId: pick(choice.line, 'lineUserId'),
      }
      if (identity.email === null && identity.telephone === null && identity.lineUserId === null) {
        throw new ApiError(400, 'INVALID_INPUT', 'The merged account needs an e-mail, a telephone or LINE', {
          fields: { email_from: 'noLogin' },
        })
      }

      const movedOrders = await tx
        .update(orders)
        .set({ memberId: keptId })
        .where(eq(orders.memberId, otherId))
        .returning({ id: orders.id })

      const [keptDefault] = await tx
        .select({ id: memberAddresses.id })
        .from(memberAddresses)
        .where(and(eq(memberAddresses.memberId, keptId), eq(memberAddresses.isDefault, true)))
      if (keptDefault) {
        await tx.update(memberAddresses).set({ isDefault: false }).where(eq(memberAddresses.memberId, otherId))
      }
      const movedAddresses = await tx
        .update(memberAddresses)
        .set({ memberId: keptId })
        .where(eq(memberAddresses.memberId, otherId))
        .returning({ id: memberAddresses.id })

      const wished = await tx.execute(sql`
        INSERT INTO ${wishlistItems} (member_id, product_id, created_at)
        SELECT ${keptId}, product_id, created_at FROM ${wishlistItems} WHERE member_id = ${otherId}
        ON CONFLICT DO NOTHING RETURNING product_id`)
      await tx.delete(wishlistItems).where(eq(wishlistItems.memberId, otherId))

      // The other's open cart: its lines join the kept open cart of the same currency (quantities added, at most
      // 10 a line like the cart's own rule); with no kept open cart, the cart itself moves.
      let cartLines = 0
      const [otherOpen] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.memberId, otherId), eq(carts.status, 'open')))
      const [keptOpen] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.memberId, keptId), eq(carts.status, 'open')))
      if (otherOpen && keptOpen && otherOpen.currency === keptOpen.currency) {
        const lines = await tx.execute(sql`
          INSERT INTO ${cartItems} (cart_id, sku, product_id, quantity, unit_price, currency, added_at)
          SELECT ${keptOpen.id}, sku, product_id, quantity, unit_price, currency, added_at
          FROM ${cartItems} WHERE cart_id = ${otherOpen.id}
          ON CONFLICT (cart_id, sku) DO UPDATE SET quantity = LEAST(10, ${cartItems}.quantity + excluded.quantity)
          RETURNING id`)
        cartLines = resultRows(lines).length
        await tx.update(carts).set({ status: 'merged', updatedAt: now }).where(eq(carts.id, otherOpen.id))
      } else if (otherOpen && keptOpen) {
        // Carts of two currencies cannot be one: the kept cart stays, the other's is closed as merged.
        await tx.update(carts).set({ status: 'merged', updatedAt: now }).where(eq(carts.id, otherOpen.id))
      } else if (otherOpen) {
        const lines = await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.cartId, otherOpen.id))
        cartLines = lines.length
      }
      await tx.update(carts).set({ memberId: keptId }).where(eq(carts.memberId, otherId))

      const codes = await tx.execute(sql`
        UPDATE ${memberCodes} AS moved SET member_id = ${keptId},
          key = CASE WHEN EXISTS (SELECT 1 FROM ${memberCodes} k WHERE k.member_id = ${keptId} AND k.key = moved.key)
            THEN moved.key || '~' || ${otherId.slice(0, 8)} ELSE moved.key END
        WHERE moved.member_id = ${otherId} RETURNING moved.id`)

      const requests = await tx
        .update(privacyRequests)
        .set({ memberId: keptId })
        .where(eq(privacyRequests.memberId, otherId))
        .returning({ id: privacyRequests.id })
      const exports = await tx
        .update(privacyExports)
        .set({ memberId: keptId })
        .where(eq(privacyExports.memberId, otherId))
        .returning({ id: privacyExports.id })
      const consents = await tx
        .update(consentRecords)
        .set({ memberId: keptId })
        .where(eq(consentRecords.memberId, otherId))
        .returning({ id: consentRecords.id })

      const endedSessions = await tx
        .delete(sessions)
        .where(eq(sessions.memberId, otherId))
        .returning({ id: sessions.id })
      const challenges = await tx
        .delete(otpChallenges)
        .where(eq(otpChallenges.memberId, otherId))
        .returning({ id: otpChallenges.id })
      const states = await tx
        .delete(oauthStates)
        .where(eq(oauthStates.memberId, otherId))
        .returning({ id: oauthStates.stateHash })

      await tx.delete(members).where(eq(members.id, otherId))
      const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b))
      await tx
        .update(members)
        .set({
          ...identity,
          fullname: kept.fullname || other.fullname,
          gender: kept.gender ?? other.gender,
          birthdate: kept.birthdate ?? other.birthdate,
          acceptedTermsAt: earliest(kept.acceptedTermsAt, other.acceptedTermsAt),
          createdAt: earliest(kept.createdAt, other.createdAt) ?? kept.createdAt,
          blockedAt: kept.blockedAt ?? other.blockedAt,
          updatedAt: now,
        })
        .where(eq(members.id, keptId))
      const tier = await this.membership.store(keptId, tx)

      const counts = {
        orders: movedOrders.length,
        member_addresses: movedAddresses.length,
        wishlist_items: resultRows(wished).length,
        carts: cartLines,
        member_codes: resultRows(codes).length,
        sessions: endedSessions.length,
        otp_challenges: challenges.length,
        oauth_states: states.length,
        privacy_requests: requests.length,
        privacy_exports: exports.length,
        consent_records: consents.length,
      }
      const [after] = await tx.select().from(members).where(eq(members.id, keptId))
      await this.audit.record(tx, context, {
        action: 'member.merge',
        entityType: 'member',
        entityId: keptId,
        before: { kept: auditView(kept), other: { id: otherId, ...auditView(other) } },
        after: { kept: after ? auditView(after) : null, tier: tier.tier, moved: counts, choice, reason },
      })
      return counts
    })
    await this.membership.issueCodes(keptId)
    return moved
  }
}
