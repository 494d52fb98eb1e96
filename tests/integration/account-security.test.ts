import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { createAltchaGate } from '~/api/accounts/captcha.server'
import { addressSchema, memberSchema } from '~/contract/accounts'
import { members } from '~/db/schema'
import { freshDatabase } from './database'
import {
  AccountsHarness,
  expectError,
  expectGrant,
  expectIssued,
  next,
  solve,
  storedMember,
  uniqueEmail,
  uniqueIp,
  type Grant,
  type Reply,
} from './support/accounts'
import { thaiAddress } from './support/address'
import { Clock } from './support/clock'
import { BASE } from './support/http'

/**
 * Issue 29: account pre-hijack (an e-mail or telephone is a member's only once a code sent to it was entered), the
 * hourly code cap that strangers could spend, the birth date fixed once set, and names and addresses without control,
 * bidi-override, noncharacter or tag characters; a Thai fixed-line number takes no SMS code.
 */

const START = Date.UTC(2031, 6, 7, 9, 0, 0)
const MINUTE = 60

let database: Awaited<ReturnType<typeof freshDatabase>>

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
})

afterAll(async () => {
  await database?.close()
})

const uniqueLocalMobile = () => `08${String(30_000_000 + next())}`
const e164 = (local: string) => `+66${local.slice(1)}`

const memberRow = (id: string) => storedMember(database.db, id)

/** One API app with its own clock; every call says which connection (IP) it comes from. */
class Harness extends AccountsHarness {
  readonly clock = new Clock(START)
  readonly app: ApiApp

