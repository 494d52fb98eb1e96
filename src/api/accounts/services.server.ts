import type { Db } from '~/db/client.server'
import type { OtpChannel, SmsPolicy } from '~/domain/otp'
import type { OutboundMessage } from '~/api/providers/messages'
import type { LineLogin } from '~/api/providers/line-login.server'
import { BotCheckService } from './bot-check.service'
import { createAltchaGate, type CaptchaGate } from './captcha.server'
import { ChallengeStore } from './challenges.server'
import { CodeService } from './codes.service'
import { IdentityChangeService } from './identity-change.service'
import { LineLoginService } from './line-login.service'
import { ProfileService } from './profile.service'
import { SessionService } from './sessions.service'
import { CodeThrottle } from './throttle.server'

export type AccountServiceOptions = {
  db: Db
  /** Delivers a code by SMS or e-mail (outbox, SMTP, SMS provider). */
  deliver: (message: OutboundMessage) => Promise<void>
  /** Which channels can deliver (default both); a code for one that cannot is refused before it is made. */
  channels?: Record<OtpChannel, boolean>
  /** Where and how many codes go by SMS (issue 15): an allow-list of countries and hourly caps. */
  sms?: SmsPolicy
  /** Says what an operator must know (an SMS cap reached). */
  warn?: (line: string) => void
  /**
   * Called once a registration is confirmed: the member's codes are issued at once (a member who registers in the
   * birth month gets the birth-month code, issue 17). A failure here does not undo the registration: it is logged
   * and the hourly job issues the codes later.
   */
  onRegistered?: (memberId: string) => Promise<unknown>
  /** LINE Login, when a channel is configured. */
  lineLogin: LineLogin | null
  /** Codes one IP may have sent per hour. */
  ipHourlyLimit: number
  /** Seconds before a new code may be sent to the same phone or mailbox (default 60). */
  resendCooldownSeconds?: number
  /** The longest wait of a connection's slow-down after wrong codes (default 60 s; the browser tests shorten it). */
  slowDownMaxSeconds?: number
  /** The bot challenge (default: self-hosted proof of work, ALTCHA; Cloudflare Turnstile when configured). */
  captcha?: CaptchaGate
  now?: () => Date
}

/**
 * The services of accounts (issue 4, DESIGN.md §5), one per job, built together because they share the database, the
 * clock and the code limits: callers take the one they need (`sessions` to know the member of a request). Every
 * counter lives in the database, so that any number of instances share them.
 */
export function createAccountServices(options: AccountServiceOptions) {
  const { db } = options
  const now = options.now ?? (() => new Date())
  const botCheck = new BotCheckService(options.captcha ?? createAltchaGate({ db }))
  const throttle = new CodeThrottle({
    db,
    now,
    botCheck,
    ipHourlyLimit: options.ipHourlyLimit,
    sms: options.sms,
    warn: options.warn,
    slowDownMaxSeconds: options.slowDownMaxSeconds,
  })
  const challenges = new ChallengeStore({
    db,
    now,
    throttle,
    deliver: options.deliver,
    channels: options.channels,
    resendCooldownSeconds: options.resendCooldownSeconds,
  })
  const sessions = new SessionService({ db, now })
  const identityChange = new IdentityChangeService({
    db,
    now,
    challenges,
    throttle,
    sessions,
    deliver: options.deliver,
  })
  const codes = new CodeService({
    db,
    now,
    challenges,
    throttle,
    sessions,
    identityChange,
    warn: options.warn,
    onRegistered: options.onRegistered,
  })
  const lineLogin = new LineLoginService({ db, now, sessions, lineLogin: options.lineLogin })
  const profile = new ProfileService({ db, now })

  return {
    codes,
    challenges,
    throttle,
    sessions,
    profile,
    identityChange,
    lineLogin,
    botCheck,
    /** Deletes what can no longer be used: old challenges, counters, captchas, sessions, LINE states (hourly). */
    async purgeExpired(): Promise<void> {
      const at = now()
      await challenges.purge(at)
      await throttle.purge(at)
      await botCheck.purge()
      await lineLogin.purge(at)
      await sessions.purge(at)
    },
  }
}

export type AccountServices = ReturnType<typeof createAccountServices>
