import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { otpFailures, otpThrottles, rateCounters } from '~/db/schema'
import type { OtpChannel, SmsPolicy } from '~/domain/otp'
import {
  captchaThreshold,
  connectionDelaySeconds,
  DEFAULT_SMS_POLICY,
  OTP_CONNECTION_FREE_FAILURES,
  OTP_FAILURE_WINDOW_SECONDS,
  OTP_FAILURES_BEFORE_LOCK,
  OTP_IDENTIFIER_CHALLENGE_FROM,
  OTP_IDENTIFIER_FAILURE_LIMIT,
  OTP_LOCK_SECONDS,
  OTP_SENDS_PER_IDENTIFIER_PER_CONNECTION_PER_HOUR,
  OTP_SENDS_PER_IDENTIFIER_PER_HOUR,
} from '~/domain/otp'
import { phoneCountry, smsAllowed } from '~/domain/phone'
import { ApiError } from '~/api/errors'
import type { BotCheckService } from './bot-check.service'
import type { CaptchaAnswer, RequestContext } from './request-context'
import { addSeconds, HOUR, windowStart } from './time'
import { AccountStore, type StoreBase } from './store.server'

export type ThrottleOptions = StoreBase & {
  botCheck: BotCheckService
  /** Codes one IP may have sent per hour. */
  ipHourlyLimit: number
  /** Where and how many codes go by SMS (issue 15): an allow-list of countries and hourly caps. */
  sms?: SmsPolicy
  /** Says what an operator must know (an SMS cap reached). */
  warn?: (line: string) => void
  /** The longest wait of a connection's slow-down after wrong codes (default 60 s; the browser tests shorten it). */
  slowDownMaxSeconds?: number
}

/** The bot challenge a code request came with, and whether it was already redeemed for this request. */
export type Gate = { captcha: CaptchaAnswer; solved: boolean }

/** What the wrong codes so far ask of this request (read once, by `assertNotLocked`). */
export type CodeGuard = { connectionFailures: number; nextTryAt: Date | null; identifierFailures: number }

/** What a wrong code did: the connection's slow-down (seconds), and a lock of the identifier for everyone or for this connection. */
export type WrongCodeOutcome = { delay: number; lock: { until: Date; of: 'everyone' | 'connection' } | null }

/** The per-IP counter of code sends and identifier lookups. */
function ipCounterKey(context: RequestContext): string {
  return `otp:ip:${context.ip || 'unknown'}`
}

/** The throttle of a connection over all identifiers (slow-down and challenge), and of one connection and one identifier (its lock). */
function connectionKey(context: RequestContext): string {
  return `ip:${context.ip || 'unknown'}`
}
function connectionIdentifierKey(context: RequestContext, identifier: string): string {
  return `ip:${context.ip || 'unknown'}|${identifier}`
}

/**
 * Adds a wrong code to a throttle row (`otp_throttles`: a fresh window when the last one is over) and returns its
 * count. The members' connections and staff sign-in (src/api/admin/throttle.server.ts) count through it.
 */
export async function countFailure(db: Db, key: string, now: Date): Promise<number> {
  const freshWindow = addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS).toISOString()
  const [row] = await db
    .insert(otpThrottles)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: otpThrottles.key,
      set: {
        failures: sql`CASE WHEN ${otpThrottles.windowStartedAt} < ${freshWindow}::timestamptz THEN 1 ELSE ${otpThrottles.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${otpThrottles.windowStartedAt} < ${freshWindow}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${otpThrottles.windowStartedAt} END`,
      },
    })
    .returning({ failures: otpThrottles.failures })
  return row?.failures ?? 1
}

/** Adds one to a fixed-window counter (`rate_counters`) shared by all instances and returns the new count. */
export async function countInWindow(db: Db, key: string, windowSeconds: number, now: Date): Promise<number> {
  const start = windowStart(now, windowSeconds)
  await db.delete(rateCounters).where(and(eq(rateCounters.key, key), lt(rateCounters.windowStart, start)))
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ count: rateCounters.count })
  return row?.count ?? 1
}

/**
 * The limits of one-time codes (issue 15, DESIGN.md §5): counters of sends per IP, per phone or mailbox and per SMS
 * country, the lock-outs and slow-down after wrong codes, and when the bot challenge is asked. Every counter lives in
 * the database, so that any number of instances share them.
 */
export class CodeThrottle extends AccountStore {
  constructor(private readonly options: ThrottleOptions) {
    super(options)
  }

  get smsPolicy(): SmsPolicy {
    return this.options.sms ?? DEFAULT_SMS_POLICY
  }

  /** SMS codes go only to the countries of the allow-list; the shopper is offered e-mail instead. */
  assertSmsCountry(e164: string): void {
    if (smsAllowed(e164, this.smsPolicy)) return
    throw new ApiError(403, 'SMS_COUNTRY', 'Codes go by SMS only to some countries: log in with your e-mail')
  }

