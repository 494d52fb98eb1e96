import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  PaymentProviderError,
  PaymentWebhookError,
  type PaymentProvider,
  type PaymentRequest,
} from '~/api/payments/provider'
import { createStripeProvider, STRIPE_API_VERSION } from '~/api/payments/stripe.server'

const SECRET_KEY = 'sk_test_51FakeKeyForLoopbackOnly'
const WEBHOOK_SECRET = 'whsec_test_loopback_signing_secret'
const NOW = new Date('2026-03-01T08:00:00Z')
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000)

const request: PaymentRequest = {
  paymentId: '6f1c1b52-3a55-4c1e-9d7e-1f0d6c2b9a10',
  orderNumber: 'AS-2603-00042',
  amount: 129_000,
  currency: 'thb',
  description: 'Order AS-2603-00042',
  customerEmail: 'shopper@example.com',
  returnUrl: 'https://shop.test/th/checkout/return?payment=6f1c1b52-3a55-4c1e-9d7e-1f0d6c2b9a10',
  cancelUrl: 'https://shop.test/th/checkout?cancelled=1',
  locale: 'th',
}

/** Settles a promise that must reject with a PaymentProviderError that does not leak the secret key. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentProviderError)
  const failure = error as PaymentProviderError
  expect(failure.name).toBe('PaymentProviderError')
  expect(failure.provider).toBe('stripe')
  expect(inspect(failure, { depth: 5 })).not.toContain(SECRET_KEY)
  return failure
}

async function webhookError(promise: Promise<unknown>): Promise<PaymentWebhookError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentWebhookError)
  return error as PaymentWebhookError
}

describe('Stripe provider: Checkout Sessions', () => {
  type Session = {
    id: string
    object: 'checkout.session'
    url: string | null
    status: 'open' | 'complete' | 'expired'
    payment_status: 'paid' | 'unpaid' | 'no_payment_required'
    payment_intent: string | null
    client_reference_id: string | null
    amount_total: number
    currency: string
  }
  type Recorded = {
    method: string | undefined
    path: string | undefined
    authorization: string | undefined
    contentType: string | undefined
    idempotencyKey: string | undefined
    stripeVersion: string | undefined
    headers: IncomingMessage['headers']
    form: URLSearchParams
  }
  type Behaviour =
    | 'normal'
    | 'server-error'
    | 'server-error-once'
    | 'server-error-final'
    | 'rate-limit'
    | 'echo-invalid'
    | 'not-json'
    | 'hang'

  const requests: Recorded[] = []
  const sessions = new Map<string, Session>()
  const intents = new Map<string, { id: string; object: 'payment_intent'; status: string }>()
  /** Idempotency-Key → the request it first came with and the answer it got (Stripe keeps them 24 h). */
  const idempotency = new Map<string, { body: string; status: number; answer: unknown }>()
  const hanging = new Set<ServerResponse>()
  let behaviour: Behaviour = 'normal'
  let server: Server
  let apiBaseUrl: string

  function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
  }

  function stripeError(response: ServerResponse, status: number, error: Record<string, string>) {
    json(response, status, { error })
  }

  function createSession(form: URLSearchParams, version: string | undefined): { status: number; answer: unknown } {
    // Since 2026-09-30 the API refuses the old static list of methods, as it refuses any parameter it does not know.
    const removed = version !== undefined && version >= '2026-09-30' ? ['payment_method_types[0]'] : []
    const unknown = [...form.keys()].find((name) => removed.includes(name))
    if (unknown !== undefined) {
      const error = { type: 'invalid_request_error', code: 'parameter_unknown', param: unknown }
      return { status: 400, answer: { error: { ...error, message: `Received unknown parameter: ${unknown}` } } }
    }
    const required = [
      'mode',
      'success_url',
      'cancel_url',
      'line_items[0][price_data][currency]',
      'line_items[0][price_data][unit_amount]',
      'line_items[0][price_data][product_data][name]',
      'line_items[0][quantity]',
    ]
    const missing = required.find((name) => !form.get(name))
    if (missing !== undefined) {
      const error = { type: 'invalid_request_error', code: 'parameter_missing', param: missing }
      return { status: 400, answer: { error: { ...error, message: `Missing required param: ${missing}.` } } }
    }
    if (!/^\d+$/.test(form.get('line_items[0][price_data][unit_amount]') ?? '')) {
      return {
        status: 400,
        answer: { error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'Invalid' } },
      }
    }
    const id = `cs_test_${randomBytes(12).toString('hex')}`
    const session: Session = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: form.get('client_reference_id'),
      amount_total:
        Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]')),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
    }
    sessions.set(id, session)
    return { status: 200, answer: session }
  }

  /** Behaves like the documented API: Bearer auth, form bodies, Idempotency-Key replays, Stripe's error shape. */
  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const idempotencyKey = incoming.headers['idempotency-key']
    const stripeVersion = incoming.headers['stripe-version']
    const recorded: Recorded = {
      method: incoming.method,
      path: incoming.url,
      authorization: incoming.headers.authorization,
      contentType: incoming.headers['content-type'],
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      stripeVersion: typeof stripeVersion === 'string' ? stripeVersion : undefined,
      headers: incoming.headers,
      form: new URLSearchParams(body),
    }
    requests.push(recorded)

    if (incoming.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      const shown = (incoming.headers.authorization ?? '').replace(/^Bearer /, '')
      return stripeError(response, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(8)}${shown.slice(-4)}`,
      })
    }

    switch (behaviour) {
      case 'hang':
        hanging.add(response)
        response.on('close', () => hanging.delete(response))
        return
      case 'server-error':
        return stripeError(response, 500, { type: 'api_error', message: 'Something went wrong on our end.' })
      case 'server-error-once':
        // A passing fault: the next attempt goes through.
        behaviour = 'normal'
        return stripeError(response, 500, { type: 'api_error', message: 'Something went wrong on our end.' })
      case 'server-error-final':
        // Stripe knows a retry would not help (e.g. the request was already processed as it stands).
        response.setHeader('stripe-should-retry', 'false')
        return stripeError(response, 500, { type: 'api_error', message: 'Something went wrong on our end.' })
      case 'not-json':
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>')
        return
      case 'rate-limit':
        return stripeError(response, 429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many' })
      case 'echo-invalid':
        return stripeError(response, 400, {
          type: 'invalid_request_error',
          code: 'email_invalid',
          message: `Invalid email address: ${recorded.form.get('customer_email') ?? ''}`,
        })
      case 'normal':
        break
    }

    const url = new URL(incoming.url ?? '/', 'http://stripe.test')
    if (incoming.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (!incoming.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return stripeError(response, 400, { type: 'invalid_request_error', message: 'Send a form body' })
      }
      if (recorded.idempotencyKey !== undefined) {
        const earlier = idempotency.get(recorded.idempotencyKey)
        if (earlier !== undefined) {
          if (earlier.body !== body) {
            return stripeError(response, 400, {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            })
          }
          return json(response, earlier.status, earlier.answer, { 'idempotent-replayed': 'true' })
        }
      }
      const created = createSession(recorded.form, recorded.stripeVersion)
      if (recorded.idempotencyKey !== undefined) idempotency.set(recorded.idempotencyKey, { body, ...created })
      return json(response, created.status, created.answer)
    }

    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
    if (incoming.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ''))
      if (!session) {
        return stripeError(response, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${match[1] ?? ''}'`,
        })
      }
      // Stripe reads both `expand[]=…` and the indexed `expand[0]=…` the SDK sends.
      const expand = [...url.searchParams].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, value]) => value)
      const intent = session.payment_intent === null ? null : (intents.get(session.payment_intent) ?? null)
      return json(response, 200, {
        ...session,
        payment_intent: expand.includes('payment_intent') ? intent : session.payment_intent,
      })
    }
    return stripeError(response, 404, { type: 'invalid_request_error', message: 'Unrecognized request URL' })
  }

  /** Without the SDK's automatic retries unless a test asks for them, so that each call is one request. */
  function createProvider(
    overrides: { secretKey?: string; timeoutMs?: number; maxNetworkRetries?: number; apiBaseUrl?: string } = {},
  ): PaymentProvider {
    return createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl,
      maxNetworkRetries: 0,
      ...overrides,
    })
  }

  beforeAll(async () => {
    server = createServer((incoming, response) => {
      handle(incoming, response).catch((error: unknown) => response.destroy(error as Error))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  beforeEach(() => {
    requests.length = 0
    behaviour = 'normal'
  })

  afterAll(async () => {
    for (const response of hanging) response.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('creates a Checkout Session as documented and returns its id and hosted page', async () => {
    const started = await createProvider().start(request)

    expect(requests).toHaveLength(1)
    const [sent] = requests
    expect(sent?.method).toBe('POST')
    expect(sent?.path).toBe('/v1/checkout/sessions')
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`)
    expect(sent?.contentType).toMatch(/^application\/x-www-form-urlencoded/)
    expect(sent?.idempotencyKey).toBe(request.paymentId)
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      mode: 'payment',
      success_url: request.returnUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.paymentId,
      customer_email: 'shopper@example.com',
      locale: 'th',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][price_data][currency]': 'thb',
      'line_items[0][price_data][unit_amount]': '129000',
      'line_items[0][price_data][product_data][name]': 'Order AS-2603-00042',
      'line_items[0][quantity]': '1',
      'metadata[order_number]': 'AS-2603-00042',
      'metadata[payment_id]': request.paymentId,
    })

    expect(started.providerRef).toMatch(/^cs_test_/)
    expect(started.redirectUrl).toBe(sessions.get(started.providerRef)?.url)
    expect(sessions.get(started.providerRef)).toMatchObject({
      client_reference_id: request.paymentId,
      amount_total: 129_000,
      currency: 'thb',
    })
  })

  it('sends what the SDK sends to the real API: the pinned Stripe-Version, no telemetry, no machine details', async () => {
    await createProvider().start({ ...request, paymentId: '7a0d9d4c-2b3e-4dbc-e5e6-6a7b8c9d0e1f' })

    const [sent] = requests
    expect(STRIPE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/)
    expect(sent?.stripeVersion).toBe(STRIPE_API_VERSION)
    expect(sent?.headers['user-agent']).toMatch(/^Stripe\/v1 NodeBindings\/23\.1\.0/)
    expect(sent?.headers['x-stripe-client-telemetry']).toBeUndefined()
    const client = JSON.parse(String(sent?.headers['x-stripe-client-user-agent'])) as Record<string, unknown>
    expect(client).toMatchObject({ bindings_version: '23.1.0', lang: 'node', typescript: 'true' })
    expect(client).not.toHaveProperty('platform')
    expect(client).not.toHaveProperty('telemetry_id')

    // A second request would carry the first one's latency if telemetry were on.
    await createProvider().start({ ...request, paymentId: '8b1eae5d-3c4f-4ecd-f6f7-7b8c9d0e1f2a' })
    expect(requests[1]?.headers['x-stripe-client-telemetry']).toBeUndefined()
  })

  it('is refused by an API of the pinned version when it sends the parameter that version removed', async () => {
    // The fake is honest about versions: the old `payment_method_types` is refused from 2026-09-30 on.
    await createProvider().start({ ...request, paymentId: 'ad3a0a7f-5e6b-4aef-b8b9-9d0e1f2a3b4c' })
    const sent = requests[0]?.form ?? new URLSearchParams()
    const old = new URLSearchParams([...sent].filter(([name]) => !name.startsWith('allowed_payment_method_types')))
    old.append('payment_method_types[0]', 'card')

    const refused = createSession(old, STRIPE_API_VERSION)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.answer)).toContain('parameter_unknown')
    expect(createSession(old, '2025-01-27.acacia').status).toBe(200)
    expect(createSession(sent, STRIPE_API_VERSION).status).toBe(200)
  })

  it('gets the same session back when the request is replayed with the same Idempotency-Key', async () => {
    const paymentId = '0b6f5f0e-8d9c-4f7e-a1a2-2c3d4e5f6a7b'
    const provider = createProvider()
    const first = await provider.start({ ...request, paymentId })
    const sessionsAfterFirst = sessions.size
    const replay = await provider.start({ ...request, paymentId })
    const otherId = '1c7a6a1f-9e0d-4a8f-b2b3-3d4e5f6a7b8c'
    const other = await provider.start({ ...request, paymentId: otherId })

    expect(requests.map((sent) => sent.idempotencyKey)).toEqual([paymentId, paymentId, otherId])
    expect(replay).toEqual(first)
    expect(sessions.size).toBe(sessionsAfterFirst + 1)
    expect(other.providerRef).not.toBe(first.providerRef)
  })

  it('reports a wrong secret key (401) as not retryable, without the key in the error', async () => {
    const error = await providerError(createProvider({ secretKey: 'sk_test_wrongKey1234567890' }).start(request))

    expect(requests).toHaveLength(1)
    expect(error.status).toBe(401)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('invalid_request_error')
    expect(error.message).not.toContain('sk_test_wrongKey1234567890')
  })

  it('reports a refused request (400) as not retryable and keeps the e-mail address out of the error', async () => {
    behaviour = 'echo-invalid'
    const error = await providerError(createProvider().start(request))

    expect(error.status).toBe(400)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('email_invalid')
    expect(error.message).not.toContain('shopper@example.com')
  })

  it('reports a conflicting replay of an Idempotency-Key (400 idempotency_error) as not retryable', async () => {
    const paymentId = '2d8b7b2a-0f1e-4b9a-c3c4-4e5f6a7b8c9d'
    await createProvider().start({ ...request, paymentId })
    const error = await providerError(createProvider().start({ ...request, paymentId, amount: 1 }))

    expect(error.status).toBe(400)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('idempotency_error')
  })

  it('retries a passing 5xx once, with the same Idempotency-Key, and gets the one session', async () => {
    const paymentId = '9c2fbf6e-4d5a-4fde-a7a8-8c9d0e1f2a3b'
    behaviour = 'server-error-once'
    const before = sessions.size
    const started = await createProvider({ maxNetworkRetries: 1 }).start({ ...request, paymentId })

    expect(requests.map((sent) => [sent.method, sent.path, sent.idempotencyKey])).toEqual([
      ['POST', '/v1/checkout/sessions', paymentId],
      ['POST', '/v1/checkout/sessions', paymentId],
    ])
    expect(requests[1]?.form.toString()).toBe(requests[0]?.form.toString())
    expect(sessions.size).toBe(before + 1)
    expect(started.providerRef).toMatch(/^cs_test_/)
  })

  it('does not retry what fails again as sent (4xx), nor a 5xx Stripe says not to retry', async () => {
    behaviour = 'echo-invalid'
    const refused = await providerError(createProvider({ maxNetworkRetries: 2 }).start(request))
    expect(refused.status).toBe(400)
    expect(requests).toHaveLength(1)

    requests.length = 0
    behaviour = 'server-error-final'
    const final = await providerError(createProvider({ maxNetworkRetries: 2 }).start(request))
    expect(final.status).toBe(500)
    expect(final.retryable).toBe(false)
    expect(requests).toHaveLength(1)
  })

  it('reports a refused connection and a body that is not JSON as retryable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const refused = await providerError(createProvider({ apiBaseUrl: `http://127.0.0.1:${port}` }).start(request))
    expect(refused.retryable).toBe(true)
    expect(refused.status).toBeUndefined()
    expect(refused.message).toContain('ECONNREFUSED')

    behaviour = 'not-json'
    const page = await providerError(createProvider().start(request))
    expect(page.retryable).toBe(true)
    expect(page.message).toContain('not JSON')
  })

  it('reports 500 and 429 as retryable', async () => {
    behaviour = 'server-error'
    const serverError = await providerError(createProvider().start(request))
    expect(serverError.status).toBe(500)
    expect(serverError.retryable).toBe(true)

    behaviour = 'rate-limit'
    const rateLimited = await providerError(createProvider().start(request))
    expect(rateLimited.status).toBe(429)
    expect(rateLimited.retryable).toBe(true)
  })

  it('gives up on a server that never answers, after one more try with the same Idempotency-Key, as retryable', async () => {
    behaviour = 'hang'
    const started = Date.now()
    const error = await providerError(createProvider({ timeoutMs: 200, maxNetworkRetries: 1 }).start(request))

    expect(requests.map((sent) => sent.idempotencyKey)).toEqual([request.paymentId, request.paymentId])
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(error.retryable).toBe(true)
    expect(error.status).toBeUndefined()
    expect(error.message).toContain('200 ms')
  })

  it('reads a session state with GET /v1/checkout/sessions/{id}', async () => {
    const provider = createProvider()
    const { providerRef } = await provider.start({ ...request, paymentId: '3e9c8c3b-1a2f-4cab-d4d5-5f6a7b8c9d0e' })
    const session = sessions.get(providerRef)
    if (!session) throw new Error('session missing')
    requests.length = 0

    expect(await provider.status(providerRef)).toBe('pending')
    expect(requests[0]?.method).toBe('GET')
    expect(requests[0]?.authorization).toBe(`Bearer ${SECRET_KEY}`)
    const asked = new URL(requests[0]?.path ?? '', 'http://x')
    expect(asked.pathname).toBe(`/v1/checkout/sessions/${providerRef}`)
    expect([...asked.searchParams]).toEqual([['expand[0]', 'payment_intent']])
    expect(requests[0]?.stripeVersion).toBe(STRIPE_API_VERSION)
    expect(requests[0]?.idempotencyKey).toBeUndefined()

    intents.set('pi_test_1', { id: 'pi_test_1', object: 'payment_intent', status: 'processing' })
    Object.assign(session, { status: 'complete', payment_intent: 'pi_test_1' })
    expect(await provider.status(providerRef)).toBe('pending')

    intents.set('pi_test_1', { id: 'pi_test_1', object: 'payment_intent', status: 'requires_payment_method' })
    expect(await provider.status(providerRef)).toBe('failed')

    Object.assign(session, { payment_status: 'paid' })
    intents.set('pi_test_1', { id: 'pi_test_1', object: 'payment_intent', status: 'succeeded' })
    expect(await provider.status(providerRef)).toBe('paid')

    Object.assign(session, { status: 'expired', payment_status: 'unpaid', payment_intent: null })
    expect(await provider.status(providerRef)).toBe('cancelled')

    const missing = await providerError(provider.status('cs_test_doesnotexist'))
    expect(missing.status).toBe(404)
    expect(missing.retryable).toBe(false)
  })
})

describe('Stripe provider: webhooks', () => {
  const provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBaseUrl: 'http://127.0.0.1:9',
    now: () => NOW,
  })

  function sign(body: string, options: { secret?: string; timestamp?: number } = {}): string {
    const timestamp = options.timestamp ?? NOW_SECONDS
    const signature = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
      .update(`${timestamp}.${body}`)
      .digest('hex')
    return `t=${timestamp},v1=${signature}`
  }

  function event(type: string, object: Record<string, unknown>, id = 'evt_1OqM2pLkdIwHu7ix0Ab12Cd3'): string {
    return JSON.stringify(
      {
        id,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: NOW_SECONDS,
        livemode: false,
        type,
        data: { object: { id: 'cs_test_a1B2c3D4', object: 'checkout.session', ...object } },
      },
      null,
      2,
    )
  }

  const completed = event('checkout.session.completed', { status: 'complete', payment_status: 'paid' })

  it('turns a correctly signed checkout.session.completed (paid) into paid', async () => {
    const update = await provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': sign(completed) }))
    expect(update).toEqual({ providerRef: 'cs_test_a1B2c3D4', status: 'paid', eventId: 'evt_1OqM2pLkdIwHu7ix0Ab12Cd3' })
  })

  it('refuses a tampered body', async () => {
    const header = sign(completed)
    const tampered = completed.replace('"payment_status": "paid"', '"payment_status": "paid" ')
    await webhookError(provider.parseWebhook(tampered, new Headers({ 'Stripe-Signature': header })))
    const otherSession = completed.replace('cs_test_a1B2c3D4', 'cs_test_zzzzzzzz')
    await webhookError(provider.parseWebhook(otherSession, new Headers({ 'Stripe-Signature': header })))
  })

  it('refuses a signature made with another secret, and a missing or malformed header', async () => {
    const wrong = sign(completed, { secret: 'whsec_someone_else' })
    await webhookError(provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': wrong })))
    await webhookError(provider.parseWebhook(completed, new Headers()))
    await webhookError(provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': 'v1=abc' })))
    const noV1 = sign(completed).replace('v1=', 'v0=')
    await webhookError(provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': noV1 })))
  })

  it('refuses a timestamp more than 300 s old, and accepts one just inside', async () => {
    const old = sign(completed, { timestamp: NOW_SECONDS - 301 })
    const error = await webhookError(provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': old })))
    expect(error.message).toContain('tolerance')

    // The SDK bounds the age only, as Stripe documents: a timestamp ahead of our clock can only come from the
    // holder of the secret (who could sign any time), so a late clock here does not lose real webhooks.
    const future = sign(completed, { timestamp: NOW_SECONDS + 301 })
    const ahead = await provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': future }))
    expect(ahead && 'status' in ahead ? ahead.status : null).toBe('paid')

    const recent = sign(completed, { timestamp: NOW_SECONDS - 299 })
    const update = await provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': recent }))
    expect(update && 'status' in update ? update.status : null).toBe('paid')
  })

  it('accepts a header with several v1 signatures when one of them is valid (secret being rolled)', async () => {
    const valid = sign(completed).split(',v1=')[1] ?? ''
    const stale = createHmac('sha256', 'whsec_previous').update(`${NOW_SECONDS}.${completed}`).digest('hex')
    const header = `t=${NOW_SECONDS},v1=${stale},v1=${valid},v0=${'0'.repeat(64)}`
    const update = await provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': header }))
    expect(update && 'status' in update ? update.status : null).toBe('paid')

    const onlyStale = `t=${NOW_SECONDS},v1=${stale},v1=${'f'.repeat(64)}`
    await webhookError(provider.parseWebhook(completed, new Headers({ 'Stripe-Signature': onlyStale })))
  })

  it('ignores event types it does not act on', async () => {
    const unrelated = JSON.stringify({
      id: 'evt_unrelated',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_test_1', object: 'payment_intent', status: 'succeeded' } },
    })
    expect(await provider.parseWebhook(unrelated, new Headers({ 'Stripe-Signature': sign(unrelated) }))).toBeNull()

    const other = event('checkout.session.async_payment_whatever', {})
    expect(await provider.parseWebhook(other, new Headers({ 'Stripe-Signature': sign(other) }))).toBeNull()
  })

  it('maps expired, asynchronous and unpaid Checkout events', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }, 'cancelled'],
      ['checkout.session.async_payment_succeeded', { status: 'complete', payment_status: 'paid' }, 'paid'],
      ['checkout.session.async_payment_failed', { status: 'complete', payment_status: 'unpaid' }, 'failed'],
      ['checkout.session.completed', { status: 'complete', payment_status: 'unpaid' }, 'pending'],
    ]
    for (const [type, object, status] of cases) {
      const body = event(type, object, `evt_${type}`)
      const update = await provider.parseWebhook(body, new Headers({ 'Stripe-Signature': sign(body) }))
      expect(update).toEqual({ providerRef: 'cs_test_a1B2c3D4', status, eventId: `evt_${type}` })
    }
  })

  it('refuses a signed body that is not an event', async () => {
    const body = 'not json'
    await webhookError(provider.parseWebhook(body, new Headers({ 'Stripe-Signature': sign(body) })))
  })
})
