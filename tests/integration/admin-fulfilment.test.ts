import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderMails, orderShipments, orders } from '~/db/schema'
import { asPdfText, pdfText } from '../pdf-text'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { plainSize, type PlainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { Clock } from './support/clock'
import { ADMIN, SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Fulfilment in the admin API (issue 31 item 8 and item 5's bulk actions): the pick list, packing slips and labels
 * read back as a PDF reader reads them, a parcel shipped from the order (paid → in transit with its e-mail and audit
 * entry), and the tracking CSV: a dry run naming exactly the bad rows and changing nothing, an apply with a bad row
 * refused whole, then every row shipped, each order audited. Orders are placed through the shop's API.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
const operator = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: operatorAuth })

type Signed = { staff: Enrolled; cookie: string }
let warehouse: Signed
let marketing: Signed
let size: PlainSize
let size2: PlainSize
let placedCount = 0

async function place(overrides: Json = {}, items: Array<[string, number]> = [[size.sku, 1]]): Promise<string> {
  let token: string | undefined
  for (const [sku, quantity] of items) {
    const added = await call('POST', '/cart/items?currency=thb', {
      body: { sku, quantity },
      headers: token ? { 'x-cart-token': token } : {},
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    // The token comes with the cart's first item only.
    token ??= String(added.body.cart_token)
  }
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
      ...overrides,
    },
    headers: { 'x-cart-token': String(token), 'idempotency-key': `admin-fulfilment-${++placedCount}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return String((placed.body.order as Json).number)
}

async function paid(overrides: Json = {}, items?: Array<[string, number]>): Promise<string> {
  const number = await place(overrides, items)
  const moved = await operator('POST', `/operator/orders/${number}/status`, { status: 'paid' })
  expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  return number
}

async function statusOf(number: string): Promise<string> {
  const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number))
  return row?.status ?? 'none'
}

async function auditCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(auditLog)
  return row?.count ?? 0
}

async function parcelCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(orderShipments)
  return row?.count ?? 0
}

/** A document as the back office fetches it: the answer's status, type and, for a PDF, its text. */
async function documentOf(who: Signed, query: string) {
  const response = await app.request(`${ADMIN}/fulfilment/documents${query}`, {
    headers: { cookie: who.cookie, 'x-staff-request': '1', 'x-forwarded-for': '10.31.0.1' },
  })
  const type = response.headers.get('content-type') ?? ''
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    type,
    disposition: response.headers.get('content-disposition'),
    pdf: type.includes('pdf') ? await pdfText(bytes) : null,
    body: type.includes('json') ? (JSON.parse(new TextDecoder().decode(bytes)) as Json) : null,
  }
}

const post = (who: Signed, path: string, body: unknown) => h.call('POST', path, { cookie: who.cookie, body })

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
  const warehouseStaff = await h.enrol('warehouse', 'warehouse')
  warehouse = { staff: warehouseStaff, cookie: await h.signIn(warehouseStaff) }
  const marketingStaff = await h.enrol('marketing', 'marketing')
  marketing = { staff: marketingStaff, cookie: await h.signIn(marketingStaff) }
})

afterAll(async () => {
  await database?.close()
})

describe('GET /fulfilment/documents', () => {
  let one = ''
  let two = ''

  beforeAll(async () => {
    one = await paid({}, [
      [size.sku, 2],
      [size2.sku, 1],
    ])
    two = await paid({ address: { ...thaiAddress, firstname: 'มาลี', lastname: 'กิตติ' } }, [[size.sku, 1]])
  })

  it('gives 4×6 inch labels, one a page, with the recipient in Thai and the order’s number', async () => {
    const labels = await documentOf(warehouse, `?kind=labels&numbers=${one},${two}`)
    expect(labels.status, JSON.stringify(labels.body)).toBe(200)
    expect(labels.type).toBe('application/pdf')
    expect(labels.disposition).toBe('inline; filename="labels.pdf"')
    expect(labels.pdf?.pageSize).toEqual({ width: 288, height: 432 })
    expect(labels.pdf?.pages).toHaveLength(2)
    expect(labels.pdf?.pages[0]).toContain(one)
    expect(labels.pdf?.pages[0]).toContain('สมศรี ทดสอบ')
    expect(labels.pdf?.pages[0]).toContain('3 ชิ้น / pcs')
    expect(labels.pdf?.pages[1]).toContain(two)
    expect(labels.pdf?.pages[1]).toContain('มาลี กิตติ')
    expect(labels.pdf?.pages[1]).toContain('ลาดยาว')
  })

  it('gives an A4 packing slip per order in Thai and English, without prices', async () => {
    const slips = await documentOf(warehouse, `?kind=packing_slips&numbers=${one},${two}`)
    expect(slips.status).toBe(200)
    expect(slips.pdf?.pageSize.width).toBeCloseTo(595.28, 1)
    expect(slips.pdf?.pages).toHaveLength(2)
    expect(slips.pdf?.pages[0]).toContain(asPdfText(`คำสั่งซื้อ / Order ${one}`))
    expect(slips.pdf?.pages[0]).toContain('ใบรายการสินค้า / Packing slip')
    expect(slips.pdf?.pages[0]).toContain(size.sku)
    expect(slips.pdf?.pages[0]).not.toMatch(/฿|THB|500/)
  })

  it('gives a pick list of the pieces grouped by SKU, with the orders wanting each', async () => {
    const list = await documentOf(warehouse, `?kind=pick_list&numbers=${one},${two}`)
    expect(list.status).toBe(200)
    const text = list.pdf?.text ?? ''
    expect(text).toContain('ใบหยิบสินค้า / Pick list')
    // size: 2 from the first order and 1 from the second, on one line naming both orders.
    expect(text).toMatch(new RegExp(`${size.sku} .*\\b3 ${one} ${two}`))
    expect(text).toMatch(new RegExp(`${size2.sku} .*\\b1 ${one}`))
    expect(text).toContain('รวม / Total: 4')
  })

  it('refuses numbers no order has (404), refuses no numbers (400) and a role without fulfilment (403)', async () => {
    const unknown = await documentOf(warehouse, `?kind=labels&numbers=${one},AS9999-99999`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ reason: 'NOT_FOUND', fields: { numbers: 'not_found' } })
    expect((await documentOf(warehouse, '?kind=labels&numbers=')).status).toBe(400)
    expect((await documentOf(warehouse, `?kind=receipts&numbers=${one}`)).status).toBe(400)
    expect((await documentOf(marketing, `?kind=labels&numbers=${one}`)).status).toBe(403)
  })
})

describe('POST /orders/{number}/parcels', () => {
  it('ships a paid order with its parcel: in transit, the e-mail queued, one audit entry with before and after', async () => {
    const number = await paid()
    const before = await auditCount()
    const reply = await post(warehouse, `/orders/${number}/parcels`, {
      carrier: 'thailand_post',
      tracking_number: 'ef 123456789 th',
    })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({
      status: 'in_transit',
      parcels: [{ carrier: 'thailand_post', tracking_number: 'EF123456789TH', carrier_name: 'Thailand Post' }],
    })
    const entries = await database.db.select().from(auditLog).orderBy(auditLog.id)
    expect(entries.slice(before)).toMatchObject([
      {
        actorId: warehouse.staff.id,
        action: 'order.ship',
        entityType: 'order',
        entityId: number,
        before: { status: 'paid' },
        after: { status: 'in_transit', parcel: { carrier: 'thailand_post', trackingNumber: 'EF123456789TH' } },
      },
    ])
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
    const mails = await database.db
      .select()
      .from(orderMails)
      .where(and(eq(orderMails.orderId, order?.id ?? ''), eq(orderMails.kind, 'shipped')))
    expect(mails).toHaveLength(1)
    // A second parcel of the order in transit: one more, audited as a parcel; the same again changes nothing.
    const second = await post(warehouse, `/orders/${number}/parcels`, {
      carrier: 'kerry_express',
      tracking_number: 'KEX1234567890',
    })
    expect(second.status).toBe(200)
    expect((second.body.parcels as unknown[]).length).toBe(2)
    const again = await auditCount()
    expect(
      (
        await post(warehouse, `/orders/${number}/parcels`, {
          carrier: 'kerry_express',
          tracking_number: 'KEX1234567890',
        })
      ).status,
    ).toBe(200)
    expect(await auditCount()).toBe(again)
  })

  it('refuses a malformed tracking number (400, the field named) and an unpaid order (409), changing nothing', async () => {
    const number = await paid()
    const parcels = await parcelCount()
    const bad = await post(warehouse, `/orders/${number}/parcels`, {
      carrier: 'thailand_post',
      tracking_number: '12345',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ reason: 'INVALID_INPUT', fields: { tracking_number: 'invalid' } })
    const unpaid = await place()
    const refused = await post(warehouse, `/orders/${unpaid}/parcels`, {
      carrier: 'thailand_post',
      tracking_number: 'EF123456789TH',
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('The order’s status no longer allows this')
    expect(await parcelCount()).toBe(parcels)
    expect(await statusOf(number)).toBe('paid')
    expect(await statusOf(unpaid)).toBe('awaiting_payment')
    const denied = await post(marketing, `/orders/${number}/parcels`, {
      carrier: 'thailand_post',
      tracking_number: 'EF123456789TH',
    })
    expect(denied.status).toBe(403)
  })
})

describe('POST /fulfilment/tracking-import', () => {
  it('reports exactly the bad rows in a dry run and ships nothing; refuses an apply with one; then ships all', async () => {
    const a = await paid()
    const b = await paid()
    const unpaid = await place()
    const good = [
      `${a},Thailand Post,EF100000001TH`,
      `${b},kerry_express,KEX2000000001`,
      `${b},flash_express,TH0000000001AB`,
    ]
    const csv = [
      'order_number,carrier,tracking_number',
      ...good,
      'AS9999-99999,thailand_post,EF100000002TH',
      `${unpaid},thailand_post,EF100000003TH`,
      `${a},pigeon,PIGEON123`,
      `${a},thailand_post,12345`,
    ].join('\r\n')
    const parcels = await parcelCount()
    const audits = await auditCount()
    const dry = await post(warehouse, '/fulfilment/tracking-import', { csv })
    expect(dry.status, dry.text).toBe(200)
    expect(dry.body).toMatchObject({ applied: false, ok: 3, bad: 4 })
    type Row = { line: number; problems: string[]; status: string | null; tracking_number: string | null }
    const rows = dry.body.rows as Row[]
    expect(rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, []],
      [4, []],
      [5, ['order_unknown']],
      [6, ['status_wrong']],
      [7, ['carrier_unknown']],
      [8, ['tracking_malformed']],
    ])
    expect(rows[0]).toMatchObject({ status: 'paid', tracking_number: 'EF100000001TH' })
    expect(await parcelCount()).toBe(parcels)
    expect(await auditCount()).toBe(audits)

    const refused = await post(warehouse, '/fulfilment/tracking-import', { csv, apply: true })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      reason: 'INVALID_INPUT',
      fields: {
        'rows.5': 'order_unknown',
        'rows.6': 'status_wrong',
        'rows.7': 'carrier_unknown',
        'rows.8': 'tracking_malformed',
      },
    })
    expect(await parcelCount()).toBe(parcels)
    expect(await statusOf(a)).toBe('paid')
    expect(await auditCount()).toBe(audits)

    const applied = await post(warehouse, '/fulfilment/tracking-import', { csv: good.join('\n'), apply: true })
    expect(applied.status, applied.text).toBe(200)
    expect(applied.body).toMatchObject({ applied: true, ok: 3, bad: 0 })
    expect(await statusOf(a)).toBe('in_transit')
    expect(await statusOf(b)).toBe('in_transit')
    expect(await parcelCount()).toBe(parcels + 3)
    const entries = (await database.db.select().from(auditLog).orderBy(auditLog.id)).slice(audits)
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorId])).toEqual([
      ['order.ship', a, warehouse.staff.id],
      ['order.ship', b, warehouse.staff.id],
      ['order.parcel', b, warehouse.staff.id],
    ])
  })

  it('refuses an empty file and a role without fulfilment', async () => {
    const empty = await post(warehouse, '/fulfilment/tracking-import', { csv: '\n\n' })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ fields: { csv: 'empty' } })
    expect((await post(marketing, '/fulfilment/tracking-import', { csv: 'x' })).status).toBe(403)
  })
})
