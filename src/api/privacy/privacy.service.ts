import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  cartItems,
  carts,
  consentRecords,
  creditNotes,
  memberAddresses,
  memberCodes,
  members,
  orderItems,
  orderMails,
  orders,
  otpChallenges,
  otpFailures,
  otpThrottles,
  outboxMessages,
  payments,
  privacyExports,
  privacyRequests,
  sessions,
  taxInvoices,
  wishlistItems,
  type MemberRow,
  type OrderAddress,
  type PrivacyRequestRow,
  type TaxInvoiceParty,
} from '~/db/schema'
import {
  addDays,
  compareRequests,
  daysLeft,
  ERASED,
  EXPORT_LINK_MAX_USES,
  EXPORT_LINK_TTL_DAYS,
  GUEST_CHECKOUT_PURGE_DAYS,
  privacyDueAt,
  type PrivacyRequestKind,
  type PrivacyRequestSource,
  type PrivacyRequestStatus,
} from '~/domain/privacy'
import type { PrivacyExport } from '~/domain/privacy-export'
import { describeUserAgent } from '~/domain/user-agent'
import { maskIdentifier, parseLoginIdentifier, smsAllowed } from '~/domain/phone'
import { ApiError } from '~/api/errors'
import type { OutboundMessage } from '~/api/providers/messages'
import { OutboxClaims, retryDelayMs, startOutboxWorker } from '~/api/outbox-claim.server'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import type { ChallengeStore } from '~/api/accounts/challenges.server'
import type { CodeService } from '~/api/accounts/codes.service'
import type { CodeThrottle } from '~/api/accounts/throttle.server'
import type { CaptchaAnswer, RequestContext } from '~/api/accounts/request-context'
import type { IssuedChallenge } from '~/api/accounts/views'
import type { AuditContext } from '~/api/admin/actor'
import type { AuditLog } from '~/api/admin/audit.server'
import { exportLinkMessage } from './privacy-mails'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Every column of the schema that points at a member, and what erasure does with it (decision 201). The test
 * `privacy.test.ts` reads the foreign keys of the database and fails on one that is not here: a new table holding
 * a member's data must say how it is erased before it can ship.
 */
export const MEMBER_REFERENCES = {
  otp_challenges: 'deleted (and every challenge of the member’s e-mail or phone)',
  sessions: 'deleted: every device signed out',
  oauth_states: 'deleted',
  member_addresses: 'deleted',
  carts: 'deleted with their lines',
  wishlist_items: 'deleted',
  orders: 'kept, unlinked, with name, address, phone and e-mail replaced by the erased marker',
  member_codes: 'deleted',
  privacy_requests: 'kept, unlinked, as the record that the request was answered (the subject is masked)',
  privacy_exports: 'deleted',
  consent_records: 'deleted',
} as const

/** Export jobs: tries before giving up, the first wait after a failure (doubling), how long a claim hides a row. */
export const EXPORT_MAX_ATTEMPTS = 8
export const EXPORT_BACKOFF_MS = 60_000
export const EXPORT_LEASE_MS = 2 * 60_000

export type PrivacyOptions = {
  db: Db
  now: () => Date
  deliver: (message: OutboundMessage) => Promise<void>
  /** The shop's page of an export link, in a language. */
  exportPage: (token: string, lang: 'th' | 'en') => string
  codes: CodeService
  challenges: ChallengeStore
  throttle: CodeThrottle
  audit: AuditLog
}

/** A request as the back office lists it. */
export type PrivacyRequestView = {
  id: string
  kind: PrivacyRequestKind
  source: PrivacyRequestSource
  status: PrivacyRequestStatus
  subject: string
  memberId: string | null
  receivedAt: string
  dueAt: string
  daysLeft: number
  doneAt: string | null
  handledBy: string | null
  lastError: string | null
}

export type ConsentChoice = 'granted' | 'denied'

/** A consent record as the back office reads it. */
export type ConsentView = {
  id: string
  consentId: string
  memberId: string | null
  bannerVersion: number
  analytics: string
  advertising: string
  createdAt: string
}

