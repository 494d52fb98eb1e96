import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createThailandPostTracker, type ParcelTracker } from '~/api/providers/thailand-post.server'
import { auditLog, orders, parcelEvents } from '~/db/schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { plainSize, type PlainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Parcel tracking (issue 31 item 8) against a fake Thailand Post Track & Trace API on loopback: the API token
 * exchanged for an access token, parcels tracked with it (asked again once when it is refused), the statuses stored
 * once each and shown to staff and the shopper, and a delivery making the order received at the carrier's time,
 * which starts §9's return window, audited as the system; the same through the webhook, whose address holds the secret.
 */

const API_TOKEN = 'api-token-of-the-shop-0123456789'
const WEBHOOK_KEY = 'webhook-key-of-the-shop-0123456789'

type Seen = { path: string; authorization: string; body: Json }
const seen: Seen[] = []
/** What the fake knows of each barcode. */
const known = new Map<string, Json[]>()
let issued = 0
let refuseNextTrack = false
let server: Server
let baseUrl = ''

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
let tracker: ParcelTracker
let warehouse: { staff: Enrolled; cookie: string }
let size: PlainSize
let placedCount = 0
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)

function item(barcode: string, status: string, description: string, date: string): Json {
  return {
    barcode,
    status,
    status_description: description,
    status_date: date,
    location: 'ปณ.ลาดยาว',
    postcode: '10900',
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      const authorization = request.headers.authorization ?? ''
      seen.push({ path: request.url ?? '', authorization, body: text ? (JSON.parse(text) as Json) : {} })
      const reply = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (request.url === '/post/api/v1/authenticate/token') {
        if (authorization !== `Token ${API_TOKEN}`) return reply(401, { message: 'Unauthorized' })
        issued += 1
        return reply(200, { expire: '2099-12-31 23:59:59+07:00', token: `access-${issued}` })
      }
      if (request.url === '/post/api/v1/track') {
        if (authorization !== `Token access-${issued}` || refuseNextTrack) {
          refuseNextTrack = false
          return reply(401, { message: 'Token expired' })
        }
        const barcodes = (JSON.parse(text) as { barcode: string[] }).barcode
        const items = Object.fromEntries(barcodes.map((barcode) => [barcode, known.get(barcode) ?? []]))
        return reply(200, {
          response: { items, track_count: { count_number: barcodes.length } },
          message: 'successful',
          status: true,
        })
      }
      return reply(404, {})
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  tracker = createThailandPostTracker({ apiToken: API_TOKEN, apiBaseUrl: baseUrl })

  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, operatorToken: OPERATOR },
    accounts: { now: clock.now },
    admin: { now: clock.now, tracking: { tracker, webhookKey: WEBHOOK_KEY } },
  })
  h = new StaffHarness(app, database.db, clock)
  size = await plainSize(database.db, 3, 500)
  const staff = await h.enrol('warehouse', 'warehouse')
  warehouse = { staff, cookie: await h.signIn(staff) }
})

afterAll(async () => {
  await database?.close()
  await new Promise<void>((resolve) => server?.close(() => resolve()))
})

