import { inspect } from 'node:util'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { createPaypalProvider } from '~/api/payments/paypal.server'
import { createStripeProvider } from '~/api/payments/stripe.server'
import { carts, orderEvents, orders, payments, products, variants } from '~/db/schema'
import { freshDatabase } from './database'
import { captureResource, paypalEvent, startFakePaypal, type FakePaypal } from './fake-paypal'

const ORIGIN = 'https://shop.example.com'
const BASE = `${ORIGIN}/api/public/demo`
let database: Awaited<ReturnType<typeof freshDatabase>>
let paypal: FakePaypal
/** Demo mode without PayPal or a card gateway: PayPal goes to the built-in test page. */
let demoApp: ApiApp
/** PayPal configured (its sandbox stand-in on loopback); cards still on the test page. */
let paypalApp: ApiApp
/** A card gateway and no PayPal, as in live mode without a PayPal app: PayPal is not offered. */
let noPaypalApp: ApiApp

type Json = Record<string, unknown>

async function call(
  app: ApiApp,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.request(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  let body: Json
  try {
    body = (text ? JSON.parse(text) : {}) as Json
  } catch {
    body = { html: text }
  }
  return { status: response.status, body, headers: response.headers }
}

let nextOffset = 0
/** A size of a plain product (no sale, club or shoes) nobody else in this file buys, with stock. */
async function freshSku(): Promise<string> {
  const [row] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(sql`cardinality(${products.tags}) = 0`, sql`${products.categorySlug} <> 'shoes'`))
    .orderBy(variants.sku)
    .limit(1)
    .offset(nextOffset++)
  if (!row) throw new Error('no plain product in the demo catalog')
  await database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, row.sku))
  return row.sku
}

type Placed = { status: number; body: Json; number: string; token: string; cartToken: string; redirect: string | null }

async function place(app: ApiApp, method: 'paypal' | 'card', lang: 'th' | 'en' = 'th'): Promise<Placed> {
  const added = await call(app, 'POST', '/cart/items?currency=thb', { body: { sku: await freshSku() } })
  expect(added.status).toBe(201)
  const cartToken = String(added.body.cart_token)
  const placed = await call(app, 'POST', `/orders?currency=thb&lang=${lang}`, {
    body: {
      email: 'paypal.buyer@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: method,
    },
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `paypal-${crypto.randomUUID()}` },
  })
  const order = (placed.body.order ?? {}) as Json
  return {
    status: placed.status,
    body: placed.body,
    number: String(order.number),
    token: String(placed.body.access_token),
    cartToken,
    redirect: typeof placed.body.redirect_url === 'string' ? placed.body.redirect_url : null,
  }
}

/** The PayPal order id in a payer-action link. */
function paypalOrderOf(redirect: string | null): string {
  const token = new URL(redirect ?? 'http://x').searchParams.get('token')
  if (!token) throw new Error(`no PayPal order in ${redirect ?? 'null'}`)
  return token
}

async function stateOf(number: string) {
  const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
  if (!order) throw new Error(`no order ${number}`)
  const rows = await database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.createdAt))
  const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
  return { order: order.status, payments: rows, events: events.map((event) => event.status) }
}

async function deliver(app: ApiApp, delivery: { body: string; headers: Record<string, string> }) {
  const response = await app.request(`${BASE}/payments/paypal/webhook`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  })
  return { status: response.status, body: (await response.json()) as Json }
}

const logged: string[] = []

beforeAll(async () => {
  paypal = await startFakePaypal()
  database = await freshDatabase()
  const commerce = { siteUrl: ORIGIN, paymentSecret: 'paypal-checkout-test-secret' }
  demoApp = createApiApp({ db: database.db, storeKeys: ['demo'], commerce })
  paypalApp = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      ...commerce,
      paypal: createPaypalProvider({
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        webhookId: paypal.webhookId,
        apiBaseUrl: paypal.url,
      }),
    },
  })
  noPaypalApp = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      ...commerce,
      stripe: createStripeProvider({
        secretKey: 'sk_test_unused',
        webhookSecret: 'whsec_unused',
        apiBaseUrl: 'http://127.0.0.1:9',
      }),
    },
  })
})

beforeEach(() => {
  paypal.behaviour = 'normal'
  logged.length = 0
  // Whatever the shop logs while PayPal fails is kept, to check that no credential is in it.
  for (const level of ['error', 'warn', 'info', 'log'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 6 }))).join(' '))
    })
  }
})

