import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, stockMovements, stores, storeStock, variants } from '~/db/schema'
import { staffAlertEvents } from '~/db/alerts-schema'
import { staff } from '~/db/staff-schema'
import { thaiAddress } from './support/address'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { jsonCaller, type Json } from './support/http'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Stock in the admin API (issue 32 item 3, decision 191): a model's matrix per location, adjustments with a reason
 * (never below zero, each with its ledger line and audit entry), transfers between locations (sent, received,
 * cancelled; never more than there is, even two at once), each size's low-stock threshold driving the online order
 * path's staff alert, and the shop's "find in store" answering the change on the very next request. On the demo
 * catalog, through the admin API as the back office calls it.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)

type Signed = { staff: Enrolled; cookie: string }
let warehouse: Signed
let service: Signed
let marketing: Signed
/** A product with at least two sizes, its family, and two stores. */
let product = { id: '', familyId: '', nameEn: '', nameTh: '' }
let sizes: Array<{ sku: string; size: string }> = []
let storeA = ''
let storeB = ''
let placed = 0

const get = (who: Signed, path: string) => h.call('GET', path, { cookie: who.cookie })
const post = (who: Signed, path: string, body: unknown = {}) => h.call('POST', path, { cookie: who.cookie, body })

async function storeCount(store: string, sku: string): Promise<number> {
  const [row] = await database.db
    .select({ quantity: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, store), eq(storeStock.sku, sku)))
  return row?.quantity ?? 0
}

async function onlineCount(sku: string): Promise<number> {
  const [row] = await database.db.select({ stock: variants.stockOnline }).from(variants).where(eq(variants.sku, sku))
  return row?.stock ?? -1
}

async function setStore(store: string, sku: string, quantity: number) {
  await database.db
    .insert(storeStock)
    .values({ storeId: store, sku, quantity })
    .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.sku], set: { quantity } })
}

async function auditOf(entityType: string, entityId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id))
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
  const [row] = await database.db
    .select({ id: products.id, familyId: products.familyId, nameEn: products.nameEn, nameTh: products.nameTh })
    .from(products)
    .where(
      and(
        sql`cardinality(${products.tags}) = 0`,
        sql`(SELECT count(*) FROM ${variants} v WHERE v.product_id = ${products.id}) > 1`,
      ),
    )
    .orderBy(products.id)
    .limit(1)
  if (!row) throw new Error('no product in two sizes in the demo catalog')
  product = row
  sizes = await database.db
    .select({ sku: variants.sku, size: variants.size })
    .from(variants)
    .where(eq(variants.productId, row.id))
    .orderBy(asc(variants.position))
  const two = await database.db.select({ id: stores.id }).from(stores).orderBy(asc(stores.position)).limit(2)
  storeA = two[0]?.id ?? ''
  storeB = two[1]?.id ?? ''
  if (!storeB) throw new Error('the demo catalog has fewer than two stores')
  for (const [role, tag] of [
    ['warehouse', 'warehouse'],
    ['customer_service', 'service'],
    ['marketing', 'marketing'],
  ] as const) {
    const staff = await h.enrol(role, tag)
    const signed = { staff, cookie: await h.signIn(staff) }
    if (role === 'warehouse') warehouse = signed
    else if (role === 'customer_service') service = signed
    else marketing = signed
  }
})

afterAll(async () => {
  await database?.close()
})

describe('the matrix', () => {
  it('gives each colour × size its count at every location and its threshold; found by name or SKU', async () => {
    const sku = sizes[0]?.sku ?? ''
    await database.db.update(variants).set({ stockOnline: 11 }).where(eq(variants.sku, sku))
    await setStore(storeA, sku, 4)
    const byName = await get(warehouse, `/stock/products?q=${encodeURIComponent(product.nameEn.slice(0, 6))}`)
    expect(byName.status, byName.text).toBe(200)
    expect(byName.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ family_id: product.familyId })]),
    )
    const bySku = await get(warehouse, `/stock/products?q=${encodeURIComponent(sku.toLowerCase())}`)
    expect((bySku.body.items as Json[]).map((item) => item.family_id)).toEqual([product.familyId])
    expect((await get(warehouse, '/stock/products?q=no-such-thing-at-all')).body.items).toEqual([])

    // By the family, one colour's id or a SKU: the same matrix.
    for (const id of [product.familyId, product.id, sku]) {
      const matrix = await get(warehouse, `/stock/products/${encodeURIComponent(id)}`)
      expect(matrix.status, matrix.text).toBe(200)
      expect(matrix.body.family_id).toBe(product.familyId)
    }
    const matrix = await get(service, `/stock/products/${encodeURIComponent(product.id)}`)
    expect(matrix.status, 'customer service reads stock').toBe(200)
    const locations = matrix.body.locations as Array<{ id: string }>
    expect(locations[0]?.id).toBe('online')
    expect(locations.map((place) => place.id)).toEqual(expect.arrayContaining([storeA, storeB]))
    const colour = (matrix.body.colours as Json[]).find((candidate) => candidate.product_id === product.id)
    const cell = (colour?.sizes as Json[]).find((candidate) => candidate.sku === sku)
    expect(cell).toMatchObject({ low_stock_threshold: 3 })
    expect(cell?.quantities).toEqual(
      expect.arrayContaining([
        { location: 'online', quantity: 11 },
        { location: storeA, quantity: 4 },
        { location: storeB, quantity: 0 },
      ]),
    )
    expect((await get(warehouse, '/stock/products/NO-SUCH-PRODUCT')).status).toBe(404)
    expect((await get(marketing, `/stock/products/${product.id}`)).status).toBe(403)
  })
})

