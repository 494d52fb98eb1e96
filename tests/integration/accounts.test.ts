import { eq, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { DEFAULT_SMS_POLICY, type SmsPolicy } from '~/domain/otp'
import { createDelivery, type Delivery } from '~/api/accounts/delivery.server'
import {
  addressCheckSchema,
  addressListSchema,
  addressSchema,
  geoListSchema,
  memberSchema,
  postcodePlacesSchema,
} from '~/contract/accounts'
import { apiErrorSchema } from '~/contract/errors'
import type { MessageSender, OutboundMessage } from '~/api/providers/messages'
import {
  memberAddresses,
  members,
  otpChallenges,
  otpFailures,
  outboxMessages,
  sessions,
  type MemberRow,
} from '~/db/schema'
import { freshDatabase } from './database'
import {
  AccountsHarness,
  expectError,
  expectGrant,
  expectIssued,
  next,
  sha256,
  solve,
  uniqueEmail,
  uniqueIp,
  verifiedMember,
  type Grant,
  type Reply,
} from './support/accounts'
import { Clock } from './support/clock'
import { BASE } from './support/http'
import { createAltchaGate, type CaptchaGate } from '~/api/accounts/captcha.server'

/** Every clock starts at the top of an hour, so that a test's sends stay in one fixed-window hour. */
const START = Date.UTC(2031, 2, 3, 9, 0, 0)
const MINUTE = 60
const DAY = 24 * 60 * 60

let database: Awaited<ReturnType<typeof freshDatabase>>

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
})

afterAll(async () => {
  await database?.close()
})

// ── helpers ─────────────────────────────────────────────────────────────────────────────────────

const uniquePhone = () => `+668${String(10_000_000 + next())}`

/** A member as registration and a confirmed e-mail leave it: both values confirmed by a code (issue 29). */
const createMember = (values: { email?: string | null; telephone?: string | null; fullname?: string }) =>
  verifiedMember(database.db, new Date(START), values)

async function challengeRow(challengeToken: string) {
  const [row] = await database.db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.tokenHash, sha256(challengeToken)))
  if (!row) throw new Error('challenge not stored')
  return row
}

/** One storefront (API app) with its own clock and its own client IP. */
class Harness extends AccountsHarness {
  readonly clock = new Clock(START)
  readonly app: ApiApp
  readonly ip = uniqueIp()

