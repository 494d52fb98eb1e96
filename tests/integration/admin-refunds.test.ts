import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPaypalProvider } from '~/api/payments/paypal.server'
import { createStripeProvider } from '~/api/payments/stripe.server'
import { auditLog, orderMails, orders, payments, refunds } from '~/db/schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { startFakePaypal, paypalEvent, type FakePaypal } from './fake-paypal'
import { thaiAddress } from './support/address'
import { plainSize, type PlainSize } from './support/catalog'
import { Clock } from './support/clock'
import { BASE, jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { startFakeStripe, type FakeStripe } from './support/fake-stripe'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Refunds (issue 31 item 7) through the admin API against fake Stripe and PayPal servers on loopback: full, partial,
 * by piece, over the cap, a repeated key, two at once, a provider that fails, a transfer with the bank's reference;
 * the providers' refund and dispute webhooks (a refund made in the dashboard too); every step audited, the shopper's
 * e-mail queued. Orders are placed and paid through the shop's own API and the providers' fakes.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
let stripe: FakeStripe
let paypal: FakePaypal
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
const operator = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: operatorAuth })

type Signed = { staff: Enrolled; cookie: string }
let manager: Signed
let service: Signed
let warehouse: Signed
let size: PlainSize
let placedCount = 0

type Placed = { number: string; redirect: string | null }

async function place(paymentMethod: 'card' | 'paypal' | 'bank_transfer', quantity = 1): Promise<Placed> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku: size.sku, quantity } })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const placed = await call('POST', '/orders?currency=thb&lang=en', {
    body: {
      email: 'refunds@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: paymentMethod,
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `admin-refunds-${++placedCount}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const redirect = typeof placed.body.redirect_url === 'string' ? placed.body.redirect_url : null
  return { number: String((placed.body.order as Json).number), redirect }
}

async function stripeWebhook(delivery: { body: string; signature: string }) {
  const response = await app.request(`${BASE}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.body,
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

async function paypalWebhook(event: unknown) {
  const delivery = paypal.webhook(event)
  const response = await app.request(`${BASE}/payments/paypal/webhook`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

/** A card order paid through the fake Stripe (the shopper paid on its page, its webhook said so); its PaymentIntent. */
async function paidByCard(quantity = 1): Promise<{ number: string; intent: string; total: number }> {
  const placed = await place('card', quantity)
  const sessionId = placed.redirect?.split('/').pop() ?? ''
  const intent = stripe.pay(sessionId)
  await stripeWebhook(
    stripe.event('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
    }),
  )
  const order = await orderRow(placed.number)
  expect(order.status).toBe('paid')
  return { number: placed.number, intent, total: order.total }
}

/** A PayPal order approved and captured on the fake PayPal. */
async function paidByPaypal(): Promise<{ number: string; paypalOrder: string; total: number }> {
  const placed = await place('paypal')
  const paypalOrder = new URL(placed.redirect ?? '').searchParams.get('token') ?? ''
  paypal.approve(paypalOrder)
  const back = await app.request(`${BASE}/payments/paypal/return?token=${paypalOrder}`)
  expect(back.status).toBe(303)
  const order = await orderRow(placed.number)
  expect(order.status).toBe('paid')
  return { number: placed.number, paypalOrder, total: order.total }
}

async function paidByTransfer(): Promise<{ number: string; total: number }> {
  const placed = await place('bank_transfer')
  const moved = await operator('POST', `/operator/orders/${placed.number}/status`, { status: 'paid' })
  expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  return { number: placed.number, total: (await orderRow(placed.number)).total }
}

async function orderRow(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number))
  if (!row) throw new Error(`no order ${number}`)
  return row
}

let keyCount = 0
const freshKey = () => `refund-key-${++keyCount}-${Date.now()}`

async function refund(who: Signed, number: string, body: Json, key: string | null = freshKey()) {
  return h.call('POST', `/orders/${number}/refunds`, {
    cookie: who.cookie,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  })
}

async function refundsOf(number: string) {
  const reply = await h.call('GET', `/orders/${number}/refunds`, { cookie: service.cookie })
  expect(reply.status, reply.text).toBe(200)
  return reply.body as {
    paid: number
    refunded: number
    refundable: number
    state: string
    lines: Array<{ position: number; refunded: number; piece_amounts: number[] }>
    refunds: Array<{ id: string; status: string; amount: number; provider_ref: string | null; requested_by: string }>
    disputes: Array<{ provider_ref: string; status: string; open: boolean; amount: number }>
  }
}

async function auditOf(number: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, number)))
    .orderBy(auditLog.id)
}

