import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { otpChallenges, type IdentityChangePayload, type OtpChallengeRow, type RegistrationPayload } from '~/db/schema'
import type { OtpChannel } from '~/domain/otp'
import { OTP_MAX_TRIES_PER_CODE, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS } from '~/domain/otp'
import { maskIdentifier } from '~/domain/phone'
import type { OutboundMessage } from '~/api/providers/messages'
import { ApiError } from '~/api/errors'
import { codeMessage } from './account-mails'
import { appSecret, codeHash, generateCode, generateRefCode, randomToken, sameDigest, sha256 } from './crypto.server'
import type { RequestContext } from './request-context'
import type { CodeThrottle, Gate } from './throttle.server'
import { addSeconds, HOUR } from './time'
import type { ChallengeView, ChangeView, IssuedChallenge } from './views'
import { AccountStore, type StoreBase } from './store.server'

export type ChallengeOptions = StoreBase & {
  throttle: CodeThrottle
  /** Delivers a code by SMS or e-mail (outbox, SMTP, SMS provider). */
  deliver: (message: OutboundMessage) => Promise<void>
  /** Which channels can deliver (default both); a code for one that cannot is refused before it is made. */
  channels?: Record<OtpChannel, boolean>
  /** Seconds before a new code may be sent to the same phone or mailbox (default 60). */
  resendCooldownSeconds?: number
}

/** Who a code is for and what it confirms. */
export type ChallengeTarget = {
  identifier: string
  channel: OtpChannel
  purpose: OtpChallengeRow['purpose']
  memberId: string | null
  payload: OtpChallengeRow['payload']
}

/** The registration a register challenge carries (a change challenge carries a new e-mail or telephone). */
export function registrationOf(payload: OtpChallengeRow['payload']): RegistrationPayload | null {
  return payload && 'fullname' in payload ? payload : null
}

/** The new e-mail or telephone a change challenge carries ('' removes it). */
export function changeOf(payload: OtpChallengeRow['payload']): IdentityChangePayload | null {
  return payload && 'field' in payload ? payload : null
}

export function changeView(payload: OtpChallengeRow['payload']): ChangeView | null {
  const change = changeOf(payload)
  return change ? { field: change.field, remove: change.value === '', confirm: change.confirm === true } : null
}

/**
 * The one-time code challenges (issue 4, DESIGN.md §5): a code made, stored as a keyed hash and delivered within the
 * send limits, looked up by its token, shown to the confirm screen, tried and used once.
 */
export class ChallengeStore extends AccountStore {
  private hmacKey: Promise<string> | null = null
  private readonly cooldown: number

  constructor(private readonly options: ChallengeOptions) {
    super(options)
    this.cooldown = options.resendCooldownSeconds ?? OTP_RESEND_COOLDOWN_SECONDS
  }

  private key(): Promise<string> {
    this.hmacKey ??= appSecret(this.db, 'otp-hmac').catch((error: unknown) => {
      this.hmacKey = null
      throw error
    })
    return this.hmacKey
  }

  /**
   * A channel without a way out (no provider, and the outbox closed because the other channel is real) is
   * refused up front: no code is made, nothing is counted, and nobody can read one (docs/decisions/076).
   */
  assertChannel(channel: OtpChannel): void {
    if (this.options.channels?.[channel] ?? true) return
    if (channel === 'sms') {
      throw new ApiError(503, 'SMS_UNAVAILABLE', 'This shop does not send codes by SMS')
    }
    throw new ApiError(503, 'EMAIL_UNAVAILABLE', 'This shop does not send codes by e-mail')
  }

