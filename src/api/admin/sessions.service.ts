import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { staff, staffSessions, type StaffRow, type StaffSessionRow } from '~/db/staff-schema'
import { STAFF_SESSION_ABSOLUTE_SECONDS, STAFF_SESSION_IDLE_SECONDS, STEP_UP_SECONDS } from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import { addSeconds } from '~/api/accounts/time'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

export type StaffSessionView = {
  id: string
  staffId: string
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  idleExpiresAt: string
  secondFactorAt: string
  stepUpUntil: string
  ip: string | null
  userAgent: string | null
  current: boolean
}

/** Writes of last-seen no more often than this (a busy page makes many calls). */
const TOUCH_EVERY_SECONDS = 30

/**
 * Staff sessions (DESIGN.md §8): their own table and cookie, a random token stored as SHA-256, ended 30 minutes after
 * the last call or 12 hours after sign-in, listed and ended by their staff member (or by staff with `staff:manage`).
 * Each records when the second factor was last given, for the step-up of money, permission, key and export actions.
 */
export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  view(row: StaffSessionRow, currentId: string | null): StaffSessionView {
    const idle = addSeconds(row.lastSeenAt, STAFF_SESSION_IDLE_SECONDS)
    return {
      id: row.id,
      staffId: row.staffId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      idleExpiresAt: (idle < row.expiresAt ? idle : row.expiresAt).toISOString(),
      secondFactorAt: row.secondFactorAt.toISOString(),
      stepUpUntil: addSeconds(row.secondFactorAt, STEP_UP_SECONDS).toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      current: row.id === currentId,
    }
  }

  /** A new session once both factors were given; the token goes in the cookie and nowhere else. */
  async start(
    tx: Tx,
    member: StaffRow,
    client: { ip: string; userAgent: string | null },
  ): Promise<{ token: string; row: StaffSessionRow }> {
    const token = randomToken(32)
    const now = this.now()
    const [row] = await tx
      .insert(staffSessions)
      .values({
        tokenHash: sha256(token),
        staffId: member.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: addSeconds(now, STAFF_SESSION_ABSOLUTE_SECONDS),
        secondFactorAt: now,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      })
      .returning()
    if (!row) throw new Error('Staff session not stored')
    return { token, row }
  }

  /** The live session of a cookie and its staff member; an idle, expired or disabled one is ended here. */
  async resolve(token: string): Promise<{ session: StaffSessionRow; member: StaffRow } | null> {
    if (!token) return null
    const now = this.now()
    const [found] = await this.db
      .select({ session: staffSessions, member: staff })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, sha256(token)))
    if (!found) return null
    const { session, member } = found
    const idle = addSeconds(session.lastSeenAt, STAFF_SESSION_IDLE_SECONDS) <= now
    if (idle || session.expiresAt <= now || member.disabledAt) {
      await this.db.delete(staffSessions).where(eq(staffSessions.tokenHash, session.tokenHash))
      return null
    }
    if (addSeconds(session.lastSeenAt, TOUCH_EVERY_SECONDS) <= now) {
      await this.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, session.tokenHash))
      session.lastSeenAt = now
    }
    return { session, member }
  }

  /** The session's second factor was given again just now (step-up). */
  async steppedUp(sessionId: string, context: AuditContext, factor: string): Promise<StaffSessionRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffSessions)
        .set({ secondFactorAt: this.now(), challenge: null })
        .where(eq(staffSessions.id, sessionId))
        .returning()
      if (!row) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in again')
      await this.audit.record(tx, context, {
        action: 'session.step_up',
        entityType: 'session',
        entityId: sessionId,
        after: { factor },
      })
      return row
    })
  }

  async setChallenge(sessionId: string, challenge: string): Promise<void> {
    await this.db.update(staffSessions).set({ challenge }).where(eq(staffSessions.id, sessionId))
  }

  async challengeOf(sessionId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ challenge: staffSessions.challenge })
      .from(staffSessions)
      .where(eq(staffSessions.id, sessionId))
    return row?.challenge ?? null
  }

  /** One staff member's sessions, or everyone's (`staffId` null), newest first. */
  async list(staffId: string | null, currentId: string | null): Promise<StaffSessionView[]> {
    const now = this.now()
    const rows = await this.db
      .select()
      .from(staffSessions)
      .where(staffId ? eq(staffSessions.staffId, staffId) : undefined)
      .orderBy(desc(staffSessions.createdAt))
    const idleFrom = addSeconds(now, -STAFF_SESSION_IDLE_SECONDS)
    return rows
      .filter((row) => row.expiresAt > now && row.lastSeenAt > idleFrom)
      .map((row) => this.view(row, currentId))
  }

  /** Ends a session: one of `staffId`'s own, or anyone's (`staffId` null). */
  async revoke(id: string, staffId: string | null, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(staffSessions)
        .where(staffId ? and(eq(staffSessions.id, id), eq(staffSessions.staffId, staffId)) : eq(staffSessions.id, id))
        .returning()
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such session')
      await this.audit.record(tx, context, {
        action: 'session.revoke',
        entityType: 'session',
        entityId: id,
        before: { staffId: row.staffId, createdAt: row.createdAt, ip: row.ip },
      })
    })
  }

  /** Sign-out (or a session ended for wrong second factors): the session of this cookie ends. */
  async end(
    sessionId: string,
    context: AuditContext,
    action: 'session.sign_out' | 'session.end_wrong_factors' = 'session.sign_out',
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(staffSessions).where(eq(staffSessions.id, sessionId)).returning()
      if (row) {
        await this.audit.record(tx, context, {
          action,
          entityType: 'session',
          entityId: sessionId,
          before: { staffId: row.staffId, createdAt: row.createdAt, ip: row.ip },
        })
      }
    })
  }

  /** Ends every session of a staff member (disabled). */
  async endAllOf(tx: Tx, staffId: string): Promise<void> {
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId))
  }

  /** Deletes sessions past either limit. */
  async purge(): Promise<void> {
    const now = this.now()
    await this.db
      .delete(staffSessions)
      .where(
        or(
          lt(staffSessions.expiresAt, now),
          lt(staffSessions.lastSeenAt, addSeconds(now, -STAFF_SESSION_IDLE_SECONDS)),
        ),
      )
  }
}