async function refundMails(number: string) {
  const order = await orderRow(number)
  return database.db
    .select()
    .from(orderMails)
    .where(and(eq(orderMails.orderId, order.id), eq(orderMails.kind, 'refund')))
}

async function count(table: typeof refunds | typeof auditLog | typeof orderMails): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(table)
  return row?.count ?? 0
}

beforeAll(async () => {
  stripe = await startFakeStripe()
  paypal = await startFakePaypal()
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      siteUrl: SITE,
      operatorToken: OPERATOR,
      stripe: createStripeProvider({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiBaseUrl: stripe.url,
        maxNetworkRetries: 0,
      }),
      paypal: createPaypalProvider({
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        webhookId: paypal.webhookId,
        apiBaseUrl: paypal.url,
      }),
    },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
  size = await plainSize(database.db, 3, 1000)
  const managerStaff = await h.enrol('manager', 'manager')
  manager = { staff: managerStaff, cookie: await h.signIn(managerStaff) }
  const serviceStaff = await h.enrol('customer_service', 'service')
  service = { staff: serviceStaff, cookie: await h.signIn(serviceStaff) }
  const warehouseStaff = await h.enrol('warehouse', 'warehouse')
  warehouse = { staff: warehouseStaff, cookie: await h.signIn(warehouseStaff) }
})

beforeEach(async () => {
  stripe.behaviour = 'normal'
  paypal.behaviour = 'normal'
  // Money actions ask for the second factor within five minutes (step-up): given again before each test.
  await h.stepUp(manager.staff, manager.cookie)
})

afterAll(async () => {
  await database?.close()
  await stripe?.close()
  await paypal?.close()
})

