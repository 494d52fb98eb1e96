import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { createStripeProvider } from '~/api/payments/stripe.server'
import { orders, products, variants } from '~/db/schema'
import { freshDatabase } from './database'

const BASE = 'http://shop.test/api/public/demo'
const WEBHOOK_SECRET = 'whsec_checkout_tests'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let stripe: Server
const sessions = new Map<string, { amount: string; currency: string; successUrl: string }>()

beforeAll(async () => {
  // A Stripe stand-in: Checkout Sessions are created and remembered, nothing else.
  stripe = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (
        req.method === 'POST' &&
        req.url === '/v1/checkout/sessions' &&
        req.headers.authorization === 'Bearer sk_test_checkout'
      ) {
        const form = new URLSearchParams(body)
        const id = `cs_test_${randomUUID().replaceAll('-', '')}`
        sessions.set(id, {
          amount: form.get('line_items[0][price_data][unit_amount]') ?? '',
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          successUrl: form.get('success_url') ?? '',
        })
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/${id}`,
            status: 'open',
            payment_status: 'unpaid',
          }),
        )
        return
      }
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such route' } }))
    })
  })
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve))
  const { port } = stripe.address() as AddressInfo
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      siteUrl: 'https://shop.example.com',
      paymentSecret: 'x',
      stripe: createStripeProvider({
        secretKey: 'sk_test_checkout',
        webhookSecret: WEBHOOK_SECRET,
        apiBaseUrl: `http://127.0.0.1:${port}`,
      }),
    },
  })
})

afterAll(async () => {
  await database?.close()
  await new Promise<void>((resolve) => stripe.close(() => resolve()))
})

function signed(payload: string, secret = WEBHOOK_SECRET, t = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')
  return `t=${t},v1=${v1}`
}

it('pays a card order through Stripe Checkout: the session for the total, then the signed webhook marks it paid', async () => {
  const [row] = await database.db
    .select({ sku: variants.sku, price: products.priceThb })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(sql`cardinality(${products.tags}) = 0 AND ${products.categorySlug} <> 'shoes'`)
    .limit(1)
  if (!row) throw new Error('no product')
  await database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, row.sku))
  const added = await app.request(`${BASE}/cart/items?currency=thb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sku: row.sku }),
  })
  const { cart_token: token } = (await added.json()) as { cart_token: string }
  const placed = await app.request(`${BASE}/orders?currency=thb&lang=th`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cart-token': token, 'idempotency-key': 'stripe-order-1' },
    body: JSON.stringify({
      email: 'card@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'card',
    }),
  })
  expect(placed.status).toBe(201)
  const body = (await placed.json()) as { redirect_url: string; order: { number: string } }
  expect(body.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_test_/)
  const sessionId = body.redirect_url.split('/').pop() ?? ''
  expect(sessions.get(sessionId)).toEqual({
    amount: String(row.price),
    currency: 'thb',
    successUrl: `https://shop.example.com/order/${body.order.number}`,
  })

  const event = JSON.stringify({
    id: 'evt_1',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
  })
  const forged = await app.request(`${BASE}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed(event, 'whsec_wrong') },
    body: event,
  })
  expect(forged.status).toBe(400)
  // Stripe's own check (stripe.webhooks.constructEvent) refuses a replay older than five minutes and a body changed
  // after signing, through the real route: a 400, and the order stays unpaid.
  const stale = signed(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301)
  const tampered = event.replace('"payment_status":"paid"', '"payment_status":"paid","amount_total":1')
  for (const [what, signature, payload] of [
    ['stale', stale, event],
    ['tampered', signed(event), tampered],
    ['unsigned', '', event],
  ] as const) {
    const refused = await app.request(`${BASE}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    expect(refused.status, what).toBe(400)
    expect(await refused.json(), what).toEqual({ code: 400, message: 'Bad signature' })
  }
  const [still] = await database.db.select().from(orders).where(eq(orders.number, body.order.number))
  expect(still?.status).toBe('awaiting_payment')

  const hook = await app.request(`${BASE}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed(event) },
    body: event,
  })
  expect(hook.status).toBe(200)
  const [paid] = await database.db.select().from(orders).where(eq(orders.number, body.order.number))
  expect(paid?.status).toBe('paid')
})

it('has no built-in test payment page when a card gateway is configured: nobody can approve their own payment', async () => {
  const ref = 'test_AAAAAAAAAAAAAAAA'
  for (const [method, path] of [
    ['GET', `/test-payments/${ref}?return=%2F&sig=x`],
    ['POST', `/test-payments/${ref}/approve`],
    ['POST', `/test-payments/${ref}/3ds/confirm`],
  ] as const) {
    const response = await app.request(`${BASE}${path}`, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(method === 'POST' ? { body: 'return=%2F&sig=x&code=123456' } : {}),
    })
    expect(response.status, `${method} ${path}`).toBe(404)
    expect(((await response.json()) as { message: string }).message).toMatch(/^No such endpoint/)
  }
})
