import { and, desc, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { systemActor } from '~/api/admin/actor'
import type { Database } from '~/db/client.server'
import { outboxMessages } from '~/db/schema'
import { STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import { createApiApp, type ApiApp } from '../api-app'
import { freshDatabase } from '../database'
import type { Clock } from './clock'

/** The demo store's admin API, where the staff suites call it. */
export const ADMIN = 'http://shop.test/api/admin/demo'
/** The shop's origin in the tests (the passkeys' relying party). */
export const SITE = 'http://localhost:3000'

export type StaffReply = { status: number; body: Record<string, unknown>; headers: Headers; text: string }

export type StaffCall = {
  /** JSON, or bytes sent as they are (a picture: give its content-type in `headers`). */
  body?: unknown
  cookie?: string | null
  bearer?: string
  invite?: string
  ip?: string
  headers?: Record<string, string>
}

export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() })
}

/** The staff session's cookie of a sign-in's answer (`staff=…`), for the next calls. */
export function sessionCookieOf(reply: StaffReply): string {
  const header = reply.headers.get('set-cookie') ?? ''
  const match = /(?:^|\s)(staff=[^;]+)/.exec(header)
  if (!match?.[1]) throw new Error(`no staff cookie in ${header}`)
  return match[1]
}

/** A staff member as the suites make them: invited, enrolled with a TOTP app, and their recovery codes. */
export type Enrolled = { id: string; email: string; secret: string; recoveryCodes: string[] }

/**
 * What the staff suites share: calls to the admin API as the back office makes them (the staff cookie, the
 * X-Staff-Request header, a connection's IP), codes read from the demo outbox, and staff made by invitation.
 */
export class StaffHarness {
  private sequence = 0

  constructor(
    readonly api: ApiApp,
    readonly db: Database['db'],
    readonly clock: Clock,
  ) {}

  next(): number {
    return ++this.sequence
  }

  ip(): string {
    const n = this.next()
    return `10.31.${(n >> 8) & 255}.${n & 255}`
  }

  async call(method: string, path: string, init: StaffCall = {}): Promise<StaffReply> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-forwarded-for': init.ip ?? '10.31.0.1',
      'x-staff-request': '1',
      ...init.headers,
    }
    if (init.cookie) headers.cookie = init.cookie
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`
    if (init.invite) headers['x-invite-token'] = init.invite
    const response = await this.api.request(`${ADMIN}${path}`, {
      method,
      headers,
      body:
        init.body === undefined
          ? undefined
          : init.body instanceof Uint8Array
            ? new Uint8Array(init.body)
            : JSON.stringify(init.body),
    })
    const text = await response.text()
    let body: Record<string, unknown> = {}
    if (text && (response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text) as typeof body
    return { status: response.status, body, headers: response.headers, text }
  }

  /** The latest sign-in code e-mailed to this address with this reference. */
  async codeFor(email: string, refCode: string): Promise<string> {
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email)))
      .orderBy(desc(outboxMessages.createdAt))
    const message = rows.find((row) => row.body.includes(refCode))
    if (!message) throw new Error(`no message with ref ${refCode} for ${email}`)
    const code = /(?<!\d)\d{6}(?!\d)/.exec(message.body)?.[0]
    if (!code) throw new Error('no code in the message')
    return code
  }

  /** An invitation as the command line makes it (the shop itself, audited as `system`). */
  async inviteToken(email: string, roleId: string): Promise<string> {
    const invited = await this.api.admin.services.staff.invite(
      { email, roleId, send: false },
      { actor: systemActor('test', STAFF_PERMISSIONS), ip: null, requestId: null },
    )
    return invited.token
  }

  /** Invited, accepted and enrolled with a TOTP app through the API. */
  async enrol(roleId: string, tag = roleId): Promise<Enrolled> {
    const email = `${tag}.${this.next()}@staff.example`
    const invite = await this.inviteToken(email, roleId)
    const ip = this.ip()
    expect(
      (await this.call('POST', '/invite/accept', { invite, ip, body: { name: `Staff ${tag}`, language: 'en' } }))
        .status,
    ).toBe(200)
    const started = await this.call('POST', '/invite/totp', { invite, ip })
    expect(started.status, started.text).toBe(200)
    const secret = String(started.body.secret)
    const confirmed = await this.call('POST', '/invite/totp/confirm', {
      invite,
      ip,
      body: { code: totpCode(secret, this.clock.now()) },
    })
    expect(confirmed.status, confirmed.text).toBe(201)
    const staff = confirmed.body.staff as { id: string }
    // The step of the enrolment's code is spent: the next code is of the next step.
    this.clock.advance(30)
    return { id: staff.id, email, secret, recoveryCodes: confirmed.body.recovery_codes as string[] }
  }

  /** Signs in with the e-mail code and a TOTP code; the session's cookie. */
  async signIn(member: Enrolled, ip = this.ip()): Promise<string> {
    const started = await this.call('POST', '/auth/sign-in', { ip, body: { email: member.email, lang: 'en' } })
    expect(started.status, started.text).toBe(202)
    const code = await this.codeFor(member.email, String(started.body.ref_code))
    const token = String(started.body.sign_in_token)
    const factors = await this.call('POST', '/auth/sign-in/code', { ip, body: { sign_in_token: token, code } })
    expect(factors.status, factors.text).toBe(200)
    const totp = await this.call('POST', '/auth/sign-in/totp', {
      ip,
      body: { sign_in_token: token, code: totpCode(member.secret, this.clock.now()) },
    })
    expect(totp.status, totp.text).toBe(200)
    this.clock.advance(30)
    return sessionCookieOf(totp)
  }

  /** The second factor given again (step-up) with the next TOTP code. */
  async stepUp(member: Enrolled, cookie: string): Promise<void> {
    const reply = await this.call('POST', '/auth/step-up/totp', {
      cookie,
      body: { code: totpCode(member.secret, this.clock.now()) },
    })
    expect(reply.status, reply.text).toBe(200)
    this.clock.advance(30)
  }
}

/** A staff suite's shop: a fresh empty database, the API (the admin API's clock the suite's) and the harness. */
export async function staffSuite(clock: Clock) {
  const database = await freshDatabase({ seed: false })
  const api = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE },
    accounts: { now: clock.now },
    admin: { now: clock.now },
    // LINE's webhook secret, so that staff can ask for a code to link LINE for their alerts (issue 31 item 10).
    staffAlerts: { channelSecret: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
  })
  return { database, api, h: new StaffHarness(api, database.db, clock) }
}

export type StaffSuite = Awaited<ReturnType<typeof staffSuite>>
