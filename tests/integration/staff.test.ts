import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys, auditLog, staffRecoveryCodes, staffTotp } from '~/db/schema'
import {
  STAFF_CODES_PER_EMAIL_PER_HOUR,
  STAFF_CODES_PER_IP_PER_HOUR,
  STAFF_SESSION_ABSOLUTE_SECONDS,
  STAFF_SESSION_IDLE_SECONDS,
} from '~/domain/staff-permissions'
import { STEP_UP_FAILURES_BEFORE_END } from '~/api/admin/sign-in.service'
import { STAFF_FAILURES_BEFORE_LOCK } from '~/api/admin/throttle.server'
import { OTP_MAX_TRIES_PER_CODE } from '~/domain/otp'
import { Clock } from './support/clock'
import { SoftwareAuthenticator } from './support/passkey'
import {
  ADMIN,
  SITE,
  type StaffHarness,
  sessionCookieOf,
  staffSuite,
  totpCode,
  type Enrolled,
  type StaffSuite,
} from './support/staff'

const START = Date.UTC(2031, 4, 5, 9, 0, 0)
const MINUTE = 60

let database: StaffSuite['database']
let api: StaffSuite['api']
let h: StaffHarness
let owner: Enrolled
let ownerCookie: string
const clock = new Clock(START)

beforeAll(async () => {
  ;({ database, api, h } = await staffSuite(clock))
  owner = await h.enrol('owner')
  ownerCookie = await h.signIn(owner)
})

afterAll(async () => {
  await database?.close()
})

async function latestAudit() {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .orderBy(sql`${auditLog.id} DESC`)
    .limit(1)
  return row
}

