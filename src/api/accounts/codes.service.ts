import { eq, or } from 'drizzle-orm'
import { members, type MemberRow, type OtpChallengeRow, type RegistrationPayload } from '~/db/schema'
import type { MemberGender } from '~/domain/membership'
import { OTP_MAX_TRIES_PER_CODE, smsCapable, type OtpPurpose } from '~/domain/otp'
import { parseLoginIdentifier, parseMemberTelephone, smsAllowed } from '~/domain/phone'
import { normaliseText } from '~/domain/text'
import { ApiError } from '~/api/errors'
import { registrationOf, type ChallengeStore } from './challenges.server'
import type { IdentityChangeService } from './identity-change.service'
import { confirmedIs, dropUnconfirmedClaims, isUniqueViolation } from './members.server'
import type { CaptchaAnswer, RequestContext } from './request-context'
import type { SessionService } from './sessions.service'
import type { CodeThrottle } from './throttle.server'
import { addSeconds } from './time'
import type { ChallengeView, IssuedChallenge, SessionGrant } from './views'
import { AccountStore, type StoreBase } from './store.server'

export type RegistrationInput = {
  fullname: string
  email: string
  telephone: string
  country: string
  gender: MemberGender
  birthdate: string
}

export type CodeServiceOptions = StoreBase & {
  challenges: ChallengeStore
  throttle: CodeThrottle
  sessions: SessionService
  identityChange: IdentityChangeService
  /** Says what an operator must know (codes of a new member not issued). */
  warn?: (line: string) => void
  /**
   * Called once a registration is confirmed: the member's codes are issued at once (a member who registers in the
   * birth month gets the birth-month code, issue 17). A failure here does not undo the registration: it is logged
   * and the hourly job issues the codes later.
   */
  onRegistered?: (memberId: string) => Promise<unknown>
}

/**
 * Logging in and registering with a one-time code (issue 4, DESIGN.md §5): a code requested for a member's phone or
 * mailbox or for a registration, sent again, described, and checked; the right code logs in (or confirms a change,
 * which `IdentityChangeService` applies), a wrong one counts against every limit.
 */
export class CodeService extends AccountStore {
  constructor(private readonly options: CodeServiceOptions) {
    super(options)
  }

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
    this.options.challenges.assertChannel(identifier.kind === 'email' ? 'email' : 'sms')
    if (identifier.kind === 'telephone') this.options.throttle.assertSmsCountry(identifier.value)
    const guard = await this.options.throttle.assertNotLocked(identifier.value, context)
    const gate = await this.options.throttle.guardIp(input.captcha, context, guard)
    // Only a confirmed e-mail or telephone logs in (issue 29): an unconfirmed one may be someone else's.
    const [member] = await this.db
      .select()
      .from(members)
      .where(confirmedIs(identifier.kind === 'email' ? 'email' : 'telephone', identifier.value))
      .limit(1)
    if (!member) {
      await this.options.throttle.countUnknownLookup(context)
      throw new ApiError(404, 'IDENTIFIER_NOT_FOUND', 'This email/tel is not exist')
    }
    return this.options.challenges.issue(
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
    this.options.challenges.assertChannel(
      smsAllowed(telephone.value, this.options.throttle.smsPolicy) ? 'sms' : 'email',
    )
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
    const bySms = smsAllowed(telephone.value, this.options.throttle.smsPolicy)
    const identifier = bySms ? telephone.value : email.value
    const guard = await this.options.throttle.assertNotLocked(identifier, context)
    const gate = await this.options.throttle.guardIp(input.captcha, context, guard)
    return this.options.challenges.issue(
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
  async resend(
    input: { challengeToken: string; captcha: CaptchaAnswer },
    context: RequestContext,
  ): Promise<IssuedChallenge> {
    const challenge = await this.options.challenges.find(input.challengeToken)
    if (!challenge) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const guard = await this.options.throttle.assertNotLocked(challenge.identifier, context)
    const gate = await this.options.throttle.guardIp(input.captcha, context, guard)
    return this.options.challenges.issue(
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
    const challenge = await this.options.challenges.find(challengeToken)
    if (!challenge) throw new ApiError(404, 'NOT_FOUND', 'No such code request')
    return this.options.challenges.view(challenge)
  }

  /**
   * Checks a code of one of `purposes` with every rule of §8 (expiry, tries, slow-down, locks) and uses it once: the
   * challenge on success. A code of another purpose is refused like an unknown one (an erasure's code logs nobody in).
   */
  async confirmCode(
    input: { challengeToken: string; code: string; captcha?: CaptchaAnswer },
    context: RequestContext,
    purposes: readonly OtpPurpose[],
  ): Promise<OtpChallengeRow> {
    const now = this.now()
    const challenge = await this.options.challenges.find(input.challengeToken)
    if (!challenge || !purposes.includes(challenge.purpose)) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const guard = await this.options.throttle.assertNotLocked(challenge.identifier, context)
    if (challenge.closedAt) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    if (challenge.expiresAt <= now) throw new ApiError(410, 'OTP_EXPIRED', 'OTP WAS EXPIRED')
    const code = input.code.trim()
    if (!/^\d{6}$/.test(code)) {
      throw new ApiError(400, 'INVALID_INPUT', 'The code is six digits', { fields: { code: 'invalid' } })
    }
    await this.options.throttle.throttleCodeCheck(guard, input.captcha ?? null, context, now)
    if (!(await this.options.challenges.matches(challenge, code))) return this.wrongCode(challenge, now, context)

    if (!(await this.options.challenges.use(challenge, now))) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    await this.options.throttle.clearFailures(challenge.identifier, context)
    return challenge
  }

  /** Checks a code: a session on success; otherwise the reason of §8 and what is left. */
  async verify(
    input: { challengeToken: string; code: string; previousSession?: string | null; captcha?: CaptchaAnswer },
    context: RequestContext,
  ): Promise<SessionGrant> {
    const challenge = await this.confirmCode(input, context, ['login', 'register', 'change'])
    // A change logs nobody in: it applies to the member whose live session confirms it (issue 15).
    if (challenge.purpose === 'change')
      return this.options.identityChange.applyChange(challenge, input.previousSession ?? null, context)

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
    const grant = await this.options.sessions.startSession(member, context, input.previousSession ?? null)
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
    const attempts = await this.options.challenges.countTry(challenge, now)
    if (attempts === null) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const { delay, lock } = await this.options.throttle.recordWrongCode(challenge.identifier, context, now)
    if (lock?.of === 'everyone') {
      await this.options.challenges.closeOpen(challenge.identifier, now)
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes', { retryAt: lock.until })
    }
    if (lock) {
      await this.options.challenges.closeOpen(challenge.identifier, now, context.ip || 'unknown')
      throw new ApiError(423, 'LOCKED', 'Too many wrong codes from this connection', { retryAt: lock.until })
    }
    const attemptsLeft = Math.max(0, OTP_MAX_TRIES_PER_CODE - attempts)
    const retryAt = delay > 0 ? { retryAt: addSeconds(now, delay) } : {}
    if (attemptsLeft === 0) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED', { attemptsLeft, ...retryAt })
    throw new ApiError(400, 'OTP_INCORRECT', 'OTP INCORRECT', { attemptsLeft, ...retryAt })
  }
}
