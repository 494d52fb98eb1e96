import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createLineLogin,
  createPkcePair,
  LineLoginError,
  randomToken,
  type LineLoginConfig,
} from '~/api/providers/line-login.server'

const CHANNEL_ID = '1234567890'
const CHANNEL_SECRET = 'f1e2d3c4b5a697887766554433221100'
const LINE_ISSUER = 'https://access.line.me'
const REDIRECT_URI = 'https://shop.test/auth/line/callback'
const USER = {
  sub: `U${'0123456789abcdef'.repeat(2)}`,
  name: 'Somchai Jaidee',
  picture: 'https://profile.line-scdn.net/0h-example',
  email: 'somchai@example.co.th',
}

type PendingCode = { nonce: string; codeChallenge: string; clientId: string; redirectUri: string; scope: string }

/** A loopback stand-in for access.line.me + api.line.me, implementing only what LINE Login v2.1 documents. */
class FakeLine {
  readonly codes = new Map<string, PendingCode>()
  readonly hits: string[] = []
  signing: 'HS256' | 'ES256' = 'HS256'
  /** When set, the token endpoint answers this status with an empty body (simulated outage). */
  failStatus: number | null = null
  /** When true, the token endpoint never answers (simulated hang). */
  hang = false
  readonly kid = 'line-es256-key-1'
  private server: Server | undefined
  private esPrivateKey: CryptoKey | undefined
  private jwks: { keys: Record<string, unknown>[] } = { keys: [] }
  baseUrl = ''

  async start(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair('ES256')
    this.esPrivateKey = privateKey
    this.jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: this.kid, alg: 'ES256', use: 'sig' }] }
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

  /** Signs the way LINE does: HS256 with the channel secret (web login) or ES256 with a published key (SDK/LIFF). */
  async signIdToken(claims: JWTPayload, alg: 'HS256' | 'ES256' = this.signing): Promise<string> {
    const jwt = new SignJWT(claims)
    if (alg === 'HS256')
      return jwt.setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(CHANNEL_SECRET))
    if (!this.esPrivateKey) throw new Error('fake not started')
    return jwt.setProtectedHeader({ alg, typ: 'JWT', kid: this.kid }).sign(this.esPrivateKey)
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl)
    this.hits.push(`${req.method} ${url.pathname}`)
    if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/authorize') return this.authorize(url, res)
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') return this.token(req, res)
    if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/certs') {
      return json(res, 200, this.jwks)
    }
    json(res, 404, { error: 'not_found' })
  }

  /** Simulates the user granting consent: redirect straight back with a fresh code. */
  private authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams
    const clientId = q.get('client_id')
    const redirectUri = q.get('redirect_uri')
    const state = q.get('state')
    if (clientId !== CHANNEL_ID || !redirectUri || !state) return json(res, 400, { error: 'invalid_request' })
    const back = new URL(redirectUri)
    back.searchParams.set('state', state)
    const codeChallenge = q.get('code_challenge')
    const nonce = q.get('nonce')
    const scope = q.get('scope') ?? ''
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !codeChallenge || !nonce) {
      back.searchParams.set('error', 'invalid_request')
    } else {
      const code = randomBytes(15).toString('base64url')
      this.codes.set(code, { nonce, codeChallenge, clientId, redirectUri, scope })
      back.searchParams.set('code', code)
    }
    res.writeHead(302, { location: back.href }).end()
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.hang) return // leave the socket open; the client's timeout must fire
    if (this.failStatus !== null) return void res.writeHead(this.failStatus).end()
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return json(res, 400, { error: 'invalid_request', error_description: 'unsupported content type' })
    }
    const form = new URLSearchParams(await readBody(req))
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' })
    if (form.get('client_id') !== CHANNEL_ID || form.get('client_secret') !== CHANNEL_SECRET) {
      return json(res, 401, { error: 'invalid_client', error_description: 'invalid client credentials' })
    }
    const code = form.get('code') ?? ''
    const pending = this.codes.get(code)
    this.codes.delete(code) // single use, even when the rest of the request is wrong
    if (!pending || pending.clientId !== CHANNEL_ID) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' })
    }
    if (form.get('redirect_uri') !== pending.redirectUri) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' })
    }
    const verifier = form.get('code_verifier') ?? ''
    if (createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'invalid code_verifier' })
    }
    const now = Math.floor(Date.now() / 1000)
    const body: Record<string, unknown> = {
      access_token: randomBytes(32).toString('base64url'),
      token_type: 'Bearer',
      refresh_token: randomBytes(16).toString('base64url'),
      expires_in: 2_592_000,
      scope: pending.scope,
    }
    if (pending.scope.split(' ').includes('openid')) {
      body.id_token = await this.signIdToken({
        iss: LINE_ISSUER,
        sub: USER.sub,
        aud: CHANNEL_ID,
        exp: now + 3600,
        iat: now,
        auth_time: now,
        nonce: pending.nonce,
        amr: ['pwd'],
        name: USER.name,
        picture: USER.picture,
        ...(pending.scope.split(' ').includes('email') ? { email: USER.email } : {}),
      })
    }
    json(res, 200, body)
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Runs `promise`, expects a LineLoginError, and checks no secret leaked into its message. */
async function lineError(promise: Promise<unknown>, ...secrets: string[]): Promise<LineLoginError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a LineLoginError, got success')
    },
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(LineLoginError)
  const lineLoginError = error as LineLoginError
  for (const secret of [CHANNEL_SECRET, ...secrets]) expect(lineLoginError.message).not.toContain(secret)
  return lineLoginError
}

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function validClaims(nonce: string, overrides: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000)
  return {
    iss: LINE_ISSUER,
    sub: USER.sub,
    aud: CHANNEL_ID,
    exp: now + 600,
    iat: now,
    nonce,
    name: USER.name,
    ...overrides,
  }
}