describe('staff sign-in', () => {
  it('invite → accept → TOTP → e-mail code + TOTP → me', async () => {
    const me = await h.call('GET', '/me', { cookie: ownerCookie })
    expect(me.status, me.text).toBe(200)
    expect(me.body.email).toBe(owner.email)
    expect(me.body.permissions).toContain('staff:manage')
    expect((me.body.role as { id: string }).id).toBe('owner')
    expect(me.headers.get('x-request-id')).toBeTruthy()
    const stored = await database.db.select().from(staffTotp).where(eq(staffTotp.staffId, owner.id))
    // The secret is sealed (AES-256-GCM), never stored as the app shows it.
    expect(stored[0]?.secret).toMatch(/^v1\./)
    expect(stored[0]?.secret).not.toContain(owner.secret)
  })

  it('answers the same for an address that is not staff, and sends it nothing', async () => {
    const ip = h.ip()
    const stranger = await h.call('POST', '/auth/sign-in', { ip, body: { email: 'nobody@staff.example' } })
    const known = await h.call('POST', '/auth/sign-in', { ip, body: { email: owner.email } })
    expect(stranger.status).toBe(known.status)
    expect(Object.keys(stranger.body).sort()).toEqual(Object.keys(known.body).sort())
    await expect(h.codeFor('nobody@staff.example', String(stranger.body.ref_code))).rejects.toThrow(/no message/)
    const wrong = await h.call('POST', '/auth/sign-in/code', {
      ip,
      body: { sign_in_token: stranger.body.sign_in_token, code: '000000' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.reason).toBe('OTP_INCORRECT')
  })

  it('takes a recovery code once, and not twice', async () => {
    const member = await h.enrol('customer_service', 'recovery')
    const code = member.recoveryCodes[0] ?? ''
    const tryWith = async (recovery: string) => {
      const ip = h.ip()
      const started = await h.call('POST', '/auth/sign-in', { ip, body: { email: member.email } })
      const token = String(started.body.sign_in_token)
      const emailed = await h.codeFor(member.email, String(started.body.ref_code))
      expect(
        (await h.call('POST', '/auth/sign-in/code', { ip, body: { sign_in_token: token, code: emailed } })).status,
      ).toBe(200)
      return h.call('POST', '/auth/sign-in/recovery-code', { ip, body: { sign_in_token: token, code: recovery } })
    }
    expect(member.recoveryCodes).toHaveLength(10)
    expect((await tryWith(code)).status).toBe(200)
    const again = await tryWith(code)
    expect(again.status).toBe(400)
    expect(again.body.reason).toBe('SECOND_FACTOR_INCORRECT')
    const rows = await database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id))
    expect(rows.every((row) => !member.recoveryCodes.includes(row.codeHash))).toBe(true)
  })

  it('enrols a passkey and signs in with it (a software authenticator); a phishing origin is refused', async () => {
    const email = `passkey.${h.next()}@staff.example`
    const invite = await h.inviteToken(email, 'warehouse')
    const ip = h.ip()
    expect(
      (await h.call('POST', '/invite/accept', { invite, ip, body: { name: 'Passkey', language: 'th' } })).status,
    ).toBe(200)
    const options = await h.call('POST', '/invite/passkey/options', { invite, ip })
    expect(options.status, options.text).toBe(200)
    const authenticator = new SoftwareAuthenticator('localhost', SITE)
    const credential = authenticator.register(options.body.public_key as Record<string, unknown>)
    const enrolled = await h.call('POST', '/invite/passkey', { invite, ip, body: { credential } })
    expect(enrolled.status, enrolled.text).toBe(201)
    // The invitation works once.
    expect((await h.call('GET', '/invite', { invite })).status).toBe(404)

    const started = await h.call('POST', '/auth/sign-in', { ip, body: { email } })
    const token = String(started.body.sign_in_token)
    const code = await h.codeFor(email, String(started.body.ref_code))
    const factors = await h.call('POST', '/auth/sign-in/code', { ip, body: { sign_in_token: token, code } })
    expect(factors.body.factors).toEqual(['passkey', 'recovery_code'])
    const challenge = await h.call('POST', '/auth/sign-in/passkey/options', { ip, body: { sign_in_token: token } })
    const publicKey = challenge.body.public_key as Record<string, unknown>
    const phished = await h.call('POST', '/auth/sign-in/passkey', {
      ip,
      body: { sign_in_token: token, credential: authenticator.assert(publicKey, 'https://evil.example') },
    })
    expect(phished.body.reason).toBe('SECOND_FACTOR_INCORRECT')
    const signedIn = await h.call('POST', '/auth/sign-in/passkey', {
      ip,
      body: { sign_in_token: token, credential: authenticator.assert(publicKey) },
    })
    expect(signedIn.status, signedIn.text).toBe(200)
    const cookie = sessionCookieOf(signedIn)
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly/)
    expect(signedIn.headers.get('set-cookie')).toMatch(/SameSite=Strict/)
    const me = await h.call('GET', '/me', { cookie })
    expect(me.body.language).toBe('th')

    // Step-up by the passkey.
    const stepOptions = await h.call('POST', '/auth/step-up/passkey/options', { cookie })
    const stepped = await h.call('POST', '/auth/step-up/passkey', {
      cookie,
      body: { credential: authenticator.assert(stepOptions.body.public_key as Record<string, unknown>) },
    })
    expect(stepped.status, stepped.text).toBe(200)
  })

  it('ends a session 30 minutes unused and 12 hours after sign-in', async () => {
    const member = await h.enrol('read_only', 'expiry')
    const idle = await h.signIn(member)
    clock.advance(STAFF_SESSION_IDLE_SECONDS - MINUTE)
    expect((await h.call('GET', '/me', { cookie: idle })).status).toBe(200)
    clock.advance(STAFF_SESSION_IDLE_SECONDS + 1)
    expect((await h.call('GET', '/me', { cookie: idle })).status).toBe(401)

    const busy = await h.signIn(member)
    for (let elapsed = 0; elapsed < STAFF_SESSION_ABSOLUTE_SECONDS - 20 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE)
      expect((await h.call('GET', '/me', { cookie: busy })).status).toBe(200)
    }
    clock.advance(25 * MINUTE)
    expect((await h.call('GET', '/me', { cookie: busy })).status).toBe(401)
    ownerCookie = await h.signIn(owner)
  })

  it('lists and revokes sessions: one’s own, and anyone’s with staff:manage', async () => {
    const member = await h.enrol('marketing', 'sessions')
    const first = await h.signIn(member)
    const second = await h.signIn(member)
    const list = await h.call('GET', '/sessions', { cookie: second })
    const items = list.body.items as Array<{ id: string; current: boolean }>
    expect(items).toHaveLength(2)
    const other = items.find((item) => !item.current)
    expect((await h.call('DELETE', `/sessions/${other?.id}`, { cookie: second })).status).toBe(204)
    expect((await h.call('GET', '/me', { cookie: first })).status).toBe(401)
    expect((await latestAudit())?.action).toBe('session.revoke')

    const all = await h.call('GET', '/staff-sessions', { cookie: ownerCookie })
    const theirs = (all.body.items as Array<{ id: string; staff_id: string }>).find(
      (item) => item.staff_id === member.id,
    )
    // Ending someone else's session is a permission action: the second factor again first.
    clock.advance(6 * MINUTE)
    const refused = await h.call('DELETE', `/staff-sessions/${theirs?.id}`, { cookie: ownerCookie })
    expect(refused.status).toBe(403)
    expect(refused.body.reason).toBe('STEP_UP_REQUIRED')
    await h.stepUp(owner, ownerCookie)
    expect((await h.call('DELETE', `/staff-sessions/${theirs?.id}`, { cookie: ownerCookie })).status).toBe(204)
    expect((await h.call('GET', '/me', { cookie: second })).status).toBe(401)
  })

  it('asks for the second factor again after 5 minutes, in the staff’s language', async () => {
    await h.stepUp(owner, ownerCookie)
    clock.advance(5 * MINUTE + 1)
    const refused = await h.call('POST', '/invites', {
      cookie: ownerCookie,
      body: { email: `late.${h.next()}@staff.example`, role_id: 'warehouse', send: false },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.reason).toBe('STEP_UP_REQUIRED')
    expect(refused.body.message).toBe('Confirm your second factor again to do this')
    await h.stepUp(owner, ownerCookie)
    const invited = await h.call('POST', '/invites', {
      cookie: ownerCookie,
      body: { email: `late.${h.next()}@staff.example`, role_id: 'warehouse' },
    })
    expect(invited.status, invited.text).toBe(201)
    expect(String(invited.body.url)).toContain('/admin/invite#')
    const audit = await latestAudit()
    expect(audit?.action).toBe('invite.create')
    expect(audit?.actorId).toBe(owner.id)
    expect(audit?.requestId).toBe(invited.headers.get('x-request-id'))
  })

  it('refuses an unsafe call with the staff cookie from another site (CSRF)', async () => {
    const refused = await h.call('POST', '/auth/sign-out', {
      cookie: ownerCookie,
      headers: { 'x-staff-request': '0', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.reason).toBe('CSRF_REJECTED')
    const sameSite = await h.call('GET', '/me', {
      cookie: ownerCookie,
      headers: { 'x-staff-request': '0', origin: SITE },
    })
    expect(sameSite.status).toBe(200)
  })

  it('locks the connection, not the person, after wrong codes', async () => {
    const member = await h.enrol('read_only', 'lockout')
    const ip = h.ip()
    let last = null as Awaited<ReturnType<StaffHarness['call']>> | null
    let token = ''
    for (let i = 0; i < STAFF_FAILURES_BEFORE_LOCK; i++) {
      // A sign-in takes five tries of its code, then ends.
      if (i % 5 === 0) {
        const started = await h.call('POST', '/auth/sign-in', { ip, body: { email: member.email } })
        token = String(started.body.sign_in_token)
      }
      last = await h.call('POST', '/auth/sign-in/code', { ip, body: { sign_in_token: token, code: '000000' } })
    }
    expect(last?.status).toBe(423)
    expect(last?.body.reason).toBe('LOCKED')
    expect((await h.call('POST', '/auth/sign-in', { ip, body: { email: member.email } })).status).toBe(423)
    // From another connection the same person signs in.
    await h.signIn(member)
  })

  it('sends a connection at most its hourly sign-in codes, and an address its own', async () => {
    const ip = h.ip()
    for (let i = 0; i < STAFF_CODES_PER_IP_PER_HOUR; i++) {
      const started = await h.call('POST', '/auth/sign-in', { ip, body: { email: `limit.${h.next()}@staff.example` } })
      expect(started.status, started.text).toBe(202)
    }
    const over = await h.call('POST', '/auth/sign-in', { ip, body: { email: `limit.${h.next()}@staff.example` } })
    expect(over.status).toBe(429)
    expect(over.body.reason).toBe('RATE_LIMITED')
    expect(over.body.message).toBe('ขอรหัสบ่อยเกินไป โปรดลองใหม่ภายหลัง')
    const email = `limit.${h.next()}@staff.example`
    for (let i = 0; i < STAFF_CODES_PER_EMAIL_PER_HOUR; i++) {
      expect((await h.call('POST', '/auth/sign-in', { ip: h.ip(), body: { email } })).status).toBe(202)
    }
    expect((await h.call('POST', '/auth/sign-in', { ip: h.ip(), body: { email } })).body.reason).toBe('RATE_LIMITED')
  })

  it('closes a sign-in after five wrong second factors, from whichever connections they come', async () => {
    const member = await h.enrol('read_only', 'guess')
    const started = await h.call('POST', '/auth/sign-in', { ip: h.ip(), body: { email: member.email } })
    const token = String(started.body.sign_in_token)
    const code = await h.codeFor(member.email, String(started.body.ref_code))
    expect(
      (await h.call('POST', '/auth/sign-in/code', { ip: h.ip(), body: { sign_in_token: token, code } })).status,
    ).toBe(200)
    const right = totpCode(member.secret, clock.now())
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < OTP_MAX_TRIES_PER_CODE; i++) {
      // Each guess from a connection of its own: no connection reaches its lock-out.
      const guess = await h.call('POST', '/auth/sign-in/totp', {
        ip: h.ip(),
        body: { sign_in_token: token, code: wrong },
      })
      expect(guess.body.reason).toBe('SECOND_FACTOR_INCORRECT')
    }
    const late = await h.call('POST', '/auth/sign-in/totp', { ip: h.ip(), body: { sign_in_token: token, code: right } })
    expect(late.status).toBe(400)
    expect(late.body.reason).toBe('VERIFY_FAILED')
    expect(late.headers.get('set-cookie') ?? '').not.toMatch(/staff=/)
    // A new sign-in with a new code works.
    await h.signIn(member)
  })

  it('ends a session after five wrong second factors in step-up', async () => {
    const member = await h.enrol('read_only', 'stolen')
    const cookie = await h.signIn(member)
    const right = totpCode(member.secret, clock.now())
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 1; i < STEP_UP_FAILURES_BEFORE_END; i++) {
      const guess = await h.call('POST', '/auth/step-up/totp', { cookie, ip: h.ip(), body: { code: wrong } })
      expect(guess.body.reason).toBe('SECOND_FACTOR_INCORRECT')
    }
    const last = await h.call('POST', '/auth/step-up/totp', { cookie, ip: h.ip(), body: { code: wrong } })
    expect(last.status).toBe(401)
    expect(last.body.reason).toBe('UNAUTHENTICATED')
    expect(last.body.message).toBe('Sign in first')
    expect((await h.call('GET', '/me', { cookie })).status).toBe(401)
    const audit = await latestAudit()
    expect(audit?.action).toBe('session.end_wrong_factors')
    expect(audit?.actorId).toBe(member.id)
  })

  it('refuses the last owner’s demotion and disabling; a disabled member is signed out', async () => {
    await h.stepUp(owner, ownerCookie)
    const demote = await h.call('PATCH', `/staff/${owner.id}`, { cookie: ownerCookie, body: { role_id: 'manager' } })
    expect(demote.status).toBe(409)
    expect(demote.body.reason).toBe('LAST_OWNER')
    const member = await h.enrol('warehouse', 'disable')
    const cookie = await h.signIn(member)
    await h.stepUp(owner, ownerCookie)
    const disabled = await h.call('PATCH', `/staff/${member.id}`, { cookie: ownerCookie, body: { disabled: true } })
    expect(disabled.status, disabled.text).toBe(200)
    expect((await h.call('GET', '/me', { cookie })).status).toBe(401)
    const audit = await latestAudit()
    expect(audit?.action).toBe('staff.update')
    expect((audit?.before as { disabled: boolean }).disabled).toBe(false)
    expect((audit?.after as { disabled: boolean }).disabled).toBe(true)
  })

  it('renews one’s own recovery codes after a step-up: the old ones end, a new one works once, audited', async () => {
    const member = await h.enrol('warehouse', 'renew')
    const cookie = await h.signIn(member)
    clock.advance(6 * MINUTE)
    const refused = await h.call('POST', '/me/recovery-codes', { cookie })
    expect(refused.status).toBe(403)
    expect(refused.body.reason).toBe('STEP_UP_REQUIRED')
    await h.stepUp(member, cookie)
    const renewed = await h.call('POST', '/me/recovery-codes', { cookie })
    expect(renewed.status, renewed.text).toBe(200)
    const codes = renewed.body.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(codes.filter((code) => member.recoveryCodes.includes(code))).toEqual([])
    expect(await latestAudit()).toMatchObject({
      action: 'recovery_codes.renew',
      entityType: 'staff',
      entityId: member.id,
      actorId: member.id,
    })
    const stepUpWith = (code: string) => h.call('POST', '/auth/step-up/recovery-code', { cookie, body: { code } })
    expect((await stepUpWith(member.recoveryCodes[1] ?? '')).body.reason).toBe('SECOND_FACTOR_INCORRECT')
    expect((await stepUpWith(codes[0] ?? '')).status).toBe(200)
    expect((await stepUpWith(codes[0] ?? '')).body.reason).toBe('SECOND_FACTOR_INCORRECT')
  })

  it('lists the open invitations and revokes one: its link stops working, and the revoke is audited', async () => {
    await h.stepUp(owner, ownerCookie)
    const email = `pending.${h.next()}@staff.example`
    const invited = await h.call('POST', '/invites', {
      cookie: ownerCookie,
      body: { email, role_id: 'warehouse', send: false },
    })
    expect(invited.status, invited.text).toBe(201)
    const invite = String(invited.body.token)
    const open = await h.call('GET', '/invites', { cookie: ownerCookie })
    expect(open.status, open.text).toBe(200)
    const listed = (open.body.items as Array<{ id: string; email: string; role_id: string; invited_by: string }>).find(
      (item) => item.email === email,
    )
    expect(listed).toMatchObject({ id: invited.body.id, role_id: 'warehouse', invited_by: owner.id })
    expect((await h.call('GET', '/invite', { invite })).status).toBe(200)

    const revoked = await h.call('DELETE', `/invites/${String(invited.body.id)}`, { cookie: ownerCookie })
    expect(revoked.status, revoked.text).toBe(204)
    expect((await h.call('GET', '/invite', { invite })).body.reason).toBe('INVITE_INVALID')
    const after = await h.call('GET', '/invites', { cookie: ownerCookie })
    expect((after.body.items as Array<{ email: string }>).map((item) => item.email)).not.toContain(email)
    const again = await h.call('DELETE', `/invites/${String(invited.body.id)}`, { cookie: ownerCookie })
    expect(again.status).toBe(404)
    const audit = await latestAudit()
    expect(audit).toMatchObject({ action: 'invite.revoke', entityId: invited.body.id, actorId: owner.id })
    expect((audit?.before as { email: string }).email).toBe(email)
  })
})

