import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { openDatabase, resultRows } from '~/db/client.server'
import { migrate, migrationsFolder } from '~/db/migrate.server'
import {
  categories,
  orderMails,
  orders,
  orderShipments,
  products,
  returnRequestItems,
  returnRequests,
  variants,
  type OrderRow,
} from '~/db/schema'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { BASE, jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

/**
 * Issue 17, item 5: exchanges and returns per piece, with a reason, only when eligible (§4, §9), decided by the
 * back office; tracking numbers on the order. Every rule through the real HTTP API on a real database.
 */

const DAY_MS = 24 * 60 * 60 * 1000
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp

type Item = { position: number; sku: string; size: string; returnable: { quantity: number; reason: string | null } }

/** What the hook of accepted requests heard. */
const accepted: Array<{ order: OrderRow; request: Json }> = []

const call = jsonCaller(() => app)
const operator = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: operatorAuth })

const singaporeAddress = {
  ...thaiAddress,
  country: 'SG',
  postcode: '018956',
  province: '',
  district: 'Singapore',
  sub_district: '',
  telephone_number: '+6591234567',
}

/** SKUs of the demo catalog for each rule, with plenty of stock. */
const sku = { plain: '', plain2: '', sale: '', jewelry: '', underwear: '' }

async function pick(where: ReturnType<typeof sql>, offset = 0): Promise<string> {
  const [row] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(variants.sku)
    .limit(1)
    .offset(offset)
  if (!row) throw new Error('no such product in the demo catalog')
  await database.db.update(variants).set({ stockOnline: 1000 }).where(eq(variants.sku, row.sku))
  return row.sku
}

let orderSequence = 0