const fake = new FakeLine()

function adapter(overrides: Partial<LineLoginConfig> = {}) {
  return createLineLogin({
    channelId: CHANNEL_ID,
    channelSecret: CHANNEL_SECRET,
    authBaseUrl: fake.baseUrl,
    apiBaseUrl: fake.baseUrl,
    timeoutMs: 2_000,
    ...overrides,
  })
}

/** Plays the browser: follows the authorization URL without following the redirect, and reads code and state back. */
async function consent(url: string): Promise<{ code: string; state: string }> {
  const response = await fetch(url, { redirect: 'manual' })
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location') ?? '')
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI)
  expect(location.searchParams.get('error')).toBeNull()
  return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' }
}

/** Starts a login the way the route handler will and returns everything needed to finish it. */
async function startLogin(line = adapter()) {
  const pkce = createPkcePair()
  const state = randomToken()
  const nonce = randomToken()
  const url = line.authorizationUrl({ redirectUri: REDIRECT_URI, state, nonce, codeChallenge: pkce.challenge })
  const { code, state: returnedState } = await consent(url)
  expect(returnedState).toBe(state)
  return { line, pkce, state, nonce, url, code }
}

beforeAll(async () => {
  await fake.start()
})

afterAll(async () => {
  await fake.stop()
})

afterEach(() => {
  fake.signing = 'HS256'
  fake.failStatus = null
  fake.hang = false
  fake.hits.length = 0
})

describe('PKCE and random tokens', () => {
  it('creates an S256 pair whose challenge is the base64url SHA-256 of the verifier', () => {
    const { verifier, challenge } = createPkcePair()
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'))
    expect(createPkcePair().verifier).not.toBe(verifier)
  })

  it('creates distinct base64url tokens of the requested size', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(randomToken(48)).toHaveLength(64)
    expect(randomToken()).not.toBe(randomToken())
  })
})

describe('authorizationUrl', () => {
  it('asks for a code with PKCE S256, state, nonce and the default scope', () => {
    const line = adapter({ authBaseUrl: 'https://access.line.me/' })
    const url = new URL(
      line.authorizationUrl({
        redirectUri: REDIRECT_URI,
        state: 'st',
        nonce: 'nn',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        uiLocales: 'th-TH',
        botPrompt: 'normal',
      }),
    )
    expect(`${url.origin}${url.pathname}`).toBe('https://access.line.me/oauth2/v2.1/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CHANNEL_ID,
      redirect_uri: REDIRECT_URI,
      state: 'st',
      scope: 'profile openid email',
      nonce: 'nn',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ui_locales: 'th-TH',
      bot_prompt: 'normal',
    })
    expect(url.search).toContain('scope=profile%20openid%20email')
  })
})

