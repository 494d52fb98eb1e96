import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { otpThrottles } from '~/db/schema'
import { OTP_LOCK_SECONDS } from '~/domain/otp'
import { STAFF_CODES_PER_EMAIL_PER_HOUR, STAFF_CODES_PER_IP_PER_HOUR } from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import { countFailure, countInWindow } from '~/api/accounts/throttle.server'
import { addSeconds, HOUR, windowStart } from '~/api/accounts/time'

/** Wrong codes and factors one connection may send within the window before it is locked out. */
export const STAFF_FAILURES_BEFORE_LOCK = 10

/**
 * The limits of staff sign-in (issue 31, as for members: decision 016): wrong e-mail codes, TOTP codes, recovery
 * codes and passkeys count against the connection (IP), which is locked out after STAFF_FAILURES_BEFORE_LOCK within
 * the window; the person is never locked, so a stranger cannot keep staff out. The counters are the members' tables
 * (`otp_throttles`, `rate_counters`) under keys of their own, counted by the members' `countFailure` and
 * `countInWindow`.
 */
export class StaffThrottle {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Sign-in codes one connection may ask for per hour (STAFF_CODE_IP_HOURLY_LIMIT). */
    private readonly codesPerIpPerHour = STAFF_CODES_PER_IP_PER_HOUR,
  ) {}

  private key(ip: string): string {
    return `staff:ip:${ip || 'unknown'}`
  }

  async assertNotLocked(ip: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(otpThrottles)
      .where(eq(otpThrottles.key, this.key(ip)))
    if (row?.lockedUntil && row.lockedUntil > this.now()) {
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes from this connection', { retryAt: row.lockedUntil })
    }
  }

  /** A wrong code or factor: counted against the connection; the lock-out once there were too many. */
  async recordFailure(ip: string): Promise<{ lockedUntil: Date | null; attemptsLeft: number }> {
    const now = this.now()
    const failures = await countFailure(this.db, this.key(ip), now)
    if (failures < STAFF_FAILURES_BEFORE_LOCK) {
      return { lockedUntil: null, attemptsLeft: STAFF_FAILURES_BEFORE_LOCK - failures }
    }
    const lockedUntil = addSeconds(now, OTP_LOCK_SECONDS)
    await this.db
      .update(otpThrottles)
      .set({ lockedUntil, failures: 0, windowStartedAt: lockedUntil })
      .where(eq(otpThrottles.key, this.key(ip)))
    return { lockedUntil, attemptsLeft: 0 }
  }

  /** A wrong second factor given in a session's step-up: how many within the failure window, this one included. */
  recordStepUpFailure(sessionId: string): Promise<number> {
    return countFailure(this.db, `staff:step-up:${sessionId}`, this.now())
  }

  /**
   * Refuses a wrong code or factor: counted against the connection (`recordFailure`), a 423 once it is locked out,
   * else a 400 of `reason` with the tries left.
   */
  async refuse(ip: string, reason: 'OTP_INCORRECT' | 'SECOND_FACTOR_INCORRECT', message: string): Promise<never> {
    const { lockedUntil, attemptsLeft } = await this.recordFailure(ip)
    if (lockedUntil) {
      throw new ApiError(423, 'LOCKED', 'Too many wrong tries from this connection', { retryAt: lockedUntil })
    }
    throw new ApiError(400, reason, message, { attemptsLeft })
  }

  /** One more sign-in code from this connection and to this address, within the hourly limits. */
  async takeSend(ip: string, email: string): Promise<void> {
    const now = this.now()
    const retryAt = addSeconds(windowStart(now, HOUR), HOUR)
    for (const [key, limit] of [
      [`staff:send:ip:${ip || 'unknown'}`, this.codesPerIpPerHour],
      [`staff:send:email:${email}`, STAFF_CODES_PER_EMAIL_PER_HOUR],
    ] as const) {
      if ((await countInWindow(this.db, key, HOUR, now)) > limit) {
        throw new ApiError(429, 'RATE_LIMITED', 'Too many sign-in codes: try again later', { retryAt })
      }
    }
  }
}
