import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/db/client.server'
import {
  orderEvents,
  orders,
  staff,
  staffAlertEvents,
  staffAlerts,
  staffAlertSettings,
  staffRoles,
  type StaffAlertRow,
  type StaffAlertStatus,
} from '~/db/schema'
import {
  LINE_LINK_CODE_ALPHABET,
  LINE_LINK_CODE_LENGTH,
  LINE_LINK_CODE_MINUTES,
  LINE_LINK_CODE_PREFIX,
  SHIP_LATE_HOURS,
  STAFF_ALERT_KINDS,
  STAFF_ALERT_PERMISSIONS,
  allowedAlertKinds,
  isStaffAlertKind,
  parseLinkCode,
  type StaffAlertKind,
} from '~/domain/staff-alerts'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  isBuiltInRole,
  normalisePermissions,
  type StaffPermission,
} from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import { DeliveryError } from '~/api/providers/messages'
import type { LinePushSender } from '~/api/providers/line-messaging.server'
import { OutboxClaims, retryDelayMs, startOutboxWorker } from '~/api/outbox-claim.server'
import { systemActor, type AuditContext } from '~/api/admin/actor'
import type { AuditLog } from '~/api/admin/audit.server'
import { alertLink, alertText } from './texts'

/** Push attempts of one alert before it is given up (about two hours of tries with the back-off below). */
export const STAFF_ALERT_MAX_ATTEMPTS = 8
export const STAFF_ALERT_BACKOFF_BASE_MS = 30_000
export const STAFF_ALERT_BACKOFF_MAX_MS = 30 * 60_000
/** How long a claimed alert is hidden from other instances while it is pushed (well over the push's time-out). */
export const STAFF_ALERT_LEASE_MS = 60_000

/** What the webhook's changes are audited as: the shop itself, receiving LINE's call (decision 186). */
export const LINE_WEBHOOK_ACTOR = 'line-webhook'

/**
 * Something staff may be alerted of. `key` tells apart events of a kind (a return request's id, a slip's id, an order's
 * id, a size and the order that took it below the threshold): the same key again is the same event, alerted once.
 */
export type StaffAlertInput =
  | { kind: 'slip_review'; key: string; orderNumber: string; reason?: string }
  | { kind: 'return_requested'; key: string; orderNumber: string; returnKind: string; pieces: number }
  | { kind: 'ship_late'; key: string; orderNumber: string; hours: number }
  | {
      kind: 'low_stock'
      key: string
      sku: string
      name: { th: string; en: string }
      size: string
      stock: number
      threshold: number
    }

/**
 * Stores an event staff may be alerted of; call it with the transaction of the change that causes it (a return
 * request, a slip sent to review, stock taken), so that the event and the change are stored together or not at all.
 * The worker (StaffAlerts.run) tells the staff who chose it and may do its work, each once. Returns false when the
 * same event (kind and key) was stored before. The slips' review queue (issue 31 item 6) calls it with
 * `{ kind: 'slip_review', key: <slip id>, orderNumber, reason }`.
 */
export async function alertStaff(db: Pick<Db, 'insert'>, input: StaffAlertInput, now = new Date()): Promise<boolean> {
  const { kind, key, ...data } = input
  const stored = await db
    .insert(staffAlertEvents)
    .values({ kind, eventKey: key, data, createdAt: now })
    .onConflictDoNothing({ target: [staffAlertEvents.kind, staffAlertEvents.eventKey] })
    .returning({ id: staffAlertEvents.id })
  return stored.length > 0
}

/** LINE's webhook body (https://developers.line.biz/en/reference/messaging-api/#request-body): what linking reads. */
const webhookBody = z.object({
  destination: z.string().optional(),
  events: z.array(
    z
      .object({
        type: z.string(),
        source: z.object({ type: z.string(), userId: z.string().optional() }).optional(),
        message: z.object({ type: z.string(), text: z.string().optional() }).optional(),
      })
      .loose(),
  ),
})

