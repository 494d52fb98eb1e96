import { OpenAPIHono } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionService } from '~/api/accounts/sessions.service'
import { appSecret, randomToken } from '~/api/accounts/crypto.server'
import {
  createQuickPassRoutes,
  QUICK_PASS_AUDIENCE,
  QUICK_PASS_ISSUER,
  QUICK_PASS_SECRET_NAME,
  QUICK_PASS_TTL_SECONDS,
  quickPassKey,
} from '~/api/accounts/quick-pass.server'
import { quickPassCheckSchema, quickPassSchema } from '~/contract/accounts'
import { apiErrorSchema } from '~/contract/errors'
import { members, type MemberRow } from '~/db/schema'
import { apiDocument } from './api-app'
import { freshDatabase } from './database'
import { checkedResponses } from './openapi-responses'

const BASE = 'http://shop.test/api/public/demo'

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: OpenAPIHono
let sessions: SessionService

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
  sessions = new SessionService({ db: database.db, now: () => new Date() })
  app = new OpenAPIHono().basePath('/api/public/:storeKey')
  app.route('/', createQuickPassRoutes({ db: database.db, sessions }))
  app = checkedResponses(app, apiDocument(database.db))
})

afterAll(async () => {
  await database?.close()
})

let sequence = 0

async function createMember(fullname = 'สมชาย ใจดี'): Promise<MemberRow> {
  const [row] = await database.db
    .insert(members)
    .values({ fullname, email: `quick.${++sequence}@example.com` })
    .returning()
  if (!row) throw new Error('member not created')
  return row
}

async function sessionOf(member: MemberRow): Promise<string> {
  const grant = await sessions.startSession(member, { ip: '127.0.0.1', locale: 'en' }, null)
  return grant.token
}