describe('POST /orders/{number}/refunds through Stripe', () => {
  it('refunds a card order in full: Stripe refunds the PaymentIntent, the order is refunded, audited, e-mailed', async () => {
    const order = await paidByCard()
    const reply = await refund(manager, order.number, { mode: 'full', reason: 'Shopper changed their mind' })
    expect(reply.status, reply.text).toBe(201)
    const made = (reply.body as { refund: Json }).refund
    expect(made).toMatchObject({ status: 'succeeded', amount: order.total, provider: 'stripe' })
    expect(reply.body.replay).toBe(false)

    const atStripe = stripe.refunds.filter((row) => row.payment_intent === order.intent)
    expect(atStripe).toHaveLength(1)
    expect(atStripe[0]).toMatchObject({ amount: order.total, metadata: { refund_id: made.id } })
    expect(made.provider_ref).toBe(atStripe[0]?.id)

    const state = await refundsOf(order.number)
    expect(state).toMatchObject({ paid: order.total, refunded: order.total, refundable: 0, state: 'refunded' })
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await orderRow(order.number)).id))
    expect(payment?.captureRef).toBe(order.intent)

    const entries = (await auditOf(order.number)).filter((entry) => entry.action.startsWith('order.refund'))
    expect(entries.map((entry) => [entry.action, entry.actorLabel])).toEqual([
      ['order.refund', manager.staff.email],
      ['order.refund_accepted', manager.staff.email],
    ])
    expect(entries[0]?.after).toMatchObject({ amount: order.total, reason: 'Shopper changed their mind' })

    const mails = await refundMails(order.number)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.data).toEqual({ refundId: made.id, amount: order.total, full: true })

    // Nothing is left to refund: a second refund is refused, whatever its size.
    const again = await refund(manager, order.number, { mode: 'amount', amount: 1, reason: 'Again' })
    expect(again.status).toBe(409)
    expect(again.body.reason).toBe('REFUND_TOO_LARGE')
  })

  it('refunds one piece of two at what was paid for it, then the other: partially refunded, then refunded', async () => {
    const order = await paidByCard(2)
    const before = await refundsOf(order.number)
    expect(before.lines[0]?.piece_amounts).toHaveLength(2)
    const onePiece = before.lines[0]?.piece_amounts[0] ?? 0
    const position = before.lines[0]?.position ?? -1

    const first = await refund(manager, order.number, {
      mode: 'pieces',
      pieces: [{ position, quantity: 1 }],
      reason: 'One was damaged',
    })
    expect(first.status, first.text).toBe(201)
    expect((first.body.refund as Json).amount).toBe(onePiece)
    expect((first.body.refund as Json).pieces).toEqual([{ position, quantity: 1, amount: onePiece }])
    const half = await refundsOf(order.number)
    expect(half).toMatchObject({ state: 'partially_refunded', refunded: onePiece })
    expect(half.lines[0]).toMatchObject({ refunded: 1 })
    expect((await refundMails(order.number))[0]?.data).toMatchObject({ amount: onePiece, full: false })

    // Two more pieces than are left: a clear 400 in the staff member's language, nothing sent to Stripe.
    const sent = stripe.refunds.length
    const tooMany = await refund(manager, order.number, {
      mode: 'pieces',
      pieces: [{ position, quantity: 2 }],
      reason: 'Both',
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.fields).toEqual({ pieces: 'too_many_pieces' })
    expect(stripe.refunds.length).toBe(sent)

    const second = await refund(manager, order.number, {
      mode: 'pieces',
      pieces: [{ position, quantity: 1 }],
      reason: 'The other too',
    })
    expect(second.status, second.text).toBe(201)
    // The pieces add up to the goods: the shipping fee is all that could still be refunded.
    const after = await refundsOf(order.number)
    const fee = (await orderRow(order.number)).shippingFee
    expect(after.refundable).toBe(fee)
    expect(after.state).toBe(fee === 0 ? 'refunded' : 'partially_refunded')
  })

  it('refuses more than was paid less what was refunded with 409 REFUND_TOO_LARGE, and writes nothing', async () => {
    const order = await paidByCard()
    const [refundsBefore, auditBefore, mailsBefore] = [
      await count(refunds),
      await count(auditLog),
      await count(orderMails),
    ]
    const sent = stripe.refunds.length
    const over = await refund(manager, order.number, { mode: 'amount', amount: order.total + 1, reason: 'Too much' })
    expect(over.status).toBe(409)
    expect(over.body).toMatchObject({ reason: 'REFUND_TOO_LARGE', fields: { amount: String(order.total) } })
    expect(over.body.message).toBe('More than was paid less what was already refunded')
    expect([await count(refunds), await count(auditLog), await count(orderMails)]).toEqual([
      refundsBefore,
      auditBefore,
      mailsBefore,
    ])
    expect(stripe.refunds.length).toBe(sent)
  })

  it('answers a repeated idempotency key with the first refund, never a second', async () => {
    const order = await paidByCard()
    const key = freshKey()
    const first = await refund(manager, order.number, { mode: 'amount', amount: 10_000, reason: 'Goodwill' }, key)
    const second = await refund(manager, order.number, { mode: 'amount', amount: 10_000, reason: 'Goodwill' }, key)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body.replay).toBe(true)
    expect((second.body.refund as Json).id).toBe((first.body.refund as Json).id)
    expect(stripe.refunds.filter((row) => row.payment_intent === order.intent)).toHaveLength(1)
    expect((await refundsOf(order.number)).refunded).toBe(10_000)
    expect(await refundMails(order.number)).toHaveLength(1)
  })

  it('lets only one of two refunds at once through when together they would pass what was paid', async () => {
    // A transfer's refunds: no provider to refuse the second, only the shop's own cap (checked under the order's lock).
    const order = await paidByTransfer()
    const most = Math.floor(order.total * 0.6)
    const replies = await Promise.all(
      ['A', 'B'].map((desk) =>
        refund(manager, order.number, {
          mode: 'amount',
          amount: most,
          reason: `Desk ${desk}`,
          bank_reference: `SCB-${desk}-${Date.now()}`,
        }),
      ),
    )
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409])
    expect(replies.find((reply) => reply.status === 409)?.body.reason).toBe('REFUND_TOO_LARGE')
    const state = await refundsOf(order.number)
    expect(state.refunded).toBe(most)
    expect(state.refunds).toHaveLength(1)
  })

  it('leaves nothing half-written when Stripe is down or refuses: a failed refund, no e-mail, the cap untouched', async () => {
    const order = await paidByCard()
    stripe.behaviour = 'down'
    const down = await refund(manager, order.number, { mode: 'full', reason: 'Stripe down' })
    expect(down.status).toBe(503)
    expect(down.body.reason).toBe('PAYMENT_FAILED')
    stripe.behaviour = 'refuse'
    const refused = await refund(manager, order.number, { mode: 'full', reason: 'Stripe refuses' })
    expect(refused.status).toBe(409)
    expect(refused.body.reason).toBe('PAYMENT_FAILED')

    const state = await refundsOf(order.number)
    expect(state).toMatchObject({ refunded: 0, refundable: order.total, state: 'none' })
    expect(state.refunds.map((row) => row.status)).toEqual(['failed', 'failed'])
    expect(await refundMails(order.number)).toHaveLength(0)
    expect(stripe.refunds.filter((row) => row.payment_intent === order.intent)).toHaveLength(0)
    const actions = (await auditOf(order.number)).map((entry) => entry.action).filter((a) => a.startsWith('order.ref'))
    expect(actions).toEqual(['order.refund', 'order.refund_failed', 'order.refund', 'order.refund_failed'])

    // Stripe back: the refund goes through after all.
    stripe.behaviour = 'normal'
    const retried = await refund(manager, order.number, { mode: 'full', reason: 'Stripe back' })
    expect(retried.status, retried.text).toBe(201)
    expect((await refundsOf(order.number)).state).toBe('refunded')
  })

  it('is made by customer service too (issue 31: it refunds a piece), with the second factor given again', async () => {
    const order = await paidByCard()
    await h.stepUp(service.staff, service.cookie)
    const made = await refund(service, order.number, { mode: 'amount', amount: 100, reason: 'A loose button' })
    expect(made.status, made.text).toBe(201)
    expect((await refundsOf(order.number)).refunds).toHaveLength(1)
  })

  it('is refused to the warehouse (no payments:refund) with 403, and to anyone without a reason with 400', async () => {
    const order = await paidByCard()
    const denied = await refund(warehouse, order.number, { mode: 'full', reason: 'Not mine to do' })
    expect(denied.status).toBe(403)
    expect(denied.body.reason).toBe('PERMISSION_DENIED')
    const noReason = await refund(manager, order.number, { mode: 'full', reason: '  ' })
    expect(noReason.status).toBe(400)
    const noPieces = await refund(manager, order.number, { mode: 'pieces', reason: 'Which?' })
    expect(noPieces.status).toBe(400)
    const unpaid = await place('card')
    const nothingPaid = await refund(manager, unpaid.number, { mode: 'full', reason: 'Unpaid' })
    expect(nothingPaid.status).toBe(409)
    expect(nothingPaid.body.reason).toBe('NOT_ALLOWED')
    expect((await refundsOf(order.number)).refunds).toHaveLength(0)
  })
})

