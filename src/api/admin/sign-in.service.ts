import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import type { Db } from '~/db/client.server'
import { staff, staffSignIns, type StaffRow, type StaffSessionRow, type StaffSignInRow } from '~/db/staff-schema'
import { OTP_MAX_TRIES_PER_CODE, OTP_TTL_SECONDS } from '~/domain/otp'
import type { StaffLanguage } from '~/domain/staff-permissions'
import type { OutboundMessage } from '~/api/providers/messages'
import { ApiError } from '~/api/errors'
import {
  appSecret,
  codeHash,
  generateCode,
  generateRefCode,
  randomToken,
  sameDigest,
  sha256,
} from '~/api/accounts/crypto.server'
import { addSeconds, HOUR } from '~/api/accounts/time'
import { systemActor, type AuditContext } from './actor'
import type { AuditLog } from './audit.server'
import type { SecondFactor, SecondFactors } from './factors.server'
import type { StaffSessions } from './sessions.service'
import type { StaffThrottle } from './throttle.server'

/** Wrong second factors a session may give in step-up (within the failure window) before it is ended. */
export const STEP_UP_FAILURES_BEFORE_END = 5

/** The second factor must follow the e-mail code within this time. */
const SIGN_IN_SECONDS = 10 * 60

export type Client = { ip: string; userAgent: string | null; requestId: string | null }

export type FactorAnswer =
  | { kind: 'totp'; code: string }
  | { kind: 'recovery_code'; code: string }
  | { kind: 'passkey'; credential: AuthenticationResponseJSON }

function signInMessage(language: StaffLanguage, code: string, ref: string): { subject: string; text: string } {
  const minutes = OTP_TTL_SECONDS / 60
  if (language === 'en') {
    return {
      subject: `Back office sign-in code (ref ${ref})`,
      text: `Your back office sign-in code is ${code} (ref ${ref}). It is valid for ${minutes} minutes. If you did not try to sign in, tell the shop's owner.`,
    }
  }
  return {
    subject: `รหัสเข้าสู่ระบบหลังร้าน (รหัสอ้างอิง ${ref})`,
    text: `รหัสเข้าสู่ระบบหลังร้านของคุณคือ ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้พยายามเข้าสู่ระบบ โปรดแจ้งเจ้าของร้าน`,
  }
}

/**
 * Staff sign-in (issue 31 item 1, decision 172): an e-mail code (the members' code machinery: a CSPRNG code, an HMAC
 * bound to the attempt, the delivery and its outbox), then a second factor (TOTP, a recovery code or a passkey),
 * then a session. An address no staff has gets the same answers (an attempt is stored, no code is sent), and wrong
 * codes and factors count against the connection, never lock the person.
 */
export class StaffSignInService {
  private hmacKey: Promise<string> | null = null

  constructor(
    private readonly options: {
      db: Db
      now: () => Date
      deliver: (message: OutboundMessage) => Promise<void>
      throttle: StaffThrottle
      factors: SecondFactors
      sessions: StaffSessions
      audit: AuditLog
    },
  ) {}

  private get db(): Db {
    return this.options.db
  }

  private key(): Promise<string> {
    this.hmacKey ??= appSecret(this.db, 'otp-hmac').catch((error: unknown) => {
      this.hmacKey = null
      throw error
    })
    return this.hmacKey
  }

  async start(
    input: { email: string; language: StaffLanguage },
    client: Client,
  ): Promise<{ signInToken: string; refCode: string; expiresAt: string }> {
    const email = input.email.trim().toLowerCase()
    const now = this.options.now()
    await this.options.throttle.assertNotLocked(client.ip)
    await this.options.throttle.takeSend(client.ip, email)
    const [member] = await this.db
      .select()
      .from(staff)
      .where(and(eq(staff.email, email), isNull(staff.disabledAt)))
    const id = crypto.randomUUID()
    const token = randomToken(32)
    const code = generateCode()
    const refCode = generateRefCode()
    await this.db.insert(staffSignIns).values({
      id,
      tokenHash: sha256(token),
      email,
      staffId: member?.id ?? null,
      codeHash: codeHash(await this.key(), id, code),
      refCode,
      ip: client.ip,
      createdAt: now,
      expiresAt: addSeconds(now, SIGN_IN_SECONDS),
    })
    if (member) {
      const message = signInMessage(member.language, code, refCode)
      try {
        await this.options.deliver({ channel: 'email', to: email, ...message })
      } catch (error) {
        await this.db.update(staffSignIns).set({ closedAt: now }).where(eq(staffSignIns.id, id))
        console.error('Staff sign-in code not delivered:', error instanceof Error ? error.message : error)
        throw new ApiError(503, 'DELIVERY_FAILED', 'The code could not be sent: try again')
      }
    }
    return { signInToken: token, refCode, expiresAt: addSeconds(now, OTP_TTL_SECONDS).toISOString() }
  }

  private async open(token: string): Promise<StaffSignInRow> {
    const [row] = await this.db
      .select()
      .from(staffSignIns)
      .where(eq(staffSignIns.tokenHash, sha256(token)))
    if (!row || row.closedAt || row.expiresAt <= this.options.now()) {
      throw new ApiError(400, 'VERIFY_FAILED', 'This sign-in has ended: start again')
    }
    return row
  }

