import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { createAltchaGate } from '~/api/accounts/captcha.server'
import { memberSchema, sessionListSchema, sessionsEndedSchema } from '~/contract/accounts'
import { otpChallenges, otpFailures, sessions } from '~/db/schema'
import { freshDatabase } from './database'
import {
  AccountsHarness,
  expectError,
  expectGrant,
  expectIssued,
  next,
  sha256,
  solve,
  storedMember,
  uniqueEmail,
  uniqueIp,
  verifiedMember,
  type Grant,
  type Reply,
} from './support/accounts'
import { Clock } from './support/clock'
import { BASE } from './support/http'

/**
 * Issue 15 (ASVS level 2): a new e-mail or telephone takes effect only with the code sent to it, the old one is told
 * and the member's other sessions end; the account page lists the member's sessions and ends them. The Harness is the
 * one of accounts.test.ts, with headers per call (a device's user agent, the CDN's country).
 */

const START = Date.UTC(2031, 4, 5, 9, 0, 0)
const MINUTE = 60

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

let database: Awaited<ReturnType<typeof freshDatabase>>

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
})

afterAll(async () => {
  await database?.close()
})

// ── helpers ─────────────────────────────────────────────────────────────────────────────────────

const uniquePhone = () => `+668${String(20_000_000 + next())}`

type Headers = Record<string, string>

const createMember = (values: { email?: string | null; telephone?: string | null }) =>
  verifiedMember(database.db, new Date(START), values)

const memberRow = (id: string) => storedMember(database.db, id)

class Harness extends AccountsHarness {
  readonly clock = new Clock(START)
  readonly app: ApiApp
  readonly ip = uniqueIp()

  constructor() {
    super()
    this.app = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      // The real proof of work, made cheap for the tests that solve it.
      accounts: { now: this.clock.now, captcha: createAltchaGate({ db: database.db, cost: 1, maxCounter: 40 }) },
    })
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; token?: string; headers?: Headers } = {},
  ): Promise<Reply> {
    const headers: Headers = { 'x-forwarded-for': this.ip }
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

  verify(challengeToken: string, code: string, previousSession?: string, headers?: Headers) {
    return this.call('POST', '/auth/verify', {
      body: {
        challenge_token: challengeToken,
        code,
        ...(previousSession ? { previous_session: previousSession } : {}),
      },
      headers,
    })
  }

  /** A login from a device (its user agent and the CDN's country); a minute later, so codes are not too soon. */
  async login(identifier: string, headers: Headers = {}): Promise<Grant> {
    this.clock.advance(MINUTE + 1)
    const issued = expectIssued(await this.call('POST', '/auth/login-code', { body: { identifier }, headers }))
    const code = await this.codeFor(identifier, issued.ref_code)
    return expectGrant(await this.verify(issued.challenge_token, code, undefined, headers))
  }

  me(token?: string, headers?: Headers) {
    return this.call('GET', '/me', { token, headers })
  }

  change(token: string, field: 'email' | 'telephone', value: string, lang?: 'th' | 'en', captcha?: string) {
    this.clock.advance(MINUTE + 1)
    return this.call('POST', '/me/identity', {
      token,
      body: { field, value, ...(lang ? { lang } : {}), ...(captcha ? { captcha } : {}) },
    })
  }

  async sessions(token: string) {
    const reply = await this.call('GET', '/me/sessions', { token })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    return sessionListSchema.parse(reply.body).items
  }
}

// ── identity changes ────────────────────────────────────────────────────────────────────────────

