import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32 } from 'node:zlib'

/**
 * A PayPal stand-in on loopback that behaves like the documented REST API as far as the shop uses it
 * (https://developer.paypal.com/api/rest/): OAuth2 client credentials (Basic auth → Bearer token with expires_in),
 * Orders v2 create / get / capture with PayPal-Request-Id idempotency and PayPal's error shape (name, details[].issue,
 * debug_id), and POST /v1/notifications/verify-webhook-signature. Webhooks it "sends" are signed over the CRC32 of the
 * exact bytes delivered, as PayPal's are; verification fails when the event comes back re-serialised differently.
 */

export type FakeOrder = {
  id: string
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED'
  requestBody: CreateOrderBody
  captures: Array<{ id: string; status: 'COMPLETED' | 'DECLINED' | 'PENDING' }>
}

export type CreateOrderBody = {
  intent?: string
  purchase_units?: Array<{
    reference_id?: string
    custom_id?: string
    invoice_id?: string
    description?: string
    amount?: { currency_code?: string; value?: string }
  }>
  payment_source?: {
    paypal?: {
      email_address?: string
      experience_context?: Record<string, string | undefined>
    }
  }
}

export type FakeRefund = {
  id: string
  status: 'COMPLETED'
  amount: { value: string; currency_code: string }
  custom_id?: string
  invoice_id?: string
  links: Array<{ href: string; rel: string; method: string }>
}