/** The erased form of an order's delivery address: the country stays (it decided the shipping and the tax). */
function erasedAddress(address: OrderAddress | null): OrderAddress | null {
  if (!address) return null
  return {
    firstname: ERASED,
    lastname: ERASED,
    telephoneNumber: ERASED,
    email: ERASED,
    taxId: address.taxId ? ERASED : '',
    address: ERASED,
    address2: '',
    country: address.country,
    postcode: '',
    subDistrict: '',
    district: ERASED,
    province: '',
  }
}

function erasedParty(party: TaxInvoiceParty): TaxInvoiceParty {
  return { name: ERASED, address: ERASED, taxId: party.taxId ? ERASED : '', branch: party.branch }
}

/** One line of an address as the export page reads it. */
function addressLine(address: OrderAddress | null): string | null {
  if (!address) return null
  return [
    `${address.firstname} ${address.lastname}`.trim(),
    address.address,
    address.address2,
    address.subDistrict,
    address.district,
    address.province,
    address.postcode,
    address.country,
  ]
    .filter((part) => part && part.length > 0)
    .join(', ')
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null)

/**
 * The shopper's privacy rights (issue 33 item 2, decision 201): a copy of their data by an e-mailed link that expires,
 * the account erased in one transaction once they confirm it with a one-time code, the same two asked by e-mail and
 * handled by staff, the cookie banner's consents, and the purge of guests' abandoned checkouts.
 */
export class PrivacyService {
  private readonly db: Db
  private readonly now: () => Date
  private readonly claims: OutboxClaims<typeof privacyRequests>

  constructor(private readonly options: PrivacyOptions) {
    this.db = options.db
    this.now = options.now
    this.claims = new OutboxClaims(options.db, privacyRequests, {
      maxAttempts: EXPORT_MAX_ATTEMPTS,
      leaseMs: EXPORT_LEASE_MS,
    })
  }

  // ── Access: the data download ────────────────────────────────────────────────────────────────────────────────

  /**
   * The member asks for their data from the account page: a request recorded and due for the export job at once.
   * A request already being prepared is answered instead of a second one (a double click sends one e-mail).
   */
  async requestExport(memberId: string, locale: 'th' | 'en'): Promise<PrivacyRequestView> {
    const now = this.now()
    const row = await this.db.transaction(async (tx) => {
      const [member] = await tx.select().from(members).where(eq(members.id, memberId)).for('update')
      if (!member) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
      const [open] = await tx
        .select()
        .from(privacyRequests)
        .where(
          and(
            eq(privacyRequests.memberId, memberId),
            eq(privacyRequests.kind, 'access'),
            eq(privacyRequests.status, 'pending'),
          ),
        )
      if (open) return open
      const [created] = await tx
        .insert(privacyRequests)
        .values({
          kind: 'access',
          memberId,
          subject: subjectOf(member),
          source: 'web',
          status: 'pending',
          receivedAt: now,
          dueAt: privacyDueAt(now),
          locale,
          nextAttemptAt: now,
          createdAt: now,
        })
        .returning()
      if (!created) throw new Error('Privacy request not stored')
      return created
    })
    return this.view(row, now)
  }