describe('POST /orders/{number}/refunds through PayPal and for transfers', () => {
  it('refunds part of a PayPal order through the capture’s refund API', async () => {
    const order = await paidByPaypal()
    const reply = await refund(manager, order.number, { mode: 'amount', amount: 12_345, reason: 'Late delivery' })
    expect(reply.status, reply.text).toBe(201)
    const made = reply.body.refund as Json
    expect(made).toMatchObject({ status: 'succeeded', provider: 'paypal', amount: 12_345 })
    const capture = paypal.orders.get(order.paypalOrder)?.captures[0]?.id ?? ''
    const atPaypal = paypal.refunds.get(capture) ?? []
    expect(atPaypal).toHaveLength(1)
    expect(atPaypal[0]).toMatchObject({ amount: { value: '123.45', currency_code: 'THB' }, custom_id: made.id })
    const refundCall = paypal.requests.find((row) => row.path.endsWith('/refund'))
    expect(refundCall?.headers['paypal-request-id']).toBe(`refund-${String(made.id)}`)
    expect(await refundsOf(order.number)).toMatchObject({ refunded: 12_345, state: 'partially_refunded' })
    expect(await refundMails(order.number)).toHaveLength(1)
  })

  it('records a transfer’s refund with the bank’s reference, which it needs and takes once', async () => {
    const order = await paidByTransfer()
    const without = await refund(manager, order.number, { mode: 'full', reason: 'Cancelled by phone' })
    expect(without.status).toBe(400)
    expect(without.body.fields).toEqual({ bank_reference: 'required' })

    const reference = `KBANK-${Date.now()}`
    const made = await refund(manager, order.number, {
      mode: 'amount',
      amount: 5_000,
      reason: 'Part back',
      bank_reference: reference,
    })
    expect(made.status, made.text).toBe(201)
    expect(made.body.refund).toMatchObject({ status: 'succeeded', provider: 'bank_transfer', provider_ref: reference })
    const entries = (await auditOf(order.number)).filter((entry) => entry.action === 'order.refund')
    expect(entries.at(-1)?.after).toMatchObject({ bankReference: reference, amount: 5_000 })
    expect(await refundMails(order.number)).toHaveLength(1)

    const reused = await refund(manager, order.number, {
      mode: 'amount',
      amount: 5_000,
      reason: 'Same transfer twice',
      bank_reference: reference,
    })
    expect(reused.status).toBe(409)
    expect(reused.body).toMatchObject({ reason: 'IDEMPOTENCY_CONFLICT', message: 'This reference is recorded already' })
    expect((await refundsOf(order.number)).refunded).toBe(5_000)
  })
})

