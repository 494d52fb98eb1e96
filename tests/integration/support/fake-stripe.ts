import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A Stripe stand-in on loopback, as far as the shop's payments and refunds use Stripe's documented API
 * (https://docs.stripe.com/api): Checkout Sessions created, read and listed by PaymentIntent; refunds created with
 * Idempotency-Key (the same key answers the first refund), never over the payment's amount, and listed; Stripe's
 * error shape; webhooks signed as Stripe signs them (Stripe-Signature: t=…,v1=HMAC-SHA256).
 */

export type FakeStripeSession = {
  id: string
  object: 'checkout.session'
  url: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid'
  payment_intent: string | null
  amount_total: number
  currency: string
  metadata: Record<string, string>
}

export type FakeStripeRefund = {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  status: 'succeeded' | 'pending' | 'failed'
  metadata: Record<string, string>
}

/**
 * What refunds do: go through, stay pending (as some card networks leave them), be refused (a 400 Stripe will not take
 * back), or meet a server that is down (500).
 */
export type FakeStripeBehaviour = 'normal' | 'pending' | 'refuse' | 'down'

export type FakeStripe = {
  url: string
  secretKey: string
  webhookSecret: string
  sessions: Map<string, FakeStripeSession>
  refunds: FakeStripeRefund[]
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }>
  behaviour: FakeStripeBehaviour
  /** The shopper pays on Stripe's page: the session is complete and paid, with its PaymentIntent. */
  pay(sessionId: string): string
  /** A refund made in Stripe's Dashboard (no metadata of ours). */
  dashboardRefund(paymentIntent: string, amount: number): FakeStripeRefund
  /** An event delivered to the webhook endpoint: the body and its Stripe-Signature header. */
  event(type: string, object: unknown, id?: string): { body: string; signature: string }
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_refunds_loopback'
  const webhookSecret = options.webhookSecret ?? 'whsec_refunds_loopback'
  const idempotent = new Map<string, { status: number; body: unknown }>()

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    sessions: new Map(),
    refunds: [],
    requests: [],
    behaviour: 'normal',
    pay(sessionId) {
      const session = fake.sessions.get(sessionId)
      if (!session) throw new Error(`no fake session ${sessionId}`)
      session.status = 'complete'
      session.payment_status = 'paid'
      session.payment_intent ??= id('pi')
      return session.payment_intent
    },
    dashboardRefund(paymentIntent, amount) {
      const session = [...fake.sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent)
      const refund: FakeStripeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session?.currency ?? 'thb',
        payment_intent: paymentIntent,
        status: 'succeeded',
        metadata: {},
      }
      fake.refunds.push(refund)
      return refund
    },
    event(type, object, eventId = id('evt')) {
      const body = JSON.stringify({ id: eventId, object: 'event', type, data: { object } })
      const t = Math.floor(Date.now() / 1000)
      const v1 = createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest('hex')
      return { body, signature: `t=${t},v1=${v1}` }
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  function json(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }
  const list = (path: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url: path })
  const stripeError = (status: number, type: string, code: string, message: string) => ({
    status,
    body: { error: { type, code, message } },
  })

  function createRefund(form: URLSearchParams): { status: number; body: unknown } {
    const intent = form.get('payment_intent') ?? ''
    const session = [...fake.sessions.values()].find((candidate) => candidate.payment_intent === intent)
    if (!session) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent`)
    const taken = fake.refunds
      .filter((refund) => refund.payment_intent === intent && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0)
    const amount = form.has('amount') ? Number(form.get('amount')) : session.amount_total - taken
    if (!Number.isInteger(amount) || amount <= 0 || taken + amount > session.amount_total) {
      return stripeError(400, 'invalid_request_error', 'amount_too_large', 'Refund amount is greater than unrefunded')
    }
    const metadata: Record<string, string> = {}
    for (const [key, value] of form) {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1]
      if (name) metadata[name] = value
    }
    const refund: FakeStripeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: fake.behaviour === 'pending' ? 'pending' : 'succeeded',
      metadata,
    }
    fake.refunds.push(refund)
    return { status: 200, body: refund }
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    const url = new URL(incoming.url ?? '/', 'http://stripe.test')
    const key =
      typeof incoming.headers['idempotency-key'] === 'string' ? incoming.headers['idempotency-key'] : undefined
    fake.requests.push({ method: incoming.method ?? '', path: url.pathname, idempotencyKey: key })
    if (incoming.headers.authorization !== `Bearer ${secretKey}`) {
      return json(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    }
    if (incoming.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const sessionId = id('cs')
      const session: FakeStripeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? '0'),
        currency: form.get('line_items[0][price_data][currency]') ?? 'thb',
        metadata: {},
      }
      fake.sessions.set(sessionId, session)
      return json(response, 200, session)
    }
    if (incoming.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const intent = url.searchParams.get('payment_intent')
      const found = [...fake.sessions.values()].filter((session) => !intent || session.payment_intent === intent)
      return json(response, 200, list(url.pathname, found))
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)$/.exec(url.pathname)
    if (incoming.method === 'GET' && sessionMatch) {
      const session = fake.sessions.get(sessionMatch[1] ?? '')
      if (!session) return json(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing' } })
      return json(response, 200, session)
    }
    if (incoming.method === 'POST' && url.pathname === '/v1/refunds') {
      if (fake.behaviour === 'down') {
        return json(response, 500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end' } })
      }
      const earlier = key ? idempotent.get(key) : undefined
      if (earlier) return json(response, earlier.status, earlier.body)
      const answer =
        fake.behaviour === 'refuse'
          ? stripeError(400, 'invalid_request_error', 'charge_disputed', 'This charge is disputed')
          : createRefund(form)
      if (key) idempotent.set(key, answer)
      return json(response, answer.status, answer.body)
    }
    if (incoming.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent')
      return json(
        response,
        200,
        list(
          url.pathname,
          fake.refunds.filter((refund) => refund.payment_intent === intent),
        ),
      )
    }
    return json(response, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
  }

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => response.destroy(error as Error))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
