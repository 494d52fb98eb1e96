import { createHmac } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { alertStaff, StaffAlerts } from '~/api/alerts/staff-alerts.server'
import { createLinePushSender } from '~/api/providers/line-messaging.server'
import { auditLog, orderEvents, orders, staff, staffAlerts, staffAlertSettings, variants } from '~/db/schema'
import { LOW_STOCK_THRESHOLD } from '~/domain/staff-alerts'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { plainSize, type PlainSize } from './support/catalog'
import { Clock } from './support/clock'
import { FakeLine, sentTexts } from './support/fake-line'
import { jsonCaller, request, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * LINE alerts for staff (issue 31 item 10): a staff member links LINE with a one-time code sent to the shop's LINE
 * Official Account (LINE's signed webhook), chooses the alerts their role allows, and each event (a return asked, a
 * size low, an order late to ship, a slip to review) reaches on LINE, through the Messaging API push on a fake server
 * on loopback, exactly the people who chose it and may do its work, once, in their language; demo mode records.
 */

const TOKEN = 'staff-alerts-channel-access-token'
const SECRET = '0123456789abcdef0123456789abcdef'
const LINE_USERS = {
  service: `U${'a'.repeat(32)}`,
  warehouse: `U${'b'.repeat(32)}`,
  owner: `U${'c'.repeat(32)}`,
  stranger: `U${'d'.repeat(32)}`,
}

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const fake = new FakeLine(TOKEN)
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
const operator = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: operatorAuth })

type Signed = { staff: Enrolled; cookie: string }
let service: Signed
let warehouse: Signed
let owner: Signed
let size: PlainSize
let lowSize: PlainSize

const get = (who: Signed, path: string) => h.call('GET', path, { cookie: who.cookie })
const put = (who: Signed, path: string, body: unknown) => h.call('PUT', path, { cookie: who.cookie, body })
const post = (who: Signed, path: string) => h.call('POST', path, { cookie: who.cookie })

/** A webhook call as LINE makes it: the events' JSON and its HMAC-SHA256 with the channel secret in Base64. */
async function webhook(events: unknown[], secret = SECRET) {
  const raw = JSON.stringify({ destination: 'Uffffffffffffffffffffffffffffffff', events })
  const signature = createHmac('sha256', secret).update(raw).digest('base64')
  return request(app, 'POST', '/line/webhook', { body: JSON.parse(raw), headers: { 'x-line-signature': signature } })
}

const textFrom = (userId: string, text: string) => ({
  type: 'message',
  mode: 'active',
  timestamp: clock.now().getTime(),
  source: { type: 'user', userId },
  webhookEventId: `01H${Math.random().toString(36).slice(2)}`,
  deliveryContext: { isRedelivery: false },
  replyToken: 'b60d432864f44d079f6d8efe86cf404b',
  message: { id: '444573844083572737', type: 'text', quoteToken: 'q', text },
})

/** Links a staff member's LINE account as they would: a code from the back office, sent as a message. */
async function link(who: Signed, lineUserId: string) {
  const created = await post(who, '/me/alerts/line-code')
  expect(created.status, created.text).toBe(201)
  const answer = await webhook([textFrom(lineUserId, String(created.body.code))])
  expect(answer.status).toBe(200)
}