  /**
   * Whether codes for this identifier are held back (for everyone after the NIST ceiling of wrong codes, or for this
   * connection after its own run of them), and otherwise what the next checks need to know: two reads for all.
   */
  async assertNotLocked(identifier: string, context: RequestContext): Promise<CodeGuard> {
    const now = this.now()
    const fresh = (windowStartedAt: Date) => windowStartedAt > addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS)
    const [identifierState] = await this.db.select().from(otpFailures).where(eq(otpFailures.identifier, identifier))
    if (identifierState?.lockedUntil && identifierState.lockedUntil > now) {
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes', { retryAt: identifierState.lockedUntil })
    }
    const keys = [connectionKey(context), connectionIdentifierKey(context, identifier)] as const
    const throttles = await this.db
      .select()
      .from(otpThrottles)
      .where(inArray(otpThrottles.key, [...keys]))
    const pair = throttles.find((row) => row.key === keys[1])
    if (pair?.lockedUntil && pair.lockedUntil > now) {
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes from this connection', { retryAt: pair.lockedUntil })
    }
    const connection = throttles.find((row) => row.key === keys[0])
    return {
      connectionFailures: connection && fresh(connection.windowStartedAt) ? connection.failures : 0,
      nextTryAt: connection?.nextTryAt ?? null,
      identifierFailures: identifierState && fresh(identifierState.windowStartedAt) ? identifierState.failures : 0,
    }
  }

  /**
   * Before a code is sent or an identifier looked up: the IP's hourly limit, and the bot challenge of §5 once the IP
   * nears it or has sent wrong codes. Lookups of unknown phones and e-mails count too, so members cannot be enumerated.
   */
  async guardIp(captcha: CaptchaAnswer, context: RequestContext, guard: CodeGuard): Promise<Gate> {
    const now = this.now()
    const ipLimit = this.options.ipHourlyLimit
    const ipSends = await this.peek(ipCounterKey(context), HOUR, now)
    if (ipSends >= ipLimit) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many codes from this connection', {
        retryAt: addSeconds(windowStart(now, HOUR), HOUR),
      })
    }
    if (ipSends >= captchaThreshold(ipLimit) || guard.connectionFailures >= OTP_CONNECTION_FREE_FAILURES) {
      await this.options.botCheck.passBotCheck(captcha, context)
      return { captcha, solved: true }
    }
    return { captcha, solved: false }
  }

  /** A lookup of a phone or e-mail no member has counts against the IP like a code sent (no enumeration). */
  async countUnknownLookup(context: RequestContext): Promise<void> {
    await countInWindow(this.db, ipCounterKey(context), HOUR, this.now())
  }

  /**
   * Before a code is checked: a connection that sent wrong codes waits out its slow-down, and answers the bot
   * challenge once it has sent a few, or once the identifier has drawn many wrong codes from anywhere.
   */
  async throttleCodeCheck(guard: CodeGuard, captcha: CaptchaAnswer, context: RequestContext, now: Date): Promise<void> {
    if (guard.nextTryAt && guard.nextTryAt > now) {
      throw new ApiError(429, 'SLOW_DOWN', 'Too many wrong codes from this connection: wait a moment', {
        retryAt: guard.nextTryAt,
      })
    }
    if (
      guard.connectionFailures >= OTP_CONNECTION_FREE_FAILURES ||
      guard.identifierFailures >= OTP_IDENTIFIER_CHALLENGE_FROM
    ) {
      await this.options.botCheck.passBotCheck(captcha, context)
    }
  }

  /**
   * One more code to this phone or mailbox from this connection: the hard cap per connection, the ceiling over all
   * connections that a solved bot challenge passes, the IP's hourly limit and, for an SMS, this hour's SMS allowance.
   */
  async takeSendAllowance(
    target: { identifier: string; channel: OtpChannel },
    context: RequestContext,
    gate: Gate,
    now: Date,
  ): Promise<void> {
    const ip = context.ip || 'unknown'
    const ipKey = ipCounterKey(context)
    const ipLimit = this.options.ipHourlyLimit
    const nextHour = addSeconds(windowStart(now, HOUR), HOUR)

    // Per connection, a hard cap: what one connection sends never spends another's codes (issue 29).
    const pairKey = `otp:id:${target.identifier}|ip:${ip}`
    if ((await this.peek(pairKey, HOUR, now)) >= OTP_SENDS_PER_IDENTIFIER_PER_CONNECTION_PER_HOUR) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many codes for this telephone or e-mail', { retryAt: nextHour })
    }
    // Over all connections, a ceiling a solved bot challenge passes (docs/decisions/037-code-caps-per-connection.md):
    // strangers hammering a phone or mailbox cost themselves a proof of work per code, and never lock its owner out.
    const identifierKey = `otp:id:${target.identifier}`
    if ((await this.peek(identifierKey, HOUR, now)) >= OTP_SENDS_PER_IDENTIFIER_PER_HOUR && !gate.solved) {
      await this.options.botCheck.passBotCheck(gate.captcha, context)
    }
    await countInWindow(this.db, pairKey, HOUR, now)
    await countInWindow(this.db, identifierKey, HOUR, now)
    if ((await countInWindow(this.db, ipKey, HOUR, now)) > ipLimit) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many codes from this connection', { retryAt: nextHour })
    }
    if (target.channel === 'sms') await this.takeSmsAllowance(target.identifier, now, nextHour)
  }

  /**
   * One SMS out of this hour's allowance, overall and for the phone's country (SMS pumping): past a cap, codes go
   * by e-mail only until the next hour, and the operator is told once per cap and hour (across instances: the
   * telling is counted in the database too). Only codes that go out count.
   */
  private async takeSmsAllowance(e164: string, now: Date, nextHour: Date): Promise<void> {
    this.assertSmsCountry(e164)
    const policy = this.smsPolicy
    const country = phoneCountry(e164) ?? 'unknown'
    const caps = [
      { key: 'sms:all', limit: policy.hourlyLimit, scope: 'all countries' },
      { key: `sms:country:${country}`, limit: policy.countryHourlyLimit, scope: country },
    ]
    for (const cap of caps) {
      if ((await this.peek(cap.key, HOUR, now)) < cap.limit) continue
      if ((await countInWindow(this.db, `${cap.key}:told`, HOUR, now)) === 1) {
        ;(this.options.warn ?? console.warn)(
          `SMS cap reached: ${cap.limit} codes by SMS this hour to ${cap.scope}; more go by e-mail only until ${nextHour.toISOString()}`,
        )
      }
      throw new ApiError(429, 'SMS_BUSY', 'Too many codes by SMS this hour: log in with your e-mail', {
        retryAt: nextHour,
      })
    }
    for (const cap of caps) await countInWindow(this.db, cap.key, HOUR, now)
  }

  /**
   * A wrong code (issue 15) counts against the identifier over all connections (the NIST ceiling locks it for
   * everyone), the connection over all identifiers (its slow-down and challenge) and this connection with this
   * identifier (its lock, which leaves the owner's other connections free).
   */
  async recordWrongCode(identifier: string, context: RequestContext, now: Date): Promise<WrongCodeOutcome> {
    const freshWindow = addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS).toISOString()
    const [state] = await this.db
      .insert(otpFailures)
      .values({ identifier, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: otpFailures.identifier,
        set: {
          failures: sql`CASE WHEN ${otpFailures.windowStartedAt} < ${freshWindow}::timestamptz THEN 1 ELSE ${otpFailures.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${otpFailures.windowStartedAt} < ${freshWindow}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${otpFailures.windowStartedAt} END`,
        },
      })
      .returning()
    const connection = await countFailure(this.db, connectionKey(context), now)
    const pair = await countFailure(this.db, connectionIdentifierKey(context, identifier), now)
    const delay = connectionDelaySeconds(connection, this.options.slowDownMaxSeconds)
    if (delay > 0) {
      await this.db
        .update(otpThrottles)
        .set({ nextTryAt: addSeconds(now, delay) })
        .where(eq(otpThrottles.key, connectionKey(context)))
    }

    if (state && state.failures >= OTP_IDENTIFIER_FAILURE_LIMIT) {
      const lockedUntil = addSeconds(now, OTP_LOCK_SECONDS)
      await this.db
        .update(otpFailures)
        .set({ lockedUntil, failures: 0, windowStartedAt: lockedUntil })
        .where(eq(otpFailures.identifier, identifier))
      return { delay, lock: { until: lockedUntil, of: 'everyone' } }
    }
    if (pair >= OTP_FAILURES_BEFORE_LOCK) {
      const lockedUntil = addSeconds(now, OTP_LOCK_SECONDS)
      await this.db
        .update(otpThrottles)
        .set({ lockedUntil, failures: 0, windowStartedAt: lockedUntil })
        .where(eq(otpThrottles.key, connectionIdentifierKey(context, identifier)))
      return { delay, lock: { until: lockedUntil, of: 'connection' } }
    }
    return { delay, lock: null }
  }

  /**
   * The right code ends the identifier's failure window and this connection's lock on it; the connection's own
   * slow-down stays for its window (a bot cannot clear it by logging in to an account of its own).
   */
  async clearFailures(identifier: string, context: RequestContext): Promise<void> {
    await this.db.delete(otpFailures).where(eq(otpFailures.identifier, identifier))
    await this.db.delete(otpThrottles).where(eq(otpThrottles.key, connectionIdentifierKey(context, identifier)))
  }

  private async peek(key: string, windowSeconds: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart(now, windowSeconds))))
    return row?.count ?? 0
  }

  /** Deletes counters, throttles and failure windows that are over. */
  async purge(now: Date): Promise<void> {
    const dayAgo = addSeconds(now, -24 * HOUR)
    await this.db.delete(rateCounters).where(lt(rateCounters.windowStart, dayAgo))
    await this.db
      .delete(otpThrottles)
      .where(
        and(
          lt(otpThrottles.windowStartedAt, addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS)),
          or(isNull(otpThrottles.lockedUntil), lt(otpThrottles.lockedUntil, now)),
          or(isNull(otpThrottles.nextTryAt), lt(otpThrottles.nextTryAt, now)),
        ),
      )
    await this.db
      .delete(otpFailures)
      .where(
        and(
          lt(otpFailures.windowStartedAt, addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS)),
          or(isNull(otpFailures.lockedUntil), lt(otpFailures.lockedUntil, now)),
        ),
      )
  }
}