describe('adjustments', () => {
  it('needs a reason, and a note for "other"; a delta or a count, not both', async () => {
    const sku = sizes[0]?.sku ?? ''
    const before = await onlineCount(sku)
    const cases: Array<[unknown, string]> = [
      [{ location: 'online', sku, delta: 2 }, 'reason'],
      [{ location: 'online', sku, reason: 'shrinkage', delta: 2 }, 'reason'],
      [{ location: 'online', sku, reason: 'other', delta: 2 }, 'note'],
      [{ location: 'online', sku, reason: 'received' }, 'delta'],
      [{ location: 'online', sku, reason: 'count', delta: 1, counted: 3 }, 'delta'],
      [{ location: 'online', sku, reason: 'received', delta: 0 }, 'delta'],
      [{ location: 'nowhere', sku, reason: 'received', delta: 1 }, 'location'],
      [{ location: 'online', sku: 'NO-SUCH-SKU', reason: 'received', delta: 1 }, 'sku'],
    ]
    for (const [body, field] of cases) {
      const reply = await post(warehouse, '/stock/adjustments', body)
      expect(reply.status, `${JSON.stringify(body)}: ${reply.text}`).toBe(400)
      expect(reply.body.fields, JSON.stringify(body)).toHaveProperty(field)
    }
    expect(await onlineCount(sku)).toBe(before)
  })

  it('changes a count by a delta or to a counted quantity, with its ledger line and audit entry', async () => {
    const sku = sizes[1]?.sku ?? ''
    await setStore(storeA, sku, 5)
    const received = await post(warehouse, '/stock/adjustments', {
      location: storeA,
      sku,
      reason: 'received',
      note: 'กล่องจากโรงงาน',
      delta: 3,
    })
    expect(received.status, received.text).toBe(200)
    expect(received.body).toMatchObject({ location: storeA, sku, quantity: 8 })
    expect(await storeCount(storeA, sku)).toBe(8)
    clock.advance(60)
    const counted = await post(warehouse, '/stock/adjustments', { location: storeA, sku, reason: 'count', counted: 6 })
    expect(counted.body).toMatchObject({ quantity: 6, movement: { delta: -2, quantity_after: 6, reason: 'count' } })
    clock.advance(60)
    const damaged = await post(warehouse, '/stock/adjustments', {
      location: 'online',
      sku,
      reason: 'damaged',
      delta: -1,
    })
    expect(damaged.status, damaged.text).toBe(200)

    const history = await get(warehouse, `/stock/sizes/${encodeURIComponent(sku)}/movements`)
    expect(history.status, history.text).toBe(200)
    expect((history.body.items as Json[]).map((item) => [item.location, item.delta, item.reason, item.actor])).toEqual([
      ['online', -1, 'damaged', warehouse.staff.email],
      [storeA, -2, 'count', warehouse.staff.email],
      [storeA, 3, 'received', warehouse.staff.email],
    ])
    expect((history.body.items as Json[])[2]).toMatchObject({ note: 'กล่องจากโรงงาน', quantity_after: 8 })

    const entries = await auditOf('stock', `${storeA}:${sku}`)
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'stock.adjust',
        { location: storeA, sku, quantity: 5 },
        expect.objectContaining({ quantity: 8, delta: 3, reason: 'received' }),
      ],
      ['stock.adjust', { location: storeA, sku, quantity: 8 }, expect.objectContaining({ quantity: 6, delta: -2 })],
    ])
    expect(entries[0]).toMatchObject({ actorId: warehouse.staff.id, requestId: received.headers.get('x-request-id') })
  })

  it('never takes a count below zero: 409 with a clear message, nothing written', async () => {
    const sku = sizes[0]?.sku ?? ''
    await setStore(storeB, sku, 2)
    const movementsBefore = await database.db.select().from(stockMovements).where(eq(stockMovements.sku, sku))
    const auditBefore = await auditOf('stock', `${storeB}:${sku}`)
    const reply = await post(warehouse, '/stock/adjustments', { location: storeB, sku, reason: 'lost', delta: -3 })
    expect(reply.status, reply.text).toBe(409)
    expect(reply.body).toMatchObject({ reason: 'STOCK_SHORT', fields: { available: '2' } })
    expect(String(reply.body.message)).toMatch(/below zero/)
    expect(await storeCount(storeB, sku)).toBe(2)
    expect(await database.db.select().from(stockMovements).where(eq(stockMovements.sku, sku))).toHaveLength(
      movementsBefore.length,
    )
    expect(await auditOf('stock', `${storeB}:${sku}`)).toHaveLength(auditBefore.length)
    // In Thai for a member of staff who reads Thai.
    await database.db.update(staff).set({ language: 'th' }).where(eq(staff.id, warehouse.staff.id))
    const thai = await post(warehouse, '/stock/adjustments', { location: storeB, sku, reason: 'lost', delta: -3 })
    await database.db.update(staff).set({ language: 'en' }).where(eq(staff.id, warehouse.staff.id))
    expect(thai.status).toBe(409)
    expect(String(thai.body.message)).toMatch(/สต็อกไม่พอ/)
    // Customer service may look but not change.
    expect(
      (await post(service, '/stock/adjustments', { location: storeB, sku, reason: 'found', delta: 1 })).status,
    ).toBe(403)
  })
})

