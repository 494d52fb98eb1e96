import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { forgetInPageRender, onceInPageRender } from './render-scope.server'
import type { Db } from '~/db/client.server'
import {
  members,
  oauthStates,
  otpChallenges,
  otpFailures,
  otpThrottles,
  rateCounters,
  sessions,
  type IdentityChangePayload,
  type MemberRow,
  type OtpChallengeRow,
  type RegistrationPayload,
} from '~/db/schema'
import type { MemberGender } from '~/domain/membership'
import type { OtpChannel, SmsPolicy } from '~/domain/otp'
import { normaliseText } from '~/domain/text'
import {
  captchaThreshold,
  connectionDelaySeconds,
  OTP_CONNECTION_FREE_FAILURES,
  OTP_FAILURE_WINDOW_SECONDS,
  OTP_FAILURES_BEFORE_LOCK,
  OTP_IDENTIFIER_CHALLENGE_FROM,
  OTP_IDENTIFIER_FAILURE_LIMIT,
  OTP_LOCK_SECONDS,
  OTP_MAX_TRIES_PER_CODE,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SENDS_PER_IDENTIFIER_PER_CONNECTION_PER_HOUR,
  OTP_SENDS_PER_IDENTIFIER_PER_HOUR,
  OTP_TTL_SECONDS,
  DEFAULT_SMS_POLICY,
  smsCapable,
} from '~/domain/otp'
import { maskIdentifier, parseLoginIdentifier, parseMemberTelephone, phoneCountry, smsAllowed } from '~/domain/phone'
import type { OutboundMessage } from '~/api/providers/messages'
import { createPkcePair, LineLoginError, type LineIdentity, type LineLogin } from '~/api/providers/line-login.server'
import { appSecret, codeHash, generateCode, generateRefCode, randomToken, sameDigest, sha256 } from './crypto.server'
import { createAltchaGate, type CaptchaGate } from './captcha.server'
import { ApiError } from '~/api/errors'

/** DESIGN.md §5: sessions end after 30 days without a visit, and 90 days after login in any case. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 60 * 60
export const SESSION_ABSOLUTE_SECONDS = 90 * 24 * 60 * 60
/** The last-seen time is written at most this often (a page view is not a database write). */
const SESSION_TOUCH_SECONDS = 5 * 60
/** A LINE Login round trip must come back within this. */
const OAUTH_STATE_TTL_SECONDS = 10 * 60

const HOUR = 60 * 60

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

export type MemberView = {
  id: string
  fullname: string
  email: string | null
  /** Whether a code sent to the e-mail was entered (issue 29): only then does it log in or link LINE. */
  emailVerified: boolean
  telephone: string | null
  telephoneVerified: boolean
  gender: MemberGender | null
  birthdate: string | null
  tier: MemberRow['tier']
  totalSpending: number
  tierExpiresAt: string | null
  lineLinked: boolean
}

export type ChallengeView = {
  refCode: string
  channel: OtpChannel
  purpose: OtpChallengeRow['purpose']
  destination: string
  expiresAt: string
  resendAt: string
  attemptsLeft: number
  open: boolean
  /** For a change challenge: which field, and whether it is removed. */
  change: ChangeView | null
}

export type IssuedChallenge = ChallengeView & { challengeToken: string }

/** The bot challenge a code request came with, and whether it was already redeemed for this request. */
type Gate = { captcha: CaptchaAnswer; solved: boolean }

/** What the wrong codes so far ask of this request (read once, by `assertNotLocked`). */
type CodeGuard = { connectionFailures: number; nextTryAt: Date | null; identifierFailures: number }

export type SessionGrant = { token: string; expiresAt: string; member: MemberView; registered: boolean }

export type RequestContext = {
  ip: string
  userAgent?: string | null
  locale: 'th' | 'en'
  /** The CDN's country of the caller (ISO 3166 alpha-2), when it says one (issue 15: where a session was seen). */
  country?: string | null
}

/** Where a session is being used from, recorded when its last-seen time is written. */
export type SessionSighting = { country?: string | null }

/** One of a member's live sessions as the account page lists it (the token and its hash never leave the server). */
export type SessionView = {
  id: string
  userAgent: string | null
  country: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}

/** What a change challenge is about, for the confirm screen. */
export type ChangeView = { field: IdentityChangePayload['field']; remove: boolean; confirm: boolean }

export type RegistrationInput = {
  fullname: string
  email: string
  telephone: string
  country: string
  gender: MemberGender
  birthdate: string
}

/** The solved bot challenge the browser sends (an ALTCHA payload or a Turnstile token), when it was asked for one. */
export type CaptchaAnswer = string | null

/**
 * The personal information saved at once. The e-mail and telephone, when given, must be the current ones: a new
 * one takes effect only through a code sent to it (`requestIdentityChange`, issue 15).
 */
export type ProfileUpdate = {
  fullname: string
  email?: string
  telephone?: string
  country: string
  gender: MemberGender | null
  birthdate: string | null
}

/** A new e-mail or telephone for a member (an empty value removes it), confirmed by a code (issue 15). */
export type IdentityChangeInput = {
  field: IdentityChangePayload['field']
  value: string
  country: string
  captcha?: CaptchaAnswer
}