  /** The challenge of a token the browser kept, whatever its state. */
  async find(token: string): Promise<OtpChallengeRow | null> {
    if (!token) return null
    const [row] = await this.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, sha256(token)))
    return row ?? null
  }

  /** What the confirm screen shows: where the code went, its reference, when it expires, when to resend. */
  view(challenge: OtpChallengeRow): ChallengeView {
    return {
      refCode: challenge.refCode,
      channel: challenge.channel,
      purpose: challenge.purpose,
      destination: maskIdentifier(challenge.identifier),
      expiresAt: challenge.expiresAt.toISOString(),
      resendAt: addSeconds(challenge.createdAt, this.cooldown).toISOString(),
      attemptsLeft: Math.max(0, OTP_MAX_TRIES_PER_CODE - challenge.attempts),
      open: challenge.closedAt === null && challenge.expiresAt > this.now(),
      change: challenge.purpose === 'change' ? changeView(challenge.payload) : null,
    }
  }

  /** Makes and sends a code: the previous open code of this connection for the identifier stops working. */
  async issue(target: ChallengeTarget, context: RequestContext, gate: Gate): Promise<IssuedChallenge> {
    this.assertChannel(target.channel)
    const now = this.now()
    const ip = context.ip || 'unknown'
    // Per connection: another connection's request neither delays nor replaces the owner's code (issue 15).
    const [last] = await this.db
      .select({ createdAt: otpChallenges.createdAt, usedAt: otpChallenges.usedAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.identifier, target.identifier), eq(otpChallenges.ip, ip)))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1)
    // The cool-down guards against resending while a code is on its way; a code already used ends it.
    if (last && !last.usedAt && addSeconds(last.createdAt, this.cooldown) > now) {
      throw new ApiError(429, 'RATE_LIMITED', 'Please wait before asking for another code', {
        retryAt: addSeconds(last.createdAt, this.cooldown),
      })
    }
    await this.options.throttle.takeSendAllowance(target, context, gate, now)

    const token = randomToken(32)
    const code = generateCode()
    const refCode = generateRefCode()
    const id = crypto.randomUUID()
    const key = await this.key()
    const [challenge] = await this.db.transaction(async (tx) => {
      await tx
        .update(otpChallenges)
        .set({ closedAt: now })
        .where(
          and(
            eq(otpChallenges.identifier, target.identifier),
            eq(otpChallenges.ip, ip),
            isNull(otpChallenges.closedAt),
          ),
        )
      return tx
        .insert(otpChallenges)
        .values({
          id,
          tokenHash: sha256(token),
          refCode,
          identifier: target.identifier,
          channel: target.channel,
          purpose: target.purpose,
          memberId: target.memberId,
          payload: target.payload,
          codeHash: codeHash(key, id, code),
          locale: context.locale,
          ip,
          createdAt: now,
          expiresAt: addSeconds(now, OTP_TTL_SECONDS),
        })
        .returning()
    })
    if (!challenge) throw new Error('Challenge not stored')
    const message = codeMessage(context.locale, code, refCode, target.purpose)
    try {
      await this.options.deliver({ channel: target.channel, to: target.identifier, ...message })
    } catch (error) {
      await this.db.update(otpChallenges).set({ closedAt: now }).where(eq(otpChallenges.id, id))
      console.error(`Code delivery by ${target.channel} failed:`, error instanceof Error ? error.message : error)
      throw new ApiError(503, 'DELIVERY_FAILED', 'SOMETHING WRONG! PLEASE TRY AGAIN')
    }
    return { ...this.view(challenge), challengeToken: token }
  }

  /** Whether `code` is the code of the challenge (compared in constant time). */
  async matches(challenge: OtpChallengeRow, code: string): Promise<boolean> {
    const expected = codeHash(await this.key(), challenge.id, code)
    return sameDigest(expected, challenge.codeHash)
  }

  /** The right code closes its challenge, once: false when it was closed or out of tries meanwhile. */
  async use(challenge: OtpChallengeRow, now: Date): Promise<boolean> {
    const [used] = await this.db
      .update(otpChallenges)
      .set({ closedAt: now, usedAt: now })
      .where(
        and(
          eq(otpChallenges.id, challenge.id),
          isNull(otpChallenges.closedAt),
          lt(otpChallenges.attempts, OTP_MAX_TRIES_PER_CODE),
        ),
      )
      .returning({ id: otpChallenges.id })
    return used !== undefined
  }

  /** A wrong code counts against its challenge (five tries, then it closes); the tries so far, or null when closed. */
  async countTry(challenge: OtpChallengeRow, now: Date): Promise<number | null> {
    const [tried] = await this.db
      .update(otpChallenges)
      .set({
        attempts: sql`${otpChallenges.attempts} + 1`,
        closedAt: sql`CASE WHEN ${otpChallenges.attempts} + 1 >= ${OTP_MAX_TRIES_PER_CODE} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
      })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.closedAt)))
      .returning({ attempts: otpChallenges.attempts })
    return tried?.attempts ?? null
  }

  /** Closes the open challenges of an identifier (of one connection's, when `ip` is given): a lock-out ends them. */
  async closeOpen(identifier: string, now: Date, ip?: string): Promise<void> {
    await this.db
      .update(otpChallenges)
      .set({ closedAt: now })
      .where(
        ip === undefined
          ? and(eq(otpChallenges.identifier, identifier), isNull(otpChallenges.closedAt))
          : and(eq(otpChallenges.identifier, identifier), eq(otpChallenges.ip, ip), isNull(otpChallenges.closedAt)),
      )
  }

  /** Deletes challenges a day past their expiry. */
  async purge(now: Date): Promise<void> {
    await this.db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, addSeconds(now, -24 * HOUR)))
  }
}
