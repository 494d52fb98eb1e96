import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { createApiApp, type ApiApp } from './api-app'
import { lineGrantSchema, lineStartSchema, memberSchema, sessionGrantSchema } from '~/contract/accounts'
import { apiErrorSchema } from '~/contract/errors'
import { createLineLogin } from '~/api/providers/line-login.server'
import { members, oauthStates, sessions } from '~/db/schema'
import { freshDatabase } from './database'

const BASE = 'http://shop.test/api/public/demo'
const CHANNEL_ID = '2001234567'
const CHANNEL_SECRET = '0a1b2c3d4e5f60718293a4b5c6d7e8f9'
const LINE_ISSUER = 'https://access.line.me'
const REDIRECT_URI = 'https://shop.test/th/auth/line/callback'

type LineUser = { sub: string; name?: string; email?: string }
type PendingCode = { nonce: string; codeChallenge: string; redirectUri: string; scope: string; user: LineUser }

function lineUser(name: string, email?: string): LineUser {
  return { sub: `U${randomBytes(16).toString('hex')}`, name, ...(email ? { email } : {}) }
}

/** A loopback LINE Login v2.1: consent screen that approves at once, and the token endpoint with PKCE S256. */
class FakeLine {
  readonly codes = new Map<string, PendingCode>()
  readonly hits: string[] = []
  /** Who consents at the next authorisation. */
  user: LineUser = lineUser('Somchai Jaidee')
  /** When set, the ID token carries this nonce instead of the one of the authorisation request. */
  nonceOverride: string | null = null
  baseUrl = ''
  private server: Server | undefined

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error))
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    const { port } = this.server.address() as AddressInfo
    this.baseUrl = `http://127.0.0.1:${port}`
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl)
    this.hits.push(`${req.method} ${url.pathname}`)
    if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/authorize') return this.authorize(url, res)
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') return this.token(req, res)
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/verify') return this.verify(req, res)
    json(res, 404, { error: 'not_found' })
  }

  private authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams
    const redirectUri = q.get('redirect_uri')
    const state = q.get('state')
    const nonce = q.get('nonce')
    const codeChallenge = q.get('code_challenge')
    if (q.get('client_id') !== CHANNEL_ID || !redirectUri || !state) return json(res, 400, { error: 'invalid_request' })
    const back = new URL(redirectUri)
    back.searchParams.set('state', state)
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !codeChallenge || !nonce) {
      back.searchParams.set('error', 'invalid_request')
    } else {
      const code = randomBytes(15).toString('base64url')
      this.codes.set(code, { nonce, codeChallenge, redirectUri, scope: q.get('scope') ?? '', user: this.user })
      back.searchParams.set('code', code)
    }
    res.writeHead(302, { location: back.href }).end()
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req))
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' })
    if (form.get('client_id') !== CHANNEL_ID || form.get('client_secret') !== CHANNEL_SECRET) {
      return json(res, 401, { error: 'invalid_client' })
    }
    const code = form.get('code') ?? ''
    const pending = this.codes.get(code)
    this.codes.delete(code)
    if (!pending || form.get('redirect_uri') !== pending.redirectUri) return json(res, 400, { error: 'invalid_grant' })
    const verifier = form.get('code_verifier') ?? ''
    if (createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'invalid code_verifier' })
    }
    const now = Math.floor(Date.now() / 1000)
    const scopes = pending.scope.split(' ')
    const { email, ...profile } = pending.user
    const idToken = await new SignJWT({
      iss: LINE_ISSUER,
      aud: CHANNEL_ID,
      exp: now + 3600,
      iat: now,
      nonce: this.nonceOverride ?? pending.nonce,
      amr: ['linesso'],
      ...profile,
      ...(email && scopes.includes('email') ? { email } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(CHANNEL_SECRET))
    json(res, 200, {
      access_token: randomBytes(32).toString('base64url'),
      token_type: 'Bearer',
      refresh_token: randomBytes(16).toString('base64url'),
      expires_in: 2_592_000,
      scope: pending.scope,
      id_token: idToken,
    })
  }

  /** When set, the verify endpoint answers with this status (LINE down: 500). */
  verifyStatus: number | null = null
  /** When set, the verify endpoint's payload says this audience whatever the token says (a response to distrust). */
  verifyAudience: string | null = null

  /**
   * LINE's verify endpoint (POST /oauth2/v2.1/verify, form id_token and client_id): checks signature, audience and
   * expiry, answers the payload or 400 with LINE's words.
   */
  private async verify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.verifyStatus) return json(res, this.verifyStatus, { error: 'server_error' })
    const form = new URLSearchParams(await readBody(req))
    const idToken = form.get('id_token') ?? ''
    const clientId = form.get('client_id') ?? ''
    let payload: Record<string, unknown>
    try {
      payload = (
        await jwtVerify(idToken, new TextEncoder().encode(CHANNEL_SECRET), {
          issuer: LINE_ISSUER,
          currentDate: new Date(),
        })
      ).payload
    } catch (error) {
      const expired = error instanceof Error && error.name === 'JWTExpired'
      return json(res, 400, {
        error: 'invalid_request',
        error_description: expired ? 'IdToken expired.' : 'Invalid IdToken.',
      })
    }
    if (payload.aud !== clientId) {
      return json(res, 400, { error: 'invalid_request', error_description: 'Invalid IdToken Audience.' })
    }
    json(res, 200, this.verifyAudience ? { ...payload, aud: this.verifyAudience } : payload)
  }
}