function toMemberView(row: MemberRow): MemberView {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    emailVerified: row.email !== null && row.emailVerifiedAt !== null,
    telephone: row.telephone,
    telephoneVerified: row.telephone !== null && row.telephoneVerifiedAt !== null,
    gender: row.gender,
    birthdate: row.birthdate,
    tier: row.tier,
    totalSpending: row.totalSpending,
    tierExpiresAt: row.tierExpiresAt?.toISOString() ?? null,
    lineLinked: row.lineUserId !== null,
  }
}

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

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000)
}

function windowStart(now: Date, seconds: number): Date {
  const size = seconds * 1000
  return new Date(Math.floor(now.getTime() / size) * size)
}

/** Message text per language: the API has no Lingui, and the SMS must read well in both. */
function codeMessage(locale: string, code: string, ref: string, purpose: string): { subject: string; text: string } {
  const minutes = OTP_TTL_SECONDS / 60
  if (locale === 'en') {
    return {
      subject:
        purpose === 'register'
          ? `Confirm your registration (ref ${ref})`
          : purpose === 'change'
            ? `Confirm the change to your account (ref ${ref})`
            : `Your login code (ref ${ref})`,
      text: `Your code is ${code} (ref ${ref}). It is valid for ${minutes} minutes. Never share it with anyone.`,
    }
  }
  return {
    subject:
      purpose === 'register'
        ? `ยืนยันการสมัครสมาชิก (รหัสอ้างอิง ${ref})`
        : purpose === 'change'
          ? `ยืนยันการเปลี่ยนข้อมูลบัญชี (รหัสอ้างอิง ${ref})`
          : `รหัสเข้าสู่ระบบ (รหัสอ้างอิง ${ref})`,
    text: `รหัส OTP ของคุณคือ ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  }
}

/**
 * The notice to the old e-mail or telephone once a change is confirmed (issue 15, ASVS V2.5.7): written like the code
 * message, in the member's language, short enough for one SMS, and saying what to do if it was not them.
 */
function changeNotice(locale: string, change: IdentityChangePayload): { subject: string; text: string } {
  const removed = change.value === ''
  if (locale === 'en') {
    const what = change.field === 'email' ? 'e-mail address' : 'telephone number'
    return {
      subject: removed ? `Your ${what} was removed from your account` : `Your ${what} was changed`,
      text: removed
        ? `The ${what} of your account was removed and your other devices were logged out. If this was not you, contact us at once.`
        : `The ${what} of your account was changed to ${maskIdentifier(change.value)} and your other devices were logged out. If this was not you, contact us at once.`,
    }
  }
  const what = change.field === 'email' ? 'อีเมล' : 'เบอร์โทรศัพท์'
  return {
    subject: removed ? `${what}ของคุณถูกลบออกจากบัญชี` : `${what}ของคุณถูกเปลี่ยนแล้ว`,
    text: removed
      ? `${what}ของบัญชีคุณถูกลบออก และอุปกรณ์อื่นถูกออกจากระบบแล้ว หากไม่ใช่คุณ โปรดติดต่อเราทันที`
      : `${what}ของบัญชีคุณถูกเปลี่ยนเป็น ${maskIdentifier(change.value)} และอุปกรณ์อื่นถูกออกจากระบบแล้ว หากไม่ใช่คุณ โปรดติดต่อเราทันที`,
  }
}

/** The registration a register challenge carries (a change challenge carries a new e-mail or telephone). */
function registrationOf(payload: OtpChallengeRow['payload']): RegistrationPayload | null {
  return payload && 'fullname' in payload ? payload : null
}

/** The new e-mail or telephone a change challenge carries ('' removes it). */
function changeOf(payload: OtpChallengeRow['payload']): IdentityChangePayload | null {
  return payload && 'field' in payload ? payload : null
}

function changeView(payload: OtpChallengeRow['payload']): ChangeView | null {
  const change = changeOf(payload)
  return change ? { field: change.field, remove: change.value === '', confirm: change.confirm === true } : null
}

/** The column of a member's e-mail or telephone, and of when it was confirmed. */
function identityColumns(field: IdentityChangePayload['field']) {
  return field === 'email'
    ? { value: members.email, verifiedAt: members.emailVerifiedAt, verifiedKey: 'emailVerifiedAt' as const }
    : { value: members.telephone, verifiedAt: members.telephoneVerifiedAt, verifiedKey: 'telephoneVerifiedAt' as const }
}

/** A member whose e-mail or telephone is this value and confirmed (issue 29: an unconfirmed claim blocks nobody). */
function confirmedIs(field: IdentityChangePayload['field'], value: string) {
  const columns = identityColumns(field)
  return and(eq(columns.value, value), isNotNull(columns.verifiedAt))
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Once a member confirmed an e-mail or telephone, other members' unconfirmed claims of it are dropped (issue 29): a
 * claim made with someone else's e-mail ends when its owner shows the code. A member the claim was the only way in
 * for keeps it (it still logs nobody in and blocks nobody).
 */
async function dropUnconfirmedClaims(
  db: Db | Tx,
  field: IdentityChangePayload['field'],
  value: string,
  ownerId: string,
  now: Date,
): Promise<void> {
  const columns = identityColumns(field)
  const other = field === 'email' ? members.telephone : members.email
  await db
    .update(members)
    .set({ [field]: null, [columns.verifiedKey]: null, updatedAt: now })
    .where(
      and(
        eq(columns.value, value),
        isNull(columns.verifiedAt),
        ne(members.id, ownerId),
        or(isNotNull(other), isNotNull(members.lineUserId)),
      ),
    )
}

/** The 409 of an e-mail or telephone another member has. */
function identityTaken(field: IdentityChangePayload['field']): ApiError {
  return field === 'email'
    ? new ApiError(409, 'EMAIL_EXISTS', 'EMAIL ALREADY EXISTS', { fields: { email: 'exists' } })
    : new ApiError(409, 'TELEPHONE_EXISTS', 'TELEPHONE NUMBER ALREADY EXISTS', { fields: { telephone: 'exists' } })
}

function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error || typeof current === 'object';) {
    if (current === null) return false
    const record = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown }
    if (record.code === '23505') {
      if (!constraint) return true
      return record.constraint === constraint || String(record.message ?? '').includes(constraint)
    }
    current = record.cause
    if (current === undefined) return false
  }
  return false
}

/**
 * Accounts (issue 4, DESIGN.md §5): one-time codes with their limits, registration, sessions, LINE Login
 * and the profile. Every counter lives in the database, so that any number of instances share them.
 */
export class AccountService {
  private readonly db: Db
  private readonly now: () => Date
  private hmacKey: Promise<string> | null = null
  private readonly cooldown: number
  private readonly captcha: CaptchaGate

  constructor(private readonly options: AccountServiceOptions) {
    this.db = options.db
    this.now = options.now ?? (() => new Date())
    this.cooldown = options.resendCooldownSeconds ?? OTP_RESEND_COOLDOWN_SECONDS
    this.captcha = options.captcha ?? createAltchaGate({ db: options.db })
  }

  private key(): Promise<string> {
    this.hmacKey ??= appSecret(this.db, 'otp-hmac').catch((error: unknown) => {
      this.hmacKey = null
      throw error
    })
    return this.hmacKey
  }

  // ── one-time codes ────────────────────────────────────────────────────────────────────────────

  /** Sends a login code to a member's phone or mailbox. */
  async requestLoginCode(
    input: { identifier: string; country: string; captcha: CaptchaAnswer },
    context: RequestContext,
  ): Promise<IssuedChallenge> {
    const identifier = parseLoginIdentifier(input.identifier, input.country)
    // A Thai fixed-line number takes no SMS (issue 29): no member logs in with one.
    if (!identifier || (identifier.kind === 'telephone' && !smsCapable(identifier.value))) {
      throw new ApiError(400, 'INVALID_INPUT', 'Enter a telephone number or an e-mail address', {
        fields: { identifier: 'invalid' },
      })
    }
    this.assertChannel(identifier.kind === 'email' ? 'email' : 'sms')
    if (identifier.kind === 'telephone') this.assertSmsCountry(identifier.value)
    const guard = await this.assertNotLocked(identifier.value, context)
    const gate = await this.guardIp(input.captcha, context, guard)
    // Only a confirmed e-mail or telephone logs in (issue 29): an unconfirmed one may be someone else's.
    const [member] = await this.db
      .select()
      .from(members)
      .where(confirmedIs(identifier.kind === 'email' ? 'email' : 'telephone', identifier.value))
      .limit(1)
    if (!member) {
      await this.count(ipCounterKey(context), HOUR, this.now())
      throw new ApiError(404, 'IDENTIFIER_NOT_FOUND', 'This email/tel is not exist')
    }
    return this.issueChallenge(
      {
        identifier: identifier.value,
        channel: identifier.kind === 'email' ? 'email' : 'sms',
        purpose: 'login',
        memberId: member.id,
        payload: null,
      },
      context,
      gate,
    )
  }

  /** Starts a registration: checks the phone and e-mail are free and sends a code to the phone. */
  async register(
    input: RegistrationInput & { captcha: CaptchaAnswer },
    context: RequestContext,
  ): Promise<IssuedChallenge> {
    const telephone = parseMemberTelephone(input.telephone, input.country)
    const email = parseLoginIdentifier(input.email)
    const fields: Record<string, string> = {}
    if (!telephone) fields.telephone = 'invalid'
    if (!email || email.kind !== 'email') fields.email = 'invalid'
    if (!telephone || email?.kind !== 'email')
      throw new ApiError(400, 'INVALID_INPUT', 'Invalid registration', { fields })
    this.assertChannel(smsAllowed(telephone.value, this.smsPolicy) ? 'sms' : 'email')
    // Only confirmed values are taken (issue 29): a claim nobody confirmed must not keep the owner out.
    const taken = await this.db
      .select({
        email: members.email,
        emailVerifiedAt: members.emailVerifiedAt,
        telephone: members.telephone,
        telephoneVerifiedAt: members.telephoneVerifiedAt,
      })
      .from(members)
      .where(or(confirmedIs('telephone', telephone.value), confirmedIs('email', email.value)))
    // Every identifier that is taken is named (issue 17): both fields when both are.
    const telephoneTaken = taken.some((row) => row.telephone === telephone.value && row.telephoneVerifiedAt)
    const emailTaken = taken.some((row) => row.email === email.value && row.emailVerifiedAt)
    const takenFields = {
      ...(telephoneTaken ? { telephone: 'exists' } : {}),
      ...(emailTaken ? { email: 'exists' } : {}),
    }
    if (telephoneTaken) {
      throw new ApiError(409, 'TELEPHONE_EXISTS', 'TELEPHONE NUMBER ALREADY EXISTS', { fields: takenFields })
    }
    if (emailTaken) {
      throw new ApiError(409, 'EMAIL_EXISTS', 'EMAIL ALREADY EXISTS', { fields: takenFields })
    }
    // A telephone SMS codes may not go to is confirmed through the e-mail address instead.
    const bySms = smsAllowed(telephone.value, this.smsPolicy)
    const identifier = bySms ? telephone.value : email.value
    const guard = await this.assertNotLocked(identifier, context)
    const gate = await this.guardIp(input.captcha, context, guard)
    return this.issueChallenge(
      {
        identifier,
        channel: bySms ? 'sms' : 'email',
        purpose: 'register',
        memberId: null,
        payload: {
          fullname: normaliseText(input.fullname),
          email: email.value,
          telephone: telephone.value,
          gender: input.gender,
          birthdate: input.birthdate,
        },
      },
      context,
      gate,
    )
  }

  /** A new code for the same phone or mailbox; the old one stops working, the failure count stays. */
  async resend(input: { challengeToken: string; captcha: CaptchaAnswer }, context: RequestContext) {
    const challenge = await this.findChallenge(input.challengeToken)
    if (!challenge) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const guard = await this.assertNotLocked(challenge.identifier, context)
    const gate = await this.guardIp(input.captcha, context, guard)
    return this.issueChallenge(
      {
        identifier: challenge.identifier,
        channel: challenge.channel,
        purpose: challenge.purpose,
        memberId: challenge.memberId,
        payload: challenge.payload,
      },
      context,
      gate,
    )
  }

  /** What the confirm screen shows: where the code went, its reference, when it expires, when to resend. */
  async describeChallenge(challengeToken: string): Promise<ChallengeView> {
    const challenge = await this.findChallenge(challengeToken)
    if (!challenge) throw new ApiError(404, 'NOT_FOUND', 'No such code request')
    return this.view(challenge)
  }

  /** Checks a code: a session on success; otherwise the reason of §8 and what is left. */
  async verify(
    input: { challengeToken: string; code: string; previousSession?: string | null; captcha?: CaptchaAnswer },
    context: RequestContext,
  ) {
    const now = this.now()
    const challenge = await this.findChallenge(input.challengeToken)
    if (!challenge) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const guard = await this.assertNotLocked(challenge.identifier, context)
    if (challenge.closedAt) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    if (challenge.expiresAt <= now) throw new ApiError(410, 'OTP_EXPIRED', 'OTP WAS EXPIRED')
    const code = input.code.trim()
    if (!/^\d{6}$/.test(code)) {
      throw new ApiError(400, 'INVALID_INPUT', 'The code is six digits', { fields: { code: 'invalid' } })
    }
    await this.throttleCodeCheck(guard, input.captcha ?? null, context, now)
    const expected = codeHash(await this.key(), challenge.id, code)
    if (!sameDigest(expected, challenge.codeHash)) return this.wrongCode(challenge, now, context)

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
    if (!used) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    // The right code ends the identifier's failure window and this connection's lock on it; the connection's own
    // slow-down stays for its window (a bot cannot clear it by logging in to an account of its own).
    await this.db.delete(otpFailures).where(eq(otpFailures.identifier, challenge.identifier))
    await this.db
      .delete(otpThrottles)
      .where(eq(otpThrottles.key, connectionIdentifierKey(context, challenge.identifier)))
    // A change logs nobody in: it applies to the member whose live session confirms it (issue 15).
    if (challenge.purpose === 'change') return this.applyChange(challenge, input.previousSession ?? null, context)

    let member: MemberRow
    let registered = false
    if (challenge.purpose === 'register') {
      member = await this.createMember(registrationOf(challenge.payload), challenge)
      registered = true
      await this.options.onRegistered?.(member.id).catch((error: unknown) => {
        this.options.warn?.(`codes of a new member not issued (the hourly job will): ${String(error)}`)
      })
    } else {
      const [row] = await this.db
        .select()
        .from(members)
        .where(eq(members.id, challenge.memberId ?? ''))
      if (!row) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
      member = row
    }
    const grant = await this.startSession(member, context, input.previousSession ?? null)
    return { ...grant, registered }
  }

  /**
   * The member of a confirmed registration. Only the value the code went to is confirmed (issue 29): the other one
   * is stored unconfirmed until a code sent to it is entered. Unconfirmed claims of the confirmed value by others
   * are dropped.
   */
  private async createMember(payload: RegistrationPayload | null, challenge: OtpChallengeRow): Promise<MemberRow> {
    if (!payload) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const now = this.now()
    const field = challenge.channel === 'email' ? 'email' : 'telephone'
    if (payload[field] !== challenge.identifier) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    try {
      const row = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(members)
          .values({
            ...payload,
            acceptedTermsAt: now,
            ...(field === 'email' ? { emailVerifiedAt: now } : { telephoneVerifiedAt: now }),
          })
          .returning()
        if (!created) throw new Error('Member not created')
        await dropUnconfirmedClaims(tx, field, challenge.identifier, created.id, now)
        return created
      })
      return row
    } catch (error) {
      if (isUniqueViolation(error, 'members_telephone_key')) {
        throw new ApiError(409, 'TELEPHONE_EXISTS', 'TELEPHONE NUMBER ALREADY EXISTS')
      }
      if (isUniqueViolation(error, 'members_email_key')) {
        throw new ApiError(409, 'EMAIL_EXISTS', 'EMAIL ALREADY EXISTS')
      }
      throw error
    }
  }

  /**
   * A wrong code (issue 15): it counts against the code (five tries), the identifier over all connections (the
   * NIST ceiling locks it for everyone), the connection over all identifiers (its slow-down and challenge) and this
   * connection with this identifier (its lock, which leaves the owner's other connections free).
   */
  private async wrongCode(challenge: OtpChallengeRow, now: Date, context: RequestContext): Promise<never> {
    const [tried] = await this.db
      .update(otpChallenges)
      .set({
        attempts: sql`${otpChallenges.attempts} + 1`,
        closedAt: sql`CASE WHEN ${otpChallenges.attempts} + 1 >= ${OTP_MAX_TRIES_PER_CODE} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
      })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.closedAt)))
      .returning({ attempts: otpChallenges.attempts })
    if (!tried) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')

    const freshWindow = addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS).toISOString()
    const [state] = await this.db
      .insert(otpFailures)
      .values({ identifier: challenge.identifier, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: otpFailures.identifier,
        set: {
          failures: sql`CASE WHEN ${otpFailures.windowStartedAt} < ${freshWindow}::timestamptz THEN 1 ELSE ${otpFailures.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${otpFailures.windowStartedAt} < ${freshWindow}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${otpFailures.windowStartedAt} END`,
        },
      })
      .returning()
    const connection = await this.countThrottle(connectionKey(context), now)
    const pair = await this.countThrottle(connectionIdentifierKey(context, challenge.identifier), now)
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
        .where(eq(otpFailures.identifier, challenge.identifier))
      await this.db
        .update(otpChallenges)
        .set({ closedAt: now })
        .where(and(eq(otpChallenges.identifier, challenge.identifier), isNull(otpChallenges.closedAt)))
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes', { retryAt: lockedUntil })
    }
    if (pair >= OTP_FAILURES_BEFORE_LOCK) {
      const lockedUntil = addSeconds(now, OTP_LOCK_SECONDS)
      await this.db
        .update(otpThrottles)
        .set({ lockedUntil, failures: 0, windowStartedAt: lockedUntil })
        .where(eq(otpThrottles.key, connectionIdentifierKey(context, challenge.identifier)))
      await this.db
        .update(otpChallenges)
        .set({ closedAt: now })
        .where(
          and(
            eq(otpChallenges.identifier, challenge.identifier),
            eq(otpChallenges.ip, context.ip || 'unknown'),
            isNull(otpChallenges.closedAt),
          ),
        )
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes from this connection', { retryAt: lockedUntil })
    }
    const attemptsLeft = Math.max(0, OTP_MAX_TRIES_PER_CODE - tried.attempts)
    const retryAt = delay > 0 ? { retryAt: addSeconds(now, delay) } : {}
    if (attemptsLeft === 0) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED', { attemptsLeft, ...retryAt })
    throw new ApiError(400, 'OTP_INCORRECT', 'OTP INCORRECT', { attemptsLeft, ...retryAt })
  }

  /** Adds a wrong code to a connection's throttle (a fresh window when the last one is over) and returns its count. */
  private async countThrottle(key: string, now: Date): Promise<number> {
    const freshWindow = addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS).toISOString()
    const [row] = await this.db
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

  /**
   * Whether codes for this identifier are held back (for everyone after the NIST ceiling of wrong codes, or for this
   * connection after its own run of them), and otherwise what the next checks need to know: two reads for all.
   */
  private async assertNotLocked(identifier: string, context: RequestContext): Promise<CodeGuard> {
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
   * Before a code is checked: a connection that sent wrong codes waits out its slow-down, and answers the bot
   * challenge once it has sent a few, or once the identifier has drawn many wrong codes from anywhere.
   */
  private async throttleCodeCheck(
    guard: CodeGuard,
    captcha: CaptchaAnswer,
    context: RequestContext,
    now: Date,
  ): Promise<void> {
    if (guard.nextTryAt && guard.nextTryAt > now) {
      throw new ApiError(429, 'SLOW_DOWN', 'Too many wrong codes from this connection: wait a moment', {
        retryAt: guard.nextTryAt,
      })
    }
    if (
      guard.connectionFailures >= OTP_CONNECTION_FREE_FAILURES ||
      guard.identifierFailures >= OTP_IDENTIFIER_CHALLENGE_FROM
    ) {
      await this.checkCaptcha(captcha, context)
    }
  }

  private async findChallenge(token: string): Promise<OtpChallengeRow | null> {
    if (!token) return null
    const [row] = await this.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, sha256(token)))
    return row ?? null
  }

  private view(challenge: OtpChallengeRow): ChallengeView {
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

  /** Adds one to a fixed-window counter shared by all instances and returns the new count. */
  private async count(key: string, windowSeconds: number, now: Date): Promise<number> {
    const start = windowStart(now, windowSeconds)
    await this.db.delete(rateCounters).where(and(eq(rateCounters.key, key), lt(rateCounters.windowStart, start)))
    const [row] = await this.db
      .insert(rateCounters)
      .values({ key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateCounters.key, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + 1` },
      })
      .returning({ count: rateCounters.count })
    return row?.count ?? 1
  }

  private async peek(key: string, windowSeconds: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart(now, windowSeconds))))
    return row?.count ?? 0
  }

  private async issueChallenge(
    target: {
      identifier: string
      channel: OtpChannel
      purpose: OtpChallengeRow['purpose']
      memberId: string | null
      payload: OtpChallengeRow['payload']
    },
    context: RequestContext,
    gate: Gate,
  ): Promise<IssuedChallenge> {
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
      await this.checkCaptcha(gate.captcha, context)
    }
    await this.count(pairKey, HOUR, now)
    await this.count(identifierKey, HOUR, now)
    if ((await this.count(ipKey, HOUR, now)) > ipLimit) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many codes from this connection', { retryAt: nextHour })
    }
    if (target.channel === 'sms') await this.takeSmsAllowance(target.identifier, now, nextHour)

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

  private get smsPolicy(): SmsPolicy {
    return this.options.sms ?? DEFAULT_SMS_POLICY
  }

  /** SMS codes go only to the countries of the allow-list; the shopper is offered e-mail instead. */
  private assertSmsCountry(e164: string): void {
    if (smsAllowed(e164, this.smsPolicy)) return
    throw new ApiError(403, 'SMS_COUNTRY', 'Codes go by SMS only to some countries: log in with your e-mail')
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
      if ((await this.count(`${cap.key}:told`, HOUR, now)) === 1) {
        ;(this.options.warn ?? console.warn)(
          `SMS cap reached: ${cap.limit} codes by SMS this hour to ${cap.scope}; more go by e-mail only until ${nextHour.toISOString()}`,
        )
      }
      throw new ApiError(429, 'SMS_BUSY', 'Too many codes by SMS this hour: log in with your e-mail', {
        retryAt: nextHour,
      })
    }
    for (const cap of caps) await this.count(cap.key, HOUR, now)
  }

  /**
   * A channel without a way out (no provider, and the outbox closed because the other channel is real) is
   * refused up front: no code is made, nothing is counted, and nobody can read one (docs/decisions/076).
   */
  private assertChannel(channel: OtpChannel): void {
    if (this.options.channels?.[channel] ?? true) return
    if (channel === 'sms') {
      throw new ApiError(503, 'SMS_UNAVAILABLE', 'This shop does not send codes by SMS')
    }
    throw new ApiError(503, 'EMAIL_UNAVAILABLE', 'This shop does not send codes by e-mail')
  }

  /**
   * Before a code is sent or an identifier looked up: the IP's hourly limit, and the bot challenge of §5 once the IP
   * nears it or has sent wrong codes. Lookups of unknown phones and e-mails count too, so members cannot be enumerated.
   */
  private async guardIp(captcha: CaptchaAnswer, context: RequestContext, guard: CodeGuard): Promise<Gate> {
    const now = this.now()
    const ipLimit = this.options.ipHourlyLimit
    const ipSends = await this.peek(ipCounterKey(context), HOUR, now)
    if (ipSends >= ipLimit) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many codes from this connection', {
        retryAt: addSeconds(windowStart(now, HOUR), HOUR),
      })
    }
    if (ipSends >= captchaThreshold(ipLimit) || guard.connectionFailures >= OTP_CONNECTION_FREE_FAILURES) {
      await this.checkCaptcha(captcha, context)
      return { captcha, solved: true }
    }
    return { captcha, solved: false }
  }

  // ── bot challenge (§5, issue 15) ──────────────────────────────────────────────────────────────

  /** A fresh challenge for the browser to solve (proof of work, or Turnstile's site key). */
  newCaptcha() {
    return this.captcha.prompt()
  }

  /** The bot check other services ask for (placing an order while unpaid ones are held, issue 29): as below. */
  passBotCheck(captcha: CaptchaAnswer, context: RequestContext): Promise<void> {
    return this.checkCaptcha(captcha, context)
  }

  /** The solved challenge, redeemed once; without one, or with a wrong or spent one, a fresh challenge is handed out. */
  private async checkCaptcha(captcha: CaptchaAnswer, context: RequestContext): Promise<void> {
    if (!captcha) {
      throw new ApiError(428, 'CAPTCHA_REQUIRED', 'Please confirm you are not a robot first', {
        captcha: await this.newCaptcha(),
      })
    }
    const verdict = await this.captcha.check(captcha, context.ip)
    if (verdict === 'solved') return
    if (verdict === 'unavailable') {
      throw new ApiError(503, 'CAPTCHA_UNAVAILABLE', 'The robot check could not be reached: try again', {
        captcha: await this.newCaptcha(),
      })
    }
    throw new ApiError(400, 'CAPTCHA_INCORRECT', 'The robot check was not passed', {
      captcha: await this.newCaptcha(),
    })
  }

  // ── sessions ──────────────────────────────────────────────────────────────────────────────────

  /** A new session row and token; the previous session of this browser, if any, ends (rotation). */
  async startSession(
    member: MemberRow,
    context: RequestContext,
    previousToken: string | null,
  ): Promise<Omit<SessionGrant, 'registered'>> {
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

  // ── profile ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Changes the personal information at once. The e-mail and telephone are not changed here: when given they must
   * be the current ones (a form sends the whole profile); a new or removed one goes through `requestIdentityChange`.
   */
  async updateProfile(memberId: string, update: ProfileUpdate): Promise<MemberView> {
    const [current] = await this.db.select().from(members).where(eq(members.id, memberId))
    if (!current) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    const fields: Record<string, string> = {}
    for (const field of ['email', 'telephone'] as const) {
      const given = update[field]
      if (given === undefined) continue
      const parsed = this.parseIdentity(field, given, update.country)
      if (given.trim() && !parsed) fields[field] = 'invalid'
      else if ((parsed?.value ?? null) !== current[field]) fields[field] = 'unconfirmed'
    }
    // Issue 29: once set, the birth date (and with it the month of the birthday code) is corrected by the brand's
    // staff only. Leaving it out keeps it; setting it the first time is the member's.
    if (current.birthdate !== null && update.birthdate !== null && update.birthdate !== current.birthdate) {
      fields.birthdate = 'fixed'
    }
    if (Object.values(fields).some((code) => code === 'invalid' || code === 'fixed')) {
      const message = fields.birthdate ? 'The birth date, once set, is corrected by our staff only' : 'Invalid profile'
      throw new ApiError(400, 'INVALID_INPUT', message, { fields })
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiError(409, 'CHANGE_NEEDS_CODE', 'A new e-mail or telephone is confirmed with a code first', {
        fields,
      })
    }
    const [row] = await this.db
      .update(members)
      .set({
        fullname: normaliseText(update.fullname),
        gender: update.gender,
        birthdate: current.birthdate ?? update.birthdate,
        updatedAt: this.now(),
      })
      .where(eq(members.id, memberId))
      .returning()
    if (!row) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    return toMemberView(row)
  }

  // ── identity changes (issue 15) ───────────────────────────────────────────────────────────────

  private parseIdentity(field: IdentityChangePayload['field'], raw: string, country: string): { value: string } | null {
    if (!raw.trim()) return null
    if (field === 'email') {
      const email = parseLoginIdentifier(raw)
      return email?.kind === 'email' ? email : null
    }
    return parseMemberTelephone(raw, country)
  }

  /**
   * Starts a change of the member's e-mail or telephone: nothing changes until the code is entered by this member's
   * session (`verify`). A new value gets the code (so a stolen session cannot move the account to an address the
   * owner never had without the owner's old one being told); a removal sends the code to the value removed, and at
   * least one of e-mail and telephone always remains. SMS codes go only to the allowed countries: a removed telephone
   * outside them is confirmed through the e-mail, a new one outside them is refused (SMS_COUNTRY). The send limits of
   * every code apply (cool-down, per phone or e-mail, per IP, SMS caps).
   */
  async requestIdentityChange(
    memberId: string,
    input: IdentityChangeInput,
    context: RequestContext,
  ): Promise<IssuedChallenge> {
    const [member] = await this.db.select().from(members).where(eq(members.id, memberId))
    if (!member) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    const { field } = input
    const other = field === 'email' ? member.telephone : member.email
    const current = member[field]

    if (!input.value.trim()) {
      if (!current) {
        throw new ApiError(400, 'INVALID_INPUT', 'There is nothing to remove', { fields: { [field]: 'required' } })
      }
      if (!other) {
        throw new ApiError(400, 'INVALID_INPUT', 'Keep an e-mail address or a telephone number', {
          fields: { [field]: 'required' },
        })
      }
      // The code goes to what is removed: only its owner can let it go. A telephone SMS cannot reach is confirmed
      // through the e-mail address that stays.
      const bySms = field === 'telephone' && smsAllowed(current, this.smsPolicy)
      const identifier = field === 'email' || bySms ? current : other
      const gate = await this.guardChangeCode(identifier, input.captcha ?? null, context)
      return this.issueChallenge(
        {
          identifier,
          channel: field === 'email' ? 'email' : bySms ? 'sms' : 'email',
          purpose: 'change',
          memberId,
          payload: { field, value: '' },
        },
        context,
        gate,
      )
    }

    const parsed = this.parseIdentity(field, input.value, input.country)
    if (!parsed) throw new ApiError(400, 'INVALID_INPUT', 'Invalid value', { fields: { [field]: 'invalid' } })
    // The current value again: confirmed already, or confirmed now by a code sent to it (issue 29).
    const confirm = parsed.value === current
    if (confirm && member[identityColumns(field).verifiedKey]) {
      throw new ApiError(400, 'INVALID_INPUT', 'This is already yours', { fields: { [field]: 'unchanged' } })
    }
    const [taken] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(and(confirmedIs(field, parsed.value), ne(members.id, memberId)))
    if (taken) throw identityTaken(field)
    if (field === 'telephone') this.assertSmsCountry(parsed.value)
    const gate = await this.guardChangeCode(parsed.value, input.captcha ?? null, context)
    return this.issueChallenge(
      {
        identifier: parsed.value,
        channel: field === 'email' ? 'email' : 'sms',
        purpose: 'change',
        memberId,
        payload: { field, value: parsed.value, ...(confirm ? { confirm: true } : {}) },
      },
      context,
      gate,
    )
  }

  /**
   * A change's code is held to the rules of every code: not to an identifier locked for everyone or for this
   * connection, and with the bot check once this connection sent wrong codes or nears its hourly limit (a stolen
   * session must not become a way round the lock-out or a way to pump SMS).
   */
  private async guardChangeCode(identifier: string, captcha: CaptchaAnswer, context: RequestContext): Promise<Gate> {
    const guard = await this.assertNotLocked(identifier, context)
    return this.guardIp(captcha, context, guard)
  }

  /**
   * The code of a change was right: the session that confirms must be a live one of the same member (a change never
   * logs anyone in). The value is stored if still free (409 otherwise), the old one is told, every other session of
   * the member ends and the confirming one is rotated.
   */
  private async applyChange(
    challenge: OtpChallengeRow,
    sessionToken: string | null,
    context: RequestContext,
  ): Promise<SessionGrant> {
    const change = changeOf(challenge.payload)
    const now = this.now()
    const [session] =
      sessionToken && challenge.memberId
        ? await this.db
            .select({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt })
            .from(sessions)
            .where(
              and(
                eq(sessions.tokenHash, sha256(sessionToken)),
                eq(sessions.memberId, challenge.memberId),
                gt(sessions.expiresAt, now),
                gt(sessions.lastSeenAt, addSeconds(now, -SESSION_IDLE_SECONDS)),
              ),
            )
        : []
    if (!change || !session || !challenge.memberId) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const memberId = challenge.memberId
    let before: MemberRow
    let after: MemberRow
    try {
      ;({ before, after } = await this.db.transaction(async (tx) => {
        const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update')
        if (!row) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        const other = change.field === 'email' ? row.telephone : row.email
        // A removal is of the value the code was about, and still leaves the other one.
        if (change.value === '' && (!other || row[change.field] === null)) {
          throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        }
        // A confirmation is of the value the member still has.
        if (change.confirm && row[change.field] !== change.value) {
          throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        }
        const verifiedKey = identityColumns(change.field).verifiedKey
        const [updated] = await tx
          .update(members)
          .set({
            [change.field]: change.value === '' ? null : change.value,
            // The code went to the new value (or to the one removed): a new value is confirmed by it (issue 29).
            [verifiedKey]: change.value === '' ? null : now,
            updatedAt: now,
          })
          .where(eq(members.id, memberId))
          .returning()
        if (!updated) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        if (change.value !== '') await dropUnconfirmedClaims(tx, change.field, change.value, memberId, now)
        // A confirmation changes no way in: the member's other devices stay logged in.
        if (!change.confirm) await tx.delete(sessions).where(eq(sessions.memberId, memberId))
        return { before: row, after: updated }
      }))
    } catch (error) {
      if (isUniqueViolation(error, change.field === 'email' ? 'members_email_key' : 'members_telephone_key')) {
        throw identityTaken(change.field)
      }
      throw error
    }
    if (!change.confirm) {
      await this.tellOldIdentity(before, change, challenge.locale)
      const grant = await this.startSession(after, context, null)
      return { ...grant, registered: false }
    }
    // Nothing to rotate: the session that confirmed goes on.
    return {
      token: sessionToken ?? '',
      expiresAt: session.expiresAt.toISOString(),
      member: toMemberView(after),
      registered: false,
    }
  }

  /** The notice to the e-mail or telephone that was replaced or removed (SMS only where codes may go by SMS). */
  private async tellOldIdentity(before: MemberRow, change: IdentityChangePayload, locale: string): Promise<void> {
    const old = before[change.field]
    if (!old) return
    const bySms = change.field === 'telephone' && smsAllowed(old, this.smsPolicy)
    const to = change.field === 'email' ? old : bySms ? old : before.email
    if (!to) return
    try {
      await this.options.deliver({ channel: bySms ? 'sms' : 'email', to, ...changeNotice(locale, change) })
    } catch (error) {
      // The change stands; the member sees it on the account page, and the operator in the log.
      console.error('Change notice not delivered:', error instanceof Error ? error.message : error)
    }
  }

  // ── the member's sessions (issue 15) ──────────────────────────────────────────────────────────

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

  // ── LINE Login (§4) ───────────────────────────────────────────────────────────────────────────

  /** The LINE authorisation URL, with PKCE (S256), state and nonce remembered for the way back. */
  async startLineLogin(input: { redirectUri: string; redirectPath: string; locale: 'th' | 'en' }): Promise<string> {
    const line = this.options.lineLogin
    if (!line) throw new ApiError(503, 'LINE_UNAVAILABLE', 'LINE Login is not configured')
    const state = randomToken(24)
    const nonce = randomToken(24)
    const pkce = createPkcePair()
    const now = this.now()
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
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
    const grant = await this.startSession(member, context, input.previousSession ?? null)
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
    const grant = await this.startSession(member, context, input.previousSession ?? null)
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

  // ── housekeeping ──────────────────────────────────────────────────────────────────────────────

  /** Deletes what can no longer be used: old challenges, counters, captchas, sessions, LINE states. */
  async purgeExpired(): Promise<void> {
    const now = this.now()
    const dayAgo = addSeconds(now, -24 * HOUR)
    await this.db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, dayAgo))
    await this.db.delete(rateCounters).where(lt(rateCounters.windowStart, dayAgo))
    await this.captcha.purge()
    await this.db
      .delete(otpThrottles)
      .where(
        and(
          lt(otpThrottles.windowStartedAt, addSeconds(now, -OTP_FAILURE_WINDOW_SECONDS)),
          or(isNull(otpThrottles.lockedUntil), lt(otpThrottles.lockedUntil, now)),
          or(isNull(otpThrottles.nextTryAt), lt(otpThrottles.nextTryAt, now)),
        ),
      )
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, addSeconds(now, -SESSION_IDLE_SECONDS))))
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
