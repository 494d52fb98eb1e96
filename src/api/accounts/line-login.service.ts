import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { members, oauthStates } from '~/db/schema'
import { createPkcePair, LineLoginError, type LineIdentity, type LineLogin } from '~/api/providers/line-login.server'
import { ApiError } from '~/api/errors'
import { randomToken, sha256 } from './crypto.server'
import { confirmedIs, dropUnconfirmedClaims, isUniqueViolation } from './members.server'
import type { RequestContext } from './request-context'
import type { SessionService } from './sessions.service'
import { addSeconds } from './time'
import type { SessionGrant } from './views'
import { AccountStore, type StoreBase } from './store.server'

/** A LINE Login round trip must come back within this. */
const OAUTH_STATE_TTL_SECONDS = 10 * 60

export type LineLoginOptions = StoreBase & {
  sessions: SessionService
  /** LINE Login, when a channel is configured. */
  lineLogin: LineLogin | null
}

/**
 * LINE Login and LIFF (§4): the member of a LINE account, linked by LINE user id or a confirmed e-mail, or a new
 * one; a session like a code login gives.
 */
export class LineLoginService extends AccountStore {
  constructor(private readonly options: LineLoginOptions) {
    super(options)
  }

  /** The LINE authorisation URL, with PKCE (S256), state and nonce remembered for the way back. */
  async startLineLogin(input: { redirectUri: string; redirectPath: string; locale: 'th' | 'en' }): Promise<string> {
    const line = this.options.lineLogin
    if (!line) throw new ApiError(503, 'LINE_UNAVAILABLE', 'LINE Login is not configured')
    const state = randomToken(24)
    const nonce = randomToken(24)
    const pkce = createPkcePair()
    const now = this.now()
    await this.purge(now)
    await this.db.insert(oauthStates).values({
      stateHash: sha256(state),
      nonce,
      codeVerifier: pkce.verifier,
      redirectPath: input.redirectPath,
      createdAt: now,
      expiresAt: addSeconds(now, OAUTH_STATE_TTL_SECONDS),
    })
    return line.authorizationUrl({
      redirectUri: input.redirectUri,
      state,
      nonce,
      codeChallenge: pkce.challenge,
      uiLocales: input.locale === 'en' ? 'en-US' : 'th-TH',
    })
  }

  /**
   * The way back from LINE: the state is used once, the code exchanged with its PKCE verifier, the ID
   * token verified; the LINE account is linked to the member with the same e-mail or makes a new one.
   */
  async completeLineLogin(
    input: { state: string; code: string; redirectUri: string; previousSession?: string | null },
    context: RequestContext,
  ): Promise<SessionGrant & { redirectPath: string }> {
    const line = this.options.lineLogin
    if (!line) throw new ApiError(503, 'LINE_UNAVAILABLE', 'LINE Login is not configured')
    const [flow] = await this.db
      .delete(oauthStates)
      .where(and(eq(oauthStates.stateHash, sha256(input.state)), gt(oauthStates.expiresAt, this.now())))
      .returning()
    if (!flow) throw new ApiError(400, 'LINE_FAILED', 'The LINE login request is unknown or too old')
    let profile: Awaited<ReturnType<LineLogin['verifyIdToken']>>
    try {
      const tokens = await line.exchangeCode({
        code: input.code,
        redirectUri: input.redirectUri,
        codeVerifier: flow.codeVerifier,
      })
      profile = await line.verifyIdToken(tokens.idToken, { nonce: flow.nonce })
    } catch (error) {
      console.error('LINE Login failed:', error instanceof Error ? error.message : error)
      throw new ApiError(400, 'LINE_FAILED', 'LINE login failed')
    }
    const { member, registered } = await this.memberForLine(profile)
    const grant = await this.options.sessions.startSession(member, context, input.previousSession ?? null)
    return { ...grant, registered, redirectPath: flow.redirectPath }
  }

  /**
   * Inside LINE (§4): the ID token LIFF gave the browser, verified by LINE, logs the shopper in like LINE Login does
   * (same member, linked by LINE user id or e-mail, or a new one).
   */
  async loginWithLiff(
    input: { idToken: string; previousSession?: string | null },
    context: RequestContext,
  ): Promise<SessionGrant> {
    const line = this.options.lineLogin
    if (!line) throw new ApiError(503, 'LINE_UNAVAILABLE', 'LINE Login is not configured')
    let profile: Awaited<ReturnType<LineLogin['verifyLiffIdToken']>>
    try {
      profile = await line.verifyLiffIdToken(input.idToken)
    } catch (error) {
      console.error('LIFF login failed:', error instanceof Error ? error.message : error)
      if (error instanceof LineLoginError && error.code === 'UNAVAILABLE') {
        throw new ApiError(503, 'LINE_UNAVAILABLE', 'LINE could not be reached')
      }
      throw new ApiError(400, 'INVALID_ID_TOKEN', 'The LINE ID token is not valid')
    }
    const { member, registered } = await this.memberForLine(profile)
    const grant = await this.options.sessions.startSession(member, context, input.previousSession ?? null)
    return { ...grant, registered }
  }

  /** The member of a LINE account: linked by LINE user id, else by the same e-mail, else a new member. */
  private async memberForLine(
    profile: LineIdentity,
  ): Promise<{ member: typeof members.$inferSelect; registered: boolean }> {
    let registered = false
    let [member] = await this.db.select().from(members).where(eq(members.lineUserId, profile.sub))
    if (!member && profile.email) {
      const email = profile.email.toLowerCase()
      ;[member] = await this.db
        .update(members)
        .set({ lineUserId: profile.sub, updatedAt: this.now() })
        // Only by a confirmed e-mail (issue 29): an unconfirmed one may have been typed in by someone else.
        .where(and(confirmedIs('email', email), isNull(members.lineUserId)))
        .returning()
    }
    if (!member) {
      const email = profile.email?.toLowerCase() ?? null
      // LINE's e-mail is stored unconfirmed (no code of ours went to it), unless another member confirmed it.
      const [emailTaken] = email
        ? await this.db.select({ id: members.id }).from(members).where(confirmedIs('email', email))
        : []
      try {
        ;[member] = await this.db
          .insert(members)
          .values({
            fullname: profile.name?.trim() || 'LINE',
            email: emailTaken ? null : email,
            // LINE confirms the e-mail addresses of its accounts with a code of its own before it shares them.
            emailVerifiedAt: email && !emailTaken ? this.now() : null,
            lineUserId: profile.sub,
            acceptedTermsAt: this.now(),
          })
          .returning()
        registered = true
        if (member?.email) await dropUnconfirmedClaims(this.db, 'email', member.email, member.id, this.now())
      } catch (error) {
        // Two logins of the same LINE account at once (two tabs, LIFF and LINE Login): the other one made the member.
        if (!isUniqueViolation(error, 'members_line_user_id_key')) throw error
        ;[member] = await this.db.select().from(members).where(eq(members.lineUserId, profile.sub))
      }
    }
    if (!member) throw new Error('LINE member not stored')
    return { member, registered }
  }

  /** Deletes LINE round trips that can no longer come back. */
  async purge(now: Date): Promise<void> {
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
  }
}