  /** Everything the shop holds on a member, read in one transaction (a consistent copy). */
  async collect(memberId: string, db: Pick<Db, 'select'> = this.db): Promise<PrivacyExport | null> {
    const [member] = await db.select().from(members).where(eq(members.id, memberId))
    if (!member) return null
    const addresses = await db
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId))
      .orderBy(asc(memberAddresses.createdAt))
    const orderRows = await db
      .select({ order: orders, invoice: taxInvoices.number })
      .from(orders)
      .leftJoin(taxInvoices, eq(taxInvoices.orderId, orders.id))
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.createdAt))
    const items =
      orderRows.length === 0
        ? []
        : await db
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                orderRows.map((row) => row.order.id),
              ),
            )
            .orderBy(asc(orderItems.position))
    const codes = await db
      .select()
      .from(memberCodes)
      .where(eq(memberCodes.memberId, memberId))
      .orderBy(desc(memberCodes.validFrom))
    const wishlist = await db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.memberId, memberId))
      .orderBy(desc(wishlistItems.createdAt))
    const cart = await db
      .select({ item: cartItems })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.memberId, memberId), eq(carts.status, 'open')))
      .orderBy(asc(cartItems.addedAt))
    const sessionRows = await db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, memberId))
      .orderBy(desc(sessions.lastSeenAt))
    const consents = await db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.memberId, memberId))
      .orderBy(desc(consentRecords.createdAt))
    const requests = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.memberId, memberId))
      .orderBy(desc(privacyRequests.receivedAt))
    return {
      preparedAt: this.now().toISOString(),
      profile: {
        fullname: member.fullname,
        email: member.email,
        emailConfirmedAt: iso(member.emailVerifiedAt),
        telephone: member.telephone,
        telephoneConfirmedAt: iso(member.telephoneVerifiedAt),
        gender: member.gender,
        birthdate: member.birthdate,
        tier: member.tier,
        totalSpending: member.totalSpending,
        tierExpiresAt: iso(member.tierExpiresAt),
        acceptedTermsAt: iso(member.acceptedTermsAt),
        createdAt: member.createdAt.toISOString(),
      },
      line: { linked: member.lineUserId !== null },
      addresses: addresses.map((address) => ({
        firstname: address.firstname,
        lastname: address.lastname,
        telephone: address.telephoneNumber,
        email: address.email,
        taxId: address.taxId,
        address: address.address,
        address2: address.address2,
        subDistrict: address.subDistrict,
        district: address.district,
        province: address.province,
        postcode: address.postcode,
        country: address.country,
        isDefault: address.isDefault,
      })),
      orders: orderRows.map(({ order, invoice }) => ({
        number: order.number,
        placedAt: order.createdAt.toISOString(),
        status: order.status,
        currency: order.currency,
        total: order.total,
        discount: order.discount,
        shippingFee: order.shippingFee,
        paymentMethod: order.paymentMethod,
        shippingMethod: order.shippingMethod,
        email: order.email,
        telephone: order.telephone,
        deliverTo: addressLine(order.address),
        taxInvoice: invoice,
        items: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({
            sku: item.sku,
            nameTh: item.nameTh,
            nameEn: item.nameEn,
            size: item.size,
            quantity: item.quantity,
            lineTotal: item.lineTotal,
          })),
      })),
      codes: codes.map((code) => ({
        code: code.code,
        kind: code.kind,
        percent: code.percent,
        validFrom: code.validFrom.toISOString(),
        validUntil: code.validUntil.toISOString(),
        usedAt: iso(code.usedAt),
      })),
      wishlist: wishlist.map((item) => ({ productId: item.productId, addedAt: item.createdAt.toISOString() })),
      cart: cart.map(({ item }) => ({
        sku: item.sku,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        currency: item.currency,
        addedAt: item.addedAt.toISOString(),
      })),
      sessions: sessionRows.map((session) => {
        const device = describeUserAgent(session.userAgent)
        return {
          startedAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          device: [device.browser, device.os].filter(Boolean).join(' · ') || null,
          country: session.country,
        }
      }),
      consents: consents.map((consent) => ({
        consentId: consent.consentId,
        bannerVersion: consent.bannerVersion,
        analytics: consent.analytics,
        advertising: consent.advertising,
        at: consent.createdAt.toISOString(),
      })),
      requests: requests.map((request) => ({
        kind: request.kind,
        source: request.source,
        status: request.status,
        receivedAt: request.receivedAt.toISOString(),
        doneAt: iso(request.doneAt),
      })),
    }
  }

  /**
   * The export job (run every few seconds by each instance; a claim keeps each request to one): each due access
   * request gets its data copied, a link made (its token's SHA-256 stored) and e-mailed (or sent by SMS to a member
   * with only a phone). A delivery that fails drops the link and tries again later; the request survives a restart.
   */
  async prepareDue(limit = 10, signal?: AbortSignal): Promise<number> {
    const now = this.now()
    await this.claims.giveUpInterrupted(now)
    const claimed = await this.claims.claimDue(now, limit, eq(privacyRequests.kind, 'access'))
    let done = 0
    for (const request of claimed) {
      if (signal?.aborted) {
        await this.db
          .update(privacyRequests)
          .set({ attempts: sql`${privacyRequests.attempts} - 1`, nextAttemptAt: now })
          .where(eq(privacyRequests.id, request.id))
        continue
      }
      if (await this.prepareOne(request)) done++
    }
    return done
  }

  private async prepareOne(request: PrivacyRequestRow): Promise<boolean> {
    const now = this.now()
    const token = randomToken(32)
    const prepared = await this.db.transaction(async (tx) => {
      if (!request.memberId) return null
      const content = await this.collect(request.memberId, tx)
      const [member] = await tx.select().from(members).where(eq(members.id, request.memberId))
      if (!content || !member) return null
      const [link] = await tx
        .insert(privacyExports)
        .values({
          requestId: request.id,
          memberId: member.id,
          tokenHash: sha256(token),
          content,
          maxUses: EXPORT_LINK_MAX_USES,
          expiresAt: addDays(now, EXPORT_LINK_TTL_DAYS),
          createdAt: now,
        })
        .returning({ id: privacyExports.id })
      await tx
        .update(privacyRequests)
        .set({ status: 'done', doneAt: now, nextAttemptAt: null, lastError: null })
        .where(and(eq(privacyRequests.id, request.id), eq(privacyRequests.status, 'pending')))
      return { member, linkId: link?.id ?? '' }
    })
    if (!prepared) {
      // The member was erased meanwhile: nothing to send, and the request is answered by the erasure.
      await this.db
        .update(privacyRequests)
        .set({ status: 'failed', nextAttemptAt: null, lastError: 'member erased' })
        .where(eq(privacyRequests.id, request.id))
      return false
    }
    const lang = request.locale === 'en' ? 'en' : 'th'
    const to = contactOf(prepared.member, this.options.throttle)
    try {
      if (!to) throw new Error('The member has no e-mail or phone')
      const message = exportLinkMessage(lang, this.options.exportPage(token, lang), EXPORT_LINK_TTL_DAYS)
      await this.options.deliver({ channel: to.channel, to: to.identifier, ...message })
      return true
    } catch (error) {
      const attempts = request.attempts
      await this.db.transaction(async (tx) => {
        await tx.delete(privacyExports).where(eq(privacyExports.id, prepared.linkId))
        await tx
          .update(privacyRequests)
          .set({
            status: attempts >= EXPORT_MAX_ATTEMPTS ? 'failed' : 'pending',
            doneAt: null,
            nextAttemptAt:
              attempts >= EXPORT_MAX_ATTEMPTS
                ? null
                : new Date(now.getTime() + retryDelayMs(attempts, EXPORT_BACKOFF_MS)),
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(privacyRequests.id, request.id))
      })
      return false
    }
  }

  /**
   * Opens an export link: the data as prepared. A token never made is 404; one past its date or its uses is 410.
   * Each opening counts one use (the page and its JSON download are two).
   */
  async openExport(token: string): Promise<{ content: PrivacyExport; expiresAt: Date; usesLeft: number }> {
    const now = this.now()
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError(404, 'NOT_FOUND', 'No such link')
    const hash = sha256(token)
    const [used] = await this.db
      .update(privacyExports)
      .set({ uses: sql`${privacyExports.uses} + 1` })
      .where(
        and(
          eq(privacyExports.tokenHash, hash),
          sql`${privacyExports.uses} < ${privacyExports.maxUses}`,
          gte(privacyExports.expiresAt, now),
        ),
      )
      .returning()
    if (used) return { content: used.content, expiresAt: used.expiresAt, usesLeft: used.maxUses - used.uses }
    const [known] = await this.db
      .select({ id: privacyExports.id })
      .from(privacyExports)
      .where(eq(privacyExports.tokenHash, hash))
    if (known) throw new ApiError(410, 'LINK_EXPIRED', 'This link has expired or was used too many times')
    throw new ApiError(404, 'NOT_FOUND', 'No such link')
  }

  // ── Erasure ──────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The member asks for the account to be erased: a one-time code to their confirmed e-mail (or phone), within the
   * limits of every code. Nothing changes until the code is entered (`confirmErasure`).
   */
  async startErasure(memberId: string, captcha: CaptchaAnswer, context: RequestContext): Promise<IssuedChallenge> {
    const [member] = await this.db.select().from(members).where(eq(members.id, memberId))
    if (!member) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    const to = confirmedContactOf(member, this.options.throttle)
    if (!to) {
      throw new ApiError(409, 'NO_CONFIRMED_CONTACT', 'Confirm an e-mail address or a phone number first')
    }
    const guard = await this.options.throttle.assertNotLocked(to.identifier, context)
    const gate = await this.options.throttle.guardIp(captcha, context, guard)
    return this.options.challenges.issue(
      { identifier: to.identifier, channel: to.channel, purpose: 'erase', memberId, payload: null },
      context,
      gate,
    )
  }

  /**
   * The code of an erasure, entered by the member's own session: the account is erased in one transaction with the
   * request that records it. A code of another member or purpose is refused like a wrong one.
   */
  async confirmErasure(
    memberId: string,
    input: { challengeToken: string; code: string; captcha?: CaptchaAnswer },
    context: RequestContext,
  ): Promise<void> {
    const challenge = await this.options.codes.confirmCode(input, context, ['erase'])
    if (challenge.memberId !== memberId) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const now = this.now()
    await this.db.transaction(async (tx) => {
      const [member] = await tx.select().from(members).where(eq(members.id, memberId)).for('update')
      if (!member) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
      const [request] = await tx
        .insert(privacyRequests)
        .values({
          kind: 'erasure',
          memberId,
          subject: subjectOf(member),
          source: 'web',
          status: 'done',
          receivedAt: now,
          dueAt: privacyDueAt(now),
          doneAt: now,
          locale: context.locale,
          createdAt: now,
        })
        .returning({ id: privacyRequests.id })
      if (!request) throw new Error('Privacy request not stored')
      await eraseMember(tx, member, now)
    })
  }

  // ── Staff: requests by e-mail ────────────────────────────────────────────────────────────────────────────────

  /** Requests, open ones first by due date (overdue first), then the answered, newest first. */
  async list(): Promise<PrivacyRequestView[]> {
    const now = this.now()
    const rows = await this.db.select().from(privacyRequests).orderBy(asc(privacyRequests.dueAt)).limit(500)
    return rows.sort(compareRequests).map((row) => this.view(row, now))
  }

  /** The member an e-mail address or a phone number names (confirmed or not), for staff recording a request. */
  async findMember(identifier: string): Promise<MemberRow> {
    const parsed = parseLoginIdentifier(identifier.trim())
    if (!parsed) {
      throw new ApiError(400, 'INVALID_INPUT', 'Give an e-mail address or a phone number', {
        fields: { member: 'invalid' },
      })
    }
    const column = parsed.kind === 'email' ? members.email : members.telephone
    const [member] = await this.db
      .select()
      .from(members)
      .where(eq(column, parsed.value))
      .orderBy(sql`${parsed.kind === 'email' ? members.emailVerifiedAt : members.telephoneVerifiedAt} IS NULL`)
      .limit(1)
    if (!member) {
      throw new ApiError(404, 'MEMBER_NOT_FOUND', 'No member has this e-mail address or phone number', {
        fields: { member: 'not_found' },
      })
    }
    return member
  }

  /** A request that arrived by e-mail, recorded by staff with the day it arrived; handled afterwards. */
  async recordEmailRequest(
    input: { member: string; kind: PrivacyRequestKind; receivedAt: Date; locale: 'th' | 'en' },
    context: AuditContext,
  ): Promise<PrivacyRequestView> {
    const now = this.now()
    if (input.receivedAt.getTime() > now.getTime() + 60_000) {
      throw new ApiError(400, 'INVALID_INPUT', 'The day it arrived cannot be in the future', {
        fields: { received_at: 'future' },
      })
    }
    if (input.receivedAt.getTime() < addDays(now, -365).getTime()) {
      throw new ApiError(400, 'INVALID_INPUT', 'The day it arrived is more than a year ago', {
        fields: { received_at: 'too_old' },
      })
    }
    const member = await this.findMember(input.member)
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(privacyRequests)
        .values({
          kind: input.kind,
          memberId: member.id,
          subject: subjectOf(member),
          source: 'email',
          status: 'received',
          receivedAt: input.receivedAt,
          dueAt: privacyDueAt(input.receivedAt),
          handledBy: context.actor.label,
          locale: input.locale,
          createdAt: now,
        })
        .returning()
      if (!created) throw new Error('Privacy request not stored')
      await this.options.audit.record(tx, context, {
        action: 'privacy_request.record',
        entityType: 'privacy_request',
        entityId: created.id,
        before: null,
        after: {
          kind: created.kind,
          source: created.source,
          subject: created.subject,
          receivedAt: iso(created.receivedAt),
        },
      })
      return created
    })
    return this.view(row, now)
  }

  /** Staff start the export of an access request: the job prepares it and e-mails the link to the member. */
  async startExport(requestId: string, context: AuditContext): Promise<PrivacyRequestView> {
    const now = this.now()
    const row = await this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId)
      if (request.kind !== 'access')
        throw new ApiError(400, 'INVALID_INPUT', 'This is not a request for a copy of data', {
          fields: { kind: 'access' },
        })
      if (request.status === 'pending' || request.status === 'done' || !request.memberId) {
        throw new ApiError(409, 'REQUEST_ANSWERED', 'This request is being prepared or was answered already')
      }
      const [updated] = await tx
        .update(privacyRequests)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, handledBy: context.actor.label })
        .where(eq(privacyRequests.id, requestId))
        .returning()
      if (!updated) throw new Error('Privacy request not updated')
      await this.options.audit.record(tx, context, {
        action: 'privacy_request.export',
        entityType: 'privacy_request',
        entityId: requestId,
        before: { status: request.status },
        after: { status: updated.status },
      })
      return updated
    })
    return this.view(row, now)
  }

  /** Staff erase the member of an erasure request (after step-up): the same erasure as the shopper's, audited. */
  async eraseForRequest(requestId: string, context: AuditContext): Promise<PrivacyRequestView> {
    const now = this.now()
    const row = await this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId)
      if (request.kind !== 'erasure')
        throw new ApiError(400, 'INVALID_INPUT', 'This is not a request for erasure', { fields: { kind: 'erasure' } })
      if (request.status === 'done' || !request.memberId) {
        throw new ApiError(409, 'REQUEST_ANSWERED', 'This request was answered already')
      }
      const [member] = await tx.select().from(members).where(eq(members.id, request.memberId)).for('update')
      if (!member) throw new ApiError(409, 'REQUEST_ANSWERED', 'This member was erased already')
      const [updated] = await tx
        .update(privacyRequests)
        .set({ status: 'done', doneAt: now, handledBy: context.actor.label })
        .where(eq(privacyRequests.id, requestId))
        .returning()
      if (!updated) throw new Error('Privacy request not updated')
      const erased = await eraseMember(tx, member, now)
      // The audit names the request and what was done, never the person (it would outlive the erasure).
      await this.options.audit.record(tx, context, {
        action: 'privacy_request.erase',
        entityType: 'privacy_request',
        entityId: requestId,
        before: { status: request.status },
        after: { status: 'done', subject: request.subject, ordersKept: erased.orders },
      })
      return { ...updated, memberId: null }
    })
    return this.view(row, now)
  }

  private async lockRequest(tx: Tx, id: string): Promise<PrivacyRequestRow> {
    const [request] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for('update')
    if (!request) throw new ApiError(404, 'NOT_FOUND', 'No such request')
    return request
  }

  private view(row: PrivacyRequestRow, now: Date): PrivacyRequestView {
    return {
      id: row.id,
      kind: row.kind,
      source: row.source,
      status: row.status,
      subject: row.subject,
      memberId: row.memberId,
      receivedAt: row.receivedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      daysLeft: daysLeft(row.dueAt, now),
      doneAt: iso(row.doneAt),
      handledBy: row.handledBy,
      lastError: row.lastError,
    }
  }

  // ── Consent records ──────────────────────────────────────────────────────────────────────────────────────────

  /** One choice made in the cookie banner, as the browser reports it after the choice. */
  async recordConsent(input: {
    consentId: string
    bannerVersion: number
    analytics: ConsentChoice
    advertising: ConsentChoice
    memberId: string | null
  }): Promise<void> {
    await this.db.insert(consentRecords).values({ ...input, createdAt: this.now() })
  }

  /** The consents of an anonymous id or of a member, newest first. */
  async consents(filter: { consentId?: string; memberId?: string }): Promise<ConsentView[]> {
    if (!filter.consentId && !filter.memberId) {
      throw new ApiError(400, 'INVALID_INPUT', 'Give a consent id or a member', { fields: { consent_id: 'required' } })
    }
    const rows = await this.db
      .select()
      .from(consentRecords)
      .where(
        filter.consentId
          ? eq(consentRecords.consentId, filter.consentId)
          : eq(consentRecords.memberId, filter.memberId ?? ''),
      )
      .orderBy(desc(consentRecords.createdAt))
      .limit(200)
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
  }

  // ── Guests' abandoned checkouts ──────────────────────────────────────────────────────────────────────────────

  /**
   * Guests' orders never paid and cancelled (a transfer's deadline passed, a card failed) lose their name, address,
   * phone and e-mail GUEST_CHECKOUT_PURGE_DAYS after they were placed. One UPDATE: any number of instances may run
   * it at once, each order is erased once (the marker is the test), and what is left keeps the figures.
   */
  async purgeAbandonedCheckouts(): Promise<number> {
    const cutoff = addDays(this.now(), -GUEST_CHECKOUT_PURGE_DAYS)
    const purged = await this.db
      .update(orders)
      .set({
        email: ERASED,
        telephone: ERASED,
        address: sql`CASE WHEN ${orders.address} IS NULL THEN NULL ELSE jsonb_build_object('firstname', ${ERASED}::text, 'lastname', ${ERASED}::text, 'telephoneNumber', ${ERASED}::text, 'email', ${ERASED}::text, 'taxId', '', 'address', ${ERASED}::text, 'address2', '', 'country', ${orders.address}->>'country', 'postcode', '', 'subDistrict', '', 'district', ${ERASED}::text, 'province', '') END`,
        placedFrom: null,
      })
      .where(
        and(
          isNull(orders.memberId),
          eq(orders.status, 'cancelled'),
          lt(orders.createdAt, cutoff),
          ne(orders.email, ERASED),
          sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.status} IN ('authorized', 'paid'))`,
          sql`NOT EXISTS (SELECT 1 FROM ${taxInvoices} WHERE ${taxInvoices.orderId} = ${orders.id})`,
        ),
      )
      .returning({ id: orders.id })
    return purged.length
  }
}

/** Who a request is about, masked: what the list shows and what stays once the member is erased. */
function subjectOf(member: MemberRow): string {
  const contact = member.email ?? member.telephone
  return contact ? maskIdentifier(contact) : 'LINE'
}

type Contact = { channel: 'email' | 'sms'; identifier: string }

/** Where the link goes: the e-mail (confirmed first), else a phone SMS can reach. */
function contactOf(member: MemberRow, throttle: CodeThrottle): Contact | null {
  return (
    confirmedContactOf(member, throttle) ??
    (member.email
      ? { channel: 'email', identifier: member.email }
      : member.telephone && smsAllowed(member.telephone, throttle.smsPolicy)
        ? { channel: 'sms', identifier: member.telephone }
        : null)
  )
}

function confirmedContactOf(member: MemberRow, throttle: CodeThrottle): Contact | null {
  if (member.email && member.emailVerifiedAt) return { channel: 'email', identifier: member.email }
  if (member.telephone && member.telephoneVerifiedAt && smsAllowed(member.telephone, throttle.smsPolicy)) {
    return { channel: 'sms', identifier: member.telephone }
  }
  if (member.telephone && member.telephoneVerifiedAt && member.email) {
    return { channel: 'email', identifier: member.email }
  }
  return null
}

/**
 * Erases a member in the caller's transaction (decision 201): orders, tax invoices and credit notes stay with their
 * numbers and amounts (Thai tax records are kept for years) and the person replaced by the erased marker; every other
 * row of the member goes (MEMBER_REFERENCES), with the codes and counters of their e-mail and phone and the messages
 * the outbox kept for them. The member row goes last, which unlinks LINE and ends every session.
 */
export async function eraseMember(tx: Tx, member: MemberRow, now: Date): Promise<{ orders: number }> {
  const kept = await tx
    .select({ id: orders.id, address: orders.address })
    .from(orders)
    .where(eq(orders.memberId, member.id))
    .for('update')
  for (const order of kept) {
    await tx
      .update(orders)
      .set({
        email: ERASED,
        telephone: ERASED,
        address: erasedAddress(order.address),
        placedFrom: null,
        memberId: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
  }
  const ids = kept.map((order) => order.id)
  if (ids.length > 0) {
    const invoices = await tx.select().from(taxInvoices).where(inArray(taxInvoices.orderId, ids))
    for (const invoice of invoices) {
      await tx
        .update(taxInvoices)
        .set({ content: { ...invoice.content, buyer: erasedParty(invoice.content.buyer) } })
        .where(eq(taxInvoices.orderId, invoice.orderId))
    }
    const notes = await tx.select().from(creditNotes).where(inArray(creditNotes.orderId, ids))
    for (const note of notes) {
      await tx
        .update(creditNotes)
        .set({ content: { ...note.content, buyer: erasedParty(note.content.buyer) } })
        .where(eq(creditNotes.requestId, note.requestId))
    }
    // E-mails still owed would go to nobody: they are skipped.
    await tx
      .update(orderMails)
      .set({ status: 'skipped', nextAttemptAt: null, lastError: 'member erased' })
      .where(and(inArray(orderMails.orderId, ids), eq(orderMails.status, 'pending')))
  }
  const identifiers = [member.email, member.telephone].filter((value): value is string => value !== null)
  if (identifiers.length > 0) {
    await tx.delete(otpChallenges).where(inArray(otpChallenges.identifier, identifiers))
    await tx.delete(otpFailures).where(inArray(otpFailures.identifier, identifiers))
    await tx
      .delete(otpThrottles)
      .where(or(...identifiers.map((identifier) => sql`${otpThrottles.key} LIKE ${`%|${identifier}`}`)))
    await tx.delete(outboxMessages).where(inArray(outboxMessages.recipient, identifiers))
  }
  await tx
    .update(privacyRequests)
    .set({
      memberId: null,
      status: 'done',
      doneAt: sql`coalesce(${privacyRequests.doneAt}, ${now.toISOString()}::timestamptz)`,
      nextAttemptAt: null,
    })
    .where(eq(privacyRequests.memberId, member.id))
  // The rest goes with the member (ON DELETE CASCADE): sessions, addresses, carts, wishlist, codes, challenges,
  // LINE states, export links, consents. LINE is unlinked with the row that held its user id.
  await tx.delete(members).where(eq(members.id, member.id))
  return { orders: kept.length }
}

/** The export job of this process (every 5 s; claims keep each request to one instance). */
export function startPrivacyExports(privacy: PrivacyService, options: { everyMs?: number } = {}): () => Promise<void> {
  return startOutboxWorker((signal) => privacy.prepareDue(10, signal), {
    everyMs: options.everyMs ?? 5_000,
    failure: 'Privacy export failed',
  })
}