describe('refund and dispute webhooks', () => {
  it('records a refund made in Stripe’s Dashboard once, as the system, with the shopper’s e-mail', async () => {
    const order = await paidByCard()
    const made = stripe.dashboardRefund(order.intent, 20_000)
    // charge.refunded names no refund: the shop asks Stripe for the PaymentIntent's refunds.
    const charged = stripe.event('charge.refunded', { id: 'ch_test_1', object: 'charge', payment_intent: order.intent })
    await stripeWebhook(charged)
    await stripeWebhook(charged)
    // The refund's own events after it change nothing more.
    await stripeWebhook(stripe.event('refund.updated', made))

    const state = await refundsOf(order.number)
    expect(state).toMatchObject({ refunded: 20_000, state: 'partially_refunded' })
    expect(state.refunds).toEqual([
      expect.objectContaining({ provider_ref: made.id, status: 'succeeded', requested_by: 'stripe-webhook' }),
    ])
    const entries = (await auditOf(order.number)).filter((entry) => entry.action === 'order.refund')
    expect(entries.map((entry) => [entry.actorType, entry.actorId])).toEqual([['system', 'stripe-webhook']])
    expect(await refundMails(order.number)).toHaveLength(1)
  })

  it('settles a refund Stripe left pending by its refund.updated: refunded then, and the e-mail only then', async () => {
    const order = await paidByCard()
    stripe.behaviour = 'pending'
    const reply = await refund(manager, order.number, { mode: 'amount', amount: 30_000, reason: 'Slow network' })
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body.refund).toMatchObject({ status: 'pending', amount: 30_000 })
    expect(await refundsOf(order.number)).toMatchObject({
      refunded: 0,
      pending: 30_000,
      refundable: order.total - 30_000,
    })
    expect(await refundMails(order.number)).toHaveLength(0)

    const atStripe = stripe.refunds.find((row) => row.metadata.refund_id === (reply.body.refund as Json).id)
    if (!atStripe) throw new Error('no refund at Stripe')
    atStripe.status = 'succeeded'
    await stripeWebhook(stripe.event('refund.updated', atStripe))
    expect(await refundsOf(order.number)).toMatchObject({ refunded: 30_000, pending: 0, state: 'partially_refunded' })
    expect(await refundMails(order.number)).toHaveLength(1)
    const settled = (await auditOf(order.number)).filter((entry) => entry.action === 'order.refund_succeeded')
    expect(settled.map((entry) => entry.actorId)).toEqual(['stripe-webhook'])
  })

  it('shows a Stripe dispute on the order and its timeline until it closes', async () => {
    const order = await paidByCard()
    const dispute = {
      id: 'dp_test_1',
      object: 'dispute',
      amount: order.total,
      currency: 'thb',
      payment_intent: order.intent,
      reason: 'fraudulent',
      status: 'needs_response',
    }
    const created = stripe.event('charge.dispute.created', dispute)
    await stripeWebhook(created)
    await stripeWebhook(created)
    expect((await refundsOf(order.number)).disputes).toEqual([
      expect.objectContaining({ provider_ref: 'dp_test_1', status: 'needs_response', open: true }),
    ])
    await stripeWebhook(stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' }))
    expect((await refundsOf(order.number)).disputes).toEqual([
      expect.objectContaining({ provider_ref: 'dp_test_1', status: 'lost', open: false }),
    ])
    const detail = await h.call('GET', `/orders/${order.number}`, { cookie: service.cookie })
    const timeline = detail.body.timeline as Array<{ what: string; by: string | null }>
    expect(timeline.filter((entry) => entry.what.startsWith('order.dispute'))).toEqual([
      expect.objectContaining({ what: 'order.dispute', by: 'stripe-webhook' }),
      expect.objectContaining({ what: 'order.dispute_closed', by: 'stripe-webhook' }),
    ])
  })

  it('records PayPal’s PAYMENT.CAPTURE.REFUNDED of a dashboard refund and a CUSTOMER.DISPUTE.CREATED', async () => {
    const order = await paidByPaypal()
    const capture = paypal.orders.get(order.paypalOrder)?.captures[0]?.id ?? ''
    const refundEvent = paypalEvent('PAYMENT.CAPTURE.REFUNDED', {
      id: 'PAYPALREFUND00001',
      status: 'COMPLETED',
      amount: { value: '50.00', currency_code: 'THB' },
      invoice_id: order.number,
      links: [{ href: `https://api.sandbox.paypal.com/v2/payments/captures/${capture}`, rel: 'up', method: 'GET' }],
    })
    await paypalWebhook(refundEvent)
    await paypalWebhook(refundEvent)
    await paypalWebhook(
      paypalEvent('CUSTOMER.DISPUTE.CREATED', {
        dispute_id: 'PP-D-4242',
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: 'OPEN',
        dispute_amount: { value: '100.00', currency_code: 'THB' },
        disputed_transactions: [{ seller_transaction_id: capture }],
      }),
    )
    const state = await refundsOf(order.number)
    expect(state.refunds).toEqual([
      expect.objectContaining({ provider_ref: 'PAYPALREFUND00001', amount: 5_000, requested_by: 'paypal-webhook' }),
    ])
    expect(state.disputes).toEqual([
      expect.objectContaining({ provider_ref: 'PP-D-4242', open: true, amount: 10_000, status: 'OPEN' }),
    ])
    const actions = (await auditOf(order.number)).filter((entry) => entry.actorId === 'paypal-webhook')
    expect(actions.map((entry) => entry.action)).toEqual(['order.refund', 'order.dispute'])
  })

  it('ignores refunds and disputes of payments the shop does not know', async () => {
    const before = [await count(refunds), await count(auditLog)]
    await stripeWebhook(
      stripe.event('refund.updated', { id: 're_x', amount: 100, status: 'succeeded', payment_intent: 'pi_unknown' }),
    )
    expect([await count(refunds), await count(auditLog)]).toEqual(before)
  })
})