describe('LINE Login against a fake LINE server', () => {
  it('completes the HS256 web login flow', async () => {
    const { line, pkce, nonce, url, code } = await startLogin()
    const params = new URL(url).searchParams
    expect(params.get('code_challenge')).toBe(pkce.challenge)
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('nonce')).toBe(nonce)

    const tokens = await line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier })
    expect(tokens.accessToken).not.toBe('')
    expect(tokens.expiresIn).toBe(2_592_000)
    expect(tokens.scope).toBe('profile openid email')
    expect(decodeProtectedHeader(tokens.idToken).alg).toBe('HS256')

    const identity = await line.verifyIdToken(tokens.idToken, { nonce })
    expect(identity).toEqual({ sub: USER.sub, name: USER.name, picture: USER.picture, email: USER.email })
    expect(identity.sub).toMatch(/^U[0-9a-f]{32}$/)
    expect(fake.hits).not.toContain('GET /oauth2/v2.1/certs') // HS256 needs no key download
  })

  it('completes the ES256 flow with the key from the JWKS endpoint, fetched once per adapter', async () => {
    fake.signing = 'ES256'
    const { line, pkce, nonce, code } = await startLogin()
    const tokens = await line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier })
    expect(decodeProtectedHeader(tokens.idToken)).toMatchObject({ alg: 'ES256', kid: fake.kid })

    expect(await line.verifyIdToken(tokens.idToken, { nonce })).toEqual({
      sub: USER.sub,
      name: USER.name,
      picture: USER.picture,
      email: USER.email,
    })
    await line.verifyIdToken(tokens.idToken, { nonce })
    expect(fake.hits.filter((hit) => hit === 'GET /oauth2/v2.1/certs')).toHaveLength(1)
  })

  it('returns null email when the email scope was not requested', async () => {
    const line = adapter()
    const pkce = createPkcePair()
    const nonce = randomToken()
    const url = line.authorizationUrl({
      redirectUri: REDIRECT_URI,
      state: randomToken(),
      nonce,
      codeChallenge: pkce.challenge,
      scope: 'profile openid',
    })
    const { code } = await consent(url)
    const tokens = await line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier })
    expect((await line.verifyIdToken(tokens.idToken, { nonce })).email).toBeNull()
  })
})

describe('exchangeCode failures', () => {
  it('rejects a wrong code_verifier', async () => {
    const { line, code } = await startLogin()
    const wrong = createPkcePair().verifier
    const error = await lineError(line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: wrong }), code)
    expect(error).toMatchObject({ code: 'TOKEN_EXCHANGE_FAILED', status: 400, lineError: 'invalid_grant' })
  })

  it('rejects a code used twice', async () => {
    const { line, pkce, code } = await startLogin()
    await line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier })
    const error = await lineError(
      line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier }),
      code,
    )
    expect(error).toMatchObject({ code: 'TOKEN_EXCHANGE_FAILED', status: 400, lineError: 'invalid_grant' })
  })

  it('rejects a different redirect_uri', async () => {
    const { line, pkce, code } = await startLogin()
    const error = await lineError(
      line.exchangeCode({ code, redirectUri: 'https://evil.test/cb', codeVerifier: pkce.verifier }),
    )
    expect(error).toMatchObject({ code: 'TOKEN_EXCHANGE_FAILED', lineError: 'invalid_grant' })
  })

  it('rejects a wrong channel secret without repeating it', async () => {
    const { pkce, code } = await startLogin()
    const wrongSecret = 'ffffffffffffffffffffffffffffffff'
    const error = await lineError(
      adapter({ channelSecret: wrongSecret }).exchangeCode({
        code,
        redirectUri: REDIRECT_URI,
        codeVerifier: pkce.verifier,
      }),
      wrongSecret,
    )
    expect(error).toMatchObject({ code: 'TOKEN_EXCHANGE_FAILED', status: 401, lineError: 'invalid_client' })
  })

  it('reports a 5xx as UNAVAILABLE', async () => {
    const { line, pkce, code } = await startLogin()
    fake.failStatus = 503
    const error = await lineError(line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier }))
    expect(error).toMatchObject({ code: 'UNAVAILABLE', status: 503 })
  })

  it('reports a hanging server as UNAVAILABLE after the timeout', async () => {
    const { pkce, code } = await startLogin()
    fake.hang = true
    const started = Date.now()
    const error = await lineError(
      adapter({ timeoutMs: 200 }).exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier }),
    )
    expect(error.code).toBe('UNAVAILABLE')
    expect(Date.now() - started).toBeLessThan(1_500)
  })
})

