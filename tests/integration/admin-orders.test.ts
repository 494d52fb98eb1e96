import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor } from '~/api/admin/actor'
import { auditLog, orderMails, orders, variants } from '~/db/schema'
import { STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { plainSize, type PlainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * The orders workspace of the admin API (issue 31 item 5): the list's filters, search and paging, the queues and
 * their ages, an order's detail and timeline, staff notes, cancelling (stock back, only where §4 allows) and the
 * address's edit, every write audited in its transaction, and the roles without orders:write refused. Orders are
 * placed through the shop's own API on the demo catalog; staff sign in through the admin API.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
const operator = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: operatorAuth })

type Signed = { staff: Enrolled; cookie: string }
let service: Signed
let warehouse: Signed
let size: PlainSize
let size2: PlainSize

let placedCount = 0

/** A guest order of one piece through the shop's API; its number. */
async function place(overrides: Json = {}, sku = size.sku, quantity = 1): Promise<string> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity } })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
      ...overrides,
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `admin-orders-${++placedCount}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return String((placed.body.order as Json).number)
}

async function moveTo(number: string, ...statuses: string[]) {
  for (const status of statuses) {
    const moved = await operator('POST', `/operator/orders/${number}/status`, { status })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
}

const get = (who: Signed, path: string) => h.call('GET', path, { cookie: who.cookie })
const post = (who: Signed, path: string, body: unknown) => h.call('POST', path, { cookie: who.cookie, body })

type Row = { number: string; status: string; customer: string; payment_method: string; store_id: string | null }
async function listed(query: string): Promise<{ numbers: string[]; items: Row[]; total: number }> {
  const reply = await get(service, `/orders${query}`)
  expect(reply.status, reply.text).toBe(200)
  const items = reply.body.items as Row[]
  return { numbers: items.map((row) => row.number), items, total: Number(reply.body.total) }
}

async function stockOf(sku: string): Promise<number> {
  const [row] = await database.db.select({ stock: variants.stockOnline }).from(variants).where(eq(variants.sku, sku))
  return row?.stock ?? -1
}

async function lastAudit() {
  const [entry] = await database.db
    .select()
    .from(auditLog)
    .orderBy(sql`${auditLog.id} DESC`)
    .limit(1)
  return entry
}

async function auditCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(auditLog)
  return row?.count ?? 0
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, operatorToken: OPERATOR },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
  size = await plainSize(database.db, 3, 500)
  size2 = await plainSize(database.db, 4, 500)
  const serviceStaff = await h.enrol('customer_service', 'service')
  service = { staff: serviceStaff, cookie: await h.signIn(serviceStaff) }
  const warehouseStaff = await h.enrol('warehouse', 'warehouse')
  warehouse = { staff: warehouseStaff, cookie: await h.signIn(warehouseStaff) }
})

afterAll(async () => {
  await database?.close()
})

describe('GET /orders: the list', () => {
  let malee = ''
  let pickup = ''
  let card = ''

  beforeAll(async () => {
    malee = await place({
      email: 'malee.k@example.com',
      telephone: '0898765432',
      address: { ...thaiAddress, firstname: 'มาลี', lastname: 'กิตติ', telephone_number: '0898765432' },
    })
    pickup = await place({ shipping_method: 'pickup', store_id: 'siam-paragon', address: null })
    card = await place({ payment_method: 'card', email: 'card.buyer@example.com' })
  })

  it('searches by the telephone as people say it, by name, by e-mail and by the number', async () => {
    expect((await listed('?q=089-876-5432')).numbers).toEqual([malee])
    expect((await listed('?q=%2B66898765432')).numbers).toEqual([malee])
    expect((await listed(`?q=${encodeURIComponent('มาลี')}`)).numbers).toEqual([malee])
    expect((await listed('?q=MALEE.K@')).numbers).toEqual([malee])
    expect((await listed(`?q=${malee.slice(-5)}`)).numbers).toContain(malee)
    expect((await listed('?q=nobody-at-all')).total).toBe(0)
    // LIKE's wildcards are the staff's text, not patterns.
    expect((await listed('?q=%25')).total).toBe(0)
  })

  it('filters by status, payment method and status, currency, pick-up branch and the day placed', async () => {
    const all = await listed('?size=100')
    expect(all.numbers).toEqual(expect.arrayContaining([malee, pickup, card]))
    expect((await listed('?store=siam-paragon')).numbers).toEqual([pickup])
    const cards = await listed('?payment_method=card&size=100')
    expect(cards.numbers).toContain(card)
    expect(cards.numbers).not.toContain(malee)
    expect(cards.items.every((row) => row.payment_method === 'card')).toBe(true)
    expect((await listed('?payment_status=pending&size=100')).numbers).toEqual(expect.arrayContaining([malee, card]))
    expect((await listed('?payment_status=paid&size=100')).numbers).not.toContain(malee)
    expect((await listed('?currency=usd')).total).toBe(0)
    expect((await listed('?currency=thb&size=100')).total).toBe(all.total)
    await moveTo(malee, 'paid')
    expect((await listed('?status=paid&size=100')).numbers).toContain(malee)
    expect((await listed('?status=awaiting_payment&size=100')).numbers).not.toContain(malee)
    expect((await listed('?payment_status=paid&size=100')).numbers).toContain(malee)
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10)
    expect((await listed(`?placed_from=${today}&placed_to=${today}&size=100`)).total).toBe(all.total)
    expect((await listed('?placed_to=2020-01-01')).total).toBe(0)
    expect((await listed(`?placed_from=${encodeURIComponent(clock.plus(3600))}`)).total).toBe(0)
    // The customer's name: the delivery address's, else the e-mail (a pick-up order has no address).
    const rows = new Map(all.items.map((row) => [row.number, row]))
    expect(rows.get(malee)?.customer).toBe('มาลี กิตติ')
    expect(rows.get(pickup)?.customer).toBe('somsri@example.com')
  })

  it('pages and sorts on the server', async () => {
    for (let index = 0; index < 24; index++) await place()
    const first = await listed('?sort=number&dir=asc')
    const second = await listed('?sort=number&dir=asc&page=2')
    expect(first.total).toBeGreaterThan(25)
    expect(first.items).toHaveLength(25)
    expect(second.items).toHaveLength(first.total - 25)
    const numbers = [...first.numbers, ...second.numbers]
    expect(numbers).toEqual([...numbers].sort())
    expect(new Set(numbers).size).toBe(first.total)
    const newest = await listed('?size=50')
    expect(newest.numbers).toEqual([...numbers].reverse())
  })

  it('refuses a bad filter with a 400 in the staff member’s language', async () => {
    for (const query of ['?size=30', '?status=lost', '?placed_from=yesterday', '?page=0', `?q=${'x'.repeat(101)}`]) {
      const reply = await get(service, `/orders${query}`)
      expect(reply.status, query).toBe(400)
      expect(reply.body).toMatchObject({ reason: 'INVALID_INPUT', message: 'Invalid request' })
    }
  })
})

describe('GET /orders/queues', () => {
  type Queue = { id: string; count: number; oldest_since: string | null; oldest_age_seconds: number | null }
  async function queues(): Promise<Map<string, Queue>> {
    const reply = await get(warehouse, '/orders/queues')
    expect(reply.status, reply.text).toBe(200)
    return new Map((reply.body.queues as Queue[]).map((queue) => [queue.id, queue]))
  }

  it('counts the work waiting and says how long the oldest has waited', async () => {
    const before = await queues()
    expect([...before.keys()]).toEqual(['confirm_payment', 'pack', 'ship', 'returns'])
    const transfer = await place()
    const toPack = await place()
    const toShip = await place()
    await moveTo(toPack, 'paid')
    await moveTo(toShip, 'paid', 'packed')
    await place({ payment_method: 'card' })
    const after = await queues()
    // Three bank transfers placed, two of them paid since; the card order waits on its provider, not on staff.
    expect(after.get('confirm_payment')?.count).toBe((before.get('confirm_payment')?.count ?? 0) + 1)
    expect(after.get('pack')?.count).toBe((before.get('pack')?.count ?? 0) + 1)
    expect(after.get('ship')?.count).toBe((before.get('ship')?.count ?? 0) + 1)
    expect(after.get('returns')?.count).toBe(0)

    // The oldest transfer placed three hours ago (as the clock of the shop says): it has waited three hours.
    const threeHoursAgo = new Date(clock.now().getTime() - 3 * 3600_000)
    await database.db.update(orders).set({ createdAt: threeHoursAgo }).where(eq(orders.number, transfer))
    const aged = (await queues()).get('confirm_payment')
    expect(aged?.oldest_since).toBe(threeHoursAgo.toISOString())
    expect(aged?.oldest_age_seconds).toBe(3 * 3600)
    clock.advance(60)
    expect((await queues()).get('confirm_payment')?.oldest_age_seconds).toBe(3 * 3600 + 60)
  })
})

describe('an order: its detail, notes, cancelling and its address', () => {
  it('shows lines, totals, customer, address, payments and a timeline with the e-mails sent', async () => {
    const number = await place({ payment_method: 'card' }, size2.sku, 2)
    const reply = await get(warehouse, `/orders/${number}`)
    expect(reply.status, reply.text).toBe(200)
    const order = reply.body
    expect(order).toMatchObject({
      number,
      status: 'awaiting_payment',
      currency: 'thb',
      subtotal: size2.price * 2,
      customer: { name: 'สมศรี ทดสอบ', email: 'somsri@example.com', telephone: '+66812345678', member: false },
      address: { postcode: '10900', province: 'กรุงเทพมหานคร' },
      payment_method: 'card',
      allowed: { cancel: true, edit_address: true },
    })
    // The staff member's language (English) names the piece.
    expect(order.lines).toEqual([expect.objectContaining({ sku: size2.sku, name: size2.nameEn, quantity: 2 })])
    expect(order.payments).toEqual([expect.objectContaining({ method: 'card', status: 'pending' })])
    const timeline = order.timeline as Array<{ kind: string; what: string }>
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'status', what: 'awaiting_payment' }),
        expect.objectContaining({ kind: 'email', what: 'order_placed' }),
      ]),
    )
    expect((await get(warehouse, '/orders/AS-0000-99999')).status).toBe(404)
    expect((await get(warehouse, '/orders/not%20a%20number')).status).toBe(400)
  })

  it('adds a staff note, audited in its transaction, shown in the timeline', async () => {
    const number = await place()
    const reply = await post(service, `/orders/${number}/notes`, { body: 'โทรหาลูกค้าแล้ว\nจะโอนพรุ่งนี้' })
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({ body: 'โทรหาลูกค้าแล้ว\nจะโอนพรุ่งนี้', author: service.staff.email })
    expect(await lastAudit()).toMatchObject({
      action: 'order.note',
      entityType: 'order',
      entityId: number,
      actorId: service.staff.id,
      requestId: reply.headers.get('x-request-id'),
      after: { note: reply.body.id, body: 'โทรหาลูกค้าแล้ว\nจะโอนพรุ่งนี้' },
    })
    const detail = await get(service, `/orders/${number}`)
    expect(detail.body.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'note', detail: 'โทรหาลูกค้าแล้ว\nจะโอนพรุ่งนี้', by: service.staff.email }),
      ]),
    )
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}, { body: 'a\u202Eb' }]) {
      const refused = await post(service, `/orders/${number}/notes`, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.message).toBe('Invalid request')
    }
  })

  it('cancels with a reason: the stock back, the shopper’s e-mail queued, audited before and after', async () => {
    const number = await place({}, size2.sku, 3)
    const stock = await stockOf(size2.sku)
    const reply = await post(service, `/orders/${number}/cancel`, { reason: 'Customer asked by phone' })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ status: 'cancelled', allowed: { cancel: false, edit_address: false } })
    expect(await stockOf(size2.sku)).toBe(stock + 3)
    expect(await lastAudit()).toMatchObject({
      action: 'order.cancel',
      entityType: 'order',
      entityId: number,
      actorId: service.staff.id,
      before: { status: 'awaiting_payment' },
      after: { status: 'cancelled', reason: 'Customer asked by phone' },
    })
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
    const mails = await database.db
      .select()
      .from(orderMails)
      .where(and(eq(orderMails.orderId, order?.id ?? ''), eq(orderMails.kind, 'order_cancelled')))
    expect(mails).toHaveLength(1)
    expect(reply.body.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'status', what: 'cancelled', detail: null }),
        expect.objectContaining({ kind: 'staff', what: 'order.cancel', detail: 'Customer asked by phone' }),
      ]),
    )
    // Cancelled is the end: a second cancel is refused and gives nothing back twice.
    const again = await post(service, `/orders/${number}/cancel`, { reason: 'Twice' })
    expect(again.status).toBe(409)
    expect(await stockOf(size2.sku)).toBe(stock + 3)
  })

  it('refuses to cancel once packed (§4), in the staff member’s language, with nothing changed or audited', async () => {
    const number = await place()
    await moveTo(number, 'paid', 'packed')
    const stock = await stockOf(size.sku)
    const audited = await auditCount()
    const reply = await post(service, `/orders/${number}/cancel`, { reason: 'Too late' })
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ reason: 'NOT_ALLOWED', message: 'The order’s status no longer allows this' })
    expect(await stockOf(size.sku)).toBe(stock)
    expect(await auditCount()).toBe(audited)
    expect((await post(service, `/orders/${number}/cancel`, { reason: '' })).status).toBe(400)
  })

  it('cancels a paid order (before packing) too, a money action: only with the second factor given again', async () => {
    const number = await place()
    await moveTo(number, 'paid')
    const unpaid = await place()
    // Six minutes after signing in, the second factor is older than the step-up window.
    clock.advance(6 * 60)
    const refused = await post(service, `/orders/${number}/cancel`, { reason: 'Out of stock in the shop' })
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body.reason).toBe('STEP_UP_REQUIRED')
    const [still] = await database.db.select().from(orders).where(eq(orders.number, number))
    expect(still?.status).toBe('paid')
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cancel'), eq(auditLog.entityId, number)))
    expect(audited).toHaveLength(0)
    // An order not paid is no money action: no step-up asked.
    expect((await post(service, `/orders/${unpaid}/cancel`, { reason: 'Asked by phone' })).status).toBe(200)

    await h.stepUp(service.staff, service.cookie)
    const reply = await post(service, `/orders/${number}/cancel`, { reason: 'Out of stock in the shop' })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.status).toBe('cancelled')
  })

  it('edits the address while §4 allows, checked as checkout checks it, audited with before and after', async () => {
    const number = await place()
    const moved = {
      ...thaiAddress,
      address: '1 ถนนสุขุมวิท',
      postcode: '10110',
      sub_district: 'คลองเตย',
      district: 'คลองเตย',
    }
    const reply = await h.call('PUT', `/orders/${number}/address`, { cookie: service.cookie, body: moved })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.address).toMatchObject({ address: '1 ถนนสุขุมวิท', postcode: '10110' })
    expect(await lastAudit()).toMatchObject({
      action: 'order.address',
      entityId: number,
      before: { address: { postcode: '10900' } },
      after: { address: { postcode: '10110' } },
    })
    const wrong = await h.call('PUT', `/orders/${number}/address`, {
      cookie: service.cookie,
      body: { ...thaiAddress, postcode: '99999' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.reason).toBe('INVALID_INPUT')
    expect(Object.keys((wrong.body.fields as Json) ?? {})).toContain('address.postcode')

    await moveTo(number, 'paid', 'packed')
    const late = await h.call('PUT', `/orders/${number}/address`, { cookie: service.cookie, body: thaiAddress })
    expect(late.status).toBe(409)
    const pickup = await place({ shipping_method: 'pickup', store_id: 'siam-paragon', address: null })
    expect(
      (await h.call('PUT', `/orders/${pickup}/address`, { cookie: service.cookie, body: thaiAddress })).status,
    ).toBe(409)
  })

  it('refuses the warehouse (no orders:write) every change: 403, nothing changed, only the denials audited', async () => {
    const number = await place()
    const stock = await stockOf(size.sku)
    const lastBefore = (await lastAudit())?.id ?? 0
    for (const [method, path, body] of [
      ['POST', `/orders/${number}/cancel`, { reason: 'Mine now' }],
      ['POST', `/orders/${number}/notes`, { body: 'Hello' }],
      ['PUT', `/orders/${number}/address`, thaiAddress],
    ] as const) {
      const reply = await h.call(method, path, { cookie: warehouse.cookie, body })
      expect(reply.status, path).toBe(403)
      expect(reply.body.reason).toBe('PERMISSION_DENIED')
    }
    expect(await stockOf(size.sku)).toBe(stock)
    // One line per denial (decision 179), and no entry of a change.
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} > ${lastBefore}`)
      .orderBy(auditLog.id)
    expect(entries.map((entry) => entry.action)).toEqual([
      'denied.admin_order_cancel',
      'denied.admin_order_note_create',
      'denied.admin_order_address_update',
    ])
    expect((await get(warehouse, `/orders/${number}`)).body.status).toBe('awaiting_payment')
  })

  it('lets an API key of customer service cancel, audited as the key', async () => {
    const { key, id } = await app.admin.services.apiKeys.create(
      { name: 'Helpdesk', roleId: 'customer_service' },
      { actor: systemActor('test', STAFF_PERMISSIONS), ip: null, requestId: null },
    )
    const number = await place()
    const reply = await h.call('POST', `/orders/${number}/cancel`, { bearer: key, body: { reason: 'Duplicate' } })
    expect(reply.status, reply.text).toBe(200)
    expect(await lastAudit()).toMatchObject({ action: 'order.cancel', actorType: 'api_key', actorId: id })
  })
})