/** A guest order of these pieces; returns its number, the guest's token header and the order. */
async function placeOrder(lines: Array<{ sku: string; quantity?: number }>, overrides: Json = {}) {
  let cartToken = ''
  for (const line of lines) {
    const added = await call('POST', '/cart/items?currency=thb', {
      body: { sku: line.sku, quantity: line.quantity ?? 1 },
      headers: cartToken ? { 'x-cart-token': cartToken } : {},
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    cartToken ||= String(added.body.cart_token)
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
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `returns-${++orderSequence}-${Date.now()}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const order = placed.body.order as Json
  return { number: String(order.number), headers: { 'x-order-token': String(placed.body.access_token) } }
}

async function moveTo(number: string, last: 'paid' | 'packed' | 'in_transit' | 'received') {
  for (const status of ['paid', 'packed', 'in_transit', 'received']) {
    const moved = await operator('POST', `/operator/orders/${number}/status`, { status })
    expect(moved.status).toBe(200)
    if (status === last) return
  }
}

/** An order received `daysAgo` days ago (the receipt date moved back as time would). */
async function receivedOrder(lines: Array<{ sku: string; quantity?: number }>, daysAgo = 1, overrides: Json = {}) {
  const placed = await placeOrder(lines, overrides)
  await moveTo(placed.number, 'received')
  await database.db
    .update(orders)
    .set({ receivedAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(orders.number, placed.number))
  return placed
}

async function view(number: string, headers: Record<string, string>) {
  const answer = await call('GET', `/orders/${number}`, { headers })
  expect(answer.status).toBe(200)
  return answer.body
}

const items = (order: Json) => order.items as Item[]

function ask(number: string, headers: Record<string, string>, body: Json) {
  return call('POST', `/orders/${number}/return-requests`, {
    body: { kind: 'return', reason: 'size_does_not_fit', ...body },
    headers,
  })
}

async function requestCount(): Promise<{ requests: number; pieces: number }> {
  const count = sql<number>`count(*)::int`
  const [requests] = await database.db.select({ count }).from(returnRequests)
  const [pieces] = await database.db.select({ count }).from(returnRequestItems)
  return { requests: Number(requests?.count), pieces: Number(pieces?.count) }
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      siteUrl: 'http://shop.test',
      paymentSecret: 'returns-test-secret',
      operatorToken: OPERATOR,
      onReturnAccepted: async (tx, order, request) => {
        // In the decision's transaction, after its write: the hook sees it.
        const [stored] = await tx.select().from(returnRequests).where(eq(returnRequests.id, request.id))
        accepted.push({ order, request: { ...request, storedStatus: stored?.status } })
      },
    },
  })
  const plainWhere = sql`cardinality(${products.tags}) = 0 AND ${products.categorySlug} NOT IN ('shoes', 'jewelry', 'accessories')`
  sku.plain = await pick(plainWhere)
  sku.plain2 = await pick(plainWhere, 40)
  sku.sale = await pick(
    sql`'sale' = ANY(${products.tags}) AND NOT ('club' = ANY(${products.tags})) AND ${products.categorySlug} NOT IN ('shoes', 'jewelry', 'accessories')`,
  )
  sku.jewelry = await pick(sql`${products.categorySlug} = 'jewelry' AND NOT ('sale' = ANY(${products.tags}))`)
  // The demo catalog sells no underwear: one plain product becomes a piece of underwear here.
  await database.db
    .insert(categories)
    .values({ slug: 'underwear', position: 99, nameTh: 'ชุดชั้นใน', nameEn: 'Underwear' })
  sku.underwear = await pick(plainWhere, 80)
  const [underwear] = await database.db.select().from(variants).where(eq(variants.sku, sku.underwear))
  await database.db
    .update(products)
    .set({ categorySlug: 'underwear' })
    .where(eq(products.id, underwear?.productId ?? ''))
})

afterAll(async () => {
  await database?.close()
})

describe(`returns per piece on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('refuses every piece of an unpaid order, and offers nothing on it', async () => {
    const { number, headers } = await placeOrder([{ sku: sku.plain }])
    const order = await view(number, headers)
    expect(order.return_window).toEqual({ until: null, reason: 'notReceived' })
    expect(items(order)[0]?.returnable).toEqual({ quantity: 0, reason: 'notReceived' })
    expect(order.returns).toEqual([])
    const before = await requestCount()
    const refused = await ask(number, headers, { items: [{ position: 0, quantity: 1 }] })
    expect(refused.status).toBe(409)
    expect(refused.body.fields).toEqual({ order: 'notReceived', 'items.0': 'notReceived' })
    expect(await requestCount()).toEqual(before)
  })

  it('refuses pieces of an order paid, packed or in transit, and of a cancelled order', async () => {
    const { number, headers } = await placeOrder([{ sku: sku.plain }])
    for (const status of ['paid', 'packed', 'in_transit'] as const) {
      expect((await operator('POST', `/operator/orders/${number}/status`, { status })).status).toBe(200)
      const refused = await ask(number, headers, { items: [{ position: 0, quantity: 1 }] })
      expect(refused.status).toBe(409)
      expect((refused.body.fields as Json)['items.0']).toBe('notReceived')
    }
    const cancelled = await placeOrder([{ sku: sku.plain }])
    expect((await call('POST', `/orders/${cancelled.number}/cancel`, { headers: cancelled.headers })).status).toBe(200)
    const refused = await ask(cancelled.number, cancelled.headers, { items: [{ position: 0, quantity: 1 }] })
    expect(refused.status).toBe(409)
    expect((refused.body.fields as Json).order).toBe('notReceived')
  })

  it('says per piece what can be asked for in a received order, and why not', async () => {
    const { number, headers } = await receivedOrder([
      { sku: sku.plain, quantity: 2 },
      { sku: sku.sale },
      { sku: sku.underwear },
      { sku: sku.jewelry },
    ])
    const order = await view(number, headers)
    expect(items(order).map((item) => [item.sku, item.returnable])).toEqual([
      [sku.plain, { quantity: 2, reason: null }],
      [sku.sale, { quantity: 0, reason: 'saleItem' }],
      [sku.underwear, { quantity: 0, reason: 'excludedCategory' }],
      [sku.jewelry, { quantity: 0, reason: 'excludedCategory' }],
    ])
    const [plain, sale] = order.items as Array<Json>
    expect((plain?.exchange_sizes as string[]).length).toBeGreaterThan(0)
    expect(sale?.exchange_sizes).toEqual([])
    const until = Date.parse(String((order.return_window as Json).until))
    expect(until - Date.parse(String(order.received_at))).toBe(7 * DAY_MS)

    const before = await requestCount()
    for (const [position, reason] of [
      [1, 'saleItem'],
      [2, 'excludedCategory'],
      [3, 'excludedCategory'],
    ] as const) {
      const refused = await ask(number, headers, { items: [{ position, quantity: 1 }] })
      expect(refused.status).toBe(409)
      expect(refused.body.fields).toEqual({ 'items.0': reason })
    }
    // One refused piece refuses the whole request: nothing is written.
    const mixed = await ask(number, headers, {
      items: [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
    })
    expect(mixed.status).toBe(409)
    expect(mixed.body.fields).toEqual({ 'items.1': 'saleItem' })
    expect(await requestCount()).toEqual(before)
  })

  it('takes a request of some pieces with a reason, then each unit once', async () => {
    const { number, headers } = await receivedOrder([{ sku: sku.plain, quantity: 2 }, { sku: sku.plain2 }])
    const sizes = (items(await view(number, headers))[0] as unknown as Json).exchange_sizes as string[]
    const wanted = sizes[sizes.length - 1] ?? ''
    const first = await ask(number, headers, {
      kind: 'exchange',
      reason: 'size_does_not_fit',
      note: '  Too small at the shoulders  ',
      items: [{ position: 0, quantity: 1, exchange_size: wanted }],
    })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const [request] = first.body.returns as Json[]
    expect(request).toMatchObject({
      kind: 'exchange',
      reason: 'size_does_not_fit',
      note: 'Too small at the shoulders',
      status: 'requested',
      decision_note: null,
      decided_at: null,
      items: [{ position: 0, sku: sku.plain, quantity: 1, exchange_size: wanted }],
    })
    expect(items(first.body)[0]?.returnable).toEqual({ quantity: 1, reason: null })

    // The same piece again: only the unit left.
    const twice = await ask(number, headers, { items: [{ position: 0, quantity: 2 }] })
    expect(twice.status).toBe(409)
    expect(twice.body.fields).toEqual({ 'items.0': 'alreadyRequested' })
    const second = await ask(number, headers, {
      reason: 'changed_my_mind',
      items: [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
    })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    expect((second.body.returns as Json[]).map((entry) => entry.kind)).toEqual(['exchange', 'return'])
    // A return asks for no size.
    expect(((second.body.returns as Json[])[1]?.items as Json[]).map((item) => item.exchange_size)).toEqual([
      null,
      null,
    ])
    expect(items(second.body).map((item) => item.returnable)).toEqual([
      { quantity: 0, reason: 'alreadyRequested' },
      { quantity: 0, reason: 'alreadyRequested' },
    ])
    expect(second.body.return_window).toEqual({ until: null, reason: 'alreadyRequested' })
    const third = await ask(number, headers, { items: [{ position: 1, quantity: 1 }] })
    expect(third.status).toBe(409)
    expect(third.body.fields).toEqual({ order: 'alreadyRequested', 'items.0': 'alreadyRequested' })
  })

  it('answers bad requests with a 400 and a code per field, and writes nothing', async () => {
    const { number, headers } = await receivedOrder([{ sku: sku.plain, quantity: 2 }])
    const before = await requestCount()
    const cases: Array<[Json, Json]> = [
      [{ items: [{ position: 0, quantity: 3 }] }, { 'items.0.quantity': 'tooMany' }],
      [{ items: [{ position: 0, quantity: 100 }] }, { 'items.0.quantity': 'invalid' }],
      [{ items: [{ position: 0, quantity: 0 }] }, { 'items.0.quantity': 'invalid' }],
      [{ items: [{ position: 7, quantity: 1 }] }, { 'items.0.position': 'invalid' }],
      [
        {
          items: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
        },
        { 'items.1.position': 'invalid' },
      ],
      [{ items: [] }, { items: 'required' }],
      [{ reason: undefined, items: [{ position: 0, quantity: 1 }] }, { reason: 'required' }],
      [
        { reason: null, items: [] },
        { reason: 'required', items: 'required' },
      ],
      [{ reason: 'bored', items: [{ position: 0, quantity: 1 }] }, { reason: 'invalid' }],
      [{ kind: 'swap', items: [{ position: 0, quantity: 1 }] }, { kind: 'invalid' }],
      [{ reason: 'other', note: '   ', items: [{ position: 0, quantity: 1 }] }, { note: 'required' }],
      [{ note: 'x'.repeat(501), items: [{ position: 0, quantity: 1 }] }, { note: 'invalid' }],
      [
        { kind: 'exchange', items: [{ position: 0, quantity: 1, exchange_size: 'XXXXL' }] },
        { 'items.0.exchange_size': 'invalid' },
      ],
    ]
    for (const [body, fields] of cases) {
      const refused = await ask(number, headers, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.fields, JSON.stringify(body)).toEqual(fields)
      expect(refused.body.message).toEqual(expect.any(String))
    }
    expect(await requestCount()).toEqual(before)
    // Another reason with a note of its own is fine; the size defaults to the same one.
    const asked = await ask(number, headers, {
      kind: 'exchange',
      reason: 'other',
      note: 'The zip is stiff',
      items: [{ position: 0, quantity: 1 }],
    })
    expect(asked.status).toBe(201)
    const request = (asked.body.returns as Json[])[0]
    expect((request?.items as Json[])[0]?.exchange_size).toBe(items(asked.body)[0]?.size)
  })

  it('refuses after the 7 days from receipt, and is in time just before', async () => {
    const late = await receivedOrder([{ sku: sku.plain }], 8)
    const refused = await ask(late.number, late.headers, { items: [{ position: 0, quantity: 1 }] })
    expect(refused.status).toBe(409)
    expect(refused.body.fields).toEqual({ order: 'windowClosed', 'items.0': 'windowClosed' })
    expect((await view(late.number, late.headers)).return_window).toEqual({ until: null, reason: 'windowClosed' })

    const justInTime = await receivedOrder([{ sku: sku.plain }], 7 - 1 / 24)
    expect((await ask(justInTime.number, justInTime.headers, { items: [{ position: 0, quantity: 1 }] })).status).toBe(
      201,
    )
  })

  it('refuses every piece of an international order', async () => {
    const { number, headers } = await receivedOrder([{ sku: sku.plain }], 1, {
      address: singaporeAddress,
      telephone: '+6591234567',
    })
    const order = await view(number, headers)
    expect(order.international).toBe(true)
    expect(items(order)[0]?.returnable).toEqual({ quantity: 0, reason: 'international' })
    const refused = await ask(number, headers, { items: [{ position: 0, quantity: 1 }] })
    expect(refused.status).toBe(409)
    expect(refused.body.fields).toEqual({ order: 'international', 'items.0': 'international' })
  })

  it('lets only the order’s guest or member ask', async () => {
    const { number } = await receivedOrder([{ sku: sku.plain }])
    const other = await placeOrder([{ sku: sku.plain }])
    expect((await ask(number, {}, { items: [{ position: 0, quantity: 1 }] })).status).toBe(404)
    expect((await ask(number, other.headers, { items: [{ position: 0, quantity: 1 }] })).status).toBe(404)
  })

  it('takes one of several requests of the same piece sent at once', async () => {
    const { number, headers } = await receivedOrder([{ sku: sku.plain }])
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ask(number, headers, { items: [{ position: 0, quantity: 1 }] })),
    )
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 409, 409, 409, 409])
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
    const stored = await database.db
      .select()
      .from(returnRequestItems)
      .where(eq(returnRequestItems.orderId, order?.id ?? ''))
    expect(stored.map((piece) => piece.quantity)).toEqual([1])
  })
})