  constructor() {
    super()
    this.app = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      accounts: { now: this.clock.now, captcha: createAltchaGate({ db: database.db, cost: 1, maxCounter: 40 }) },
    })
  }

  async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; token?: string; ip?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '10.200.0.1' }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const response = await this.app.request(`${BASE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  verify(challengeToken: string, code: string, previousSession?: string, ip?: string) {
    return this.call('POST', '/auth/verify', {
      body: {
        challenge_token: challengeToken,
        code,
        ...(previousSession ? { previous_session: previousSession } : {}),
      },
      ip,
    })
  }

  /** Registers with the code sent to the phone (the way the register page does), from `ip`. */
  async register(values: { email: string; telephone: string; birthdate?: string }, ip = uniqueIp()): Promise<Grant> {
    const issued = expectIssued(
      await this.call('POST', '/auth/register', {
        body: {
          fullname: 'Somchai Jaidee',
          email: values.email,
          telephone: values.telephone,
          gender: 'male',
          birthdate: values.birthdate ?? '1990-05-20',
          accept_terms: true,
        },
        ip,
      }),
    )
    expect(issued.channel).toBe('sms')
    const code = await this.codeFor(e164(values.telephone), issued.ref_code)
    return expectGrant(await this.verify(issued.challenge_token, code, undefined, ip))
  }

  async login(identifier: string, ip = uniqueIp()): Promise<Grant> {
    const issued = expectIssued(await this.call('POST', '/auth/login-code', { body: { identifier }, ip }))
    const code = await this.codeFor(identifier, issued.ref_code)
    return expectGrant(await this.verify(issued.challenge_token, code, undefined, ip))
  }
}

describe('account pre-hijack (issue 29, item 1)', () => {
  it('an e-mail typed in by someone else blocks nobody and logs nobody in; its owner confirms it and the claim ends', async () => {
    const h = new Harness()
    const victimEmail = uniqueEmail('victim')
    const attackerPhone = uniqueLocalMobile()
    const victimPhone = uniqueLocalMobile()

    // The attacker registers with the victim's e-mail and their own phone: only the phone is confirmed.
    const attacker = await h.register({ email: victimEmail, telephone: attackerPhone })
    expect(attacker.member).toMatchObject({ email: victimEmail, email_verified: false, telephone_verified: true })

    // The e-mail logs nobody in: no code goes to it for the attacker's account.
    expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: victimEmail } }),
      404,
      'IDENTIFIER_NOT_FOUND',
    )
    expect(await h.outbox(victimEmail)).toEqual([])

    // The owner registers with their own e-mail: not EMAIL_EXISTS.
    const owner = await h.register({ email: victimEmail, telephone: victimPhone })
    expect(owner.member.id).not.toBe(attacker.member.id)
    expect(owner.member.email_verified).toBe(false)

    // The owner confirms the e-mail with a code sent to it, on the account page; the attacker's claim is dropped.
    const ownerIp = uniqueIp()
    const issued = expectIssued(
      await h.call('POST', '/me/identity', {
        token: owner.token,
        body: { field: 'email', value: victimEmail },
        ip: ownerIp,
      }),
    )
    expect(issued.change).toEqual({ field: 'email', remove: false, confirm: true })
    const code = await h.codeFor(victimEmail, issued.ref_code)
    const confirmed = expectGrant(await h.verify(issued.challenge_token, code, owner.token, ownerIp))
    expect(confirmed.member).toMatchObject({ id: owner.member.id, email: victimEmail, email_verified: true })
    // A confirmation changes no way in: the owner's session goes on.
    expect((await h.call('GET', '/me', { token: owner.token })).status).toBe(200)
    expect((await memberRow(attacker.member.id)).email).toBeNull()

    // Now the e-mail logs its owner in, and the attacker cannot take it back.
    const byEmail = await h.login(victimEmail)
    expect(byEmail.member.id).toBe(owner.member.id)
    expectError(
      await h.call('POST', '/me/identity', { token: attacker.token, body: { field: 'email', value: victimEmail } }),
      409,
      'EMAIL_EXISTS',
    )
    expectError(
      await h.call('POST', '/auth/register', {
        body: {
          fullname: 'Late Claim',
          email: victimEmail,
          telephone: uniqueLocalMobile(),
          gender: 'male',
          birthdate: '1990-01-01',
          accept_terms: true,
        },
        ip: uniqueIp(),
      }),
      409,
      'EMAIL_EXISTS',
    )
  })

  it('asks no code to confirm an e-mail that is confirmed already', async () => {
    const h = new Harness()
    const email = uniqueEmail('confirmed')
    const grant = await h.register({ email, telephone: uniqueLocalMobile() })
    const ip = uniqueIp()
    const issued = expectIssued(
      await h.call('POST', '/me/identity', { token: grant.token, body: { field: 'email', value: email }, ip }),
    )
    expectGrant(await h.verify(issued.challenge_token, await h.codeFor(email, issued.ref_code), grant.token, ip))
    h.clock.advance(MINUTE + 1)
    const again = expectError(
      await h.call('POST', '/me/identity', { token: grant.token, body: { field: 'email', value: email }, ip }),
      400,
      'INVALID_INPUT',
    )
    expect(again.fields).toEqual({ email: 'unchanged' })
  })
})

describe('the hourly code cap (issue 29, item 2)', () => {
  it('strangers on two connections cannot use up the owner’s codes: the owner still gets one on their own connection', async () => {
    const h = new Harness()
    const email = uniqueEmail('owner')
    const grant = await h.register({ email, telephone: uniqueLocalMobile() })
    const ownerIp = uniqueIp()
    const confirm = expectIssued(
      await h.call('POST', '/me/identity', { token: grant.token, body: { field: 'email', value: email }, ip: ownerIp }),
    )
    expectGrant(await h.verify(confirm.challenge_token, await h.codeFor(email, confirm.ref_code), grant.token, ownerIp))
    h.clock.advance(60 * MINUTE) // a fresh hour of sends

    // Two connections, five requests each, no challenge.
    const strangers = [uniqueIp(), uniqueIp()]
    for (let round = 0; round < 5; round++) {
      for (const ip of strangers)
        expectIssued(await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip }))
      h.clock.advance(MINUTE + 1)
    }
    // A stranger's connection is at its own cap.
    expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: strangers[0] }),
      429,
      'RATE_LIMITED',
    )

    // The owner, on their own connection, gets a code: past the shared ceiling a solved bot check lets it through.
    const asked = expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: ownerIp }),
      428,
      'CAPTCHA_REQUIRED',
    )
    const issued = expectIssued(
      await h.call('POST', '/auth/login-code', {
        body: { identifier: email, captcha: await solve(asked.captcha) },
        ip: ownerIp,
      }),
    )
    const code = await h.codeFor(email, issued.ref_code)
    expect(expectGrant(await h.verify(issued.challenge_token, code, undefined, ownerIp)).member.id).toBe(
      grant.member.id,
    )

    // A third stranger connection pays the same proof of work for every code, and is refused without it.
    expectError(
      await h.call('POST', '/auth/login-code', { body: { identifier: email }, ip: uniqueIp() }),
      428,
      'CAPTCHA_REQUIRED',
    )
  })
})

describe('the birth date (issue 29, item 5)', () => {
  it('is set once by the member; PUT /me refuses to change it afterwards and keeps it when left out', async () => {
    const h = new Harness()
    const email = uniqueEmail('birthday')
    const grant = await h.register({ email, telephone: uniqueLocalMobile(), birthdate: '1990-05-20' })
    const put = (birthdate: string | null) =>
      h.call('PUT', '/me', { token: grant.token, body: { fullname: 'Somchai Jaidee', gender: 'male', birthdate } })

    const refused = expectError(await put('1990-11-20'), 400, 'INVALID_INPUT')
    expect(refused.fields).toEqual({ birthdate: 'fixed' })
    expect((await memberRow(grant.member.id)).birthdate).toBe('1990-05-20')

    expect(memberSchema.parse((await put('1990-05-20')).body).birthdate).toBe('1990-05-20')
    expect(memberSchema.parse((await put(null)).body).birthdate).toBe('1990-05-20')
    expect((await memberRow(grant.member.id)).birthdate).toBe('1990-05-20')
  })

  it('may be set the first time by a member who has none', async () => {
    const h = new Harness()
    const [row] = await database.db
      .insert(members)
      .values({ fullname: 'No Birthday', email: uniqueEmail('nobirthday'), emailVerifiedAt: new Date(START) })
      .returning()
    if (!row?.email) throw new Error('member not created')
    const grant = await h.login(row.email)
    const put = (birthdate: string) =>
      h.call('PUT', '/me', { token: grant.token, body: { fullname: 'No Birthday', birthdate } })
    expect(memberSchema.parse((await put('1988-02-02')).body).birthdate).toBe('1988-02-02')
    expect(expectError(await put('1988-03-02'), 400, 'INVALID_INPUT').fields).toEqual({ birthdate: 'fixed' })
  })
})

describe('names, addresses and telephones (issue 29, item 6)', () => {
  const hostile = {
    'a control character': 'Som\u0007chai',
    'a newline': 'Som\nchai',
    'a C1 control': 'Som\u0085chai',
    'a bidi override': 'Som\u202Echai',
    'a bidi isolate': 'Som\u2066chai',
    'the noncharacter U+FFFE': 'Som\uFFFEchai',
    'a noncharacter of U+FDD0–U+FDEF': 'Som\uFDD0chai',
    'a tag character': 'Som\u{E0041}chai',
  }

  it.each(Object.entries(hostile))('refuses a name with %s at registration', async (_, fullname) => {
    const h = new Harness()
    const reply = await h.call('POST', '/auth/register', {
      body: {
        fullname,
        email: uniqueEmail('hostile'),
        telephone: uniqueLocalMobile(),
        gender: 'male',
        birthdate: '1990-01-01',
        accept_terms: true,
      },
      ip: uniqueIp(),
    })
    expect(expectError(reply, 400, 'INVALID_INPUT').fields).toEqual({ fullname: 'invalid' })
  })

  it('refuses such characters in the profile and in every address field, and keeps Thai marks (stored in NFC)', async () => {
    const h = new Harness()
    const grant = await h.register({ email: uniqueEmail('profile'), telephone: uniqueLocalMobile() })
    const profile = (fullname: string) =>
      h.call('PUT', '/me', { token: grant.token, body: { fullname, gender: 'male', birthdate: '1990-05-20' } })
    expect(expectError(await profile('Som\u202Echai'), 400, 'INVALID_INPUT').fields).toEqual({ fullname: 'invalid' })
    expect(expectError(await profile('Som\uFFFFchai'), 400, 'INVALID_INPUT').fields).toEqual({ fullname: 'invalid' })
    // Thai combining marks pass; a decomposed é (e and U+0301) is stored composed.
    expect(memberSchema.parse((await profile('  น้ำผึ้ง   Zoe\u0301 ')).body).fullname).toBe('น้ำผึ้ง Zo\u00e9')

    const valid = { ...thaiAddress, firstname: 'น้ำผึ้ง', lastname: 'ใจดี' }
    const saved = await h.call('POST', '/me/addresses', { token: grant.token, body: valid })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    expect(addressSchema.parse(saved.body)).toMatchObject({ firstname: 'น้ำผึ้ง', lastname: 'ใจดี' })
    for (const field of [
      'firstname',
      'lastname',
      'address',
      'address2',
      'district',
      'sub_district',
      'province',
    ] as const) {
      for (const bad of Object.values(hostile)) {
        const reply = await h.call('POST', '/me/addresses', { token: grant.token, body: { ...valid, [field]: bad } })
        expect(expectError(reply, 400, 'INVALID_INPUT').fields?.[field], `${field}: ${JSON.stringify(bad)}`).toBe(
          'invalid',
        )
      }
    }
    const nfc = await h.call('POST', '/me/addresses', { token: grant.token, body: { ...valid, lastname: 'Zoe\u0301' } })
    expect(addressSchema.parse(nfc.body).lastname).toBe('Zo\u00e9')
  })

  it('takes no Thai fixed-line number for SMS codes: registration, login and a change of telephone refuse it', async () => {
    const h = new Harness()
    const register = await h.call('POST', '/auth/register', {
      body: {
        fullname: 'Fixed Line',
        email: uniqueEmail('fixed'),
        telephone: '021234567',
        gender: 'female',
        birthdate: '1990-01-01',
        accept_terms: true,
      },
      ip: uniqueIp(),
    })
    expect(expectError(register, 400, 'INVALID_INPUT').fields).toEqual({ telephone: 'invalid' })
    const login = await h.call('POST', '/auth/login-code', { body: { identifier: '053123456' }, ip: uniqueIp() })
    expect(expectError(login, 400, 'INVALID_INPUT').fields).toEqual({ identifier: 'invalid' })

    const grant = await h.register({ email: uniqueEmail('mobile'), telephone: uniqueLocalMobile() })
    const change = await h.call('POST', '/me/identity', {
      token: grant.token,
      body: { field: 'telephone', value: '021234567' },
      ip: uniqueIp(),
    })
    expect(expectError(change, 400, 'INVALID_INPUT').fields).toEqual({ telephone: 'invalid' })
    // Mobile numbers of every Thai prefix still pass.
    for (const prefix of ['06', '08', '09']) {
      const ok = await h.call('POST', '/auth/register', {
        body: {
          fullname: 'Mobile',
          email: uniqueEmail('mobile'),
          telephone: `${prefix}${String(30_000_000 + next())}`,
          gender: 'female',
          birthdate: '1990-01-01',
          accept_terms: true,
        },
        ip: uniqueIp(),
      })
      expectIssued(ok)
    }
  })
})