export type Recorded = {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** What the next calls do: answer normally, fail, hang, or decline captures (two ways PayPal does it). */
export type Behaviour = 'normal' | 'server-error' | 'rate-limit' | 'hang' | 'decline-422' | 'decline-201' | 'pending'

export type FakePaypal = {
  url: string
  clientId: string
  clientSecret: string
  webhookId: string
  requests: Recorded[]
  orders: Map<string, FakeOrder>
  /** Access tokens handed out, in order. */
  tokens: string[]
  behaviour: Behaviour
  /** Lifetime of new tokens in seconds (PayPal's are about 9 hours). */
  tokenLifetime: number
  /** PayPal revokes every token (the next calls get 401 until a new token is fetched). */
  revokeTokens(): void
  /** The payer approves the order on PayPal's page. */
  approve(orderId: string): void
  /** Refunds made through POST /v2/payments/captures/{id}/refund, by capture id. */
  refunds: Map<string, FakeRefund[]>
  /** A webhook delivery as PayPal makes it: the exact body and the transmission headers signed over it. */
  webhook(event: unknown, options?: { webhookId?: string }): { body: string; headers: Record<string, string> }
  close(): Promise<void>
}

const SIGNING_KEY = randomBytes(32)
const CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77'

function paypalError(response: ServerResponse, status: number, name: string, issue?: string, description?: string) {
  json(response, status, {
    name,
    message: `${name}: the requested action could not be performed.`,
    debug_id: randomBytes(7).toString('hex'),
    ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    links: [
      { href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`, rel: 'information_link' },
    ],
  })
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': 'fake' })
  response.end(JSON.stringify(body))
}

function orderId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('')
}

function sign(transmissionId: string, time: string, webhookId: string, body: string): string {
  const message = `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`
  return createHmac('sha256', SIGNING_KEY).update(message).digest('base64')
}

/** The text of a JSON value starting at `start` (strings with escapes, nesting), and where it ends. */
function valueEnd(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let index = start; index < text.length; index += 1) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index += 1
      else if (char === '"') {
        inString = false
        if (depth === 0) return index + 1
      }
      continue
    }
    if (char === '"') inString = true
    else if (char === '{' || char === '[') depth += 1
    else if (char === '}' || char === ']') {
      if (depth === 0) return index
      depth -= 1
      if (depth === 0) return index + 1
    } else if (char === ',' && depth === 0) return index
  }
  return text.length
}

/** The raw text of a top-level member of a JSON object, as it was sent (not re-serialised). */
function rawMember(text: string, name: string): string | null {
  let index = text.indexOf('{') + 1
  while (index > 0 && index < text.length) {
    while (/[\s,]/.test(text[index] ?? '')) index += 1
    if (text[index] !== '"') return null
    const keyEnd = valueEnd(text, index)
    const key = JSON.parse(text.slice(index, keyEnd)) as string
    index = text.indexOf(':', keyEnd) + 1
    while (/\s/.test(text[index] ?? '')) index += 1
    const end = valueEnd(text, index)
    if (key === name) return text.slice(index, end)
    index = end
  }
  return null
}

export async function startFakePaypal(
  options: { clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<FakePaypal> {
  const clientId = options.clientId ?? 'AcFakeClientIdForLoopback0123456789'
  const clientSecret = options.clientSecret ?? 'EFakeClientSecretForLoopbackOnly9876543210'
  const webhookId = options.webhookId ?? '8PT597110X687430LKGECATA'
  const requests: Recorded[] = []
  const orders = new Map<string, FakeOrder>()
  const tokens: string[] = []
  const valid = new Set<string>()
  /** PayPal-Request-Id → the answer first given (PayPal keeps them for hours). */
  const replies = new Map<string, { status: number; body: unknown }>()
  const hanging = new Set<ServerResponse>()

  const fake: FakePaypal = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    requests,
    orders,
    tokens,
    behaviour: 'normal',
    tokenLifetime: 32_400,
    refunds: new Map(),
    revokeTokens: () => valid.clear(),
    approve(id) {
      const order = orders.get(id)
      if (!order) throw new Error(`no fake order ${id}`)
      order.status = 'APPROVED'
    },
    webhook(event, extra = {}) {
      const body = typeof event === 'string' ? event : JSON.stringify(event)
      const transmissionId = randomUUID()
      const time = new Date().toISOString()
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': CERT_URL,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': sign(transmissionId, time, extra.webhookId ?? webhookId, body),
        },
      }
    },
    close: async () => {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  function orderView(order: FakeOrder) {
    const unit = order.requestBody.purchase_units?.[0]
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          reference_id: unit?.reference_id ?? 'default',
          amount: unit?.amount,
          custom_id: unit?.custom_id,
          invoice_id: unit?.invoice_id,
          ...(order.captures.length > 0
            ? {
                payments: {
                  captures: order.captures.map((capture) => ({
                    ...capture,
                    amount: unit?.amount,
                    custom_id: unit?.custom_id,
                    invoice_id: unit?.invoice_id,
                    final_capture: true,
                  })),
                },
              }
            : {}),
        },
      ],
      links: [
        { href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [
              {
                href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
                rel: 'payer-action',
                method: 'GET',
              },
            ]
          : []),
      ],
    }
  }

  function createOrder(body: string): { status: number; body: unknown } | 'invalid' {
    let parsed: CreateOrderBody
    try {
      parsed = JSON.parse(body) as CreateOrderBody
    } catch {
      return 'invalid'
    }
    const unit = parsed.purchase_units?.[0]
    const context = parsed.payment_source?.paypal?.experience_context
    if (
      parsed.intent !== 'CAPTURE' ||
      !unit?.amount?.currency_code ||
      !['THB', 'USD'].includes(unit.amount.currency_code) ||
      !/^\d{1,10}\.\d{2}$/.test(unit.amount.value ?? '') ||
      !context?.return_url ||
      !context.cancel_url
    ) {
      return 'invalid'
    }
    const order: FakeOrder = { id: orderId(), status: 'PAYER_ACTION_REQUIRED', requestBody: parsed, captures: [] }
    orders.set(order.id, order)
    const view = orderView(order)
    // Prefer: return=minimal — id, status and links only.
    return { status: 200, body: { id: view.id, status: view.status, links: view.links } }
  }

  function capture(order: FakeOrder): { status: number; body: unknown } {
    if (order.status === 'COMPLETED') {
      return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } }
    }
    if (order.status !== 'APPROVED') {
      return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } }
    }
    if (fake.behaviour === 'decline-422') {
      return {
        status: 422,
        body: {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was either declined.' }],
        },
      }
    }
    const captureStatus =
      fake.behaviour === 'decline-201' ? 'DECLINED' : fake.behaviour === 'pending' ? 'PENDING' : 'COMPLETED'
    order.captures.push({ id: orderId(), status: captureStatus })
    order.status = 'COMPLETED'
    return { status: 201, body: orderView(order) }
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(incoming.url ?? '/', 'http://paypal.test')
    requests.push({ method: incoming.method ?? '', path: url.pathname, headers: incoming.headers, body })

    if (fake.behaviour === 'hang') {
      hanging.add(response)
      response.on('close', () => hanging.delete(response))
      return
    }
    if (fake.behaviour === 'server-error') return paypalError(response, 500, 'INTERNAL_SERVER_ERROR')
    if (fake.behaviour === 'rate-limit') return paypalError(response, 429, 'RATE_LIMIT_REACHED')

    if (incoming.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (incoming.headers.authorization !== expected) {
        return json(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return json(response, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' })
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`
      tokens.push(token)
      valid.add(token)
      return json(response, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: fake.tokenLifetime,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      })
    }

    const bearer = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? '')?.[1]
    if (!bearer || !valid.has(bearer)) {
      return paypalError(response, 401, 'AUTHENTICATION_FAILURE')
    }

    const requestId = incoming.headers['paypal-request-id']
    const replayKey = typeof requestId === 'string' ? `${url.pathname} ${requestId}` : null
    const earlier = replayKey ? replies.get(replayKey) : undefined
    if (earlier) return json(response, earlier.status, earlier.body)

    if (incoming.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      if (!incoming.headers['content-type']?.startsWith('application/json')) {
        return paypalError(response, 415, 'UNSUPPORTED_MEDIA_TYPE')
      }
      const created = createOrder(body)
      if (created === 'invalid') return paypalError(response, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON')
      if (replayKey) replies.set(replayKey, created)
      return json(response, created.status, created.body)
    }

    const captureMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(url.pathname)
    if (incoming.method === 'POST' && captureMatch) {
      const order = orders.get(captureMatch[1] ?? '')
      if (!order) return paypalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      const answer = capture(order)
      if (replayKey && answer.status < 500) replies.set(replayKey, answer)
      return json(response, answer.status, answer.body)
    }

    const getMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(url.pathname)
    if (incoming.method === 'GET' && getMatch) {
      const order = orders.get(getMatch[1] ?? '')
      if (!order) return paypalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      return json(response, 200, orderView(order))
    }

    // Payments v2 (https://developer.paypal.com/docs/api/payments/v2/): a capture, and refunds of it up to its amount.
    const captureOf = (id: string) => {
      for (const order of orders.values()) {
        const found = order.captures.find((capture) => capture.id === id)
        if (found) return { order, capture: found }
      }
      return null
    }
    const refundMatch = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(url.pathname)
    if (incoming.method === 'POST' && refundMatch) {
      const id = refundMatch[1] ?? ''
      const found = captureOf(id)
      if (!found) return paypalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      let asked: { amount?: { value?: string; currency_code?: string }; custom_id?: string; invoice_id?: string }
      try {
        asked = JSON.parse(body || '{}') as typeof asked
      } catch {
        return paypalError(response, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON')
      }
      const captured = found.order.requestBody.purchase_units?.[0]?.amount
      const cents = (value: string | undefined) => Math.round(Number(value ?? '0') * 100)
      const earlier = fake.refunds.get(id) ?? []
      const already = earlier.reduce((sum, refund) => sum + cents(refund.amount.value), 0)
      const wanted = asked.amount ? cents(asked.amount.value) : cents(captured?.value) - already
      if (asked.amount && asked.amount.currency_code !== captured?.currency_code) {
        return paypalError(response, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH')
      }
      if (wanted <= 0 || already + wanted > cents(captured?.value)) {
        const answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] },
        }
        return json(response, answer.status, answer.body)
      }
      const refund: FakeRefund = {
        id: orderId(),
        status: 'COMPLETED',
        amount: { value: (wanted / 100).toFixed(2), currency_code: captured?.currency_code ?? 'THB' },
        ...(asked.custom_id ? { custom_id: asked.custom_id } : {}),
        ...(asked.invoice_id ? { invoice_id: asked.invoice_id } : {}),
        links: [
          { href: `${fake.url}/v2/payments/refunds/${orderId()}`, rel: 'self', method: 'GET' },
          { href: `${fake.url}/v2/payments/captures/${id}`, rel: 'up', method: 'GET' },
        ],
      }
      fake.refunds.set(id, [...earlier, refund])
      const answer = { status: 201, body: refund }
      if (replayKey) replies.set(replayKey, answer)
      return json(response, answer.status, answer.body)
    }
    const captureGet = /^\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(url.pathname)
    if (incoming.method === 'GET' && captureGet) {
      const found = captureOf(captureGet[1] ?? '')
      if (!found) return paypalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      return json(response, 200, {
        ...found.capture,
        supplementary_data: { related_ids: { order_id: found.order.id } },
      })
    }

    if (incoming.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      let request: Record<string, unknown>
      try {
        request = JSON.parse(body) as Record<string, unknown>
      } catch {
        return paypalError(response, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON')
      }
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id']
      const event = rawMember(body, 'webhook_event')
      if (fields.some((field) => typeof request[field] !== 'string') || event === null) {
        return paypalError(response, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER')
      }
      const field = (name: string) => String(request[name])
      const expected = sign(field('transmission_id'), field('transmission_time'), field('webhook_id'), event)
      const verified =
        field('auth_algo') === 'SHA256withRSA' &&
        field('cert_url') === CERT_URL &&
        field('webhook_id') === webhookId &&
        field('transmission_sig') === expected
      return json(response, 200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' })
    }

    return paypalError(response, 404, 'NOT_FOUND')
  }

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => response.destroy(error as Error))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

/** PayPal's event envelope (https://developer.paypal.com/api/rest/webhooks/event-names/). */
export function paypalEvent(eventType: string, resource: Record<string, unknown>, id = `WH-${orderId()}`) {
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: eventType.startsWith('CHECKOUT.') ? 'checkout-order' : 'capture',
    resource_version: '2.0',
    event_type: eventType,
    summary: `Event ${eventType}`,
    resource,
    links: [{ href: `https://api.sandbox.paypal.com/v1/notifications/webhooks-events/${id}`, rel: 'self' }],
  }
}

/** A capture resource as PAYMENT.CAPTURE.* events carry it, pointing back to its order. */
export function captureResource(order: string, status: string) {
  return {
    id: orderId(),
    status,
    amount: { currency_code: 'THB', value: '2490.00' },
    final_capture: true,
    supplementary_data: { related_ids: { order_id: order } },
    create_time: new Date().toISOString(),
  }
}