afterAll(async () => {
  vi.restoreAllMocks()
  await database?.close()
  await paypal?.close()
})

describe(`checkout with PayPal on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('in the demo, sends PayPal to the test payment page (in PayPal’s terms), and approving pays the order', async () => {
    const placed = await place(demoApp, 'paypal', 'en')
    expect(placed.status).toBe(201)
    expect(placed.redirect).toMatch(/^\/api\/public\/demo\/test-payments\/test_/)
    const pageUrl = new URL(placed.redirect ?? '', ORIGIN)
    const page = await demoApp.request(pageUrl.toString())
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('Test payment with PayPal')
    expect(html).not.toContain('3-D Secure')

    const approved = await demoApp.request(`${pageUrl.origin}${pageUrl.pathname}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        return: pageUrl.searchParams.get('return') ?? '',
        sig: pageUrl.searchParams.get('sig') ?? '',
      }).toString(),
    })
    expect(approved.status).toBe(303)
    expect(approved.headers.get('location')).toBe(`/en/order/${placed.number}`)
    const state = await stateOf(placed.number)
    expect(state.order).toBe('paid')
    expect(state.payments).toMatchObject([{ provider: 'test', method: 'paypal', status: 'paid' }])
    // Without PayPal configured there is nothing at PayPal's addresses.
    const hook = await call(demoApp, 'POST', '/payments/paypal/webhook', { body: {} })
    expect(hook.status).toBe(404)
  })

  it('refuses PayPal where it is not offered with a clear 400, and writes nothing', async () => {
    const added = await call(noPaypalApp, 'POST', '/cart/items?currency=thb', { body: { sku: await freshSku() } })
    const cartToken = String(added.body.cart_token)
    const refused = await call(noPaypalApp, 'POST', '/orders?currency=thb&lang=th', {
      body: {
        email: 'paypal.buyer@example.com',
        telephone: '0812345678',
        shipping_method: 'pickup',
        store_id: 'siam-paragon',
        payment_method: 'paypal',
      },
      headers: { 'x-cart-token': cartToken, 'idempotency-key': 'paypal-not-offered' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      reason: 'PAYMENT_UNAVAILABLE',
      message: 'This payment method is not offered at the moment',
      fields: { payment_method: 'unavailable' },
    })
    const cart = await call(noPaypalApp, 'GET', '/cart?currency=thb', { headers: { 'x-cart-token': cartToken } })
    expect(cart.body.items).toHaveLength(1)
    const [open] = await database.db
      .select({ status: carts.status })
      .from(carts)
      .where(eq(carts.id, String(cart.body.id)))
    expect(open?.status).toBe('open')
    for (const path of ['/payments/paypal/return?token=5O190127TN364715T', '/payments/paypal/cancel']) {
      expect((await call(noPaypalApp, 'GET', path)).status).toBe(404)
    }
  })

  it('creates the PayPal order for the total, captures it when the shopper comes back, and lands on the order', async () => {
    const placed = await place(paypalApp, 'paypal', 'th')
    expect(placed.status).toBe(201)
    expect(placed.redirect).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=[A-Z0-9]{17}$/)
    const id = paypalOrderOf(placed.redirect)
    const before = await stateOf(placed.number)
    expect(before.order).toBe('awaiting_payment')
    const [payment] = before.payments
    expect(payment).toMatchObject({ provider: 'paypal', providerRef: id, method: 'paypal', status: 'pending' })
    const [order] = await database.db.select().from(orders).where(eq(orders.number, placed.number))
    const unit = paypal.orders.get(id)?.requestBody.purchase_units?.[0]
    expect(unit).toMatchObject({
      custom_id: payment?.id,
      invoice_id: placed.number,
      amount: { currency_code: 'THB', value: ((order?.total ?? 0) / 100).toFixed(2) },
    })
    expect(paypal.orders.get(id)?.requestBody.payment_source?.paypal?.experience_context).toMatchObject({
      locale: 'th-TH',
      return_url: `${BASE}/payments/paypal/return`,
      cancel_url: `${BASE}/payments/paypal/cancel`,
    })
    // A replay of the order request sends the shopper to the same PayPal order.
    const viewed = await call(paypalApp, 'GET', `/orders/${placed.number}`, {
      headers: { 'x-order-token': placed.token },
    })
    expect(viewed.body.payment).toEqual({ status: 'pending', redirect_url: placed.redirect })

    paypal.approve(id)
    const back = await paypalApp.request(`${BASE}/payments/paypal/return?token=${id}&PayerID=QYR5Z8XDVJNXQ`)
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`${ORIGIN}/order/${placed.number}`)
    expect(back.headers.get('cache-control')).toBe('no-store')
    const after = await stateOf(placed.number)
    expect(after.order).toBe('paid')
    expect(after.payments.map((row) => row.status)).toEqual(['paid'])
    const shown = await call(paypalApp, 'GET', `/orders/${placed.number}`, {
      headers: { 'x-order-token': placed.token },
    })
    expect(shown.body).toMatchObject({ status: 'paid', payment_method: 'paypal', payment: { status: 'paid' } })

    // Back again (reload, back button): nothing is captured twice.
    const again = await paypalApp.request(`${BASE}/payments/paypal/return?token=${id}`)
    expect(again.status).toBe(303)
    expect(paypal.orders.get(id)?.captures).toHaveLength(1)
    expect((await stateOf(placed.number)).events.filter((status) => status === 'paid')).toHaveLength(1)
  })

  it('cancels the attempt when the shopper gives up at PayPal; paying again opens a new PayPal order', async () => {
    const placed = await place(paypalApp, 'paypal', 'en')
    const first = paypalOrderOf(placed.redirect)
    const back = await paypalApp.request(`${BASE}/payments/paypal/cancel?token=${first}`)
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`${ORIGIN}/en/order/${placed.number}`)
    let state = await stateOf(placed.number)
    expect(state.order).toBe('awaiting_payment')
    expect(state.payments.map((row) => row.status)).toEqual(['cancelled'])

    const again = await call(paypalApp, 'POST', `/orders/${placed.number}/pay`, {
      headers: { 'x-order-token': placed.token },
    })
    expect(again.status).toBe(200)
    const second = paypalOrderOf(String(again.body.redirect_url))
    expect(second).not.toBe(first)
    state = await stateOf(placed.number)
    expect(state.payments.map((row) => [row.provider, row.status])).toEqual([
      ['paypal', 'cancelled'],
      ['paypal', 'pending'],
    ])
    // An approval of the abandoned PayPal order is not captured: that attempt is over.
    paypal.approve(first)
    const stale = await deliver(paypalApp, paypal.webhook(paypalEvent('CHECKOUT.ORDER.APPROVED', { id: first })))
    expect(stale.status).toBe(200)
    expect(paypal.orders.get(first)?.captures).toHaveLength(0)
    expect((await stateOf(placed.number)).order).toBe('awaiting_payment')
  })

  it('captures on the approval webhook, verified by PayPal; duplicates and the capture event change nothing', async () => {
    const placed = await place(paypalApp, 'paypal')
    const id = paypalOrderOf(placed.redirect)
    paypal.approve(id)
    const approval = paypal.webhook(paypalEvent('CHECKOUT.ORDER.APPROVED', { id, status: 'APPROVED' }))

    const forged = { ...approval, headers: { ...approval.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' } }
    const refused = await deliver(paypalApp, forged)
    expect(refused.status).toBe(400)
    expect(paypal.orders.get(id)?.captures).toHaveLength(0)
    expect((await stateOf(placed.number)).order).toBe('awaiting_payment')

    paypal.behaviour = 'server-error'
    const unverifiable = await deliver(paypalApp, approval)
    expect(unverifiable.status).toBe(503)
    expect((await stateOf(placed.number)).order).toBe('awaiting_payment')
    paypal.behaviour = 'normal'

    expect(await deliver(paypalApp, approval)).toEqual({ status: 200, body: { received: true } })
    expect((await stateOf(placed.number)).order).toBe('paid')
    // PayPal delivers again (no answer in time), then reports the capture: both change nothing.
    expect((await deliver(paypalApp, approval)).status).toBe(200)
    const completed = paypalEvent('PAYMENT.CAPTURE.COMPLETED', captureResource(id, 'COMPLETED'))
    expect((await deliver(paypalApp, paypal.webhook(completed))).status).toBe(200)
    expect((await deliver(paypalApp, paypal.webhook(completed))).status).toBe(200)
    expect(paypal.orders.get(id)?.captures).toHaveLength(1)
    const state = await stateOf(placed.number)
    expect(state.payments.map((row) => row.status)).toEqual(['paid'])
    expect(state.events).toEqual(['awaiting_payment', 'paid'])
  })

  it('marks a declined capture failed and lets the shopper pay again; a denied capture event fails a payment too', async () => {
    const placed = await place(paypalApp, 'paypal')
    const id = paypalOrderOf(placed.redirect)
    paypal.approve(id)
    paypal.behaviour = 'decline-422'
    const back = await paypalApp.request(`${BASE}/payments/paypal/return?token=${id}`)
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`${ORIGIN}/order/${placed.number}`)
    let state = await stateOf(placed.number)
    expect(state.order).toBe('awaiting_payment')
    expect(state.payments.map((row) => row.status)).toEqual(['failed'])

    paypal.behaviour = 'normal'
    const again = await call(paypalApp, 'POST', `/orders/${placed.number}/pay`, {
      headers: { 'x-order-token': placed.token },
    })
    const second = paypalOrderOf(String(again.body.redirect_url))
    const denied = paypalEvent('PAYMENT.CAPTURE.DENIED', captureResource(second, 'DECLINED'))
    expect((await deliver(paypalApp, paypal.webhook(denied))).status).toBe(200)
    state = await stateOf(placed.number)
    expect(state.order).toBe('awaiting_payment')
    expect(state.payments.map((row) => row.status)).toEqual(['failed', 'failed'])
  })

  it('keeps the payment pending when PayPal cannot be reached, and finishes it later; no credential is logged', async () => {
    // PayPal down while the order is placed: the order stands, awaiting payment, without a PayPal page yet.
    paypal.behaviour = 'server-error'
    const placed = await place(paypalApp, 'paypal')
    expect(placed.status).toBe(201)
    expect(placed.redirect).toBeNull()
    paypal.behaviour = 'normal'
    const retried = await call(paypalApp, 'POST', `/orders/${placed.number}/pay`, {
      headers: { 'x-order-token': placed.token },
    })
    const id = paypalOrderOf(String(retried.body.redirect_url))
    expect((await stateOf(placed.number)).payments.map((row) => row.status)).toEqual(['pending'])

    // Down again when the shopper comes back: the order page shows it pending; the approval webhook captures it.
    paypal.approve(id)
    paypal.behaviour = 'server-error'
    const back = await paypalApp.request(`${BASE}/payments/paypal/return?token=${id}`)
    expect(back.status).toBe(303)
    expect((await stateOf(placed.number)).payments.map((row) => row.status)).toEqual(['pending'])
    paypal.behaviour = 'normal'
    const approval = paypal.webhook(paypalEvent('CHECKOUT.ORDER.APPROVED', { id }))
    expect((await deliver(paypalApp, approval)).status).toBe(200)
    expect((await stateOf(placed.number)).order).toBe('paid')

    expect(logged.join('\n')).toMatch(/PayPal .*HTTP 500/)
    for (const secret of [
      paypal.clientSecret,
      Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64'),
      ...paypal.tokens,
    ]) {
      expect(logged.join('\n')).not.toContain(secret)
    }
  })

  it('answers a return link naming no payment of the shop with a page in both languages', async () => {
    for (const query of ['?token=ZZZZZZZZZZZZZZZZZ', '?token=%3Cscript%3E', '', '?token=1&token=2']) {
      for (const path of ['/payments/paypal/return', '/payments/paypal/cancel']) {
        const response = await paypalApp.request(`${BASE}${path}${query}`)
        expect(response.status, `${path}${query}`).toBe(404)
        const html = await response.text()
        expect(html).toContain('ไม่พบรายการชำระเงิน')
        expect(html).toContain('Payment not found')
        expect(html).not.toContain('<script>')
        // Back to the shop's home page in each language, as the storefront's links write it.
        expect(html).toContain(`<a href="${ORIGIN}/">กลับไปที่ร้าน</a>`)
        expect(html).toContain(`<a href="${ORIGIN}/en">Back to the shop</a>`)
      }
    }
  })

  it('documents the PayPal endpoints and the PayPal payment method', async () => {
    const response = await paypalApp.request(`${BASE}/openapi.json`)
    const document = (await response.json()) as {
      paths: Record<string, Record<string, unknown>>
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> }
    }
    expect(Object.keys(document.paths['/api/public/{storeKey}/payments/paypal/return'] ?? {})).toEqual([
      'get',
      'parameters',
    ])
    expect(Object.keys(document.paths['/api/public/{storeKey}/payments/paypal/cancel'] ?? {})).toEqual([
      'get',
      'parameters',
    ])
    expect(Object.keys(document.paths['/api/public/{storeKey}/payments/paypal/webhook'] ?? {})).toEqual([
      'post',
      'parameters',
    ])
    expect(document.components.schemas.PlaceOrder?.properties?.payment_method?.enum).toEqual([
      'card',
      'paypal',
      'bank_transfer',
    ])
  })
})