/** A guest order shipped by Thailand Post with this tracking number: its number and the guest's order token. */
async function shipped(trackingNumber: string): Promise<{ number: string; token: string }> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku: size.sku, quantity: 1 } })
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `tracking-${++placedCount}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const number = String((placed.body.order as Json).number)
  const paid = await call('POST', `/operator/orders/${number}/status`, {
    body: { status: 'paid' },
    headers: operatorAuth,
  })
  expect(paid.status).toBe(200)
  const reply = await h.call('POST', `/orders/${number}/parcels`, {
    cookie: warehouse.cookie,
    body: { carrier: 'thailand_post', tracking_number: trackingNumber },
  })
  expect(reply.status, reply.text).toBe(200)
  return { number, token: String(placed.body.access_token) }
}

async function orderRow(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number))
  if (!row) throw new Error(`no order ${number}`)
  return row
}

describe('the Thailand Post adapter', () => {
  it('exchanges the API token once, tracks with the access token, and asks for a new one when it is refused', async () => {
    known.set('EF111111111TH', [item('EF111111111TH', '103', 'รับฝาก', '19/07/2562 18:12:26+07:00')])
    const before = seen.length
    const events = await tracker.track([{ trackingNumber: 'EF111111111TH', shippedAt: new Date() }])
    expect(events).toEqual([
      {
        trackingNumber: 'EF111111111TH',
        kind: 'accepted',
        code: '103',
        description: 'รับฝาก',
        location: 'ปณ.ลาดยาว',
        // 2562 in the Buddhist era is 2019.
        occurredAt: new Date('2019-07-19T18:12:26+07:00'),
      },
    ])
    const calls = seen.slice(before)
    expect(calls.map((entry) => [entry.path, entry.authorization])).toEqual([
      ['/post/api/v1/authenticate/token', `Token ${API_TOKEN}`],
      ['/post/api/v1/track', 'Token access-1'],
    ])
    expect(calls[1]?.body).toEqual({ status: 'all', language: 'TH', barcode: ['EF111111111TH'] })
    // The access token is kept; refused, it is asked for again, once.
    refuseNextTrack = true
    await tracker.track([{ trackingNumber: 'EF111111111TH', shippedAt: new Date() }])
    expect(seen.slice(before + 2).map((entry) => entry.path)).toEqual([
      '/post/api/v1/track',
      '/post/api/v1/authenticate/token',
      '/post/api/v1/track',
    ])
  })
})

describe('tracking an order', () => {
  it('stores the polled statuses once, and a delivery makes the order received at the carrier’s time, audited as the system', async () => {
    const { number, token } = await shipped('EF222222222TH')
    known.set('EF222222222TH', [
      item('EF222222222TH', '103', 'รับฝาก', '27/11/2569 10:00:00+07:00'),
      item('EF222222222TH', '201', 'อยู่ระหว่างการขนส่ง', '27/11/2569 18:00:00+07:00'),
    ])
    expect(await app.admin.tracking.poll()).toMatchObject({ recorded: 2 })
    expect(await app.admin.tracking.poll()).toMatchObject({ recorded: 0 })
    expect((await orderRow(number)).status).toBe('in_transit')

    known.get('EF222222222TH')?.push(item('EF222222222TH', '501', 'นำจ่ายสำเร็จ', '28/11/2569 09:30:00+07:00'))
    expect(await app.admin.tracking.poll()).toMatchObject({ recorded: 1 })
    const order = await orderRow(number)
    expect(order.status).toBe('received')
    expect(order.receivedAt?.toISOString()).toBe(new Date('2026-11-28T09:30:00+07:00').toISOString())
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'order.delivered'))
    expect(entry).toMatchObject({
      actorType: 'system',
      entityId: number,
      before: { status: 'in_transit' },
      after: { status: 'received', trackingNumber: 'EF222222222TH' },
    })

    // Staff read the carrier's words; the order's detail says when it was received (the return window's start).
    const staffView = await h.call('GET', `/orders/${number}/tracking`, { cookie: warehouse.cookie })
    expect(staffView.status).toBe(200)
    expect((staffView.body.events as Json[]).map((event) => [event.kind, event.description])).toEqual([
      ['accepted', 'รับฝาก'],
      ['in_transit', 'อยู่ระหว่างการขนส่ง'],
      ['delivered', 'นำจ่ายสำเร็จ'],
    ])
    expect(staffView.body.received_at).toBe(order.receivedAt?.toISOString())
    const detail = await h.call('GET', `/orders/${number}`, { cookie: warehouse.cookie })
    expect(detail.body.received_at).toBe(order.receivedAt?.toISOString())
    // The shopper's order page: the carrier's latest word on the parcel, and the day received.
    const shopper = await call('GET', `/orders/${number}?lang=th`, { headers: { 'x-order-token': token } })
    expect(shopper.status, JSON.stringify(shopper.body)).toBe(200)
    expect(shopper.body.received_at).toBe(order.receivedAt?.toISOString())
    expect((shopper.body.shipments as Json[])[0]?.latest).toEqual({
      description: 'นำจ่ายสำเร็จ',
      location: 'ปณ.ลาดยาว',
      occurred_at: new Date('2026-11-28T09:30:00+07:00').toISOString(),
    })
  })

  it('takes the carrier’s push at the webhook’s secret address only, and moves the delivered order', async () => {
    const { number } = await shipped('EF333333333TH')
    const push = (key: string, body: unknown) =>
      app.request(`http://shop.test/api/admin/demo/webhooks/thailand-post/${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const items = [
      item('EF333333333TH', '201', 'อยู่ระหว่างการขนส่ง', '27/11/2569 18:00:00+07:00'),
      item('EF333333333TH', '501', 'นำจ่ายสำเร็จ', '28/11/2569 11:00:00+07:00'),
      // Someone else's parcel: not ours, ignored.
      item('EF999999999TH', '501', 'นำจ่ายสำเร็จ', '28/11/2569 11:00:00+07:00'),
    ]
    const wrong = await push('not-the-key', { status: true, items })
    expect(wrong.status).toBe(404)
    expect((await orderRow(number)).status).toBe('in_transit')
    const bad = await push(WEBHOOK_KEY, { items: 'none' })
    expect(bad.status).toBe(400)
    const accepted = await push(WEBHOOK_KEY, { status: true, message: 'successful', items })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ received: 3, recorded: 2 })
    const order = await orderRow(number)
    expect(order.status).toBe('received')
    expect(order.receivedAt?.toISOString()).toBe(new Date('2026-11-28T11:00:00+07:00').toISOString())
    // The same push again stores nothing more.
    expect(await (await push(WEBHOOK_KEY, { items })).json()).toEqual({ received: 3, recorded: 0 })
    const stored = await database.db.select().from(parcelEvents)
    expect(stored.filter((event) => event.source === 'webhook')).toHaveLength(2)
  })
})