const LINE_USER_ID = /^U[0-9a-f]{32}$/

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** A new link code: LINE_LINK_CODE_LENGTH letters of an alphabet easy to read and type, uniformly random. */
function newLinkCode(): string {
  let code = ''
  for (let index = 0; index < LINE_LINK_CODE_LENGTH; index++) {
    code += LINE_LINK_CODE_ALPHABET[randomInt(LINE_LINK_CODE_ALPHABET.length)]
  }
  return code
}

/** A role's permissions as the guard reads them: a built-in role's from the code, a custom one's from its row. */
function rolePermissions(roleId: string, stored: string[] | null): StaffPermission[] {
  if (isBuiltInRole(roleId)) return [...BUILT_IN_ROLE_PERMISSIONS[roleId]]
  return normalisePermissions(stored ?? [])
}

export type StaffAlertSettingsView = {
  line: { linked: boolean; linkedAt: Date | null; codeExpiresAt: Date | null }
  /** How alerts go out now: pushed on LINE, recorded only (demo), or not at all (no LINE channel in live mode). */
  delivery: 'line' | 'recorded' | 'off'
  kinds: Array<{ kind: StaffAlertKind; allowed: boolean; chosen: boolean }>
  recent: Array<Pick<StaffAlertRow, 'id' | 'kind' | 'text' | 'link' | 'status' | 'createdAt' | 'sentAt'>>
}

export type StaffAlertsOptions = {
  db: Db
  audit: AuditLog
  /** The shop's origin: the back-office links of the alerts. */
  siteUrl: string
  /** The Messaging API's push when a channel access token is configured; null: recorded (demo) or off. */
  push?: LinePushSender | null
  /** Without a push, whether alerts are recorded (demo mode: the outbox) or skipped (live mode). */
  record?: boolean
  /** The Messaging API channel's secret: LINE's webhook signature is checked with it; null: no linking. */
  channelSecret?: string | null
  now?: () => Date
  shipLateHours?: number
  maxAttempts?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
  leaseMs?: number
}

export type StaffAlertReport = { events: number; alerts: number } & Record<
  Exclude<StaffAlertStatus, 'pending'> | 'retrying',
  number
>

/**
 * LINE alerts for staff (issue 31 item 10, decision 186): each staff member links their LINE account with a one-time
 * code sent to the shop's LINE Official Account (the Messaging API webhook) and chooses the alerts their permissions
 * allow; events stored by the changes that cause them are made into one alert per person in their language with a
 * link to the back office, pushed through the Messaging API with retries (an outbox), or only recorded in demo mode.
 */
export class StaffAlerts {
  private readonly db: Db
  private readonly now: () => Date

  constructor(private readonly options: StaffAlertsOptions) {
    this.db = options.db
    this.now = options.now ?? (() => new Date())
  }

  get delivery(): StaffAlertSettingsView['delivery'] {
    return this.options.push ? 'line' : this.options.record === false ? 'off' : 'recorded'
  }

  /** Whether LINE's webhook can be checked (a channel secret is configured): linking works only then. */
  get linking(): boolean {
    return Boolean(this.options.channelSecret)
  }

  // ── a staff member's own settings ───────────────────────────────────────────────────────────────────────────