describe('count sheets', () => {
  it('sets every size counted at a location to what was found, all or nothing, each a count line', async () => {
    const [first, second] = sizes
    if (!first || !second) throw new Error('two sizes expected')
    await setStore(storeB, first.sku, 4)
    await setStore(storeB, second.sku, 1)
    const counted = await post(warehouse, '/stock/counts', {
      location: storeB,
      note: 'นับสิ้นเดือน',
      lines: [
        { sku: first.sku, counted: 3 },
        { sku: second.sku, counted: 1 },
      ],
    })
    expect(counted.status, counted.text).toBe(200)
    expect(counted.body).toEqual({
      location: storeB,
      lines: [
        { sku: first.sku, quantity: 3, delta: -1 },
        { sku: second.sku, quantity: 1, delta: 0 },
      ],
    })
    expect(await storeCount(storeB, first.sku)).toBe(3)
    const [line] = await database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.sku, first.sku), eq(stockMovements.location, storeB)))
      .orderBy(sql`${stockMovements.at} desc`)
      .limit(1)
    expect(line).toMatchObject({ reason: 'count', delta: -1, quantityAfter: 3, note: 'นับสิ้นเดือน' })

    // A sheet with one unknown size writes nothing, and names the line; a size twice is refused before.
    const movementsBefore = await database.db.select().from(stockMovements)
    const unknown = await post(warehouse, '/stock/counts', {
      location: storeB,
      lines: [
        { sku: first.sku, counted: 9 },
        { sku: 'NO-SUCH-SKU', counted: 1 },
      ],
    })
    expect(unknown.status, unknown.text).toBe(400)
    expect(unknown.body.fields).toEqual({ 'lines.1.sku': 'unknown' })
    expect(await storeCount(storeB, first.sku)).toBe(3)
    expect(await database.db.select().from(stockMovements)).toHaveLength(movementsBefore.length)
    const twice = await post(warehouse, '/stock/counts', {
      location: storeB,
      lines: [
        { sku: first.sku, counted: 2 },
        { sku: first.sku, counted: 5 },
      ],
    })
    expect(twice.status).toBe(400)
    expect(twice.body.fields).toEqual({ 'lines.1.sku': 'twice' })
    const negative = await post(warehouse, '/stock/counts', {
      location: storeB,
      lines: [{ sku: first.sku, counted: -1 }],
    })
    expect(negative.status).toBe(400)
    expect((await post(warehouse, '/stock/counts', { location: storeB, lines: [] })).status).toBe(400)
    expect(
      (await post(service, '/stock/counts', { location: storeB, lines: [{ sku: first.sku, counted: 1 }] })).status,
    ).toBe(403)
    expect(await storeCount(storeB, first.sku)).toBe(3)
  })
})