  constructor(
    options: {
      ipHourlyLimit?: number
      delivery?: Delivery
      sms?: SmsPolicy
      warn?: (line: string) => void
      captcha?: CaptchaGate
    } = {},
  ) {
    super()
    this.app = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      accounts: {
        now: this.clock.now,
        // The real proof of work, made cheap: the tests solve many challenges.
        captcha: options.captcha ?? createAltchaGate({ db: database.db, cost: 1, maxCounter: 40 }),
        ipHourlyLimit: options.ipHourlyLimit,
        delivery: options.delivery,
        sms: options.sms,
        warn: options.warn,
      },
    })
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { 'x-forwarded-for': `${options.ip ?? this.ip}, 10.255.0.1` }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const response = await this.app.request(`${BASE}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  loginCode(identifier: string, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/auth/login-code', { body: { identifier, ...extra } })
  }

  resend(challengeToken: string, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/auth/resend', { body: { challenge_token: challengeToken, ...extra } })
  }

  verify(challengeToken: string, code: string, previousSession?: string, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/auth/verify', {
      body: {
        challenge_token: challengeToken,
        code,
        ...(previousSession ? { previous_session: previousSession } : {}),
        ...extra,
      },
    })
  }

  /**
   * A code check as a patient browser makes it: it waits out a slow-down (the clock moves) and solves the bot
   * challenge when one is asked for. Returns the final answer and what it had to go through.
   */
  async tryCode(challengeToken: string, code: string, ip?: string) {
    const went = { waited: [] as number[], solved: 0 }
    let captcha: string | undefined
    for (let round = 0; round < 10; round++) {
      const reply = await this.call('POST', '/auth/verify', {
        body: { challenge_token: challengeToken, code, ...(captcha ? { captcha } : {}) },
        ip,
      })
      const error = reply.status >= 400 ? apiErrorSchema.safeParse(reply.body).data : undefined
      if (error?.reason === 'SLOW_DOWN' && error.retry_at) {
        const seconds = (new Date(error.retry_at).getTime() - this.clock.now().getTime()) / 1000
        went.waited.push(seconds)
        this.clock.advance(seconds)
        continue
      }
      if (error?.reason === 'CAPTCHA_REQUIRED' || error?.reason === 'CAPTCHA_INCORRECT') {
        captcha = await solve(error.captcha)
        went.solved++
        continue
      }
      return { reply, ...went }
    }
    throw new Error('no answer after ten rounds')
  }

  /** Logs in with a code sent to `identifier` (phone E.164 or lower-case e-mail) and returns the grant. */
  async login(identifier: string, previousSession?: string): Promise<Grant> {
    const issued = expectIssued(await this.loginCode(identifier))
    const code = await this.codeFor(identifier, issued.ref_code)
    return expectGrant(await this.verify(issued.challenge_token, code, previousSession))
  }

  me(token?: string) {
    return this.call('GET', '/me', { token })
  }
}

/** A wrong code for `code`: same length, another digit in front. */
function wrong(code: string, shift = 1): string {
  return `${(Number(code[0]) + shift) % 10}${code.slice(1)}`
}

// ── login codes ─────────────────────────────────────────────────────────────────────────────────

describe('POST /auth/login-code', () => {
  it('answers an unknown phone or e-mail with 404 IDENTIFIER_NOT_FOUND', async () => {
    const h = new Harness()
    for (const identifier of [uniqueEmail('nobody'), '0899999998']) {
      const error = expectError(await h.loginCode(identifier), 404, 'IDENTIFIER_NOT_FOUND')
      expect(error.message).toBe('This email/tel is not exist')
    }
  })

  it('refuses something that is neither a phone number nor an e-mail address with 400 INVALID_INPUT', async () => {
    const h = new Harness()
    for (const identifier of ['hello', '12', 'someone@', 'a@b', '+1 555']) {
      const error = expectError(await h.loginCode(identifier), 400, 'INVALID_INPUT')
      expect(error.fields, identifier).toEqual({ identifier: 'invalid' })
    }
    expectError(await h.loginCode(''), 400, 'INVALID_INPUT')
    expectError(await h.call('POST', '/auth/login-code', { body: {} }), 400, 'INVALID_INPUT')
  })

  it('reads a Thai phone number in local form and sends the code by SMS to its E.164 form', async () => {
    const h = new Harness()
    await createMember({ telephone: '+66812345678' })
    const issued = expectIssued(await h.loginCode('0812345678'))
    expect(issued.channel).toBe('sms')
    expect(issued.purpose).toBe('login')
    expect(issued.destination).toBe('+66 ••• 5678')

    const messages = await h.outbox('+66812345678')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ channel: 'sms', recipient: '+66812345678' })
    const row = await challengeRow(issued.challenge_token)
    expect(row.identifier).toBe('+66812345678')
  })

  it('finds the member by e-mail whatever its case and sends to the lower-case address', async () => {
    const h = new Harness()
    const email = uniqueEmail('case')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(`  ${email.toUpperCase()} `))
    expect(issued.channel).toBe('email')
    const messages = await h.outbox(email)
    expect(messages.map((message) => message.recipient)).toEqual([email])
    expect(await h.outbox(email.toUpperCase())).toEqual([])
  })

  it('answers with a challenge token and a reference the message repeats, never the code; the code is stored hashed', async () => {
    const h = new Harness()
    const email = uniqueEmail('shape')
    await createMember({ email })
    const reply = await h.loginCode(email, { lang: 'en' })
    const issued = expectIssued(reply)
    expect(issued.challenge_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(issued.ref_code).toMatch(/^[A-Z]{4}$/)
    expect(issued.expires_at).toBe(h.clock.plus(5 * MINUTE))
    expect(issued.resend_at).toBe(h.clock.plus(60))
    expect(issued.attempts_left).toBe(5)
    expect(issued.open).toBe(true)
    expect(issued.destination).not.toContain(email.slice(0, email.indexOf('@')))

    const [message] = await h.outbox(email)
    expect(message?.subject).toContain(issued.ref_code)
    expect(message?.body).toContain(`(ref ${issued.ref_code})`)
    const code = await h.codeFor(email, issued.ref_code)
    expect(JSON.stringify(reply.body)).not.toContain(code)
    expect(Object.keys(reply.body as object)).not.toContain('code')

    const row = await challengeRow(issued.challenge_token)
    expect(row.codeHash).not.toBe(code)
    expect(row.codeHash).not.toContain(code)
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.tokenHash).not.toBe(issued.challenge_token)
    expect(row.refCode).toBe(issued.ref_code)
  })

  it('sends the Thai message by default', async () => {
    const h = new Harness()
    const email = uniqueEmail('thai')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    const [message] = await h.outbox(email)
    expect(message?.body).toContain('รหัส OTP')
    expect(message?.body).toContain(issued.ref_code)
  })
})

// ── verify ──────────────────────────────────────────────────────────────────────────────────────

describe('POST /auth/verify', () => {
  it('logs in with the right code: a base64url session token, stored only as its SHA-256', async () => {
    const h = new Harness()
    const email = uniqueEmail('verify')
    const member = await createMember({ email, fullname: 'Kanya Dee' })
    const issued = expectIssued(await h.loginCode(email))
    const code = await h.codeFor(email, issued.ref_code)
    const grant = expectGrant(await h.verify(issued.challenge_token, code))
    expect(grant.token).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(grant.registered).toBe(false)
    expect(grant.member).toMatchObject({
      id: member.id,
      email,
      fullname: 'Kanya Dee',
      tier: 'member',
      line_linked: false,
    })
    expect(grant.expires_at).toBe(h.clock.plus(90 * DAY))

    const stored = await database.db.select().from(sessions).where(eq(sessions.memberId, member.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]?.tokenHash).toBe(sha256(grant.token))
    expect(stored.some((row) => row.tokenHash === grant.token || row.tokenHash.includes(grant.token))).toBe(false)
  })

  it('accepts a code once', async () => {
    const h = new Harness()
    const email = uniqueEmail('once')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    const code = await h.codeFor(email, issued.ref_code)
    expectGrant(await h.verify(issued.challenge_token, code))
    expectError(await h.verify(issued.challenge_token, code), 400, 'VERIFY_FAILED')
  })

  it('counts wrong codes down and uses the code up after five', async () => {
    const h = new Harness()
    const email = uniqueEmail('wrong')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    const code = await h.codeFor(email, issued.ref_code)
    for (const left of [4, 3, 2, 1]) {
      const error = expectError((await h.tryCode(issued.challenge_token, wrong(code))).reply, 400, 'OTP_INCORRECT')
      expect(error.message).toBe('OTP INCORRECT')
      expect(error.attempts_left).toBe(left)
    }
    const fifth = expectError((await h.tryCode(issued.challenge_token, wrong(code, 2))).reply, 400, 'VERIFY_FAILED')
    expect(fifth.attempts_left).toBe(0)
    expectError(await h.verify(issued.challenge_token, code), 400, 'VERIFY_FAILED')
    expect((await challengeRow(issued.challenge_token)).closedAt).not.toBeNull()
  })

  it('refuses a code that is not six digits without counting it as a wrong try', async () => {
    const h = new Harness()
    const email = uniqueEmail('format')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    expectError(await h.verify(issued.challenge_token, '12345'), 400, 'INVALID_INPUT')
    expectError(await h.verify(issued.challenge_token, 'abcdef'), 400, 'INVALID_INPUT')
    expect((await challengeRow(issued.challenge_token)).attempts).toBe(0)
  })

  it('refuses an unknown challenge token', async () => {
    const h = new Harness()
    expectError(await h.verify('x'.repeat(43), '123456'), 400, 'VERIFY_FAILED')
  })

  it('answers 410 OTP_EXPIRED once the five minutes are over', async () => {
    const h = new Harness()
    const email = uniqueEmail('expiry')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    const code = await h.codeFor(email, issued.ref_code)
    h.clock.advance(5 * MINUTE + 1)
    const error = expectError(await h.verify(issued.challenge_token, code), 410, 'OTP_EXPIRED')
    expect(error.message).toBe('OTP WAS EXPIRED')
  })

  it('still accepts the code just before it expires', async () => {
    const h = new Harness()
    const email = uniqueEmail('in-time')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    const code = await h.codeFor(email, issued.ref_code)
    h.clock.advance(5 * MINUTE - 1)
    expectGrant(await h.verify(issued.challenge_token, code))
  })

  it('slows down and challenges the connection that sends wrong codes, and locks it out of the phone after ten', async () => {
    const h = new Harness()
    const phone = uniquePhone()
    const member = await createMember({ telephone: phone })
    const first = expectIssued(await h.loginCode(phone))
    const firstCode = await h.codeFor(phone, first.ref_code)
    // Three wrong codes are free; the fourth must wait a second and solve the bot challenge, and so on, doubling.
    for (let i = 0; i < 3; i++)
      expectError(await h.verify(first.challenge_token, wrong(firstCode)), 400, 'OTP_INCORRECT')
    const slowed = expectError(await h.verify(first.challenge_token, wrong(firstCode)), 429, 'SLOW_DOWN')
    expect(slowed.retry_at).toBe(h.clock.plus(1))
    h.clock.advance(1)
    const asked = expectError(await h.verify(first.challenge_token, wrong(firstCode)), 428, 'CAPTCHA_REQUIRED')
    expect(asked.captcha?.kind).toBe('altcha')
    const fourth = await h.tryCode(first.challenge_token, wrong(firstCode))
    expect(expectError(fourth.reply, 400, 'OTP_INCORRECT').retry_at).toBe(h.clock.plus(2))
    const fifth = await h.tryCode(first.challenge_token, wrong(firstCode))
    expect(fifth.waited).toEqual([2])
    expect(fifth.solved).toBe(1)
    expectError(fifth.reply, 400, 'VERIFY_FAILED')

    h.clock.advance(61)
    // A resend from this connection is challenged too.
    const ask = expectError(await h.resend(first.challenge_token), 428, 'CAPTCHA_REQUIRED')
    const second = expectIssued(await h.resend(first.challenge_token, { captcha: await solve(ask.captcha) }))
    const secondCode = await h.codeFor(phone, second.ref_code)
    for (const left of [4, 3, 2, 1]) {
      const attempt = await h.tryCode(second.challenge_token, wrong(secondCode))
      expect(expectError(attempt.reply, 400, 'OTP_INCORRECT').attempts_left).toBe(left)
    }
    const tenth = await h.tryCode(second.challenge_token, wrong(secondCode))
    const locked = expectError(tenth.reply, 423, 'LOCKED')
    expect(locked.retry_at).toBe(h.clock.plus(30 * MINUTE))

    // The lock holds against every way in from this connection: the right code, a resend and a new request.
    expect(expectError((await h.tryCode(second.challenge_token, secondCode)).reply, 423, 'LOCKED').retry_at).toBe(
      locked.retry_at,
    )
    h.clock.advance(2 * MINUTE)
    expect(expectError(await h.resend(second.challenge_token), 423, 'LOCKED').retry_at).toBe(locked.retry_at)
    expect(expectError(await h.loginCode(phone), 423, 'LOCKED').retry_at).toBe(locked.retry_at)
    expect(expectError(await h.loginCode(phone.replace('+66', '0')), 423, 'LOCKED').retry_at).toBe(locked.retry_at)

    // The counters are in the database: a restarted server (a new API app on the same database) still holds the lock.
    const restarted = new Harness()
    restarted.clock.advance((h.clock.now().getTime() - START) / 1000)
    expectError(
      await restarted.call('POST', '/auth/login-code', { body: { identifier: phone }, ip: h.ip }),
      423,
      'LOCKED',
    )

    // The owner, on another connection, gets a fresh code at once and logs in: the lock is not a weapon.
    const owner = await h.call('POST', '/auth/login-code', { body: { identifier: phone }, ip: uniqueIp() })
    expect((await challengeRow(expectIssued(owner).challenge_token)).memberId).toBe(member.id)

    // Half an hour after the lock, this connection may try again.
    h.clock.advance(30 * MINUTE - 2 * MINUTE - 1)
    expectError(await h.loginCode(phone), 423, 'LOCKED')
    h.clock.advance(2)
    const issued = await h.call('POST', '/auth/login-code', { body: { identifier: phone } })
    const again =
      issued.status === 201
        ? expectIssued(issued)
        : expectIssued(
            await h.call('POST', '/auth/login-code', {
              body: { identifier: phone, captcha: await solve(apiErrorSchema.parse(issued.body).captcha) },
            }),
          )
    const code = await h.codeFor(phone, again.ref_code)
    expect(expectGrant((await h.tryCode(again.challenge_token, code)).reply).member.id).toBe(member.id)
    const [failures] = await database.db.select().from(otpFailures).where(eq(otpFailures.identifier, phone))
    expect(failures).toBeUndefined()
  })

  it('lets the owner in from another connection while a stranger floods wrong codes, and never cancels the owner’s code', async () => {
    const stranger = new Harness()
    const email = uniqueEmail('flooded')
    const member = await createMember({ email })
    const ownerIp = uniqueIp()
    const ownerIssued = expectIssued(
      await stranger.call('POST', '/auth/login-code', { body: { identifier: email }, ip: ownerIp }),
    )
    // The stranger asks for codes of their own at once (no cool-down shared with the owner) and sends wrong ones.
    const theirs = expectIssued(await stranger.loginCode(email))
    const theirCode = await stranger.codeFor(email, theirs.ref_code)
    for (let i = 0; i < 5; i++) await stranger.tryCode(theirs.challenge_token, wrong(theirCode))
    // The owner's code still works, with neither wait nor challenge.
    const ownerCode = await stranger.codeFor(email, ownerIssued.ref_code)
    const grant = expectGrant(
      await stranger.call('POST', '/auth/verify', {
        body: { challenge_token: ownerIssued.challenge_token, code: ownerCode },
        ip: ownerIp,
      }),
    )
    expect(grant.member.id).toBe(member.id)
  })

  it('asks every connection for the bot challenge once a phone has drawn ten wrong codes, and locks it for everyone at the NIST ceiling of 100', async () => {
    const h = new Harness()
    const email = uniqueEmail('ceiling')
    await createMember({ email })
    const window = h.clock.now()
    await database.db.insert(otpFailures).values({ identifier: email, failures: 10, windowStartedAt: window })
    const issued = expectIssued(await h.loginCode(email))
    const code = await h.codeFor(email, issued.ref_code)
    expectError(await h.verify(issued.challenge_token, wrong(code)), 428, 'CAPTCHA_REQUIRED')
    expect((await h.tryCode(issued.challenge_token, code)).reply.status).toBe(200)

    await database.db
      .insert(otpFailures)
      .values({ identifier: email, failures: 99, windowStartedAt: window })
      .onConflictDoUpdate({ target: otpFailures.identifier, set: { failures: 99, windowStartedAt: window } })
    h.clock.advance(61)
    const next = expectIssued(await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: uniqueIp() }))
    const nextCode = await h.codeFor(email, next.ref_code)
    const hundredth = await h.tryCode(next.challenge_token, wrong(nextCode), uniqueIp())
    const locked = expectError(hundredth.reply, 423, 'LOCKED')
    expect(locked.retry_at).toBe(h.clock.plus(30 * MINUTE))
    expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: uniqueIp() }),
      423,
      'LOCKED',
    )
  })

  it('keeps the lock per phone or e-mail: the same member can still use the other one', async () => {
    const h = new Harness()
    const phone = uniquePhone()
    const email = uniqueEmail('other-identifier')
    const member = await createMember({ telephone: phone, email })
    const lockedUntil = new Date(h.clock.now().getTime() + 30 * MINUTE * 1000)
    await database.db.insert(otpFailures).values({ identifier: phone, failures: 0, lockedUntil })
    expectError(await h.loginCode(phone), 423, 'LOCKED')
    expect((await h.login(email)).member.id).toBe(member.id)
  })
})

// ── resend and send limits ──────────────────────────────────────────────────────────────────────

describe('POST /auth/resend', () => {
  it('waits 60 seconds, then sends a new code and reference; the old code stops working', async () => {
    const h = new Harness()
    const email = uniqueEmail('resend')
    await createMember({ email })
    const first = expectIssued(await h.loginCode(email))
    const firstCode = await h.codeFor(email, first.ref_code)

    h.clock.advance(59)
    const tooSoon = expectError(await h.resend(first.challenge_token), 429, 'RATE_LIMITED')
    expect(tooSoon.retry_at).toBe(first.resend_at)
    expect(tooSoon.retry_at).toBe(new Date(START + 60_000).toISOString())
    expectError(await h.loginCode(email), 429, 'RATE_LIMITED')

    h.clock.advance(2)
    const second = expectIssued(await h.resend(first.challenge_token))
    expect(second.challenge_token).not.toBe(first.challenge_token)
    expect(second.ref_code).not.toBe(first.ref_code)
    expect(second.expires_at).toBe(h.clock.plus(5 * MINUTE))
    const secondCode = await h.codeFor(email, second.ref_code)
    expect(await h.outbox(email)).toHaveLength(2)

    expectError(await h.verify(first.challenge_token, firstCode), 400, 'VERIFY_FAILED')
    if (firstCode !== secondCode) expectError(await h.verify(second.challenge_token, firstCode), 400, 'OTP_INCORRECT')
    expectGrant(await h.verify(second.challenge_token, secondCode))
  })

  it('describes a challenge without the code', async () => {
    const h = new Harness()
    const email = uniqueEmail('describe')
    await createMember({ email })
    const issued = expectIssued(await h.loginCode(email))
    const reply = await h.call('POST', '/auth/challenge', { body: { challenge_token: issued.challenge_token } })
    expect(reply.status).toBe(200)
    const { challenge_token: _token, ...view } = issued
    expect(reply.body).toEqual(view)
    expectError(
      await h.call('POST', '/auth/challenge', { body: { challenge_token: 'y'.repeat(43) } }),
      404,
      'NOT_FOUND',
    )
  })
})

describe('send limits', () => {
  it('sends at most five codes per phone or e-mail an hour from one connection; past ten from all, each needs the bot check', async () => {
    const h = new Harness()
    const email = uniqueEmail('hourly')
    await createMember({ email })
    let last = expectIssued(await h.loginCode(email))
    for (let i = 2; i <= 5; i++) {
      h.clock.advance(61)
      last = expectIssued(i % 2 === 0 ? await h.resend(last.challenge_token) : await h.loginCode(email))
    }
    h.clock.advance(61)
    const limited = expectError(await h.loginCode(email), 429, 'RATE_LIMITED')
    expect(limited.retry_at).toBe(new Date(START + 60 * MINUTE * 1000).toISOString())
    h.clock.advance(61)
    expectError(await h.resend(last.challenge_token), 429, 'RATE_LIMITED')
    expect(await h.outbox(email)).toHaveLength(5)

    // Another connection still gets codes (the owner is not locked out by a stranger): ten for the phone or e-mail
    // freely, then each one with a solved bot check (issue 29: strangers must not spend the owner's codes).
    for (let i = 0; i < 5; i++) {
      expectIssued(await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: uniqueIp() }))
    }
    const elsewhere = uniqueIp()
    const asked = expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: elsewhere }),
      428,
      'CAPTCHA_REQUIRED',
    )
    expect(await h.outbox(email)).toHaveLength(10)
    const captcha = await solve(asked.captcha)
    expectIssued(await h.call('POST', '/auth/login-code', { body: { identifier: email, captcha }, ip: elsewhere }))
    expect(await h.outbox(email)).toHaveLength(11)
    h.clock.advance(60 * MINUTE)
    expectIssued(await h.loginCode(email))
  })

  it('asks for the proof-of-work check from the threshold of the IP limit on and stops at the limit', async () => {
    const h = new Harness({ ipHourlyLimit: 6 })
    const emails: string[] = []
    for (let i = 0; i < 8; i++) {
      const email = uniqueEmail('ip')
      emails.push(email)
      await createMember({ email })
    }
    const email = (index: number) => emails[index] ?? ''

    // Sends 1-4 need no check (from count >= floor(6 * 2/3) = 4 on).
    for (let i = 0; i < 4; i++) expectIssued(await h.loginCode(email(i)))

    // 5th: the check is required; garbage and a forged solution are refused with a new challenge; a solved one passes.
    const required = expectError(await h.loginCode(email(4)), 428, 'CAPTCHA_REQUIRED')
    expect(required.captcha?.kind).toBe('altcha')
    expect(required.captcha?.challenge?.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' })
    const garbage = expectError(
      await h.loginCode(email(4), { captcha: 'bm90IGEgcGF5bG9hZA==' }),
      400,
      'CAPTCHA_INCORRECT',
    )
    expect(garbage.captcha?.challenge?.signature).not.toBe(required.captcha?.challenge?.signature)
    const solved = await solve(required.captcha)
    const payload = JSON.parse(Buffer.from(solved, 'base64').toString()) as {
      challenge: { parameters: { cost: number } }
    }
    payload.challenge.parameters.cost = 2 // a cheaper puzzle than the one signed
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64')
    expectError(await h.loginCode(email(4), { captcha: forged }), 400, 'CAPTCHA_INCORRECT')
    expectIssued(await h.loginCode(email(4), { captcha: solved }))

    // 6th: the same solution does not work twice.
    expectError(await h.loginCode(email(5)), 428, 'CAPTCHA_REQUIRED')
    const reused = expectError(await h.loginCode(email(5), { captcha: solved }), 400, 'CAPTCHA_INCORRECT')
    expectIssued(await h.loginCode(email(5), { captcha: await solve(reused.captcha) }))

    // 7th: over the limit, solved or not.
    const limited = expectError(await h.loginCode(email(6)), 429, 'RATE_LIMITED')
    expect(limited.retry_at).toBe(new Date(START + 60 * MINUTE * 1000).toISOString())
    expect(await h.outbox(email(6))).toEqual([])

    // Another IP is not affected; this one is free again the next hour.
    expectIssued(await h.call('POST', '/auth/login-code', { body: { identifier: email(6) }, ip: uniqueIp() }))
    h.clock.advance(60 * MINUTE)
    expectIssued(await h.loginCode(email(7)))
  })

  it('answers 503 CAPTCHA_UNAVAILABLE with a fresh challenge when the check cannot be reached, and sends nothing', async () => {
    const unreachable: CaptchaGate = {
      prompt: () => Promise.resolve({ kind: 'turnstile', siteKey: '1x00000000000000000000AA' }),
      check: () => Promise.resolve('unavailable'),
      purge: () => Promise.resolve(),
    }
    const h = new Harness({ ipHourlyLimit: 3, captcha: unreachable })
    for (let i = 0; i < 2; i++) {
      const earlier = uniqueEmail('before-unavailable')
      await createMember({ email: earlier })
      expectIssued(await h.loginCode(earlier))
    }
    const email = uniqueEmail('unavailable')
    await createMember({ email })
    const asked = expectError(await h.loginCode(email), 428, 'CAPTCHA_REQUIRED')
    expect(asked.captcha).toEqual({ kind: 'turnstile', site_key: '1x00000000000000000000AA' })
    expectError(await h.loginCode(email, { captcha: 'token' }), 503, 'CAPTCHA_UNAVAILABLE')
    expect(await h.outbox(email)).toEqual([])
  })

  it('takes the first x-forwarded-for hop as the client IP', async () => {
    const h = new Harness({ ipHourlyLimit: 3 })
    const ip = uniqueIp()
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail('xff')
      await createMember({ email })
      const reply = await h.call('POST', '/auth/login-code', {
        body: { identifier: email },
        headers: { 'x-forwarded-for': `${ip}, ${uniqueIp()}` },
      })
      // captcha from floor(3 * 2/3) = 2 sends on
      if (i < 2) expectIssued(reply)
      else expectError(reply, 428, 'CAPTCHA_REQUIRED')
    }
  })
})

// ── registration ────────────────────────────────────────────────────────────────────────────────

describe('POST /auth/register', () => {
  const registration = (overrides: Record<string, unknown> = {}) => ({
    fullname: '  Napat   Srisuk ',
    email: `Reg.${next()}@Example.com`,
    telephone: uniquePhone().replace('+66', '0'),
    gender: 'female',
    birthdate: '1995-04-12',
    accept_terms: true,
    ...overrides,
  })

  it('sends a code to the phone and creates the member only once it is confirmed', async () => {
    const h = new Harness()
    const body = registration({ email: `Napat.S${next()}@Example.COM` })
    const phone = `+66${String(body.telephone).slice(1)}`
    const email = String(body.email).toLowerCase()
    const issued = expectIssued(await h.call('POST', '/auth/register', { body }))
    expect(issued.purpose).toBe('register')
    expect(issued.channel).toBe('sms')
    const before = await database.db
      .select()
      .from(members)
      .where(or(eq(members.telephone, phone), eq(members.email, email)))
    expect(before).toEqual([])

    const code = await h.codeFor(phone, issued.ref_code)
    const grant = expectGrant(await h.verify(issued.challenge_token, code))
    expect(grant.registered).toBe(true)
    expect(grant.member).toMatchObject({
      fullname: 'Napat Srisuk',
      email,
      telephone: phone,
      gender: 'female',
      birthdate: '1995-04-12',
      tier: 'member',
    })
    const [row] = await database.db.select().from(members).where(eq(members.telephone, phone))
    expect(row).toMatchObject({ id: grant.member.id, email, telephone: phone, fullname: 'Napat Srisuk' })
    expect(row?.acceptedTermsAt?.toISOString()).toBe(h.clock.plus(0))
    expect((await h.me(grant.token)).status).toBe(200)
  })

  it('refuses a telephone or an e-mail that is already registered', async () => {
    const h = new Harness()
    const phone = uniquePhone()
    const email = uniqueEmail('taken')
    await createMember({ telephone: phone, email })
    const byPhone = expectError(
      await h.call('POST', '/auth/register', { body: registration({ telephone: phone.replace('+66', '0') }) }),
      409,
      'TELEPHONE_EXISTS',
    )
    expect(byPhone.fields).toEqual({ telephone: 'exists' })
    const byEmail = expectError(
      await h.call('POST', '/auth/register', { body: registration({ email: email.toUpperCase() }) }),
      409,
      'EMAIL_EXISTS',
    )
    expect(byEmail.fields).toEqual({ email: 'exists' })
    // Both taken: both are named (issue 17), not only the phone.
    const both = expectError(
      await h.call('POST', '/auth/register', {
        body: registration({ telephone: phone.replace('+66', '0'), email: email.toUpperCase() }),
      }),
      409,
      'TELEPHONE_EXISTS',
    )
    expect(both.fields).toEqual({ telephone: 'exists', email: 'exists' })
    expect(await h.outbox(phone)).toEqual([])
  })

  it('refuses when the phone was registered between the code and its confirmation', async () => {
    const h = new Harness()
    const body = registration()
    const phone = `+66${String(body.telephone).slice(1)}`
    const issued = expectIssued(await h.call('POST', '/auth/register', { body }))
    const code = await h.codeFor(phone, issued.ref_code)
    await createMember({ telephone: phone })
    expectError(await h.verify(issued.challenge_token, code), 409, 'TELEPHONE_EXISTS')
  })

  it('refuses missing terms, a bad birthdate and other invalid fields with 400 and the field', async () => {
    const h = new Harness()
    const refused = async (body: Record<string, unknown>) =>
      expectError(await h.call('POST', '/auth/register', { body }), 400, 'INVALID_INPUT').fields ?? {}

    expect(Object.keys(await refused(registration({ accept_terms: false })))).toEqual(['accept_terms'])
    const { accept_terms: _accept, ...withoutTerms } = registration()
    expect(await refused(withoutTerms)).toEqual({ accept_terms: 'required' })
    for (const birthdate of ['1995-02-30', '12/04/1995', 'yesterday', '']) {
      expect(Object.keys(await refused(registration({ birthdate }))), birthdate).toEqual(['birthdate'])
    }
    expect(Object.keys(await refused(registration({ gender: 'robot' })))).toEqual(['gender'])
    expect(await refused(registration({ telephone: '12345' }))).toEqual({ telephone: 'invalid' })
    expect(await refused(registration({ email: 'not-an-email' }))).toEqual({ email: 'invalid' })
    expect(await refused(registration({ fullname: '   ' }))).toEqual({ fullname: 'required' })
  })

  // BUG (see the report): zod 4 leaves `input` out of its issues, so issueFields() in routes.server.ts calls every
  // schema failure 'required', even a value that is present but malformed. Remove `.fails` once it is fixed.
  it('calls a present but malformed value invalid, not required', async () => {
    const h = new Harness()
    const reply = await h.call('POST', '/auth/register', { body: registration({ birthdate: '12/04/1995' }) })
    expect(expectError(reply, 400, 'INVALID_INPUT').fields).toEqual({ birthdate: 'invalid' })
  })

  it('refuses a phone number typed into the e-mail field', async () => {
    const h = new Harness()
    const body = registration({ email: uniquePhone().replace('+66', '0') })
    const error = expectError(await h.call('POST', '/auth/register', { body }), 400, 'INVALID_INPUT')
    expect(error.fields).toEqual({ email: 'invalid' })
  })
})

// ── sessions and profile ────────────────────────────────────────────────────────────────────────

describe('SMS only to the allowed countries, and so many an hour (issue 15)', () => {
  it('refuses a login code by SMS to another country’s phone before anything is sent, and offers e-mail', async () => {
    const h = new Harness()
    const american = '+14155552671'
    const email = uniqueEmail('abroad')
    await createMember({ telephone: american, email })
    expectError(await h.loginCode(american), 403, 'SMS_COUNTRY')
    expect(await h.outbox(american)).toEqual([])
    // The same member by e-mail.
    expectIssued(await h.loginCode(email))
    // An allowed country once configured.
    const configured = new Harness({ sms: { ...DEFAULT_SMS_POLICY, countries: ['TH', 'US'] } })
    expectIssued(await configured.loginCode(american))
  })

  it('confirms a registration with another country’s phone through the e-mail address', async () => {
    const h = new Harness()
    const email = uniqueEmail('reg-abroad')
    const body = {
      fullname: 'Jane Doe',
      email,
      telephone: '+1 415 555 2672',
      gender: 'female',
      birthdate: '1990-01-01',
      accept_terms: true,
    }
    const issued = expectIssued(await h.call('POST', '/auth/register', { body }))
    expect(issued.channel).toBe('email')
    expect(await h.outbox('+14155552672')).toEqual([])
    const grant = expectGrant(await h.verify(issued.challenge_token, await h.codeFor(email, issued.ref_code)))
    expect(grant.member).toMatchObject({ email, telephone: '+14155552672' })
  })

  it('stops SMS codes for the hour past the country’s and the overall cap, says so once, and leaves e-mail open', async () => {
    const lines: string[] = []
    const policy = { countries: ['TH', 'SG'], hourlyLimit: 3, countryHourlyLimit: 2 }
    const h = new Harness({ sms: policy, warn: (line) => lines.push(line) })
    const thai = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()]
    for (const phone of thai) await createMember({ telephone: phone })
    // Counters are per hour and shared by the file's tests: this one runs in an hour of its own.
    h.clock.advance(40 * DAY)
    expectIssued(await h.loginCode(thai[0] ?? ''))
    expectIssued(await h.loginCode(thai[1] ?? ''))
    const busy = expectError(await h.loginCode(thai[2] ?? ''), 429, 'SMS_BUSY')
    expect(busy.retry_at).toBe(new Date(START + (40 * DAY + 60 * MINUTE) * 1000).toISOString())
    expectError(await h.loginCode(thai[3] ?? ''), 429, 'SMS_BUSY')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/SMS cap reached: 2 codes by SMS this hour to TH/)
    expect(await h.outbox(thai[2] ?? '')).toEqual([])

    // Another country still has its own allowance, until the overall cap.
    const singapore = ['+6591234567', '+6581234567']
    for (const phone of singapore) await createMember({ telephone: phone })
    expectIssued(await h.loginCode(singapore[0] ?? ''))
    expectError(await h.loginCode(singapore[1] ?? ''), 429, 'SMS_BUSY')
    expect(lines.at(-1)).toMatch(/SMS cap reached: 3 codes by SMS this hour to all countries/)

    // E-mail is not capped by it, and the next hour SMS goes again.
    const email = uniqueEmail('capped')
    await createMember({ email })
    expectIssued(await h.loginCode(email))
    h.clock.advance(60 * MINUTE)
    expectIssued(await h.loginCode(thai[2] ?? ''))
  })
})

describe('sessions', () => {
  it('answers /me with the member of the token and 401 without a valid one', async () => {
    const h = new Harness()
    const email = uniqueEmail('me')
    const member = await createMember({ email, fullname: 'Me Myself' })
    const grant = await h.login(email)
    const me = await h.me(grant.token)
    expect(me.status).toBe(200)
    expect(memberSchema.parse(me.body)).toMatchObject({ id: member.id, email, fullname: 'Me Myself' })

    expectError(await h.me(), 401, 'UNAUTHENTICATED')
    expectError(await h.me('garbage-garbage-garbage-garbage-garbage-xx'), 401, 'UNAUTHENTICATED')
    expectError(await h.me('short'), 401, 'UNAUTHENTICATED')
    expectError(await h.call('GET', '/me', { headers: { authorization: grant.token } }), 401, 'UNAUTHENTICATED')
    expectError(await h.me(sha256(grant.token)), 401, 'UNAUTHENTICATED')
  })

  it('ends the session at logout', async () => {
    const h = new Harness()
    const email = uniqueEmail('logout')
    await createMember({ email })
    const grant = await h.login(email)
    const logout = await h.call('POST', '/auth/logout', { token: grant.token })
    expect(logout.status).toBe(204)
    expect(logout.body).toBeNull()
    expectError(await h.me(grant.token), 401, 'UNAUTHENTICATED')
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(grant.token))),
    ).toEqual([])
    expect((await h.call('POST', '/auth/logout')).status).toBe(204)
  })

  it('ends the previous session of the browser at a new login', async () => {
    const h = new Harness()
    const email = uniqueEmail('rotate')
    await createMember({ email })
    const first = await h.login(email)
    h.clock.advance(61)
    const second = await h.login(email, first.token)
    expect(second.token).not.toBe(first.token)
    expectError(await h.me(first.token), 401, 'UNAUTHENTICATED')
    expect((await h.me(second.token)).status).toBe(200)
  })

  it('ends a session after 30 days without a visit', async () => {
    const h = new Harness()
    const email = uniqueEmail('idle')
    await createMember({ email })
    const idle = await h.login(email)
    h.clock.advance(61)
    const used = await h.login(email)
    h.clock.advance(29 * DAY)
    expect((await h.me(used.token)).status).toBe(200)
    h.clock.advance(DAY - 61 + 1)
    expectError(await h.me(idle.token), 401, 'UNAUTHENTICATED')
    expect((await h.me(used.token)).status).toBe(200)
  })

  it('ends a session 90 days after login even when it is used', async () => {
    const h = new Harness()
    const email = uniqueEmail('absolute')
    await createMember({ email })
    const grant = await h.login(email)
    for (let day = 20; day <= 80; day += 20) {
      h.clock.advance(20 * DAY)
      expect((await h.me(grant.token)).status, `day ${day}`).toBe(200)
    }
    h.clock.advance(10 * DAY - 1)
    expect((await h.me(grant.token)).status).toBe(200)
    h.clock.advance(1)
    expectError(await h.me(grant.token), 401, 'UNAUTHENTICATED')
  })
})

describe('PUT /me', () => {
  it('changes the personal information and refuses another e-mail without its code', async () => {
    const h = new Harness()
    const email = uniqueEmail('profile')
    const phone = uniquePhone()
    const other = await createMember({ email: uniqueEmail('other') })
    const member = await createMember({ email, telephone: phone, fullname: 'Old Name' })
    const grant = await h.login(email)
    const profile = {
      fullname: ' New   Name ',
      email,
      telephone: phone,
      country: 'TH',
      gender: 'male',
      birthdate: '1990-01-31',
    }
    const saved = await h.call('PUT', '/me', { token: grant.token, body: profile })
    expect(saved.status).toBe(200)
    expect(memberSchema.parse(saved.body)).toMatchObject({
      id: member.id,
      fullname: 'New Name',
      email,
      telephone: phone,
      gender: 'male',
      birthdate: '1990-01-31',
    })
    expect(memberSchema.parse((await h.me(grant.token)).body).fullname).toBe('New Name')

    // Another e-mail (here another member's) goes through its code, not PUT /me (issue 15: identity.test.ts).
    const taken = expectError(
      await h.call('PUT', '/me', { token: grant.token, body: { ...profile, email: other.email?.toUpperCase() } }),
      409,
      'CHANGE_NEEDS_CODE',
    )
    expect(taken.fields).toEqual({ email: 'unconfirmed' })
    const [row] = await database.db.select().from(members).where(eq(members.id, member.id))
    expect(row?.email).toBe(email)

    expectError(await h.call('PUT', '/me', { body: profile }), 401, 'UNAUTHENTICATED')
    expect(
      expectError(
        await h.call('PUT', '/me', { token: grant.token, body: { ...profile, email: 'nope' } }),
        400,
        'INVALID_INPUT',
      ).fields,
    ).toEqual({ email: 'invalid' })
  })
})

// ── address book ────────────────────────────────────────────────────────────────────────────────

describe('address book', () => {
  let h: Harness
  let owner: Grant
  let stranger: Grant

  const valid = {
    firstname: 'Somsri',
    lastname: 'Jaidee',
    telephone_number: '0812345678',
    email: 'somsri@example.com',
    address: '99/1 Phahonyothin Road',
    country: 'TH',
    postcode: '10900',
    sub_district: 'ลาดยาว',
    district: 'จตุจักร',
    province: 'กรุงเทพมหานคร',
  }
  const second = {
    ...valid,
    firstname: 'Office',
    address: '1 Ratchadamri Road',
    postcode: '10330',
    sub_district: 'ลุมพินี',
    district: 'ปทุมวัน',
  }

  beforeAll(async () => {
    h = new Harness()
    const ownerEmail = uniqueEmail('book')
    const strangerEmail = uniqueEmail('stranger')
    await createMember({ email: ownerEmail })
    await createMember({ email: strangerEmail })
    owner = await h.login(ownerEmail)
    stranger = await h.login(strangerEmail)
  })

  async function list(token: string) {
    const reply = await h.call('GET', '/me/addresses', { token })
    expect(reply.status).toBe(200)
    return addressListSchema.parse(reply.body).items
  }

  async function add(body: Record<string, unknown>, token = owner.token) {
    const reply = await h.call('POST', '/me/addresses', { token, body })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    return addressSchema.parse(reply.body)
  }

  it('needs a session', async () => {
    expectError(await h.call('GET', '/me/addresses'), 401, 'UNAUTHENTICATED')
    expectError(await h.call('POST', '/me/addresses', { body: valid }), 401, 'UNAUTHENTICATED')
  })

  it('refuses invalid addresses with the field codes of §5 and saves nothing', async () => {
    const refused = async (body: Record<string, unknown>) =>
      expectError(await h.call('POST', '/me/addresses', { token: owner.token, body }), 400, 'INVALID_INPUT').fields
    expect(await refused({ ...valid, postcode: '50200' })).toEqual({ postcode: 'regionMismatch' })
    expect(await refused({ ...valid, firstname: 'ก'.repeat(51) })).toEqual({ firstname: 'nameTooLong' })
    const { address: _address, ...withoutAddress } = valid
    expect(await refused(withoutAddress)).toEqual({ address: 'required' })
    // Wire keys of these field codes are the camelCase names of the form (see the report): telephoneNumber.
    expect(Object.values((await refused({ ...valid, telephone_number: '+1 415 555 2671' })) ?? {})).toEqual([
      'phoneCountryMismatch',
    ])
    expect(await refused({ ...valid, district: 'ไม่มีอำเภอนี้' })).toMatchObject({ district: 'cityNotFound' })
    expect(await list(owner.token)).toEqual([])
  })

  it('keeps one default: the first address, then the one chosen; removing it promotes another', async () => {
    const first = await add(valid)
    expect(first).toMatchObject({
      is_default: true,
      firstname: 'Somsri',
      telephone_number: '+66812345678',
      sub_district: 'ลาดยาว',
      province: 'กรุงเทพมหานคร',
      tax_id: '',
    })
    const other = await add(second)
    expect(other.is_default).toBe(false)
    expect((await list(owner.token)).map((item) => [item.id, item.is_default])).toEqual([
      [first.id, true],
      [other.id, false],
    ])

    const moved = await h.call('POST', `/me/addresses/${other.id}/default`, { token: owner.token })
    expect(moved.status).toBe(200)
    expect(addressSchema.parse(moved.body)).toMatchObject({ id: other.id, is_default: true })
    const afterMove = await list(owner.token)
    expect(afterMove.filter((item) => item.is_default).map((item) => item.id)).toEqual([other.id])
    expect(afterMove[0]?.id).toBe(other.id)

    const changed = await h.call('PUT', `/me/addresses/${first.id}`, {
      token: owner.token,
      body: { ...valid, lastname: 'Rakthai', address2: 'Floor 3' },
    })
    expect(changed.status).toBe(200)
    expect(addressSchema.parse(changed.body)).toMatchObject({
      id: first.id,
      lastname: 'Rakthai',
      address2: 'Floor 3',
      is_default: false,
    })
    expectError(
      await h.call('PUT', `/me/addresses/${first.id}`, { token: owner.token, body: { ...valid, postcode: '50200' } }),
      400,
      'INVALID_INPUT',
    )

    const removed = await h.call('DELETE', `/me/addresses/${other.id}`, { token: owner.token })
    expect(removed.status).toBe(204)
    const afterRemove = await list(owner.token)
    expect(afterRemove.map((item) => [item.id, item.is_default, item.lastname])).toEqual([[first.id, true, 'Rakthai']])

    const third = await add({ ...second, is_default: true })
    expect(third.is_default).toBe(true)
    const rows = await database.db.select().from(memberAddresses).where(eq(memberAddresses.memberId, owner.member.id))
    expect(rows.filter((row) => row.isDefault).map((row) => row.id)).toEqual([third.id])
  })

  it('hides a member’s addresses from every other member', async () => {
    const mine = await add({ ...valid, firstname: 'Private' })
    expect((await list(stranger.token)).map((item) => item.id)).not.toContain(mine.id)
    expectError(
      await h.call('PUT', `/me/addresses/${mine.id}`, { token: stranger.token, body: { ...valid, firstname: 'Mine' } }),
      404,
      'NOT_FOUND',
    )
    expectError(await h.call('POST', `/me/addresses/${mine.id}/default`, { token: stranger.token }), 404, 'NOT_FOUND')
    expectError(await h.call('DELETE', `/me/addresses/${mine.id}`, { token: stranger.token }), 404, 'NOT_FOUND')
    expectError(await h.call('DELETE', '/me/addresses/not-a-uuid', { token: owner.token }), 404, 'NOT_FOUND')
    const still = (await list(owner.token)).find((item) => item.id === mine.id)
    expect(still?.firstname).toBe('Private')
  })

  it('checks an address field by field without saving it', async () => {
    const before = await list(owner.token)
    const check = async (body: Record<string, unknown>) => {
      const reply = await h.call('POST', '/addresses/check', { body })
      expect(reply.status).toBe(200)
      return addressCheckSchema.parse(reply.body).fields
    }
    expect(await check(valid)).toEqual({})
    expect(await check({ ...valid, sub_district: 'ไม่มีตำบลนี้' })).toEqual({ sub_district: 'invalid' })
    expect(await check({ ...valid, postcode: '50200', telephone_number: '+1 415 555 2671' })).toEqual({
      postcode: 'regionMismatch',
      telephone_number: 'phoneCountryMismatch',
    })
    expect(await check({ country: 'TH' })).toMatchObject({
      firstname: 'required',
      address: 'required',
      sub_district: 'required',
      province: 'required',
    })
    expect(await list(owner.token)).toEqual(before)
  })

  it('serves the Thai postal data', async () => {
    const provinces = await h.call('GET', '/geo/th/provinces?lang=en')
    expect(provinces.status).toBe(200)
    const items = geoListSchema.parse(provinces.body).items
    expect(items.length).toBe(77)
    expect(items).toContainEqual(expect.objectContaining({ name: 'Bangkok', name_th: 'กรุงเทพมหานคร' }))

    const places = await h.call('GET', '/geo/th/postcodes/10900')
    expect(places.status).toBe(200)
    const matches = postcodePlacesSchema.parse(places.body).items
    expect(matches).toContainEqual({
      province: 'กรุงเทพมหานคร',
      district: 'จตุจักร',
      sub_district: 'ลาดยาว',
      postcode: '10900',
    })
    expectError(await h.call('GET', '/geo/th/postcodes/109'), 400, 'INVALID_INPUT')

    // Official romanised names, not the package's machine romanisation (issue 29 item 19).
    const watthana = postcodePlacesSchema.parse((await h.call('GET', '/geo/th/postcodes/10110?lang=en')).body).items
    expect(watthana).toContainEqual({
      province: 'Bangkok',
      district: 'Watthana',
      sub_district: 'Khlong Tan Nuea',
      postcode: '10110',
    })
    expect(JSON.stringify(watthana)).not.toMatch(/Khnong|Enue/)
    const english = geoListSchema.parse(provinces.body).items.map((province) => province.name)
    expect(english).toEqual(expect.arrayContaining(['Nakhon Ratchasima', 'Nakhon Sawan', 'Suphan Buri']))
  })
})

// ── delivery ────────────────────────────────────────────────────────────────────────────────────

describe('code delivery', () => {
  it('has no outbox endpoint when real senders deliver both channels', async () => {
    const sent: OutboundMessage[] = []
    const sender: MessageSender = {
      send: (message) => {
        sent.push(message)
        return Promise.resolve({ providerMessageId: `msg-${sent.length}` })
      },
    }
    const h = new Harness({ delivery: createDelivery(database.db, { sms: sender, email: sender }) })
    expect(createDelivery(database.db, { sms: sender, email: sender }).outboxEnabled).toBe(false)
    expect((await h.call('GET', '/dev/outbox')).status).toBe(404)

    const phone = uniquePhone()
    await createMember({ telephone: phone })
    const issued = expectIssued(await h.loginCode(phone.replace('+66', '0')))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ channel: 'sms', to: phone })
    const code = /(?<!\d)\d{6}(?!\d)/.exec(sent[0]?.text ?? '')?.[0] ?? ''
    expect(sent[0]?.text).toContain(issued.ref_code)
    expectGrant(await h.verify(issued.challenge_token, code))
    const kept = await database.db.select().from(members).where(eq(members.telephone, phone))
    expect(kept).toHaveLength(1)
  })

  it('answers 503 DELIVERY_FAILED when the sender fails, and the code it could not send is unusable', async () => {
    const attempted: OutboundMessage[] = []
    const failing: MessageSender = {
      send: (message) => {
        attempted.push(message)
        return Promise.reject(new Error('provider down'))
      },
    }
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const h = new Harness({ delivery: createDelivery(database.db, { sms: failing }) })
      const phone = uniquePhone()
      const member: MemberRow = await createMember({ telephone: phone })
      const error = expectError(await h.loginCode(phone), 503, 'DELIVERY_FAILED')
      expect(error.message).toBe('SOMETHING WRONG! PLEASE TRY AGAIN')
      expect(attempted).toHaveLength(1)
      const code = /(?<!\d)\d{6}(?!\d)/.exec(attempted[0]?.text ?? '')?.[0] ?? ''
      expect(JSON.stringify(error)).not.toContain(code)
      for (const call of log.mock.calls) expect(call.map(String).join(' ')).not.toContain(code)

      const rows = await database.db.select().from(otpChallenges).where(eq(otpChallenges.identifier, phone))
      expect(rows).toHaveLength(1)
      expect(rows[0]?.memberId).toBe(member.id)
      expect(rows[0]?.closedAt?.toISOString()).toBe(h.clock.plus(0))
      // A real SMS sender closes the outbox (docs/decisions/076); nothing was kept there either.
      expect((await h.call('GET', '/dev/outbox')).status).toBe(404)
      expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).toEqual([])
    } finally {
      log.mockRestore()
    }
  })
})

// ── demo and live modes (docs/decisions/015) ──────────────────────────────────────────────────────

describe('the outbox fails closed', () => {
  function recordingSender(sent: OutboundMessage[]): MessageSender {
    return {
      send: (message) => {
        sent.push(message)
        return Promise.resolve({ providerMessageId: `msg-${sent.length}` })
      },
    }
  }

  it('exists only while no channel is real: one real channel closes it for both', () => {
    const sender = recordingSender([])
    expect(createDelivery(database.db).outboxEnabled).toBe(true)
    expect(createDelivery(database.db).channels).toEqual({ sms: true, email: true })
    expect(createDelivery(database.db, { sms: sender }).outboxEnabled).toBe(false)
    expect(createDelivery(database.db, { sms: sender }).channels).toEqual({ sms: true, email: false })
    expect(createDelivery(database.db, { email: sender }).channels).toEqual({ sms: false, email: true })
    // Live mode: never the outbox, even with no sender (parseEnv refuses that configuration anyway).
    expect(createDelivery(database.db, { outbox: false })).toMatchObject({
      outboxEnabled: false,
      channels: { sms: false, email: false },
    })
  })

  it('with only SMS real, e-mail codes are refused (EMAIL_UNAVAILABLE) and nobody can read one', async () => {
    const sent: OutboundMessage[] = []
    const h = new Harness({ delivery: createDelivery(database.db, { sms: recordingSender(sent) }) })
    expect((await h.call('GET', '/dev/outbox')).status).toBe(404)
    expect((await h.call('GET', `/dev/outbox?recipient=x%40example.com`)).status).toBe(404)

    const email = uniqueEmail('sms-only')
    const phone = uniquePhone()
    await createMember({ email, telephone: phone })
    const error = expectError(await h.loginCode(email), 503, 'EMAIL_UNAVAILABLE')
    expect(error.message).toBe('This shop does not send codes by e-mail')
    // No code was made, and nothing was kept anywhere.
    expect(await database.db.select().from(otpChallenges).where(eq(otpChallenges.identifier, email))).toEqual([])
    expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).toEqual([])
    expect(sent).toEqual([])
    // An unknown address gets the same answer: the refusal says nothing about who is a member.
    expectError(await h.loginCode(uniqueEmail('nobody')), 503, 'EMAIL_UNAVAILABLE')

    // The telephone still works, through the real sender.
    expectIssued(await h.loginCode(phone))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ channel: 'sms', to: phone })
  })

  it('with only e-mail real, SMS codes (login and registration) are refused (SMS_UNAVAILABLE)', async () => {
    const sent: OutboundMessage[] = []
    const h = new Harness({ delivery: createDelivery(database.db, { email: recordingSender(sent) }) })
    expect((await h.call('GET', '/dev/outbox')).status).toBe(404)

    const phone = uniquePhone()
    const email = uniqueEmail('email-only')
    await createMember({ email, telephone: phone })
    expectError(await h.loginCode(phone), 503, 'SMS_UNAVAILABLE')
    const registration = await h.call('POST', '/auth/register', {
      body: {
        fullname: 'New Member',
        email: uniqueEmail('new'),
        telephone: uniquePhone().replace('+66', '0'),
        gender: 'female',
        birthdate: '1990-01-01',
        accept_terms: true,
      },
    })
    expectError(registration, 503, 'SMS_UNAVAILABLE')
    expect(await database.db.select().from(otpChallenges).where(eq(otpChallenges.identifier, phone))).toEqual([])
    expect(sent).toEqual([])

    expectIssued(await h.loginCode(email))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ channel: 'email', to: email })
  })
})