/** The ID token LIFF gives the browser inside LINE (`liff.getIDToken()`), signed as LINE signs it. */
async function liffIdToken(user: LineUser, options: { audience?: string; expiresIn?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({
    iss: LINE_ISSUER,
    aud: options.audience ?? CHANNEL_ID,
    exp: now + (options.expiresIn ?? 3600),
    iat: now - 60,
    amr: ['linesso'],
    ...user,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(CHANNEL_SECRET))
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

const fake = new FakeLine()
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let clockOffset = 0

type Reply = { status: number; body: unknown }
type LineGrant = z.infer<typeof lineGrantSchema>

async function call(target: ApiApp, path: string, body?: unknown, token?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' }
  if (token) headers.authorization = `Bearer ${token}`
  const response = await target.request(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
}

function expectError(reply: Reply, status: number, reason: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status)
  const error = apiErrorSchema.parse(reply.body)
  expect(error.reason).toBe(reason)
  return error
}

async function start(redirectPath = '/th/account', target = app): Promise<URL> {
  const reply = await call(target, '/auth/line/start', { redirect_uri: REDIRECT_URI, redirect_path: redirectPath })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return new URL(lineStartSchema.parse(reply.body).authorization_url)
}

/** Plays the browser at LINE's consent screen: follows the authorisation URL and reads code and state back. */
async function consent(url: URL): Promise<{ code: string; state: string }> {
  const response = await fetch(url, { redirect: 'manual' })
  expect(response.status).toBe(302)
  const back = new URL(response.headers.get('location') ?? '')
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI)
  expect(back.searchParams.get('error')).toBeNull()
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }
}

function callback(returned: { code: string; state: string }, extra: Record<string, unknown> = {}, target = app) {
  return call(target, '/auth/line/callback', { ...returned, redirect_uri: REDIRECT_URI, ...extra })
}

/** A whole LINE Login round trip as `user`. */
async function lineLogin(user: LineUser, redirectPath?: string): Promise<LineGrant> {
  fake.user = user
  const reply = await callback(await consent(await start(redirectPath)))
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return lineGrantSchema.parse(reply.body)
}

beforeAll(async () => {
  await fake.start()
  database = await freshDatabase({ seed: false })
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    accounts: {
      lineLogin: createLineLogin({
        channelId: CHANNEL_ID,
        channelSecret: CHANNEL_SECRET,
        authBaseUrl: fake.baseUrl,
        apiBaseUrl: fake.baseUrl,
        timeoutMs: 2_000,
      }),
      now: () => new Date(Date.now() + clockOffset * 1000),
    },
  })
})

afterAll(async () => {
  await database?.close()
  await fake.stop()
})

afterEach(() => {
  fake.nonceOverride = null
  fake.verifyStatus = null
  fake.verifyAudience = null
  fake.hits.length = 0
  clockOffset = 0
  vi.restoreAllMocks()
})