describe('verifyIdToken rejects', () => {
  it('a tampered payload', async () => {
    const nonce = randomToken()
    const token = await fake.signIdToken(validClaims(nonce))
    const [header, , signature] = token.split('.')
    const forged = `${header}.${b64json(validClaims(nonce, { sub: `U${'f'.repeat(32)}` }))}.${signature}`
    const error = await lineError(adapter().verifyIdToken(forged, { nonce }), forged)
    expect(error).toMatchObject({
      code: 'INVALID_ID_TOKEN',
      reason: 'signature',
      message: 'ID token invalid signature',
    })
  })

  it('a token signed with another channel secret', async () => {
    const nonce = randomToken()
    const token = await fake.signIdToken(validClaims(nonce))
    const error = await lineError(
      adapter({ channelSecret: 'another-secret-0123456789abcdef' }).verifyIdToken(token, { nonce }),
    )
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'signature' })
  })

  it('a wrong nonce', async () => {
    const { line, pkce, code } = await startLogin()
    const tokens = await line.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier })
    const error = await lineError(line.verifyIdToken(tokens.idToken, { nonce: randomToken() }), tokens.idToken)
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'nonce', message: 'ID token invalid nonce' })
  })

  it('a token without a nonce', async () => {
    const nonce = randomToken()
    const token = await fake.signIdToken(validClaims(nonce, { nonce: undefined }))
    const error = await lineError(adapter().verifyIdToken(token, { nonce }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'nonce' })
  })

  it('a token for another channel', async () => {
    const nonce = randomToken()
    const token = await fake.signIdToken(validClaims(nonce, { aud: '9999999999' }))
    const error = await lineError(adapter().verifyIdToken(token, { nonce }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'aud', message: 'ID token invalid aud' })
  })

  it('an expired token, beyond the small clock tolerance', async () => {
    const nonce = randomToken()
    const now = Math.floor(Date.now() / 1000)
    const token = await fake.signIdToken(validClaims(nonce, { iat: now - 120, exp: now - 30 }))
    const error = await lineError(adapter().verifyIdToken(token, { nonce }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'exp' })
  })

  it('a token from another issuer, including the configured auth host', async () => {
    const nonce = randomToken()
    for (const iss of ['https://evil.example', fake.baseUrl, 'https://access.line.me/']) {
      const token = await fake.signIdToken(validClaims(nonce, { iss }))
      const error = await lineError(adapter().verifyIdToken(token, { nonce }))
      expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'iss' })
    }
  })

  it('alg none', async () => {
    const nonce = randomToken()
    const token = `${b64json({ alg: 'none', typ: 'JWT' })}.${b64json(validClaims(nonce))}.`
    const error = await lineError(adapter().verifyIdToken(token, { nonce }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'alg' })
  })

  it('RS256 and HS512, even when correctly signed', async () => {
    const nonce = randomToken()
    const rsa = await generateKeyPair('RS256')
    const rs256 = await new SignJWT(validClaims(nonce))
      .setProtectedHeader({ alg: 'RS256', kid: fake.kid })
      .sign(rsa.privateKey)
    const hs512 = await new SignJWT(validClaims(nonce))
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(CHANNEL_SECRET))
    for (const token of [rs256, hs512]) {
      const error = await lineError(adapter().verifyIdToken(token, { nonce }))
      expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'alg', message: 'ID token invalid alg' })
    }
    expect(fake.hits).not.toContain('GET /oauth2/v2.1/certs')
  })

  it('an ES256 token with an unknown kid', async () => {
    const nonce = randomToken()
    const other = await generateKeyPair('ES256')
    const token = await new SignJWT(validClaims(nonce))
      .setProtectedHeader({ alg: 'ES256', kid: 'not-published' })
      .sign(other.privateKey)
    const error = await lineError(adapter().verifyIdToken(token, { nonce }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'kid', message: 'ID token invalid kid' })
  })

  it('an ES256 token claiming the published kid but signed with another key', async () => {
    const nonce = randomToken()
    const other = await generateKeyPair('ES256')
    const token = await new SignJWT(validClaims(nonce))
      .setProtectedHeader({ alg: 'ES256', kid: fake.kid })
      .sign(other.privateKey)
    const error = await lineError(adapter().verifyIdToken(token, { nonce }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'signature' })
  })

  it('garbage', async () => {
    const error = await lineError(adapter().verifyIdToken('not-a-jwt', { nonce: 'n' }))
    expect(error).toMatchObject({ code: 'INVALID_ID_TOKEN', reason: 'format' })
  })
})

describe('when LINE is down', () => {
  let downUrl = ''

  beforeAll(async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    downUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('exchangeCode reports UNAVAILABLE', async () => {
    const line = adapter({ authBaseUrl: downUrl, apiBaseUrl: downUrl })
    const verifier = createPkcePair().verifier
    const error = await lineError(line.exchangeCode({ code: 'abc', redirectUri: REDIRECT_URI, codeVerifier: verifier }))
    expect(error.code).toBe('UNAVAILABLE')
    expect(error.status).toBeUndefined()
  })

  it('verifyIdToken reports UNAVAILABLE when the ES256 key set cannot be fetched', async () => {
    const nonce = randomToken()
    const token = await fake.signIdToken(validClaims(nonce), 'ES256')
    const error = await lineError(adapter({ apiBaseUrl: downUrl }).verifyIdToken(token, { nonce }))
    expect(error.code).toBe('UNAVAILABLE')
  })

  it('verifyIdToken still verifies HS256 tokens, which need no network', async () => {
    const nonce = randomToken()
    const token = await fake.signIdToken(validClaims(nonce), 'HS256')
    expect((await adapter({ apiBaseUrl: downUrl }).verifyIdToken(token, { nonce })).sub).toBe(USER.sub)
  })
})