  async settings(staffId: string, permissions: ReadonlySet<StaffPermission>): Promise<StaffAlertSettingsView> {
    const [[row], recent] = await Promise.all([
      this.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.staffId, staffId)),
      this.db
        .select({
          id: staffAlerts.id,
          kind: staffAlerts.kind,
          text: staffAlerts.text,
          link: staffAlerts.link,
          status: staffAlerts.status,
          createdAt: staffAlerts.createdAt,
          sentAt: staffAlerts.sentAt,
        })
        .from(staffAlerts)
        .where(eq(staffAlerts.staffId, staffId))
        .orderBy(desc(staffAlerts.createdAt), desc(staffAlerts.id))
        .limit(10),
    ])
    const allowed = new Set(allowedAlertKinds(permissions))
    const chosen = new Set(row?.kinds ?? [])
    const now = this.now()
    const codeLive = row?.linkCodeHash && row.linkCodeExpiresAt && row.linkCodeExpiresAt > now
    return {
      line: {
        linked: Boolean(row?.lineUserId),
        linkedAt: row?.lineUserId ? (row.linkedAt ?? null) : null,
        codeExpiresAt: codeLive ? (row.linkCodeExpiresAt ?? null) : null,
      },
      delivery: this.delivery,
      kinds: STAFF_ALERT_KINDS.map((kind) => ({ kind, allowed: allowed.has(kind), chosen: chosen.has(kind) })),
      recent,
    }
  }

  /**
   * A new one-time code to send to the shop's LINE Official Account (a code asked before stops working), valid
   * LINE_LINK_CODE_MINUTES; stored as its SHA-256, audited. Refused while LINE's webhook cannot be checked.
   */
  async createLinkCode(staffId: string, context: AuditContext): Promise<{ code: string; expiresAt: Date }> {
    if (!this.linking) {
      throw new ApiError(409, 'NOT_ALLOWED', 'LINE linking is not set up: the shop has no LINE channel secret')
    }
    const code = newLinkCode()
    const now = this.now()
    const expiresAt = new Date(now.getTime() + LINE_LINK_CODE_MINUTES * 60_000)
    await this.db.transaction(async (tx) => {
      await tx
        .insert(staffAlertSettings)
        .values({ staffId, linkCodeHash: sha256(code), linkCodeExpiresAt: expiresAt, updatedAt: now })
        .onConflictDoUpdate({
          target: staffAlertSettings.staffId,
          set: { linkCodeHash: sha256(code), linkCodeExpiresAt: expiresAt, updatedAt: now },
        })
      await this.options.audit.record(tx, context, {
        action: 'staff_alerts.link_code',
        entityType: 'staff',
        entityId: staffId,
        after: { expiresAt: expiresAt.toISOString() },
      })
    })
    return { code: `${LINE_LINK_CODE_PREFIX}${code}`, expiresAt }
  }

  /** Unlinks the staff member's LINE account (alerts stop; the choices stay), audited with the link it ends. */
  async unlink(staffId: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(staffAlertSettings)
        .where(eq(staffAlertSettings.staffId, staffId))
        .for('update')
      if (!before?.lineUserId && !before?.linkCodeHash) {
        throw new ApiError(404, 'NOT_FOUND', 'No LINE account is linked')
      }
      await tx
        .update(staffAlertSettings)
        .set({ lineUserId: null, linkedAt: null, linkCodeHash: null, linkCodeExpiresAt: null, updatedAt: this.now() })
        .where(eq(staffAlertSettings.staffId, staffId))
      await this.options.audit.record(tx, context, {
        action: 'staff_alerts.unlink',
        entityType: 'staff',
        entityId: staffId,
        before: { linked: Boolean(before.lineUserId), linkedAt: before.linkedAt },
        after: { linked: false },
      })
    })
  }

  /** The alerts chosen: each must be one the caller's permissions allow (400 naming the others), audited. */
  async choose(
    staffId: string,
    permissions: ReadonlySet<StaffPermission>,
    kinds: readonly string[],
    context: AuditContext,
  ): Promise<void> {
    const allowed = new Set(allowedAlertKinds(permissions))
    const fields: Record<string, string> = {}
    kinds.forEach((kind, index) => {
      if (!isStaffAlertKind(kind)) fields[`kinds.${index}`] = 'invalid'
      else if (!allowed.has(kind)) fields[`kinds.${index}`] = 'notAllowed'
    })
    if (Object.keys(fields).length > 0) {
      throw new ApiError(400, 'INVALID_INPUT', 'Your role does not allow some of these alerts', { fields })
    }
    const chosen = STAFF_ALERT_KINDS.filter((kind) => kinds.includes(kind))
    const now = this.now()
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ kinds: staffAlertSettings.kinds })
        .from(staffAlertSettings)
        .where(eq(staffAlertSettings.staffId, staffId))
        .for('update')
      await tx
        .insert(staffAlertSettings)
        .values({ staffId, kinds: chosen, updatedAt: now })
        .onConflictDoUpdate({ target: staffAlertSettings.staffId, set: { kinds: chosen, updatedAt: now } })
      await this.options.audit.record(tx, context, {
        action: 'staff_alerts.choose',
        entityType: 'staff',
        entityId: staffId,
        before: { kinds: before?.kinds ?? [] },
        after: { kinds: chosen },
      })
    })
  }

  // ── LINE's webhook ──────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Whether a webhook call is LINE's: `x-line-signature` is the Base64 HMAC-SHA256 of the raw body with the channel
   * secret (https://developers.line.biz/en/reference/messaging-api/#signature-validation), compared in constant time.
   */
  signedByLine(raw: string, signature: string | undefined): boolean {
    const secret = this.options.channelSecret
    if (!secret || !signature) return false
    const expected = createHmac('sha256', secret).update(raw, 'utf8').digest()
    const given = Buffer.from(signature, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  /**
   * A verified webhook call's events: a text message holding a live link code links its sender's LINE account to
   * the staff member who asked for the code (the code is used up); an `unfollow` (the account blocked the shop)
   * unlinks every staff member it was linked to. Each change audited as the system. Anything else is ignored.
   */
  async receiveWebhook(body: unknown, ip: string | null, requestId: string | null): Promise<{ linked: number }> {
    const parsed = webhookBody.safeParse(body)
    if (!parsed.success) throw new ApiError(400, 'INVALID_INPUT', 'Not a LINE webhook body')
    const context: AuditContext = { actor: systemActor(LINE_WEBHOOK_ACTOR, []), ip, requestId }
    let linked = 0
    for (const event of parsed.data.events) {
      const userId = event.source?.type === 'user' ? event.source.userId : undefined
      if (!userId || !LINE_USER_ID.test(userId)) continue
      if (event.type === 'message' && event.message?.type === 'text' && event.message.text) {
        const code = parseLinkCode(event.message.text)
        if (code && (await this.link(code, userId, context))) linked++
      } else if (event.type === 'unfollow') {
        await this.unfollowed(userId, context)
      }
    }
    return { linked }
  }

  private async link(code: string, lineUserId: string, context: AuditContext): Promise<boolean> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffAlertSettings)
        .set({ lineUserId, linkedAt: now, linkCodeHash: null, linkCodeExpiresAt: null, updatedAt: now })
        .where(
          and(eq(staffAlertSettings.linkCodeHash, sha256(code)), sql`${staffAlertSettings.linkCodeExpiresAt} > ${now}`),
        )
        .returning({ staffId: staffAlertSettings.staffId })
      if (!row) return false
      await this.options.audit.record(tx, context, {
        action: 'staff_alerts.link',
        entityType: 'staff',
        entityId: row.staffId,
        after: { linked: true, linkedAt: now.toISOString() },
      })
      return true
    })
  }

  private async unfollowed(lineUserId: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(staffAlertSettings)
        .set({ lineUserId: null, linkedAt: null, updatedAt: this.now() })
        .where(eq(staffAlertSettings.lineUserId, lineUserId))
        .returning({ staffId: staffAlertSettings.staffId })
      for (const row of rows) {
        await this.options.audit.record(tx, context, {
          action: 'staff_alerts.unlink',
          entityType: 'staff',
          entityId: row.staffId,
          before: { linked: true },
          after: { linked: false, reason: 'unfollow' },
        })
      }
    })
  }

  // ── the periodic work: late orders, fanning out, pushing ────────────────────────────────────────────────────

  /**
   * Paid orders not shipped SHIP_LATE_HOURS after their payment become one `ship_late` event each (keyed by the
   * order's id): however many instances run this, the unique key makes it once per order.
   */
  async findLateOrders(limit = 100): Promise<number> {
    const hours = this.options.shipLateHours ?? SHIP_LATE_HOURS
    const now = this.now()
    const before = new Date(now.getTime() - hours * 3_600_000)
    const paidAt = sql<Date>`(SELECT MAX(${orderEvents.createdAt}) FROM ${orderEvents} WHERE ${orderEvents.orderId} = ${orders.id} AND ${orderEvents.status} = 'paid')`
    const late = await this.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['paid', 'packed']),
          sql`${paidAt} <= ${before}`,
          sql`NOT EXISTS (SELECT 1 FROM ${staffAlertEvents} WHERE ${staffAlertEvents.kind} = 'ship_late' AND ${staffAlertEvents.eventKey} = ${orders.id}::text)`,
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(limit)
    let stored = 0
    for (const order of late) {
      if (await alertStaff(this.db, { kind: 'ship_late', key: order.id, orderNumber: order.number, hours }, now)) {
        stored++
      }
    }
    return stored
  }

  /**
   * Makes the waiting events into alerts: one per staff member (enabled, LINE linked) who chose the kind and whose
   * role has its permission, in their language, each event once (locked while fanned out, skipped by other
   * instances). Returns how many events were.
   */
  async fanOut(limit = 50): Promise<{ events: number; alerts: number }> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(staffAlertEvents)
        .where(isNull(staffAlertEvents.fannedOutAt))
        .orderBy(asc(staffAlertEvents.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      if (events.length === 0) return { events: 0, alerts: 0 }
      const people = await tx
        .select({
          id: staff.id,
          language: staff.language,
          roleId: staff.roleId,
          rolePermissions: staffRoles.permissions,
          kinds: staffAlertSettings.kinds,
        })
        .from(staffAlertSettings)
        .innerJoin(staff, eq(staff.id, staffAlertSettings.staffId))
        .innerJoin(staffRoles, eq(staffRoles.id, staff.roleId))
        .where(and(isNotNull(staffAlertSettings.lineUserId), isNull(staff.disabledAt)))
      let alerts = 0
      for (const event of events) {
        const rows = people
          .filter(
            (person) =>
              person.kinds.includes(event.kind) &&
              rolePermissions(person.roleId, person.rolePermissions).includes(STAFF_ALERT_PERMISSIONS[event.kind]),
          )
          .map((person) => ({
            eventId: event.id,
            staffId: person.id,
            kind: event.kind,
            language: person.language,
            text: alertText(event.kind, event.data, person.language),
            link: alertLink(this.options.siteUrl, person.language, event.kind, event.data),
            status: 'pending' as const,
            nextAttemptAt: now,
            createdAt: now,
          }))
        if (rows.length > 0) {
          const stored = await tx
            .insert(staffAlerts)
            .values(rows)
            .onConflictDoNothing({ target: [staffAlerts.eventId, staffAlerts.staffId] })
            .returning({ id: staffAlerts.id })
          alerts += stored.length
        }
      }
      await tx
        .update(staffAlertEvents)
        .set({ fannedOutAt: now })
        .where(
          inArray(
            staffAlertEvents.id,
            events.map((event) => event.id),
          ),
        )
      return { events: events.length, alerts }
    })
  }

  /**
   * Pushes the due alerts (claimed by one instance at a time, OutboxClaims) to the LINE account linked now, the
   * alert's id as LINE's retry key so that a retry after a lost answer is not a second message; a failure LINE may
   * get over waits 30 s × 2^(attempts − 1), at most 30 minutes. Without a push they are recorded (demo) or skipped.
   */
  async deliverDue(limit = 20, signal?: AbortSignal): Promise<Omit<StaffAlertReport, 'events' | 'alerts'>> {
    const report = { sent: 0, recorded: 0, retrying: 0, failed: 0, skipped: 0 }
    const maxAttempts = this.options.maxAttempts ?? STAFF_ALERT_MAX_ATTEMPTS
    const now = this.now()
    const outbox = new OutboxClaims(this.db, staffAlerts, {
      maxAttempts,
      leaseMs: this.options.leaseMs ?? STAFF_ALERT_LEASE_MS,
    })
    report.failed += await outbox.giveUpInterrupted(now)
    const claimed = await outbox.claimDue(now, limit)
    if (claimed.length === 0) return report
    const links = await this.db
      .select({ staffId: staffAlertSettings.staffId, lineUserId: staffAlertSettings.lineUserId })
      .from(staffAlertSettings)
      .where(
        inArray(
          staffAlertSettings.staffId,
          claimed.map((row) => row.staffId),
        ),
      )
    const lineUserOf = new Map(links.map((row) => [row.staffId, row.lineUserId]))
    await outbox.each(claimed, now, signal, async (row) => {
      const result = await this.deliverOne(row, lineUserOf.get(row.staffId) ?? null, maxAttempts)
      if (result) report[result]++
    })
    return report
  }

  private async deliverOne(
    row: StaffAlertRow,
    lineUserId: string | null,
    maxAttempts: number,
  ): Promise<'sent' | 'recorded' | 'retrying' | 'failed' | 'skipped' | null> {
    const update = (values: Partial<typeof staffAlerts.$inferInsert>) =>
      this.db
        .update(staffAlerts)
        .set(values)
        .where(
          and(eq(staffAlerts.id, row.id), eq(staffAlerts.status, 'pending'), eq(staffAlerts.attempts, row.attempts)),
        )
        .returning({ id: staffAlerts.id })
        .then((rows) => rows.length > 0)
    const push = this.options.push
    if (!lineUserId) {
      return (await update({ status: 'skipped', nextAttemptAt: null, lastError: 'LINE unlinked' })) ? 'skipped' : null
    }
    if (!push) {
      const status = this.options.record === false ? 'skipped' : 'recorded'
      const done = await update({
        status,
        nextAttemptAt: null,
        sentAt: status === 'recorded' ? this.now() : null,
        lastError: status === 'skipped' ? 'no LINE channel' : null,
      })
      return done ? status : null
    }
    try {
      await push.push({ to: lineUserId, text: `${row.text}\n${row.link}`, retryKey: row.id })
      return (await update({ status: 'sent', sentAt: this.now(), nextAttemptAt: null, lastError: null }))
        ? 'sent'
        : null
    } catch (error) {
      const retryable = error instanceof DeliveryError && error.retryable
      const reason = error instanceof Error ? error.message : 'push failed'
      if (retryable && row.attempts < maxAttempts) {
        const waitMs = retryDelayMs(
          row.attempts,
          this.options.backoffBaseMs ?? STAFF_ALERT_BACKOFF_BASE_MS,
          this.options.backoffMaxMs ?? STAFF_ALERT_BACKOFF_MAX_MS,
        )
        const next = new Date(this.now().getTime() + waitMs)
        return (await update({ nextAttemptAt: next, lastError: reason })) ? 'retrying' : null
      }
      if (!(await update({ status: 'failed', nextAttemptAt: null, lastError: reason }))) return null
      console.error(`Staff alert given up (${row.kind}, staff ${row.staffId}, attempt ${row.attempts}): ${reason}`)
      return 'failed'
    }
  }

  /** One round of the work: late orders found, events fanned out, due alerts pushed. */
  async run(signal?: AbortSignal): Promise<StaffAlertReport> {
    await this.findLateOrders()
    const fanned = await this.fanOut()
    const delivered = await this.deliverDue(20, signal)
    return { ...fanned, ...delivered }
  }
}

/** Runs the alerts' work every `everyMs` in this process (several instances may: each event and alert goes once). */
export function startStaffAlerts(alerts: StaffAlerts, options: { everyMs?: number } = {}): () => Promise<void> {
  return startOutboxWorker((signal) => alerts.run(signal), {
    everyMs: options.everyMs ?? 15_000,
    failure: 'Staff alerts not sent',
  })
}