describe('LINE Login through the product API', () => {
  it('starts with an authorisation URL carrying state, nonce and a PKCE S256 challenge kept server-side', async () => {
    const url = await start('/en/account/orders')
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/oauth2/v2.1/authorize`)
    const params = url.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('client_id')).toBe(CHANNEL_ID)
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI)
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']))
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('ui_locales')).toBe('th-TH')
    const state = params.get('state') ?? ''
    const nonce = params.get('nonce') ?? ''
    const challenge = params.get('code_challenge') ?? ''
    expect(state).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(nonce).not.toBe(state)
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // The state is stored only as its hash; the verifier stays on the server and matches the challenge.
    const [flow] = await database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, sha256(state)))
    expect(flow).toBeDefined()
    expect(flow?.nonce).toBe(nonce)
    expect(flow?.redirectPath).toBe('/en/account/orders')
    expect(
      createHash('sha256')
        .update(flow?.codeVerifier ?? '')
        .digest('base64url'),
    ).toBe(challenge)
    expect(url.href).not.toContain(flow?.codeVerifier ?? 'no verifier')
    expect(await database.db.select().from(oauthStates).where(eq(oauthStates.stateHash, state))).toEqual([])

    const english = await call(app, '/auth/line/start', {
      redirect_uri: REDIRECT_URI,
      redirect_path: '/en',
      lang: 'en',
    })
    expect(new URL(lineStartSchema.parse(english.body).authorization_url).searchParams.get('ui_locales')).toBe('en-US')
  })

  it('registers a new member at the first login and logs the same member in afterwards', async () => {
    const user = lineUser('  Malee Suksan ')
    const first = await lineLogin(user, '/th/account/orders')
    expect(first.registered).toBe(true)
    expect(first.redirect_path).toBe('/th/account/orders')
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(first.member).toMatchObject({ fullname: 'Malee Suksan', email: null, telephone: null, line_linked: true })
    expect(fake.hits).toEqual(['GET /oauth2/v2.1/authorize', 'POST /oauth2/v2.1/token'])

    const [row] = await database.db.select().from(members).where(eq(members.id, first.member.id))
    expect(row?.lineUserId).toBe(user.sub)
    const stored = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(first.token)))
    expect(stored).toHaveLength(1)

    const me = await call(app, '/me', undefined, first.token)
    expect(me.status).toBe(200)
    expect(memberSchema.parse(me.body).id).toBe(first.member.id)

    const second = await lineLogin(user)
    expect(second.registered).toBe(false)
    expect(second.member.id).toBe(first.member.id)
    expect(second.token).not.toBe(first.token)
    expect(await database.db.select().from(members).where(eq(members.lineUserId, user.sub))).toHaveLength(1)
  })

  it('ends the previous session of the browser when given', async () => {
    const user = lineUser('Rotating User')
    const first = await lineLogin(user)
    fake.user = user
    const reply = await callback(await consent(await start()), { previous_session: first.token })
    expect(reply.status).toBe(200)
    const second = lineGrantSchema.parse(reply.body)
    expect((await call(app, '/me', undefined, first.token)).status).toBe(401)
    expect((await call(app, '/me', undefined, second.token)).status).toBe(200)
  })

  it('links a LINE account to the member with the same e-mail', async () => {
    const [existing] = await database.db
      .insert(members)
      .values({
        fullname: 'Pim Existing',
        email: 'pim.existing@example.com',
        emailVerifiedAt: new Date(),
        telephone: '+66891112233',
        telephoneVerifiedAt: new Date(),
      })
      .returning()
    if (!existing) throw new Error('member not created')
    const user = lineUser('Pim on LINE', 'Pim.Existing@Example.com')
    const grant = await lineLogin(user)
    expect(grant.registered).toBe(false)
    expect(grant.member).toMatchObject({
      id: existing.id,
      fullname: 'Pim Existing',
      email: 'pim.existing@example.com',
      telephone: '+66891112233',
      line_linked: true,
    })
    const [row] = await database.db.select().from(members).where(eq(members.id, existing.id))
    expect(row?.lineUserId).toBe(user.sub)
    expect((await lineLogin(user)).member.id).toBe(existing.id)
  })

  it('links no LINE account by an e-mail its member never confirmed with a code (issue 29: pre-hijack)', async () => {
    // Someone registered with another person's e-mail and their own phone: only the phone was confirmed.
    const [claim] = await database.db
      .insert(members)
      .values({
        fullname: 'Claimer',
        email: 'claimed.owner@example.com',
        telephone: '+66891119988',
        telephoneVerifiedAt: new Date(),
      })
      .returning()
    if (!claim) throw new Error('member not created')
    const owner = lineUser('Real Owner', 'Claimed.Owner@Example.com')
    const grant = await lineLogin(owner)
    expect(grant.registered).toBe(true)
    expect(grant.member.id).not.toBe(claim.id)
    const [row] = await database.db.select().from(members).where(eq(members.id, claim.id))
    expect(row?.lineUserId).toBeNull()
    // LINE confirmed the address to its account holder: the new member has it, and the claim is dropped.
    expect(grant.member).toMatchObject({ email: 'claimed.owner@example.com', email_verified: true })
    expect(row?.email).toBeNull()
  })

  it('does not take over a member whose e-mail is already linked to another LINE account', async () => {
    const owner = lineUser('Owner', 'shared.mail@example.com')
    const ownerGrant = await lineLogin(owner)
    expect(ownerGrant.member.email).toBe('shared.mail@example.com')
    const other = await lineLogin(lineUser('Other', 'shared.mail@example.com'))
    expect(other.registered).toBe(true)
    expect(other.member.id).not.toBe(ownerGrant.member.id)
    expect(other.member.email).toBeNull()
  })

  it('refuses a state used twice, and the token endpoint is not asked again', async () => {
    const returned = await consent(await start())
    expect((await callback(returned)).status).toBe(200)
    fake.hits.length = 0
    const error = expectError(await callback(returned), 400, 'LINE_FAILED')
    expect(error.code).toBe(400)
    expect(fake.hits).toEqual([])
    expectError(await callback({ code: returned.code, state: 'x'.repeat(32) }), 400, 'LINE_FAILED')
  })

  it('refuses an ID token whose nonce is not the one of this login', async () => {
    const user = lineUser('Nonce Victim')
    fake.user = user
    fake.nonceOverride = 'a-nonce-from-another-login-0123456789'
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expectError(await callback(await consent(await start())), 400, 'LINE_FAILED')
    expect(fake.hits).toContain('POST /oauth2/v2.1/token')
    expect(log).toHaveBeenCalledWith('LINE Login failed:', 'ID token invalid nonce')
    expect(await database.db.select().from(members).where(eq(members.lineUserId, user.sub))).toEqual([])
  })

  it('refuses a code from another login (PKCE verifier mismatch) and a state used after ten minutes', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const a = await consent(await start())
    const b = await consent(await start())
    expectError(await callback({ state: b.state, code: a.code }), 400, 'LINE_FAILED')
    expect(log).toHaveBeenCalledWith('LINE Login failed:', 'LINE token exchange failed: 400 invalid_grant')
    // The state of that login is spent; its own code does not help any more.
    expectError(await callback(b), 400, 'LINE_FAILED')
    expect(fake.hits.filter((hit) => hit === 'POST /oauth2/v2.1/token')).toHaveLength(1)

    const late = await consent(await start())
    clockOffset = 10 * 60 + 1
    expectError(await callback(late), 400, 'LINE_FAILED')
    expect(fake.hits.filter((hit) => hit === 'POST /oauth2/v2.1/token')).toHaveLength(1)
  })

  it('answers 503 LINE_UNAVAILABLE when no LINE channel is configured', async () => {
    const plain = createApiApp({ db: database.db, storeKeys: ['demo'] })
    const started = await call(plain, '/auth/line/start', { redirect_uri: REDIRECT_URI, redirect_path: '/th' })
    expectError(started, 503, 'LINE_UNAVAILABLE')
    const returned = { state: 's'.repeat(32), code: 'abc' }
    expectError(await callback(returned, {}, plain), 503, 'LINE_UNAVAILABLE')
  })

  it('validates the start and callback bodies', async () => {
    expectError(
      await call(app, '/auth/line/start', { redirect_uri: 'not a url', redirect_path: '/th' }),
      400,
      'INVALID_INPUT',
    )
    expectError(
      await call(app, '/auth/line/start', { redirect_uri: REDIRECT_URI, redirect_path: 'https://evil.test/' }),
      400,
      'INVALID_INPUT',
    )
    expectError(await call(app, '/auth/line/callback', { state: 'short', code: 'c' }), 400, 'INVALID_INPUT')
  })
})

describe('LIFF login inside LINE (§4)', () => {
  const liffLogin = (idToken: string, extra: Record<string, unknown> = {}, target = app) =>
    call(target, '/auth/line/liff', { id_token: idToken, ...extra })

  it('logs in with an ID token LINE verifies: a new member first, the same member afterwards', async () => {
    const user = lineUser('Nok in LINE', 'nok.liff@example.com')
    const first = await liffLogin(await liffIdToken(user))
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const grant = sessionGrantSchema.parse(first.body)
    expect(grant.registered).toBe(true)
    expect(grant.member).toMatchObject({ fullname: 'Nok in LINE', email: 'nok.liff@example.com', line_linked: true })
    expect(fake.hits).toContain('POST /oauth2/v2.1/verify')
    const me = await call(app, '/me', undefined, grant.token)
    expect(me.status).toBe(200)
    expect(memberSchema.parse(me.body).id).toBe(grant.member.id)

    const again = sessionGrantSchema.parse((await liffLogin(await liffIdToken(user))).body)
    expect(again.registered).toBe(false)
    expect(again.member.id).toBe(grant.member.id)
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(again.token)))
    expect(session?.memberId).toBe(grant.member.id)
  })

  it('refuses a member blocked by staff (issue 33): 403 ACCOUNT_BLOCKED, "contact us", and no session', async () => {
    const user = lineUser('Blocked in LINE', 'blocked.liff@example.com')
    const grant = sessionGrantSchema.parse((await liffLogin(await liffIdToken(user))).body)
    await database.db.update(members).set({ blockedAt: new Date() }).where(eq(members.id, grant.member.id))
    expect((await call(app, '/me', undefined, grant.token)).status).toBe(401)
    const refused = await liffLogin(await liffIdToken(user))
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ reason: 'ACCOUNT_BLOCKED' })
    expect(String((refused.body as { message?: unknown }).message)).toMatch(/contact us/)
    const live = await database.db.select().from(sessions).where(eq(sessions.memberId, grant.member.id))
    expect(live).toHaveLength(1)
    await database.db.update(members).set({ blockedAt: null }).where(eq(members.id, grant.member.id))
    expect((await liffLogin(await liffIdToken(user))).status).toBe(200)
  })

  it('is the same member as LINE Login of the same LINE account', async () => {
    const user = lineUser('Both Ways')
    const web = await lineLogin(user)
    const inside = sessionGrantSchema.parse((await liffLogin(await liffIdToken(user))).body)
    expect(inside.member.id).toBe(web.member.id)
    expect(inside.registered).toBe(false)
  })

  it('ends the previous session of the browser when given', async () => {
    const user = lineUser('Rotating LIFF')
    const first = sessionGrantSchema.parse((await liffLogin(await liffIdToken(user))).body)
    const reply = await liffLogin(await liffIdToken(user), { previous_session: first.token })
    const second = sessionGrantSchema.parse(reply.body)
    expect((await call(app, '/me', undefined, first.token)).status).toBe(401)
    expect((await call(app, '/me', undefined, second.token)).status).toBe(200)
  })

  it('refuses a token of another channel, an expired one and a forged one, and stores nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = lineUser('Refused User')
    expectError(await liffLogin(await liffIdToken(user, { audience: '1999999999' })), 400, 'INVALID_ID_TOKEN')
    expect(log).toHaveBeenCalledWith('LIFF login failed:', 'ID token invalid aud')
    expectError(await liffLogin(await liffIdToken(user, { expiresIn: -120 })), 400, 'INVALID_ID_TOKEN')
    expect(log).toHaveBeenCalledWith('LIFF login failed:', 'ID token invalid exp')
    const forged = await new SignJWT({ iss: LINE_ISSUER, aud: CHANNEL_ID, sub: user.sub })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-channel-secret-0123456789'))
    expectError(await liffLogin(forged), 400, 'INVALID_ID_TOKEN')
    expect(await database.db.select().from(members).where(eq(members.lineUserId, user.sub))).toEqual([])
  })

  it('does not trust an answer of the verify endpoint for another audience', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fake.verifyAudience = '1999999999'
    const user = lineUser('Confused Deputy')
    expectError(await liffLogin(await liffIdToken(user)), 400, 'INVALID_ID_TOKEN')
    expect(await database.db.select().from(members).where(eq(members.lineUserId, user.sub))).toEqual([])
  })

  it('refuses what is not a JWT without asking LINE', async () => {
    for (const token of ['', 'not-a-token', 'a.b', `${'x'.repeat(9000)}.y.z`, '<script>.a.b']) {
      expectError(await liffLogin(token), 400, 'INVALID_INPUT')
    }
    expectError(await call(app, '/auth/line/liff', { id_token: 42 }), 400, 'INVALID_INPUT')
    expect(fake.hits).toEqual([])
  })

  it('answers 503 when LINE cannot be reached or no channel is configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fake.verifyStatus = 500
    const token = await liffIdToken(lineUser('Outage'))
    expectError(await liffLogin(token), 503, 'LINE_UNAVAILABLE')
    const plain = createApiApp({ db: database.db, storeKeys: ['demo'] })
    expectError(await liffLogin(token, {}, plain), 503, 'LINE_UNAVAILABLE')
  })

  it('makes one member of two logins of a new LINE account at once', async () => {
    const user = lineUser('Two Tabs')
    const [a, b] = await Promise.all([liffLogin(await liffIdToken(user)), liffLogin(await liffIdToken(user))])
    expect([a.status, b.status]).toEqual([200, 200])
    const ids = [sessionGrantSchema.parse(a.body).member.id, sessionGrantSchema.parse(b.body).member.id]
    expect(ids[0]).toBe(ids[1])
    expect(await database.db.select().from(members).where(eq(members.lineUserId, user.sub))).toHaveLength(1)
  })
})
