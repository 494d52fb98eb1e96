import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTurnstile, TURNSTILE_MAX_TOKEN_LENGTH } from '~/api/providers/turnstile.server'

const SITE_KEY = '0x4AAAAAAAtestSiteKey'
const SECRET = '0x4AAAAAAAtestSecretKey0123456789'
const HOSTNAME = 'shop.example.com'

/** Cloudflare's documented dummy secret keys: always passes, always fails, token already spent. */
const DUMMY_PASS = '1x0000000000000000000000000000000AA'
const DUMMY_FAIL = '2x0000000000000000000000000000000AA'
const DUMMY_SPENT = '3x0000000000000000000000000000000AA'

type SiteverifyRequest = {
  method: string | undefined
  path: string | undefined
  contentType: string | undefined
  fields: Record<string, unknown>
}

/**
 * How the fake answers: `siteverify` behaves like Cloudflare (below); the others are its bad days: `internal-error`
 * (HTTP 200 with that code), `http-500`, `fail-once` (500, then Siteverify), `hang` (never answers), `not-json`.
 */
type Behaviour = 'siteverify' | 'internal-error' | 'http-500' | 'fail-once' | 'hang' | 'not-json'

describe('Turnstile adapter against a fake Siteverify', () => {
  const requests: SiteverifyRequest[] = []
  const hanging = new Set<ServerResponse>()
  /** Tokens this fake issued and has seen redeemed, with the idempotency key of the redeeming call. */
  const spent = new Map<string, unknown>()
  let behaviour: Behaviour = 'siteverify'
  let failedOnce = false
  let answeredHostname = HOSTNAME
  let server: Server
  let verifyUrl: string

  function json(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  function failure(response: ServerResponse, codes: string[]) {
    json(response, 200, { success: false, 'error-codes': codes, messages: [] })
  }

  /** Reads a form or JSON body, as Siteverify accepts both. */
  async function readFields(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    if (request.headers['content-type']?.startsWith('application/json')) {
      const parsed = JSON.parse(text) as unknown
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
    }
    return Object.fromEntries(new URLSearchParams(text))
  }

  /**
   * The documented Siteverify: the secret checked first, then the token; tokens starting `valid-` are genuine and
   * single use (a second redemption is `timeout-or-duplicate` unless it repeats the first call's idempotency key);
   * Cloudflare's dummy secret keys behave as documented.
   */
  function siteverify(fields: Record<string, unknown>, response: ServerResponse) {
    const { secret, response: token, idempotency_key: idempotencyKey } = fields
    if (typeof secret !== 'string' || secret === '') return failure(response, ['missing-input-secret'])
    if (typeof token !== 'string' || token === '') return failure(response, ['missing-input-response'])
    if (secret === DUMMY_FAIL) return failure(response, ['invalid-input-response'])
    if (secret === DUMMY_SPENT) return failure(response, ['timeout-or-duplicate'])
    const passed = {
      success: true,
      'error-codes': [],
      challenge_ts: new Date().toISOString(),
      hostname: answeredHostname,
      action: 'register',
      cdata: '',
      metadata: { ephemeral_id: 'x:abc' },
    }
    if (secret === DUMMY_PASS) return json(response, 200, { ...passed, hostname: 'example.com' })
    if (secret !== SECRET) return failure(response, ['invalid-input-secret'])
    if (!token.startsWith('valid-')) return failure(response, ['invalid-input-response'])
    if (spent.has(token) && (idempotencyKey === undefined || spent.get(token) !== idempotencyKey)) {
      return failure(response, ['timeout-or-duplicate'])
    }
    spent.set(token, idempotencyKey)
    return json(response, 200, passed)
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const fields = await readFields(request)
    requests.push({
      method: request.method,
      path: request.url,
      contentType: request.headers['content-type'],
      fields,
    })
    if (request.method !== 'POST' || request.url !== '/turnstile/v0/siteverify') {
      return json(response, 405, { success: false, 'error-codes': ['bad-request'] })
    }
    switch (behaviour) {
      case 'hang':
        hanging.add(response)
        response.on('close', () => hanging.delete(response))
        return
      case 'http-500':
        return response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500 Internal Server Error</h1>')
      case 'fail-once':
        if (!failedOnce) {
          failedOnce = true
          return response.writeHead(502).end()
        }
        return siteverify(fields, response)
      case 'internal-error':
        return failure(response, ['internal-error'])
      case 'not-json':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>captive portal</html>')
      case 'siteverify':
        return siteverify(fields, response)
    }
  }

  function turnstile(overrides: Partial<Parameters<typeof createTurnstile>[0]> = {}) {
    return createTurnstile({ siteKey: SITE_KEY, secretKey: SECRET, verifyUrl, ...overrides })
  }

  let tokenCount = 0
  const freshToken = () => `valid-${++tokenCount}-${'x'.repeat(600)}`

  beforeAll(async () => {
    server = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => response.destroy(error as Error))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`
  })

  beforeEach(() => {
    requests.length = 0
    behaviour = 'siteverify'
    failedOnce = false
    answeredHostname = HOSTNAME
  })

  afterAll(async () => {
    for (const response of hanging) response.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('accepts a genuine token and sends the secret, the token, the address and an idempotency key', async () => {
    const token = freshToken()
    const adapter = turnstile()
    expect(adapter.siteKey).toBe(SITE_KEY)

    await expect(adapter.verify(token, '203.0.113.7')).resolves.toEqual({ ok: true, hostname: HOSTNAME })

    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/turnstile/v0/siteverify')
    expect(request?.contentType).toMatch(/^application\/json/)
    expect(request?.fields).toEqual({
      secret: SECRET,
      response: token,
      remoteip: '203.0.113.7',
      idempotency_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    })
  })

  it('leaves remoteip out when the address is unknown, and uses a new idempotency key for each check', async () => {
    const adapter = turnstile()
    await adapter.verify(freshToken(), null)
    await adapter.verify(freshToken(), null)

    expect(requests).toHaveLength(2)
    expect(requests[0]?.fields).not.toHaveProperty('remoteip')
    expect(requests[0]?.fields.idempotency_key).not.toBe(requests[1]?.fields.idempotency_key)
  })

  it('calls a forged token invalid, with Cloudflare’s error codes', async () => {
    await expect(turnstile().verify('forged-token', '203.0.113.7')).resolves.toEqual({
      ok: false,
      reason: 'invalid',
      codes: ['invalid-input-response'],
    })
  })

  it('calls a token used twice invalid (timeout-or-duplicate): tokens are single use', async () => {
    const token = freshToken()
    const adapter = turnstile()
    await expect(adapter.verify(token, null)).resolves.toMatchObject({ ok: true })
    await expect(adapter.verify(token, null)).resolves.toEqual({
      ok: false,
      reason: 'invalid',
      codes: ['timeout-or-duplicate'],
    })
  })

  it('follows Cloudflare’s dummy secret keys: always passes, always fails, already spent', async () => {
    await expect(turnstile({ secretKey: DUMMY_PASS }).verify('XXXX.DUMMY.TOKEN.XXXX', null)).resolves.toEqual({
      ok: true,
      hostname: 'example.com',
    })
    await expect(turnstile({ secretKey: DUMMY_FAIL }).verify('XXXX.DUMMY.TOKEN.XXXX', null)).resolves.toMatchObject({
      reason: 'invalid',
      codes: ['invalid-input-response'],
    })
    await expect(turnstile({ secretKey: DUMMY_SPENT }).verify('XXXX.DUMMY.TOKEN.XXXX', null)).resolves.toMatchObject({
      reason: 'invalid',
      codes: ['timeout-or-duplicate'],
    })
  })

  it('calls a secret key Cloudflare refuses unavailable, not the shopper’s token invalid', async () => {
    await expect(turnstile({ secretKey: 'wrong-secret-key' }).verify(freshToken(), null)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      codes: ['invalid-input-secret'],
    })
  })

  it('calls internal-error unavailable', async () => {
    behaviour = 'internal-error'
    await expect(turnstile().verify(freshToken(), null)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      codes: ['internal-error'],
    })
  })

  it('calls HTTP 500 unavailable after one retry with the same idempotency key', async () => {
    behaviour = 'http-500'
    await expect(turnstile().verify(freshToken(), null)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      codes: ['http-500'],
    })
    expect(requests).toHaveLength(2)
    expect(requests[1]?.fields.idempotency_key).toBe(requests[0]?.fields.idempotency_key)
  })

  it('gets through a single 5xx: the retry carries the same idempotency key and is not a second use', async () => {
    behaviour = 'fail-once'
    const token = freshToken()
    await expect(turnstile().verify(token, null)).resolves.toEqual({ ok: true, hostname: HOSTNAME })
    expect(requests).toHaveLength(2)
    expect(requests[1]?.fields).toEqual(requests[0]?.fields)
  })

  it('calls a body that is not Siteverify’s answer unavailable', async () => {
    behaviour = 'not-json'
    await expect(turnstile().verify(freshToken(), null)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      codes: ['bad-answer'],
    })
  })

  it('calls a server that never answers unavailable once the timeout passes', async () => {
    behaviour = 'hang'
    const started = Date.now()
    await expect(turnstile({ timeoutMs: 300 }).verify(freshToken(), null)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      codes: ['timeout'],
    })
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(3_000)
    expect(requests).toHaveLength(1)
  })

  it('calls a closed port unavailable, without throwing', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const result = await turnstile({ verifyUrl: `http://127.0.0.1:${port}/turnstile/v0/siteverify` }).verify(
      freshToken(),
      null,
    )
    expect(result).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(result.ok ? [] : result.codes).toEqual(['network-error:ECONNREFUSED'])
  })

  it('checks the hostname when one is expected', async () => {
    await expect(turnstile({ expectedHostname: 'SHOP.example.com' }).verify(freshToken(), null)).resolves.toEqual({
      ok: true,
      hostname: HOSTNAME,
    })

    answeredHostname = 'phishing.example.net'
    await expect(turnstile({ expectedHostname: HOSTNAME }).verify(freshToken(), null)).resolves.toEqual({
      ok: false,
      reason: 'invalid',
      codes: ['hostname-mismatch'],
    })
    // Without an expected hostname, any is accepted and reported.
    await expect(turnstile({ expectedHostname: null }).verify(freshToken(), null)).resolves.toEqual({
      ok: true,
      hostname: 'phishing.example.net',
    })
  })

  it('refuses an empty or over-long token without sending it', async () => {
    const adapter = turnstile()
    await expect(adapter.verify('', null)).resolves.toEqual({
      ok: false,
      reason: 'invalid',
      codes: ['missing-input-response'],
    })
    await expect(adapter.verify(`valid-${'x'.repeat(TURNSTILE_MAX_TOKEN_LENGTH)}`, null)).resolves.toEqual({
      ok: false,
      reason: 'invalid',
      codes: ['invalid-input-response'],
    })
    expect(requests).toHaveLength(0)

    // The longest token Cloudflare may issue still goes.
    const longest = `valid-${'y'.repeat(TURNSTILE_MAX_TOKEN_LENGTH - 'valid-'.length)}`
    await expect(adapter.verify(longest, null)).resolves.toMatchObject({ ok: true })
    expect(requests[0]?.fields.response).toBe(longest)
  })
})