describe('transfers', () => {
  it('takes the pieces from `from` when sent and gives them to `to` when received; once', async () => {
    const sku = sizes[0]?.sku ?? ''
    await setStore(storeA, sku, 5)
    await setStore(storeB, sku, 1)
    const sent = await post(warehouse, '/stock/transfers', {
      from: storeA,
      to: storeB,
      note: 'For the weekend',
      lines: [{ sku, quantity: 3 }],
    })
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body).toMatchObject({
      status: 'sent',
      from: { id: storeA },
      to: { id: storeB },
      lines: [{ sku, quantity: 3, size: sizes[0]?.size }],
    })
    const id = String(sent.body.id)
    expect(await storeCount(storeA, sku)).toBe(2)
    expect(await storeCount(storeB, sku)).toBe(1)
    const open = await get(warehouse, '/stock/transfers')
    expect((open.body.items as Json[]).map((item) => item.id)).toContain(id)
    clock.advance(60)

    const received = await post(warehouse, `/stock/transfers/${id}/receive`)
    expect(received.status, received.text).toBe(200)
    expect(received.body).toMatchObject({ status: 'received', closed_by: warehouse.staff.email })
    expect(await storeCount(storeA, sku)).toBe(2)
    expect(await storeCount(storeB, sku)).toBe(4)
    expect((await post(warehouse, `/stock/transfers/${id}/receive`)).body.reason).toBe('TRANSFER_CLOSED')
    expect((await post(warehouse, `/stock/transfers/${id}/cancel`)).status).toBe(409)
    expect(await storeCount(storeB, sku)).toBe(4)
    expect(((await get(warehouse, '/stock/transfers')).body.items as Json[]).map((item) => item.id)).not.toContain(id)
    expect(
      ((await get(warehouse, '/stock/transfers?status=received')).body.items as Json[]).map((item) => item.id),
    ).toContain(id)
    expect((await auditOf('stock_transfer', id)).map((entry) => entry.action)).toEqual([
      'stock_transfer.send',
      'stock_transfer.receive',
    ])
    const ledger = await database.db
      .select({ location: stockMovements.location, delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.transferId, id))
      .orderBy(asc(stockMovements.at))
    expect(ledger).toEqual([
      { location: storeA, delta: -3, reason: 'transfer_sent' },
      { location: storeB, delta: 3, reason: 'transfer_received' },
    ])
  })

  it('puts the pieces back at `from` when a sent transfer is cancelled', async () => {
    const sku = sizes[1]?.sku ?? ''
    await database.db.update(variants).set({ stockOnline: 10 }).where(eq(variants.sku, sku))
    const sent = await post(warehouse, '/stock/transfers', {
      from: 'online',
      to: storeA,
      lines: [{ sku, quantity: 4 }],
    })
    expect(sent.status, sent.text).toBe(201)
    expect(await onlineCount(sku)).toBe(6)
    const cancelled = await post(warehouse, `/stock/transfers/${String(sent.body.id)}/cancel`)
    expect(cancelled.body).toMatchObject({ status: 'cancelled' })
    expect(await onlineCount(sku)).toBe(10)
    expect((await post(warehouse, `/stock/transfers/${String(sent.body.id)}/receive`)).status).toBe(409)
    expect(await onlineCount(sku)).toBe(10)
  })

  it('cannot send more than there is, nor to the same place, nor a size twice: nothing taken', async () => {
    const [a, b] = sizes
    await setStore(storeA, a?.sku ?? '', 2)
    await setStore(storeA, b?.sku ?? '', 9)
    const short = await post(warehouse, '/stock/transfers', {
      from: storeA,
      to: storeB,
      lines: [
        { sku: b?.sku, quantity: 5 },
        { sku: a?.sku, quantity: 3 },
      ],
    })
    expect(short.status, short.text).toBe(409)
    expect(short.body).toMatchObject({ reason: 'STOCK_SHORT', fields: { 'lines.1.quantity': 'short' } })
    expect(await storeCount(storeA, a?.sku ?? '')).toBe(2)
    expect(await storeCount(storeA, b?.sku ?? '')).toBe(9)
    const same = await post(warehouse, '/stock/transfers', {
      from: storeA,
      to: storeA,
      lines: [{ sku: a?.sku, quantity: 1 }],
    })
    expect(same.status).toBe(400)
    expect(same.body.fields).toHaveProperty('to')
    const twice = await post(warehouse, '/stock/transfers', {
      from: storeA,
      to: storeB,
      lines: [
        { sku: a?.sku, quantity: 1 },
        { sku: a?.sku, quantity: 1 },
      ],
    })
    expect(twice.status).toBe(400)
    expect((await post(warehouse, '/stock/transfers', { from: storeA, to: storeB, lines: [] })).status).toBe(400)
  })

  it('lets one of two transfers of the last pieces at once win', async () => {
    const sku = sizes[0]?.sku ?? ''
    await setStore(storeA, sku, 2)
    const body = { from: storeA, to: storeB, lines: [{ sku, quantity: 2 }] }
    const replies = await Promise.all([
      post(warehouse, '/stock/transfers', body),
      post(warehouse, '/stock/transfers', body),
    ])
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409])
    expect(await storeCount(storeA, sku)).toBe(0)
  })
})