let placedCount = 0
async function place(sku: string, quantity = 1) {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity } })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `staff-alerts-${++placedCount}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return {
    number: String((placed.body.order as Json).number),
    token: String(placed.body.access_token),
  }
}

async function moveTo(number: string, ...statuses: string[]) {
  for (const status of statuses) {
    const moved = await operator('POST', `/operator/orders/${number}/status`, { status })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
}

/** The pushes LINE took (by recipient), since the fake was reset. */
function pushedTo(userId: string): string[] {
  return fake.accepted.filter((push) => push.to === userId).flatMap((push) => push.messages.map((m) => m.text))
}

beforeAll(async () => {
  await fake.start()
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, operatorToken: OPERATOR },
    accounts: { now: clock.now },
    admin: { now: clock.now },
    staffAlerts: {
      push: createLinePushSender({ channelAccessToken: TOKEN, apiBaseUrl: fake.baseUrl }),
      channelSecret: SECRET,
    },
  })
  h = new StaffHarness(app, database.db, clock)
  size = await plainSize(database.db, 6, 500)
  lowSize = await plainSize(database.db, 7, LOW_STOCK_THRESHOLD + 1)
  const enrolled = await Promise.all([h.enrol('customer_service', 'service'), h.enrol('warehouse'), h.enrol('owner')])
  const [serviceStaff, warehouseStaff, ownerStaff] = enrolled
  service = { staff: serviceStaff, cookie: await h.signIn(serviceStaff) }
  warehouse = { staff: warehouseStaff, cookie: await h.signIn(warehouseStaff) }
  owner = { staff: ownerStaff, cookie: await h.signIn(ownerStaff) }
  // Customer service reads Thai; the others English (the invitation's language).
  await database.db.update(staff).set({ language: 'th' }).where(eq(staff.id, serviceStaff.id))
})

beforeEach(() => fake.reset())

afterAll(async () => {
  await fake.stop()
  await database?.close()
})

describe('linking LINE with a one-time code', () => {
  it('links the sender of a live code (LINE-signed), once, audited as the system', async () => {
    const before = await get(service, '/me/alerts')
    expect(before.status, before.text).toBe(200)
    expect(before.body.line).toEqual({ linked: false, linked_at: null, code_expires_at: null, linking: true })
    expect(before.body.delivery).toBe('line')

    const created = await post(service, '/me/alerts/line-code')
    expect(created.status, created.text).toBe(201)
    const code = String(created.body.code)
    expect(code).toMatch(/^LINK-[2-9A-HJKMNP-Z]{8}$/)
    const [codeEntry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_alerts.link_code'), eq(auditLog.entityId, service.staff.id)))
    expect(codeEntry?.actorId).toBe(service.staff.id)
    expect(JSON.stringify(codeEntry?.after)).not.toContain(code.slice(5))

    // Not signed with the channel's secret: refused, nothing linked.
    const forged = await webhook([textFrom(LINE_USERS.stranger, code)], 'f'.repeat(32))
    expect(forged.status).toBe(401)
    const unsigned = await request(app, 'POST', '/line/webhook', { body: { events: [] } })
    expect(unsigned.status).toBe(401)
    expect((await get(service, '/me/alerts')).body.line).toMatchObject({ linked: false })

    // As typed on a phone: lower case, with spaces.
    const typed = `link ${code.slice(5, 9).toLowerCase()} ${code.slice(9)}`
    expect((await webhook([textFrom(LINE_USERS.service, typed)])).status).toBe(200)
    const after = await get(service, '/me/alerts')
    expect(after.body.line).toMatchObject({ linked: true, code_expires_at: null })
    const [linkEntry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff_alerts.link'))
    expect(linkEntry).toMatchObject({ actorType: 'system', actorId: 'line-webhook', entityId: service.staff.id })

    // Used up: the same code from someone else links nobody.
    await webhook([textFrom(LINE_USERS.stranger, code)])
    const [row] = await database.db
      .select()
      .from(staffAlertSettings)
      .where(eq(staffAlertSettings.staffId, service.staff.id))
    expect(row?.lineUserId).toBe(LINE_USERS.service)
    const stranger = await database.db
      .select()
      .from(staffAlertSettings)
      .where(eq(staffAlertSettings.lineUserId, LINE_USERS.stranger))
    expect(stranger).toHaveLength(0)
  })

  it('answers a signed body that is not LINE’s with a 400, not a 500', async () => {
    const signed = (raw: string) =>
      app.request('http://shop.test/api/public/demo/line/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-line-signature': createHmac('sha256', SECRET).update(raw).digest('base64'),
        },
        body: raw,
      })
    expect((await signed('{"events": ')).status).toBe(400)
    const noEvents = await signed('{"destination": "U1"}')
    expect(noEvents.status).toBe(400)
    expect(((await noEvents.json()) as { message: string }).message).toBe('Not a LINE webhook body')
    // LINE's "Verify" button: no events, answered 200.
    expect((await webhook([])).status).toBe(200)
  })

  it('refuses a code past its 15 minutes', async () => {
    const created = await post(owner, '/me/alerts/line-code')
    clock.advance(16 * 60)
    // The session's idle limit is 30 minutes: still signed in.
    await webhook([textFrom(LINE_USERS.owner, String(created.body.code))])
    expect((await get(owner, '/me/alerts')).body.line).toMatchObject({ linked: false, code_expires_at: null })
    await link(owner, LINE_USERS.owner)
    expect((await get(owner, '/me/alerts')).body.line).toMatchObject({ linked: true })
  })

  it('offers only the alerts the role allows, and refuses the others with a field code', async () => {
    await link(warehouse, LINE_USERS.warehouse)
    const settings = await get(warehouse, '/me/alerts')
    expect(settings.body.kinds).toEqual([
      { kind: 'slip_review', permission: 'payments:confirm', allowed: false, chosen: false },
      { kind: 'ship_late', permission: 'fulfilment:write', allowed: true, chosen: false },
      { kind: 'return_requested', permission: 'returns:decide', allowed: false, chosen: false },
      { kind: 'low_stock', permission: 'stock:write', allowed: true, chosen: false },
    ])
    const refused = await put(warehouse, '/me/alerts', { kinds: ['low_stock', 'slip_review'] })
    expect(refused.status).toBe(400)
    expect(refused.body.fields).toEqual({ 'kinds.1': 'notAllowed' })
    expect(refused.body.message).toBe('Invalid request')
    const unknown = await put(warehouse, '/me/alerts', { kinds: ['everything'] })
    expect(unknown.status).toBe(400)

    const chosen = await put(warehouse, '/me/alerts', { kinds: ['low_stock', 'ship_late'] })
    expect(chosen.status, chosen.text).toBe(200)
    expect((chosen.body.kinds as Array<{ chosen: boolean }>).map((kind) => kind.chosen)).toEqual([
      false,
      true,
      false,
      true,
    ])
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff_alerts.choose'))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1)
    expect(entry).toMatchObject({
      entityId: warehouse.staff.id,
      before: { kinds: [] },
      after: { kinds: ['ship_late', 'low_stock'] },
    })

    expect((await put(service, '/me/alerts', { kinds: ['return_requested', 'slip_review'] })).status).toBe(200)
    // The owner may get everything but chooses only stock.
    expect((await put(owner, '/me/alerts', { kinds: ['low_stock'] })).status).toBe(200)
  })
})

describe('the triggers, each sent once to the right people', () => {
  it('a return request: customer service, in Thai, with the order’s back-office link', async () => {
    const { number, token } = await place(size.sku)
    await moveTo(number, 'paid', 'packed', 'in_transit', 'received')
    const asked = await call('POST', `/orders/${number}/return-requests`, {
      body: { kind: 'return', reason: 'size_does_not_fit', items: [{ position: 0, quantity: 1 }] },
      headers: { 'x-order-token': token },
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)

    await app.staffAlerts.run()
    expect(pushedTo(LINE_USERS.service)).toEqual([
      `ลูกค้าขอคืนสินค้า 1 ชิ้น: คำสั่งซื้อ ${number}\n${SITE}/admin/orders/${number}`,
    ])
    // The owner did not choose it; the warehouse may not decide returns.
    expect(pushedTo(LINE_USERS.owner)).toEqual([])
    expect(pushedTo(LINE_USERS.warehouse)).toEqual([])

    // Again, and after a restart (another instance on the same database): nothing more.
    await app.staffAlerts.run()
    const restarted = new StaffAlerts({
      db: database.db,
      audit: app.adminServices.audit,
      siteUrl: SITE,
      push: createLinePushSender({ channelAccessToken: TOKEN, apiBaseUrl: fake.baseUrl }),
      now: clock.now,
    })
    await restarted.run()
    expect(fake.requests).toHaveLength(1)
    const recent = (await get(service, '/me/alerts')).body.recent as Array<{ status: string; link: string }>
    expect(recent[0]).toMatchObject({ status: 'sent', link: `${SITE}/admin/orders/${number}` })
  })

  it('low stock: once when a size falls below the threshold, to those who chose it, in English', async () => {
    const first = await place(lowSize.sku, 1)
    await place(lowSize.sku, 1)
    await app.staffAlerts.run()
    const [left] = await database.db
      .select({ stock: variants.stockOnline })
      .from(variants)
      .where(eq(variants.sku, lowSize.sku))
    expect(left?.stock).toBe(LOW_STOCK_THRESHOLD - 1)
    const expected = `Low stock: ${lowSize.nameEn}, size`
    for (const user of [LINE_USERS.warehouse, LINE_USERS.owner]) {
      const texts = pushedTo(user)
      expect(texts, user).toHaveLength(1)
      expect(texts[0]).toContain(expected)
      expect(texts[0]).toContain(`${LOW_STOCK_THRESHOLD - 1} left (SKU ${lowSize.sku})\n${SITE}/en/admin`)
    }
    expect(pushedTo(LINE_USERS.service)).toEqual([])
    expect(first.number).toBeTruthy()
  })

  it('an order paid and not shipped after the threshold: once per order, whatever the instances', async () => {
    const { number } = await place(size.sku)
    await moveTo(number, 'paid')
    const fresh = await app.staffAlerts.run()
    expect(fresh.events).toBe(0)
    const [order] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number))
    await database.db
      .update(orderEvents)
      .set({ createdAt: new Date(clock.now().getTime() - 25 * 3_600_000) })
      .where(and(eq(orderEvents.orderId, order?.id ?? ''), eq(orderEvents.status, 'paid')))

    const other = new StaffAlerts({
      db: database.db,
      audit: app.adminServices.audit,
      siteUrl: SITE,
      push: createLinePushSender({ channelAccessToken: TOKEN, apiBaseUrl: fake.baseUrl }),
      now: clock.now,
    })
    await Promise.all([app.staffAlerts.run(), other.run()])
    await Promise.all([app.staffAlerts.run(), other.run()])
    expect(pushedTo(LINE_USERS.warehouse)).toEqual([
      `Order ${number} was paid over 24 hours ago and is not shipped yet\n${SITE}/en/admin/orders/${number}`,
    ])
    // The owner did not choose it, customer service may not ship.
    expect(fake.requests).toHaveLength(1)
  })

  it('a slip to review (the slips feature calls alertStaff): only those with payments:confirm', async () => {
    const { number } = await place(size.sku)
    // The warehouse's choices forced to include slips (as a role change might leave them): still not sent.
    await database.db
      .update(staffAlertSettings)
      .set({ kinds: ['slip_review', 'ship_late', 'low_stock'] })
      .where(eq(staffAlertSettings.staffId, warehouse.staff.id))
    const slip = { kind: 'slip_review' as const, key: 'slip-1', orderNumber: number, reason: 'amount' }
    expect(await alertStaff(database.db, slip)).toBe(true)
    expect(await alertStaff(database.db, slip)).toBe(false)
    await app.staffAlerts.run()
    expect(pushedTo(LINE_USERS.service)).toEqual([
      `สลิปโอนเงินรอตรวจ: คำสั่งซื้อ ${number} (amount)\n${SITE}/admin/orders/${number}`,
    ])
    expect(fake.requests).toHaveLength(1)
  })
})

describe('delivery', () => {
  it('retries a failure LINE may get over with the same retry key, and sends once', async () => {
    fake.behaviour = 'server-error'
    await alertStaff(database.db, { kind: 'slip_review', key: 'slip-retry', orderNumber: 'AS2611-00001' })
    const first = await app.staffAlerts.run()
    expect(first.retrying).toBe(1)
    const [pending] = await database.db
      .select()
      .from(staffAlerts)
      .where(and(eq(staffAlerts.staffId, service.staff.id), eq(staffAlerts.status, 'pending')))
    expect(pending?.attempts).toBe(1)
    expect(pending?.lastError).toContain('HTTP 500')

    fake.behaviour = 'ok'
    // Not due yet: the back-off's 30 seconds.
    expect((await app.staffAlerts.run()).sent).toBe(0)
    clock.advance(31)
    expect((await app.staffAlerts.run()).sent).toBe(1)
    expect(fake.requests.map((request) => request.retryKey)).toEqual([pending?.id, pending?.id])
    expect(sentTexts(fake.requests[1])).toHaveLength(1)
  })

  it('in demo mode records the alert instead of sending it', async () => {
    const demo = new StaffAlerts({ db: database.db, audit: app.adminServices.audit, siteUrl: SITE, now: clock.now })
    expect(demo.delivery).toBe('recorded')
    await alertStaff(database.db, { kind: 'slip_review', key: 'slip-demo', orderNumber: 'AS2611-00002' })
    const report = await demo.run()
    expect(report.recorded).toBe(1)
    expect(fake.requests).toHaveLength(0)
    const recent = (await get(service, '/me/alerts')).body.recent as Array<{ status: string; text: string }>
    expect(recent[0]).toMatchObject({ status: 'recorded', text: 'สลิปโอนเงินรอตรวจ: คำสั่งซื้อ AS2611-00002' })
  })

  it('stops after unlinking (audited); LINE’s unfollow unlinks too', async () => {
    const unlinked = await h.call('DELETE', '/me/alerts/line', { cookie: owner.cookie })
    expect(unlinked.status, unlinked.text).toBe(204)
    expect((await h.call('DELETE', '/me/alerts/line', { cookie: owner.cookie })).status).toBe(404)
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_alerts.unlink'), eq(auditLog.entityId, owner.staff.id)))
    expect(entry?.actorId).toBe(owner.staff.id)

    expect((await webhook([{ type: 'unfollow', source: { type: 'user', userId: LINE_USERS.warehouse } }])).status).toBe(
      200,
    )
    expect((await get(warehouse, '/me/alerts')).body.line).toMatchObject({ linked: false })

    await alertStaff(database.db, {
      kind: 'low_stock',
      key: 'manual:1',
      sku: lowSize.sku,
      name: { th: lowSize.nameTh, en: lowSize.nameEn },
      size: 'M',
      stock: 0,
      threshold: LOW_STOCK_THRESHOLD,
    })
    await app.staffAlerts.run()
    expect(fake.requests).toHaveLength(0)
  })
})