describe('the back office and return requests', () => {
  it('keeps its endpoints behind the operator token', async () => {
    const { number, headers } = await receivedOrder([{ sku: sku.plain }])
    const asked = await ask(number, headers, { items: [{ position: 0, quantity: 1 }] })
    const id = String((asked.body.returns as Json[])[0]?.id)
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/operator/returns', undefined],
      ['GET', `/operator/returns/${id}`, undefined],
      ['POST', `/operator/returns/${id}/accept`, {}],
      ['POST', `/operator/returns/${id}/reject`, { note: 'no' }],
      ['POST', `/operator/returns/${id}/complete`, {}],
      ['POST', `/operator/orders/${number}/shipments`, { carrier: 'thailand_post', tracking_number: 'EF123456789TH' }],
    ]
    for (const [method, path, body] of calls) {
      expect((await call(method, path, { body })).status, path).toBe(401)
      const wrong = await call(method, path, { body, headers: { authorization: 'Bearer not-the-operator-token-0000' } })
      expect(wrong.status, path).toBe(401)
      // A shopper's own order token opens nothing here.
      expect((await call(method, path, { body, headers })).status, path).toBe(401)
    }
    const [stored] = await database.db.select().from(returnRequests).where(eq(returnRequests.id, id))
    expect(stored?.status).toBe('requested')
    expect(await database.db.select().from(orderShipments)).toEqual([])
  })

  it('lists requests newest first, by status, a page at a time, and shows one', async () => {
    const made: string[] = []
    for (let index = 0; index < 3; index++) {
      const { number, headers } = await receivedOrder([{ sku: sku.plain }])
      const asked = await ask(number, headers, {
        reason: 'not_as_pictured',
        note: `piece ${index}`,
        items: [{ position: 0, quantity: 1 }],
      })
      made.push(String((asked.body.returns as Json[])[0]?.id))
    }
    const all = await operator('GET', '/operator/returns?status=requested&lang=en')
    expect(all.status).toBe(200)
    const listed = all.body.items as Json[]
    expect(listed.every((entry) => entry.status === 'requested')).toBe(true)
    expect(listed.slice(0, 3).map((entry) => entry.id)).toEqual(made.toReversed())
    expect(all.body).toMatchObject({ page: 1, page_size: 25, total: expect.any(Number) })
    expect(listed[0]).toMatchObject({
      reason: 'not_as_pictured',
      note: 'piece 2',
      order: { status: 'received', email: 'somsri@example.com', received_at: expect.any(String) },
      items: [{ position: 0, sku: sku.plain, quantity: 1 }],
    })

    // 27 more requests (one unit each) make a second page.
    for (let round = 0; round < 3; round++) {
      const { number, headers } = await receivedOrder([{ sku: sku.plain, quantity: 9 }])
      for (let index = 0; index < 9; index++) {
        expect((await ask(number, headers, { items: [{ position: 0, quantity: 1 }] })).status).toBe(201)
      }
    }
    const total = Number((await operator('GET', '/operator/returns?status=requested')).body.total)
    const second = await operator('GET', '/operator/returns?status=requested&page=2')
    expect((second.body.items as Json[]).length).toBe(total - 25)
    expect(second.body.page).toBe(2)

    const one = await operator('GET', `/operator/returns/${made[0]}?lang=en`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ id: made[0], note: 'piece 0', status: 'requested' })
    expect((await operator('GET', '/operator/returns/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await operator('GET', '/operator/returns/not-a-uuid')).status).toBe(400)
    expect((await operator('GET', '/operator/returns?status=lost')).status).toBe(400)
  })

  it('accepts a request (the hook hears it after it is stored), rejects another with a note, completes one', async () => {
    const { number, headers } = await receivedOrder([{ sku: sku.plain }, { sku: sku.plain2, quantity: 2 }])
    const first = await ask(number, headers, {
      kind: 'exchange',
      reason: 'faulty_or_damaged',
      items: [{ position: 0, quantity: 1 }],
    })
    const second = await ask(number, headers, { reason: 'wrong_item_sent', items: [{ position: 1, quantity: 2 }] })
    const firstId = String((first.body.returns as Json[])[0]?.id)
    const secondId = String((second.body.returns as Json[])[1]?.id)

    accepted.length = 0
    const accept = await operator('POST', `/operator/returns/${firstId}/accept`, { note: 'Send it back with the tags' })
    expect(accept.status).toBe(200)
    expect(accept.body).toMatchObject({
      status: 'accepted',
      decision_note: 'Send it back with the tags',
      decided_at: expect.any(String),
    })
    expect(accepted).toHaveLength(1)
    const heard = accepted[0]
    expect(heard?.order.number).toBe(number)
    const [line] = items(await view(number, headers))
    expect(heard?.request).toEqual({
      id: firstId,
      kind: 'exchange',
      reason: 'faulty_or_damaged',
      storedStatus: 'accepted',
      items: [{ name: expect.any(String), size: line?.size, quantity: 1 }],
    })
    // A decided request is not decided again.
    expect((await operator('POST', `/operator/returns/${firstId}/reject`, { note: 'no' })).status).toBe(409)
    expect((await operator('POST', `/operator/returns/${firstId}/accept`, {})).status).toBe(409)

    const noNote = await operator('POST', `/operator/returns/${secondId}/reject`, { note: '  ' })
    expect(noNote.status).toBe(400)
    expect(noNote.body.fields).toEqual({ note: 'required' })
    expect((await operator('POST', `/operator/returns/${secondId}/complete`, {})).status).toBe(409)
    const reject = await operator('POST', `/operator/returns/${secondId}/reject`, {
      note: 'These pieces were worn',
    })
    expect(reject.status).toBe(200)
    expect(reject.body).toMatchObject({ status: 'rejected', decision_note: 'These pieces were worn' })
    expect(accepted).toHaveLength(1)

    const complete = await operator('POST', `/operator/returns/${firstId}/complete`, {})
    expect(complete.status).toBe(200)
    expect(complete.body).toMatchObject({ status: 'completed', decision_note: 'Send it back with the tags' })

    // The shopper sees each request with its status and the back office's note; a rejected piece stays asked for.
    const order = await view(number, headers)
    expect((order.returns as Json[]).map((entry) => [entry.status, entry.decision_note])).toEqual([
      ['completed', 'Send it back with the tags'],
      ['rejected', 'These pieces were worn'],
    ])
    expect(items(order).map((item) => item.returnable.reason)).toEqual(['alreadyRequested', 'alreadyRequested'])
    const byStatus = await operator('GET', '/operator/returns?status=rejected')
    expect((byStatus.body.items as Json[]).map((entry) => entry.id)).toContain(secondId)
    expect((byStatus.body.items as Json[]).every((entry) => entry.status === 'rejected')).toBe(true)
  })
  // A failure in the hook undoes the acceptance (its e-mail is queued in the decision's transaction): tested with a
  // real failure after the decision in admin-returns.test.ts.
})

describe('shipments and tracking numbers', () => {
  it('adds parcels to a paid order, shown to the shopper with the carrier’s tracking link', async () => {
    const { number, headers } = await placeOrder([{ sku: sku.plain }])
    const ship = (carrier: string, trackingNumber: string) =>
      operator('POST', `/operator/orders/${number}/shipments`, { carrier, tracking_number: trackingNumber })
    const unpaid = await ship('thailand_post', 'EF123456789TH')
    expect(unpaid.status).toBe(409)

    await moveTo(number, 'in_transit')
    const added = await ship('thailand_post', 'ef 123 456 789 th')
    expect(added.status).toBe(201)
    expect(added.body.shipments).toEqual([
      {
        carrier: 'thailand_post',
        carrier_name: 'ไปรษณีย์ไทย',
        tracking_number: 'EF123456789TH',
        url: 'https://track.thailandpost.co.th/?trackNumber=EF123456789TH',
        created_at: expect.any(String),
        latest: null,
      },
    ])
    // The same number again is kept once.
    const again = await ship('thailand_post', 'EF123456789TH')
    expect(again.status).toBe(200)
    expect(again.body.shipments as Json[]).toHaveLength(1)

    const refusals: Array<[string, string, Json]> = [
      ['thailand_post', '12345', { tracking_number: 'invalid' }],
      ['flash_express', 'EF123456789TH', { tracking_number: 'invalid' }],
      ['kerry_express', '   ', { tracking_number: 'required' }],
      ['pigeon_post', 'EF123456789TH', { carrier: 'invalid' }],
    ]
    for (const [carrier, trackingNumber, fields] of refusals) {
      const refused = await ship(carrier, trackingNumber)
      expect(refused.status, `${carrier} ${trackingNumber}`).toBe(400)
      expect(refused.body.fields).toEqual(fields)
    }
    expect((await ship('other', 'SCG-0001234')).status).toBe(201)
    expect((await ship('dhl_express', '1234567890')).status).toBe(201)

    const order = await view(number, headers)
    expect(
      (order.shipments as Json[]).map((shipment) => [shipment.carrier_name, shipment.tracking_number, shipment.url]),
    ).toEqual([
      ['ไปรษณีย์ไทย', 'EF123456789TH', 'https://track.thailandpost.co.th/?trackNumber=EF123456789TH'],
      ['ขนส่งอื่น', 'SCG-0001234', null],
      [
        'DHL Express',
        '1234567890',
        'https://www.dhl.com/th-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
      ],
    ])
    expect(
      (await operator('POST', '/operator/orders/AS0000-00000/shipments', { carrier: 'other', tracking_number: 'ABCD' }))
        .status,
    ).toBe(404)
  })

  it('puts the parcels added before dispatch in the shipped e-mail, and queues the accepted-return e-mail', async () => {
    const { number } = await placeOrder([{ sku: sku.plain }])
    await moveTo(number, 'packed')
    const added = await operator('POST', `/operator/orders/${number}/shipments`, {
      carrier: 'kerry_express',
      tracking_number: 'KEX1234567890',
    })
    expect(added.status).toBe(201)
    expect((await operator('POST', `/operator/orders/${number}/status`, { status: 'in_transit' })).status).toBe(200)
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
    const shipped = await database.db
      .select({ data: orderMails.data })
      .from(orderMails)
      .where(sql`${orderMails.orderId} = ${order?.id ?? ''} AND ${orderMails.kind} = 'shipped'`)
    expect(shipped).toHaveLength(1)
    expect(shipped[0]?.data).toMatchObject({
      shipments: [{ carrier: 'kerry_express', trackingNumber: 'KEX1234567890', url: expect.stringContaining('KEX') }],
    })

    // Without a hook of its own, the shop queues the shopper's e-mail about the accepted request.
    const withHook = app
    app = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      commerce: { siteUrl: 'http://shop.test', paymentSecret: 'returns-test-secret', operatorToken: OPERATOR },
    })
    try {
      const received = await receivedOrder([{ sku: sku.plain }])
      const asked = await ask(received.number, received.headers, {
        reason: 'size_does_not_fit',
        items: [{ position: 0, quantity: 1 }],
      })
      const id = String((asked.body.returns as Json[])[0]?.id)
      expect((await operator('POST', `/operator/returns/${id}/accept`, {})).status).toBe(200)
      const [receivedRow] = await database.db.select().from(orders).where(eq(orders.number, received.number))
      const mails = await database.db
        .select({ data: orderMails.data })
        .from(orderMails)
        .where(sql`${orderMails.orderId} = ${receivedRow?.id ?? ''} AND ${orderMails.kind} = 'return_accepted'`)
      expect(mails).toHaveLength(1)
      expect(mails[0]?.data).toMatchObject({ request: { id, kind: 'return', reason: 'size_does_not_fit' } })
    } finally {
      app = withHook
    }
  })

  it('names carriers in the language of an English order, and refuses a cancelled order', async () => {
    const english = await placeOrder([{ sku: sku.plain }])
    await database.db.update(orders).set({ locale: 'en' }).where(eq(orders.number, english.number))
    await moveTo(english.number, 'paid')
    const added = await operator('POST', `/operator/orders/${english.number}/shipments`, {
      carrier: 'kerry_express',
      tracking_number: 'KERDO0012345678',
    })
    expect((added.body.shipments as Json[])[0]).toMatchObject({
      carrier_name: 'Kerry Express (KEX)',
      url: 'https://th.kex-express.com/th/track/?track=KERDO0012345678',
    })
    const cancelled = await placeOrder([{ sku: sku.plain }])
    await call('POST', `/orders/${cancelled.number}/cancel`, { headers: cancelled.headers })
    const refused = await operator('POST', `/operator/orders/${cancelled.number}/shipments`, {
      carrier: 'kerry_express',
      tracking_number: 'KERDO0012345678',
    })
    expect(refused.status).toBe(409)
  })
})