  /** The e-mail code: right, and the second factors this staff member can give next are named. */
  async verifyCode(input: { signInToken: string; code: string }, client: Client): Promise<{ factors: SecondFactor[] }> {
    await this.options.throttle.assertNotLocked(client.ip)
    const row = await this.open(input.signInToken)
    const now = this.options.now()
    if (row.codeAt) throw new ApiError(409, 'VERIFY_FAILED', 'The code was already entered: give the second factor')
    if (addSeconds(row.createdAt, OTP_TTL_SECONDS) <= now)
      throw new ApiError(410, 'OTP_EXPIRED', 'The code has expired')
    const code = input.code.trim()
    const right = /^\d{6}$/.test(code) && sameDigest(codeHash(await this.key(), row.id, code), row.codeHash)
    if (!right || !row.staffId) {
      await this.countWrong(row.id)
      return this.options.throttle.refuse(client.ip, 'OTP_INCORRECT', 'The code is not right')
    }
    await this.db.update(staffSignIns).set({ codeAt: now }).where(eq(staffSignIns.id, row.id))
    return { factors: await this.options.factors.factorsOf(row.staffId) }
  }

  /**
   * A wrong answer of a sign-in (its e-mail code or its second factor): after OTP_MAX_TRIES_PER_CODE of them together
   * the sign-in is closed, so an attempt cannot guess on from connection after connection (the connection's own count
   * locks it out sooner); the staff member starts again and is sent a new code.
   */
  private async countWrong(id: string): Promise<void> {
    const now = this.options.now()
    await this.db
      .update(staffSignIns)
      .set({
        attempts: sql`${staffSignIns.attempts} + 1`,
        closedAt: sql`CASE WHEN ${staffSignIns.attempts} + 1 >= ${OTP_MAX_TRIES_PER_CODE} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
      })
      .where(eq(staffSignIns.id, id))
  }

  private async afterCode(token: string): Promise<StaffSignInRow & { staffId: string }> {
    const row = await this.open(token)
    if (!row.codeAt || !row.staffId) throw new ApiError(400, 'VERIFY_FAILED', 'Enter the e-mail code first')
    return { ...row, staffId: row.staffId }
  }

  /** The passkey challenge of this sign-in (after the e-mail code). */
  async passkeyOptions(signInToken: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const row = await this.afterCode(signInToken)
    const options = await this.options.factors.authenticationOptions(row.staffId)
    await this.db.update(staffSignIns).set({ challenge: options.challenge }).where(eq(staffSignIns.id, row.id))
    return options
  }

  /** Whether the answer is this staff member's second factor (a recovery code is used up). */
  private async checkFactor(staffId: string, answer: FactorAnswer, challenge: string | null): Promise<boolean> {
    const { factors } = this.options
    if (answer.kind === 'totp') return factors.checkTotp(staffId, answer.code.trim())
    if (answer.kind === 'recovery_code') return factors.useRecoveryCode(staffId, answer.code)
    return challenge !== null && factors.verifyAuthentication(staffId, answer.credential, challenge)
  }

  /** The second factor: right, and the session starts (the sign-in is closed). */
  async finish(
    input: { signInToken: string; answer: FactorAnswer },
    client: Client,
  ): Promise<{ token: string; session: StaffSessionRow; member: StaffRow }> {
    await this.options.throttle.assertNotLocked(client.ip)
    const row = await this.afterCode(input.signInToken)
    if (!(await this.checkFactor(row.staffId, input.answer, row.challenge))) {
      await this.countWrong(row.id)
      return this.options.throttle.refuse(client.ip, 'SECOND_FACTOR_INCORRECT', 'The second factor is not right')
    }
    const now = this.options.now()
    return this.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(staffSignIns)
        .set({ closedAt: now })
        .where(and(eq(staffSignIns.id, row.id), isNull(staffSignIns.closedAt)))
        .returning({ id: staffSignIns.id })
      if (!closed) throw new ApiError(400, 'VERIFY_FAILED', 'This sign-in has ended: start again')
      const [member] = await tx
        .select()
        .from(staff)
        .where(and(eq(staff.id, row.staffId), isNull(staff.disabledAt)))
      if (!member) throw new ApiError(400, 'VERIFY_FAILED', 'This sign-in has ended: start again')
      const { token, row: session } = await this.options.sessions.start(tx, member, client)
      const context: AuditContext = {
        actor: { ...systemActor(member.id, []), type: 'staff', label: member.email },
        ip: client.ip,
        requestId: client.requestId,
      }
      await this.options.audit.record(tx, context, {
        action: 'session.sign_in',
        entityType: 'session',
        entityId: session.id,
        after: { factor: input.answer.kind, ip: client.ip },
      })
      return { token, session, member }
    })
  }

  /**
   * Step-up: the second factor of a signed-in session given again (a passkey against the session's own challenge);
   * a wrong one counts against the connection like a sign-in's.
   */
  async stepUp(
    session: { id: string; staffId: string },
    answer: FactorAnswer,
    context: AuditContext,
  ): Promise<StaffSessionRow> {
    const ip = context.ip ?? ''
    await this.options.throttle.assertNotLocked(ip)
    const challenge = answer.kind === 'passkey' ? await this.options.sessions.challengeOf(session.id) : null
    if (!(await this.checkFactor(session.staffId, answer, challenge))) {
      // A session whose holder keeps failing the second factor is not its owner's hands: it ends (whatever the
      // connection), and its owner signs in again with both factors.
      if ((await this.options.throttle.recordStepUpFailure(session.id)) >= STEP_UP_FAILURES_BEFORE_END) {
        await this.options.sessions.end(session.id, context, 'session.end_wrong_factors')
        throw new ApiError(401, 'UNAUTHENTICATED', 'Too many wrong second factors: sign in again')
      }
      return this.options.throttle.refuse(ip, 'SECOND_FACTOR_INCORRECT', 'The second factor is not right')
    }
    return this.options.sessions.steppedUp(session.id, context, answer.kind)
  }

  /** Deletes sign-ins a day past their end. */
  async purge(): Promise<void> {
    await this.db.delete(staffSignIns).where(lt(staffSignIns.expiresAt, addSeconds(this.options.now(), -24 * HOUR)))
  }
}