async function issue(sessionToken: string | null) {
  const response = await app.request(`${BASE}/me/quick-pass`, {
    headers: sessionToken ? { authorization: `Bearer ${sessionToken}` } : {},
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

async function passOf(member: MemberRow) {
  const reply = await issue(await sessionOf(member))
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return quickPassSchema.parse(reply.body)
}

async function verify(token: string) {
  const response = await app.request(`${BASE}/quick-pass/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return quickPassCheckSchema.parse(body)
}

async function realKey(): Promise<Uint8Array> {
  return quickPassKey(await appSecret(database.db, QUICK_PASS_SECRET_NAME))
}

/** A token like the API's, with some claims changed. */
function signed(
  memberId: string,
  key: Uint8Array,
  claims: { iat?: number; exp?: number; iss?: string; aud?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ name: 'Someone', tier: 'vvip' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(memberId)
    .setIssuer(claims.iss ?? QUICK_PASS_ISSUER)
    .setAudience(claims.aud ?? QUICK_PASS_AUDIENCE)
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + QUICK_PASS_TTL_SECONDS)
    .setJti(randomToken(16))
    .sign(key)
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('GET /me/quick-pass', () => {
  it('gives a member a short-lived HS256 token with name and tier', async () => {
    const member = await createMember()
    const before = Math.floor(Date.now() / 1000)
    const pass = await passOf(member)
    expect(pass.name).toBe('สมชาย ใจดี')
    expect(pass.tier).toBe('member')

    expect(decodeProtectedHeader(pass.token).alg).toBe('HS256')
    const claims = decodeJwt(pass.token)
    expect(claims.sub).toBe(member.id)
    expect(claims.name).toBe('สมชาย ใจดี')
    expect(claims.tier).toBe('member')
    expect(claims.iss).toBe('storefront')
    expect(claims.aud).toBe('store-device')
    expect(typeof claims.jti).toBe('string')
    expect(claims.iat).toBeGreaterThanOrEqual(before)
    expect(claims.exp).toBe((claims.iat ?? 0) + QUICK_PASS_TTL_SECONDS)
    expect(pass.expires_at).toBe(new Date((claims.exp ?? 0) * 1000).toISOString())
  })

  it('gives a new token each time', async () => {
    const member = await createMember()
    const session = await sessionOf(member)
    const first = quickPassSchema.parse((await issue(session)).body)
    const second = quickPassSchema.parse((await issue(session)).body)
    expect(second.token).not.toBe(first.token)
  })

  it('refuses a guest and an unknown session with 401', async () => {
    const guest = await issue(null)
    expect(guest.status).toBe(401)
    expect(apiErrorSchema.parse(guest.body).reason).toBe('UNAUTHENTICATED')
    expect((await issue(randomToken(32))).status).toBe(401)
  })
})

describe('POST /quick-pass/verify', () => {
  it('accepts a fresh token and reports the member’s current name and tier', async () => {
    const member = await createMember('Anong Srisuk')
    const pass = await passOf(member)
    expect(await verify(pass.token)).toEqual({
      valid: true,
      member_id: member.id,
      name: 'Anong Srisuk',
      tier: 'member',
      expires_at: pass.expires_at,
    })

    await database.db
      .update(members)
      .set({ tier: 'vip', fullname: 'Anong Srisuk-Chai' })
      .where(eq(members.id, member.id))
    expect(await verify(pass.token)).toMatchObject({ valid: true, name: 'Anong Srisuk-Chai', tier: 'vip' })
  })

  it('refuses a tampered token', async () => {
    const member = await createMember()
    const pass = await passOf(member)
    const [header, payload, signature] = pass.token.split('.')
    const claims = decodeJwt(pass.token)
    const forged = `${header}.${base64url({ ...claims, tier: 'vvip' })}.${signature}`
    expect(await verify(forged)).toEqual({ valid: false, reason: 'invalid' })
    // A changed signature, and a token that is not a JWT at all.
    const flipped = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`
    expect(await verify(flipped)).toEqual({ valid: false, reason: 'invalid' })
    expect(await verify('not-a-token')).toEqual({ valid: false, reason: 'invalid' })
  })

  it('refuses a token signed with another key', async () => {
    const member = await createMember()
    const token = await signed(member.id, quickPassKey(randomToken(32)))
    expect(await verify(token)).toEqual({ valid: false, reason: 'invalid' })
  })

  it('reports a genuine token past its time as expired', async () => {
    const member = await createMember()
    const now = Math.floor(Date.now() / 1000)
    const token = await signed(member.id, await realKey(), { iat: now - 600, exp: now - 300 })
    expect(await verify(token)).toEqual({ valid: false, reason: 'expired' })
  })

  it('refuses a genuine token for another issuer or audience', async () => {
    const member = await createMember()
    const key = await realKey()
    expect(await verify(await signed(member.id, key, { iss: 'someone-else' }))).toEqual({
      valid: false,
      reason: 'invalid',
    })
    expect(await verify(await signed(member.id, key, { aud: 'storefront' }))).toEqual({
      valid: false,
      reason: 'invalid',
    })
    // The signature is right, the subject is not a member id.
    expect(await verify(await signed('not-a-uuid', key))).toEqual({ valid: false, reason: 'invalid' })
  })

  it('refuses an unsigned token (alg none) and any algorithm but HS256', async () => {
    const member = await createMember()
    const pass = await passOf(member)
    const claims = decodeJwt(pass.token)
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
    expect(await verify(unsigned)).toEqual({ valid: false, reason: 'invalid' })
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(await realKey())
    expect(await verify(hs512)).toEqual({ valid: false, reason: 'invalid' })
  })

  it('refuses a token of a member who no longer exists', async () => {
    const member = await createMember()
    const pass = await passOf(member)
    await database.db.delete(members).where(eq(members.id, member.id))
    expect(await verify(pass.token)).toEqual({ valid: false, reason: 'invalid' })
  })

  it('answers 400 without a token', async () => {
    const response = await app.request(`${BASE}/quick-pass/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    })
    expect(response.status).toBe(400)
    expect(apiErrorSchema.parse(await response.json()).fields).toEqual({ token: 'required' })
  })
})