describe('API keys', () => {
  it('authenticate, hold their role’s permissions, expire and are revoked', async () => {
    await h.stepUp(owner, ownerCookie)
    const created = await h.call('POST', '/api-keys', {
      cookie: ownerCookie,
      body: { name: 'Warehouse scanner', role_id: 'read_only', days: 1 },
    })
    expect(created.status, created.text).toBe(201)
    const key = String(created.body.key)
    expect(key).toMatch(/^sk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/)
    const [row] = await database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, String(created.body.id)))
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(key.slice(-43))

    expect((await h.call('GET', '/roles', { bearer: key })).status).toBe(200)
    const denied = await h.call('GET', '/audit', { bearer: key })
    expect(denied.status).toBe(403)
    expect(denied.body.reason).toBe('PERMISSION_DENIED')
    // A key never manages staff or keys, whatever its role.
    await h.stepUp(owner, ownerCookie)
    const ownerKey = await h.call('POST', '/api-keys', {
      cookie: ownerCookie,
      body: { name: 'Owner key', role_id: 'owner' },
    })
    const keyManagesKeys = await h.call('GET', '/api-keys', { bearer: String(ownerKey.body.key) })
    expect(keyManagesKeys.body.reason).toBe('STAFF_ONLY')
    expect((await h.call('GET', '/audit', { bearer: String(ownerKey.body.key) })).status).toBe(200)
    const [used] = await database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, String(created.body.id)))
    expect(used?.lastUsedAt).not.toBeNull()

    await h.stepUp(owner, ownerCookie)
    const revoked = await h.call('DELETE', `/api-keys/${String(ownerKey.body.id)}`, { cookie: ownerCookie })
    expect(revoked.status).toBe(200)
    expect((await h.call('GET', '/audit', { bearer: String(ownerKey.body.key) })).status).toBe(401)
    expect((await latestAudit())?.action).toBe('api_key.revoke')

    clock.advance(24 * 60 * 60 + 1)
    expect((await h.call('GET', '/roles', { bearer: key })).status).toBe(401)
    ownerCookie = await h.signIn(owner)
  })
})

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE (the trigger)', async () => {
    const before = await latestAudit()
    expect(before).toBeDefined()
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await database.db.execute(statement).then(
        () => null,
        (caught: unknown) => caught,
      )
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
      return cause instanceof Error ? cause.message : String(cause)
    }
    expect(await refusal(sql`UPDATE audit_log SET action = 'x.y' WHERE id = ${before?.id}`)).toMatch(/append-only/)
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${before?.id}`)).toMatch(/append-only/)
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only/)
    expect((await latestAudit())?.action).toBe(before?.action)
  })

  it('filters by actor, action and time and pages by cursor', async () => {
    const first = await h.call('GET', `/audit?actor_id=${owner.id}&limit=2`, { cookie: ownerCookie })
    expect(first.status, first.text).toBe(200)
    const items = first.body.items as Array<{ id: number; actor_id: string }>
    expect(items).toHaveLength(2)
    expect(items.every((item) => item.actor_id === owner.id)).toBe(true)
    const second = await h.call('GET', `/audit?actor_id=${owner.id}&limit=2&cursor=${String(first.body.next_cursor)}`, {
      cookie: ownerCookie,
    })
    const next = second.body.items as Array<{ id: number }>
    expect(next[0]?.id).toBeLessThan(items[1]?.id ?? 0)
    const byAction = await h.call('GET', '/audit?action=api_key.create', { cookie: ownerCookie })
    expect((byAction.body.items as unknown[]).length).toBe(2)
    // `area.*` is every action of an area (`denied.*`: every refusal); a `%` or `_` in it is a letter, not a pattern.
    const byArea = await h.call('GET', '/audit?action=api_key.*', { cookie: ownerCookie })
    const areaActions = (byArea.body.items as Array<{ action: string }>).map((item) => item.action)
    expect(areaActions.length).toBeGreaterThan(2)
    expect(areaActions.every((action) => action.startsWith('api_key.'))).toBe(true)
    expect(new Set(areaActions)).toContain('api_key.revoke')
    const literal = await h.call('GET', '/audit?action=api%25.*', { cookie: ownerCookie })
    expect(literal.body.items).toEqual([])
    const future = await h.call('GET', `/audit?from=${encodeURIComponent(clock.plus(60))}`, { cookie: ownerCookie })
    expect(future.body.items).toEqual([])
    const bad = await h.call('GET', '/audit?from=yesterday&limit=0', { cookie: ownerCookie })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toMatchObject({ from: 'invalid', limit: 'invalid' })
  })

  it('exports CSV after a step-up, and the export is audited', async () => {
    clock.advance(6 * MINUTE)
    const refused = await h.call('GET', '/audit/export?action=api_key.create', { cookie: ownerCookie })
    expect(refused.body.reason).toBe('STEP_UP_REQUIRED')
    await h.stepUp(owner, ownerCookie)
    const csv = await h.call('GET', '/audit/export?action=api_key.create', { cookie: ownerCookie })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,at,actor_type,actor_id,actor_label,action,entity_type,entity_id,before,after,ip,request_id',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(',api_key.create,api_key,')
    expect(lines[1]).toContain('"{""id"":')
    const audit = await latestAudit()
    expect(audit?.action).toBe('audit.export')
    expect(audit?.after).toMatchObject({ action: 'api_key.create' })
  })
})

describe('the admin API', () => {
  it('serves its OpenAPI document with security schemes and per-operation permissions', async () => {
    const response = await api.request(`${ADMIN}/openapi.json`)
    const document = (await response.json()) as {
      components: { securitySchemes: Record<string, unknown> }
      paths: Record<string, Record<string, { 'x-permissions'?: string[]; description?: string }>>
    }
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(['staffSession', 'apiKey', 'inviteToken']),
    )
    const invite = document.paths['/api/admin/{storeKey}/invites']?.post
    expect(invite?.['x-permissions']).toEqual(['staff:manage'])
    expect(invite?.description).toContain('`staff:manage`')
  })

  it('answers an unknown store 404 and bad input 400, never 500', async () => {
    expect((await api.request('http://shop.test/api/admin/nope/me')).status).toBe(404)
    const malformed = await api.request(`${ADMIN}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    })
    expect(malformed.status).toBe(400)
    const thai = await h.call('POST', '/auth/sign-in', {
      body: { email: 'not an e-mail' },
      headers: { 'accept-language': 'th' },
    })
    expect(thai.status).toBe(400)
    expect(thai.body.message).toBe('ข้อมูลไม่ถูกต้อง')
  })
})