describe('a new e-mail or telephone (issue 15)', () => {
  it('takes effect only with the code sent to the new e-mail; the old one is told in English; other sessions end', async () => {
    const h = new Harness()
    const oldEmail = uniqueEmail('old')
    const newEmail = uniqueEmail('new')
    const phone = uniquePhone()
    const member = await createMember({ email: oldEmail, telephone: phone })
    const here = await h.login(phone)
    const elsewhere = await h.login(oldEmail)

    const issued = expectIssued(await h.change(here.token, 'email', `  ${newEmail.toUpperCase()} `, 'en'))
    expect(issued).toMatchObject({ channel: 'email', purpose: 'change', change: { field: 'email', remove: false } })
    expect(issued.destination).not.toContain(newEmail.split('@')[0])
    // Nothing changed yet, and the code went to the new address only.
    expect((await memberRow(member.id)).email).toBe(oldEmail)
    const [codeMessage] = await h.outbox(newEmail)
    expect(codeMessage?.subject).toBe(`Confirm the change to your account (ref ${issued.ref_code})`)
    expect((await h.outbox(oldEmail)).some((item) => item.body.includes(issued.ref_code))).toBe(false)

    const code = await h.codeFor(newEmail, issued.ref_code)
    const grant = expectGrant(await h.verify(issued.challenge_token, code, here.token))
    expect(grant.registered).toBe(false)
    expect(grant.member).toMatchObject({ id: member.id, email: newEmail, telephone: phone })
    expect((await memberRow(member.id)).email).toBe(newEmail)

    // The confirming session stays, under a new token; every other one ended.
    expect(grant.token).not.toBe(here.token)
    expect((await h.me(grant.token)).status).toBe(200)
    expectError(await h.me(here.token), 401, 'UNAUTHENTICATED')
    expectError(await h.me(elsewhere.token), 401, 'UNAUTHENTICATED')
    expect(await database.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toHaveLength(1)

    // The old address is told, in the language of the change, without the code.
    const notice = (await h.outbox(oldEmail)).find((item) => item.subject.includes('changed'))
    expect(notice?.subject).toBe('Your e-mail address was changed')
    expect(notice?.body).toContain('other devices were logged out')
    expect(notice?.body).toContain(issued.destination)
    expect(notice?.body).not.toContain(code)
    expect(notice?.body).not.toContain(newEmail)

    // The new address logs in; the old one is no longer a member's.
    await h.login(newEmail)
    h.clock.advance(MINUTE + 1)
    expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: oldEmail } }),
      404,
      'IDENTIFIER_NOT_FOUND',
    )
  })

  it('changes the telephone with an SMS code to the new number and tells the old one by SMS in Thai', async () => {
    const h = new Harness()
    const email = uniqueEmail('phone')
    const oldPhone = uniquePhone()
    const newPhone = uniquePhone()
    const member = await createMember({ email, telephone: oldPhone })
    const session = await h.login(email)
    const local = `0${newPhone.slice(3)}`
    const issued = expectIssued(await h.change(session.token, 'telephone', local))
    expect(issued).toMatchObject({ channel: 'sms', change: { field: 'telephone', remove: false } })
    const [sms] = await h.outbox(newPhone)
    expect(sms?.body).toContain('รหัส OTP')
    expect(sms?.subject).toContain('ยืนยันการเปลี่ยนข้อมูลบัญชี')

    expectGrant(await h.verify(issued.challenge_token, await h.codeFor(newPhone, issued.ref_code), session.token))
    expect((await memberRow(member.id)).telephone).toBe(newPhone)
    const [notice] = await h.outbox(oldPhone)
    expect(notice).toMatchObject({ channel: 'sms', recipient: oldPhone })
    expect(notice?.body).toContain('เบอร์โทรศัพท์ของบัญชีคุณถูกเปลี่ยนเป็น')
    expect(notice?.body).toContain(issued.destination)
  })

  it('logs nobody in: without a session, or with another member’s, the right code changes nothing', async () => {
    const h = new Harness()
    const email = uniqueEmail('victim')
    const newEmail = uniqueEmail('wanted')
    const member = await createMember({ email })
    const other = await createMember({ email: uniqueEmail('intruder') })
    const session = await h.login(email)
    const intruder = await h.login(other.email ?? '')

    const first = expectIssued(await h.change(session.token, 'email', newEmail))
    const firstCode = await h.codeFor(newEmail, first.ref_code)
    const alone = expectError(await h.verify(first.challenge_token, firstCode), 400, 'VERIFY_FAILED')
    expect(alone.message).toBe('VERIFY FAILED')
    expect(JSON.stringify(alone)).not.toContain('token')

    const second = expectIssued(await h.change(session.token, 'email', newEmail))
    const secondCode = await h.codeFor(newEmail, second.ref_code)
    expectError(await h.verify(second.challenge_token, secondCode, intruder.token), 400, 'VERIFY_FAILED')

    expect(await memberRow(member.id)).toMatchObject({ email })
    expect(await memberRow(other.id)).toMatchObject({ email: other.email })
    // No session was made for anyone, and both sessions are as they were.
    expect(await database.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toHaveLength(1)
    expect(await database.db.select().from(sessions).where(eq(sessions.memberId, other.id))).toHaveLength(1)
    expect((await h.me(session.token)).status).toBe(200)
    expect((await h.me(intruder.token)).status).toBe(200)
  })

  it('never changes an identity with a login code, whatever the challenge carries', async () => {
    const h = new Harness()
    const email = uniqueEmail('login-only')
    const member = await createMember({ email })
    h.clock.advance(MINUTE + 1)
    const issued = expectIssued(await h.call('POST', '/auth/login-code', { body: { identifier: email } }))
    await database.db
      .update(otpChallenges)
      .set({ payload: { field: 'email', value: uniqueEmail('smuggled') } })
      .where(eq(otpChallenges.tokenHash, sha256(issued.challenge_token)))
    expectGrant(await h.verify(issued.challenge_token, await h.codeFor(email, issued.ref_code)))
    expect((await memberRow(member.id)).email).toBe(email)
  })

  it('checks the new value is still free when the code is entered: 409 and nothing changes', async () => {
    const h = new Harness()
    const email = uniqueEmail('slow')
    const contested = uniqueEmail('contested')
    const member = await createMember({ email })
    const session = await h.login(email)
    const issued = expectIssued(await h.change(session.token, 'email', contested))
    // Another member takes the address before the code is entered.
    await createMember({ email: contested })
    const taken = expectError(
      await h.verify(issued.challenge_token, await h.codeFor(contested, issued.ref_code), session.token),
      409,
      'EMAIL_EXISTS',
    )
    expect(taken.message).toBe('EMAIL ALREADY EXISTS')
    expect((await memberRow(member.id)).email).toBe(email)
    expect((await h.me(session.token)).status).toBe(200)
    expect((await h.outbox(email)).filter((item) => item.subject.includes('changed'))).toEqual([])
  })

  it('refuses a taken, invalid or unchanged value, and a call without a session, before sending anything', async () => {
    const h = new Harness()
    const email = uniqueEmail('refusals')
    const phone = uniquePhone()
    const other = await createMember({ email: uniqueEmail('holder'), telephone: uniquePhone() })
    await createMember({ email, telephone: phone })
    const session = await h.login(email)

    const takenEmail = expectError(await h.change(session.token, 'email', other.email ?? ''), 409, 'EMAIL_EXISTS')
    expect(takenEmail.fields).toEqual({ email: 'exists' })
    expectError(await h.change(session.token, 'telephone', other.telephone ?? ''), 409, 'TELEPHONE_EXISTS')
    expect(expectError(await h.change(session.token, 'email', 'nope'), 400, 'INVALID_INPUT').fields).toEqual({
      email: 'invalid',
    })
    expect(expectError(await h.change(session.token, 'email', email), 400, 'INVALID_INPUT').fields).toEqual({
      email: 'unchanged',
    })
    expect(
      expectError(await h.change(session.token, 'telephone', `0${phone.slice(3)}`), 400, 'INVALID_INPUT').fields,
    ).toEqual({ telephone: 'unchanged' })
    expectError(
      await h.call('POST', '/me/identity', { token: session.token, body: { field: 'name', value: 'x' } }),
      400,
      'INVALID_INPUT',
    )
    expectError(
      await h.call('POST', '/me/identity', { body: { field: 'email', value: uniqueEmail('x') } }),
      401,
      'UNAUTHENTICATED',
    )
    // SMS codes go only to the allowed countries: a new number elsewhere is refused, with the reason.
    expectError(await h.change(session.token, 'telephone', '+14155552699'), 403, 'SMS_COUNTRY')
    expect(await h.outbox('+14155552699')).toEqual([])
    expect(await h.outbox(other.email ?? '')).toEqual([])
  })

  it('removes the e-mail with a code sent to it, but never the last way to log in', async () => {
    const h = new Harness()
    const email = uniqueEmail('remove')
    const phone = uniquePhone()
    const member = await createMember({ email, telephone: phone })
    const session = await h.login(phone)
    const issued = expectIssued(await h.change(session.token, 'email', '', 'en'))
    expect(issued).toMatchObject({ channel: 'email', change: { field: 'email', remove: true } })
    expect((await memberRow(member.id)).email).toBe(email)
    const grant = expectGrant(
      await h.verify(issued.challenge_token, await h.codeFor(email, issued.ref_code), session.token),
    )
    expect(grant.member.email).toBeNull()
    expect(
      (await h.outbox(email)).some((item) => item.subject === 'Your e-mail address was removed from your account'),
    ).toBe(true)

    const last = expectError(await h.change(grant.token, 'telephone', ''), 400, 'INVALID_INPUT')
    expect(last.fields).toEqual({ telephone: 'required' })
    expect((await memberRow(member.id)).telephone).toBe(phone)
  })

  it('keeps the lock-out and the bot check: a connection that sent wrong codes solves the challenge first', async () => {
    const h = new Harness()
    const phone = uniquePhone()
    const member = await createMember({ email: uniqueEmail('guarded'), telephone: phone })
    const session = await h.login(phone)
    const newEmail = uniqueEmail('wanted')
    const first = expectIssued(await h.change(session.token, 'email', newEmail, 'en'))
    // Three wrong codes from this connection (the free ones)…
    for (let i = 0; i < 3; i++) {
      expectError(await h.verify(first.challenge_token, '000000', session.token), 400, 'OTP_INCORRECT')
    }
    // …and the next change asks for the bot check before any code is sent.
    const outboxBefore = (await h.outbox(newEmail)).length
    const asked = expectError(await h.change(session.token, 'email', newEmail, 'en'), 428, 'CAPTCHA_REQUIRED')
    expect(asked.captcha?.kind).toBe('altcha')
    expect(await h.outbox(newEmail)).toHaveLength(outboxBefore)
    expectError(
      await h.change(session.token, 'email', newEmail, 'en', 'bm90IGEgcGF5bG9hZA=='),
      400,
      'CAPTCHA_INCORRECT',
    )
    const solved = await solve(asked.captcha)
    const second = expectIssued(await h.change(session.token, 'email', newEmail, 'en', solved))
    // A solution works once.
    expectError(await h.change(session.token, 'email', newEmail, 'en', solved), 400, 'CAPTCHA_INCORRECT')
    // The code check of this connection asks for the check too (decision 016), and then the change is made.
    const code = await h.codeFor(newEmail, second.ref_code)
    const check = expectError(await h.verify(second.challenge_token, code, session.token), 428, 'CAPTCHA_REQUIRED')
    const grant = expectGrant(
      await h.call('POST', '/auth/verify', {
        body: {
          challenge_token: second.challenge_token,
          code,
          previous_session: session.token,
          captcha: await solve(check.captcha),
        },
      }),
    )
    expect(grant.member.email).toBe(newEmail)
    expect((await memberRow(member.id)).email).toBe(newEmail)
  })

  it('sends no code to a value locked after wrong codes (423), from any session', async () => {
    const h = new Harness()
    const phone = uniquePhone()
    await createMember({ email: null, telephone: phone })
    const session = await h.login(phone)
    const locked = uniqueEmail('locked')
    await database.db.insert(otpFailures).values({
      identifier: locked,
      failures: 100,
      windowStartedAt: h.clock.now(),
      lockedUntil: new Date(START + 3_600_000 * 24),
    })
    const refused = expectError(await h.change(session.token, 'email', locked, 'en'), 423, 'LOCKED')
    expect(refused.retry_at).toBeTruthy()
    expect(await h.outbox(locked)).toHaveLength(0)
  })

  it('saves name, gender and birth date at once, but not a new e-mail or telephone (CHANGE_NEEDS_CODE)', async () => {
    const h = new Harness()
    const email = uniqueEmail('profile')
    const phone = uniquePhone()
    const member = await createMember({ email, telephone: phone })
    const session = await h.login(email)
    const profile = { fullname: 'New Name', gender: 'female', birthdate: '1991-02-03', country: 'TH' }
    const saved = await h.call('PUT', '/me', { token: session.token, body: { ...profile, email, telephone: phone } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(memberSchema.parse(saved.body)).toMatchObject({ fullname: 'New Name', gender: 'female', email })
    expect((await h.call('PUT', '/me', { token: session.token, body: profile })).status).toBe(200)

    const moved = expectError(
      await h.call('PUT', '/me', {
        token: session.token,
        body: { ...profile, fullname: 'Other', email: uniqueEmail('x') },
      }),
      409,
      'CHANGE_NEEDS_CODE',
    )
    expect(moved.fields).toEqual({ email: 'unconfirmed' })
    expectError(
      await h.call('PUT', '/me', { token: session.token, body: { ...profile, telephone: '' } }),
      409,
      'CHANGE_NEEDS_CODE',
    )
    expect(await memberRow(member.id)).toMatchObject({ fullname: 'New Name', email, telephone: phone })
  })
})

// ── the member's sessions ───────────────────────────────────────────────────────────────────────

describe('the member’s sessions (issue 15)', () => {
  it('lists the live sessions with device, country and last seen, this one marked, and never a token', async () => {
    const h = new Harness()
    const email = uniqueEmail('list')
    await createMember({ email })
    const laptop = await h.login(email, { 'user-agent': CHROME_WINDOWS, 'cf-ipcountry': 'TH' })
    const phone = await h.login(email, { 'user-agent': SAFARI_IPHONE, 'cloudfront-viewer-country': 'jp' })
    const unknown = await h.login(email)

    const items = await h.sessions(laptop.token)
    expect(items).toHaveLength(3)
    expect(items.filter((item) => item.current)).toHaveLength(1)
    const current = items.find((item) => item.current)
    expect(current).toMatchObject({ browser: 'Chrome', os: 'Windows', country: 'TH' })
    expect(items).toContainEqual(
      expect.objectContaining({ browser: 'Safari', os: 'iPhone', country: 'JP', current: false }),
    )
    expect(items).toContainEqual(expect.objectContaining({ browser: null, os: null, country: null, current: false }))
    for (const item of items) expect(item.id).toMatch(/^[0-9a-f-]{36}$/)
    const text = JSON.stringify(items)
    for (const grant of [laptop, phone, unknown]) {
      expect(text).not.toContain(grant.token)
      expect(text).not.toContain(sha256(grant.token))
    }

    // Seen again later from elsewhere: the last-seen time and the country follow.
    h.clock.advance(10 * MINUTE)
    expect((await h.me(phone.token, { 'cf-ipcountry': 'SG' })).status).toBe(200)
    const after = await h.sessions(laptop.token)
    expect(after[1]?.country === 'SG' || after[0]?.country === 'SG').toBe(true)
    const moved = after.find((item) => item.country === 'SG')
    expect(moved).toMatchObject({ browser: 'Safari', current: false })
    expect(Date.parse(moved?.last_seen_at ?? '')).toBe(h.clock.now().getTime())
  })

  it('ends one session by its id; another member’s session id is a 404 and that session goes on', async () => {
    const h = new Harness()
    const email = uniqueEmail('end-one')
    const otherEmail = uniqueEmail('someone-else')
    await createMember({ email })
    await createMember({ email: otherEmail })
    const mine = await h.login(email)
    const myOther = await h.login(email)
    const theirs = await h.login(otherEmail)
    const theirId = (await h.sessions(theirs.token)).find((item) => item.current)?.id ?? ''
    const myOtherId = (await h.sessions(myOther.token)).find((item) => item.current)?.id ?? ''

    expectError(await h.call('DELETE', `/me/sessions/${theirId}`, { token: mine.token }), 404, 'NOT_FOUND')
    expect((await h.me(theirs.token)).status).toBe(200)
    expectError(await h.call('DELETE', `/me/sessions/${randomUUID()}`, { token: mine.token }), 404, 'NOT_FOUND')
    expectError(await h.call('DELETE', '/me/sessions/not-a-session', { token: mine.token }), 400, 'INVALID_INPUT')
    expectError(await h.call('DELETE', `/me/sessions/${myOtherId}`), 401, 'UNAUTHENTICATED')

    const ended = await h.call('DELETE', `/me/sessions/${myOtherId}`, { token: mine.token })
    expect(ended.status).toBe(204)
    expectError(await h.me(myOther.token), 401, 'UNAUTHENTICATED')
    expect((await h.me(mine.token)).status).toBe(200)
    expect((await h.sessions(mine.token)).map((item) => item.current)).toEqual([true])
  })

  it('logs out everywhere else in one call, and everywhere in one call, leaving other members alone', async () => {
    const h = new Harness()
    const email = uniqueEmail('everywhere')
    const otherEmail = uniqueEmail('bystander')
    await createMember({ email })
    await createMember({ email: otherEmail })
    const here = await h.login(email)
    const two = await h.login(email)
    const three = await h.login(email)
    const bystander = await h.login(otherEmail)

    const others = await h.call('POST', '/me/sessions/end-others', { token: here.token })
    expect(others.status).toBe(200)
    expect(sessionsEndedSchema.parse(others.body)).toEqual({ ended: 2 })
    expect((await h.me(here.token)).status).toBe(200)
    expectError(await h.me(two.token), 401, 'UNAUTHENTICATED')
    expectError(await h.me(three.token), 401, 'UNAUTHENTICATED')

    const again = await h.login(email)
    const everywhere = await h.call('POST', '/auth/logout-everywhere', { token: here.token })
    expect(everywhere.status).toBe(204)
    expectError(await h.me(here.token), 401, 'UNAUTHENTICATED')
    expectError(await h.me(again.token), 401, 'UNAUTHENTICATED')
    expect((await h.me(bystander.token)).status).toBe(200)

    expectError(await h.call('POST', '/auth/logout-everywhere'), 401, 'UNAUTHENTICATED')
    expectError(await h.call('POST', '/me/sessions/end-others'), 401, 'UNAUTHENTICATED')
    expectError(await h.call('GET', '/me/sessions'), 401, 'UNAUTHENTICATED')
  })
})
