import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm'
import { members, sessions, type MemberRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import { randomToken, sha256 } from './crypto.server'
import { forgetInPageRender, onceInPageRender } from './render-scope.server'
import type { RequestContext, SessionSighting } from './request-context'
import { addSeconds } from './time'
import { toMemberView, type MemberView, type SessionGrant, type SessionView } from './views'
import { AccountStore } from './store.server'

/** DESIGN.md §5: sessions end after 30 days without a visit, and 90 days after login in any case. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 60 * 60
export const SESSION_ABSOLUTE_SECONDS = 90 * 24 * 60 * 60
/** The last-seen time is written at most this often (a page view is not a database write). */
const SESSION_TOUCH_SECONDS = 5 * 60

/**
 * Members' sessions (issue 4, DESIGN.md §5; the list and the ends of issue 15): a Bearer token whose hash is stored,
 * started by a code or LINE, rotated on each login, looked up once per page render and ended one, some or all at once.
 */
export class SessionService extends AccountStore {
  /** A new session row and token; the previous session of this browser, if any, ends (rotation). */
  async startSession(
    member: MemberRow,
    context: RequestContext,
    previousToken: string | null,
  ): Promise<Omit<SessionGrant, 'registered'>> {
    // A member blocked by staff (issue 33 item 1, decision 200) signs in neither by code nor by LINE.
    if (member.blockedAt) throw new ApiError(403, 'ACCOUNT_BLOCKED', 'This account cannot be used: contact us')
    const now = this.now()
    if (previousToken) await this.db.delete(sessions).where(eq(sessions.tokenHash, sha256(previousToken)))
    const token = randomToken(32)
    const expiresAt = addSeconds(now, SESSION_ABSOLUTE_SECONDS)
    await this.db.insert(sessions).values({
      tokenHash: sha256(token),
      memberId: member.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
      country: context.country ?? null,
    })
    return { token, expiresAt: expiresAt.toISOString(), member: toMemberView(member) }
  }

  /**
   * The member of a session token, or null when it is unknown, idle too long or past its end. The last-seen time
   * (and the country it was seen from, when the caller's is known) is written at most every few minutes, or at once
   * when the country changed.
   */
  async memberForSession(token: string | null | undefined, sighting: SessionSighting = {}): Promise<MemberView | null> {
    if (!token) return null
    const hash = sha256(token)
    // Within one page render of the storefront, once per session and country (render-scope.server.ts).
    return onceInPageRender(`session:${hash}:${sighting.country ?? ''}`, () => this.lookUpSession(hash, sighting))
  }

  private async lookUpSession(hash: string, sighting: SessionSighting): Promise<MemberView | null> {
    const now = this.now()
    const [row] = await this.db
      .select({ member: members, lastSeenAt: sessions.lastSeenAt, country: sessions.country })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(
          eq(sessions.tokenHash, hash),
          isNull(members.blockedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, addSeconds(now, -SESSION_IDLE_SECONDS)),
        ),
      )
    if (!row) return null
    const country = sighting.country ?? null
    const moved = country !== null && country !== row.country
    if (moved || row.lastSeenAt < addSeconds(now, -SESSION_TOUCH_SECONDS)) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, ...(country ? { country } : {}) })
        .where(eq(sessions.tokenHash, hash))
    }
    return toMemberView(row.member)
  }

  /** Ends a session (log out). */
  async endSession(token: string): Promise<void> {
    forgetInPageRender(`session:${sha256(token)}:`)
    await this.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)))
  }

  /** The member of a session, or 401. */
  async requireMember(token: string | null | undefined, sighting: SessionSighting = {}): Promise<MemberView> {
    const member = await this.memberForSession(token, sighting)
    if (!member) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    return member
  }

  /** The member's live sessions, the one of `token` marked current, most recently seen first. */
  async listSessions(memberId: string, token: string | null): Promise<SessionView[]> {
    const now = this.now()
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.memberId, memberId),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, addSeconds(now, -SESSION_IDLE_SECONDS)),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    const hash = token ? sha256(token) : null
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.tokenHash === hash,
    }))
  }

  /** Ends one session of the member by its public id; another member's (or an unknown) id is a 404. */
  async endSessionById(memberId: string, id: string): Promise<void> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.memberId, memberId)))
      .returning({ id: sessions.id })
    if (ended.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No such session')
  }

  /** Ends every session of the member but the one of `token` ("log out everywhere else"); how many ended. */
  async endOtherSessions(memberId: string, token: string): Promise<number> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, sha256(token))))
      .returning({ id: sessions.id })
    return ended.length
  }

  /** Ends every session of the member, this one included ("log out everywhere"). */
  async endAllSessions(memberId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.memberId, memberId))
  }

  /** The session of `token` when it is a live one of this member (a change is confirmed only from one). */
  async liveSessionOf(memberId: string, token: string): Promise<{ tokenHash: string; expiresAt: Date } | null> {
    const now = this.now()
    const [session] = await this.db
      .select({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sha256(token)),
          eq(sessions.memberId, memberId),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, addSeconds(now, -SESSION_IDLE_SECONDS)),
        ),
      )
    return session ?? null
  }

  /** Deletes sessions past their end or idle too long. */
  async purge(now: Date): Promise<void> {
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, addSeconds(now, -SESSION_IDLE_SECONDS))))
  }
}