describe('low-stock thresholds', () => {
  /** A guest order of `quantity` pieces of `sku`, placed through the shop's API. */
  async function order(sku: string, quantity: number) {
    const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity } })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const placedOrder = await call('POST', '/orders?currency=thb&lang=th', {
      body: {
        email: 'somsri@example.com',
        telephone: '0812345678',
        shipping_method: 'courier',
        address: thaiAddress,
        payment_method: 'bank_transfer',
      },
      headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `admin-stock-${++placed}` },
    })
    expect(placedOrder.status, JSON.stringify(placedOrder.body)).toBe(201)
  }

  async function alertsOf(sku: string) {
    const rows = await database.db.select().from(staffAlertEvents).where(eq(staffAlertEvents.kind, 'low_stock'))
    return rows.filter((row) => (row.data as { sku?: string }).sku === sku)
  }

  it('sets a size’s threshold (audited), shows it in the matrix, and the online order path alerts by it', async () => {
    const sku = sizes[1]?.sku ?? ''
    await database.db.update(variants).set({ stockOnline: 12 }).where(eq(variants.sku, sku))
    expect(
      (
        await h.call('PUT', `/stock/sizes/${sku}/threshold`, {
          cookie: warehouse.cookie,
          body: { low_stock_threshold: -1 },
        })
      ).status,
    ).toBe(400)
    const set = await h.call('PUT', `/stock/sizes/${sku}/threshold`, {
      cookie: warehouse.cookie,
      body: { low_stock_threshold: 10 },
    })
    expect(set.status, set.text).toBe(200)
    expect(set.body).toEqual({ sku, low_stock_threshold: 10 })
    expect(await auditOf('variant', sku)).toMatchObject([
      { action: 'stock.threshold', before: { lowStockThreshold: 3 }, after: { lowStockThreshold: 10 } },
    ])
    const matrix = await get(warehouse, `/stock/products/${sku}`)
    const cell = (matrix.body.colours as Json[])
      .flatMap((colour) => colour.sizes as Json[])
      .find((candidate) => candidate.sku === sku)
    expect(cell?.low_stock_threshold).toBe(10)

    // 12 → 11: still at or over 10, no alert; 11 → 9: under 10 (the old constant, 3, would not alert).
    await order(sku, 1)
    expect(await alertsOf(sku)).toHaveLength(0)
    await order(sku, 2)
    const alerts = await alertsOf(sku)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.data).toMatchObject({ sku, stock: 9, threshold: 10 })
    // Already under: the next order is no new crossing.
    await order(sku, 1)
    expect(await alertsOf(sku)).toHaveLength(1)
  })
})

describe('the shop follows', () => {
  it('answers "find in store" with a transfer’s change on the very next request', async () => {
    const sku = sizes[0]?.sku ?? ''
    const size = sizes[0]?.size ?? ''
    await setStore(storeA, sku, 3)
    await setStore(storeB, sku, 0)
    const inStore = async (store: string) => {
      const reply = await call('GET', `/products/${encodeURIComponent(product.id)}/stores?lang=en`)
      expect(reply.status).toBe(200)
      const found = (reply.body.stores as Array<{ id: string; sizes: Array<{ size: string; quantity: number }> }>).find(
        (candidate) => candidate.id === store,
      )
      return found?.sizes.find((candidate) => candidate.size === size)?.quantity ?? 0
    }
    expect(await inStore(storeB)).toBe(0)
    expect(await inStore(storeB)).toBe(0)
    const sent = await post(warehouse, '/stock/transfers', { from: storeA, to: storeB, lines: [{ sku, quantity: 2 }] })
    expect(sent.status, sent.text).toBe(201)
    expect(await inStore(storeA)).toBe(1)
    expect(await inStore(storeB)).toBe(0)
    await post(warehouse, `/stock/transfers/${String(sent.body.id)}/receive`)
    expect(await inStore(storeB)).toBe(2)
  })
})