describe('the migration of whole-order requests', () => {
  it('turns each into a request of the order’s returnable pieces, kept as asked', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'migrations-before-returns-'))
    const previous = process.env.MIGRATIONS_DIR
    const db = await openDatabase({ dataDir: 'memory' })
    const restore = () => {
      if (previous === undefined) delete process.env.MIGRATIONS_DIR
      else process.env.MIGRATIONS_DIR = previous
    }
    try {
      // The migrations before this one only, as a shop installed before per-piece returns.
      const files = await readdir(migrationsFolder())
      const mine = files.find((name) => /^\d{4}_returns_per_piece\.sql$/.test(name))
      if (!mine) throw new Error('the returns migration is missing')
      const tag = mine.replace(/\.sql$/, '')
      await cp(migrationsFolder(), folder, { recursive: true })
      const journalPath = join(folder, 'meta', '_journal.json')
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> }
      journal.entries = journal.entries.filter((entry) => entry.tag < tag)
      await writeFile(journalPath, JSON.stringify(journal))
      for (const name of files) if (/^\d{4}_.*\.sql$/.test(name) && name >= mine) await rm(join(folder, name))
      process.env.MIGRATIONS_DIR = folder
      await migrate(db)

      // An order of a top (2), a sale top and a ring, with a whole-order exchange request; an order of a ring only.
      await db.db.execute(sql`INSERT INTO orders (id, number, cart_id, email, telephone, status, currency, subtotal,
        discount, shipping_fee, total, vat_included, shipping_method, payment_method, access_token_hash, received_at)
        VALUES ('11111111-1111-4111-8111-111111111111', 'AS2601-00001', gen_random_uuid(), 'a@example.com',
        '+66812345678', 'received', 'thb', 0, 0, 0, 0, 0, 'courier', 'card', 'x', now()),
        ('22222222-2222-4222-8222-222222222222', 'AS2601-00002', gen_random_uuid(), 'b@example.com',
        '+66812345678', 'received', 'thb', 0, 0, 0, 0, 0, 'courier', 'card', 'x', now())`)
      await db.db.execute(sql`INSERT INTO order_items (order_id, position, sku, product_id, name_th, name_en, size,
        category_slug, tags, quantity, unit_price, line_total) VALUES
        ('11111111-1111-4111-8111-111111111111', 0, 'TOP-M', 'top', 'เสื้อ', 'Top', 'M', 'tops', '{}', 2, 100, 200),
        ('11111111-1111-4111-8111-111111111111', 1, 'SALE-S', 'sale-top', 'เสื้อ', 'Sale top', 'S', 'tops', '{sale}', 1, 50, 50),
        ('11111111-1111-4111-8111-111111111111', 2, 'RING', 'ring', 'แหวน', 'Ring', 'OS', 'jewelry', '{}', 1, 90, 90),
        ('22222222-2222-4222-8222-222222222222', 0, 'RING', 'ring', 'แหวน', 'Ring', 'OS', 'jewelry', '{}', 1, 90, 90)`)
      await db.db.execute(sql`INSERT INTO return_requests (order_id, kind, note, created_at) VALUES
        ('11111111-1111-4111-8111-111111111111', 'exchange', 'size L please', '2026-01-05T10:00:00Z'),
        ('22222222-2222-4222-8222-222222222222', 'return', NULL, '2026-01-06T10:00:00Z')`)

      restore()
      const later = (await readdir(migrationsFolder())).filter((name) => /^\d{4}_.*\.sql$/.test(name) && name >= mine)
      expect(await migrate(db)).toBe(later.length)

      const requests = resultRows(
        await db.db.execute(sql`SELECT order_id, kind, reason, note, status, decided_at, created_at = updated_at AS same
          FROM return_requests ORDER BY created_at`),
      )
      expect(requests).toEqual([
        {
          order_id: '11111111-1111-4111-8111-111111111111',
          kind: 'exchange',
          reason: 'other',
          note: 'size L please',
          status: 'requested',
          decided_at: null,
          same: true,
        },
        {
          order_id: '22222222-2222-4222-8222-222222222222',
          kind: 'return',
          reason: 'other',
          note: null,
          status: 'requested',
          decided_at: null,
          same: true,
        },
      ])
      const pieces = resultRows(
        await db.db.execute(sql`SELECT i.order_id, i.position, i.quantity FROM return_request_items i
          JOIN return_requests r ON r.id = i.request_id ORDER BY i.order_id, i.position`),
      )
      expect(pieces).toEqual([
        { order_id: '11111111-1111-4111-8111-111111111111', position: 0, quantity: 2 },
        { order_id: '22222222-2222-4222-8222-222222222222', position: 0, quantity: 1 },
      ])
      // And several requests per order can be written now.
      await db.db.execute(sql`INSERT INTO return_requests (order_id, kind, reason)
        VALUES ('11111111-1111-4111-8111-111111111111', 'return', 'other')`)
      expect(resultRows(await db.db.execute(sql`SELECT count(*)::int AS n FROM return_requests`))).toEqual([{ n: 3 }])
      const oldApp = createApiApp({ db: db.db, storeKeys: ['demo'], commerce: { operatorToken: OPERATOR } })
      const listed = await oldApp.request(`${BASE}/operator/returns?lang=en`, { headers: operatorAuth })
      expect(listed.status).toBe(200)
      const body = (await listed.json()) as { items: Array<{ items: Array<{ sku: string }> }> }
      expect(body.items.map((entry) => entry.items.map((item) => item.sku))).toEqual([[], ['RING'], ['TOP-M']])
    } finally {
      restore()
      await db.close()
      await rm(folder, { recursive: true, force: true })
    }
  })
})
