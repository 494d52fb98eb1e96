import { randomUUID } from 'node:crypto'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resultRows } from '~/db/client.server'
import {
  auditLog,
  creditNotes,
  members,
  orderItems,
  orders,
  products,
  refunds,
  returnRequests,
  taxInvoices,
  variants,
  type CreditNoteContent,
  type TaxInvoiceContent,
} from '~/db/schema'
import { addDays, bangkokDay } from '~/domain/shop-events'
import { vatIncludedIn } from '~/domain/vat'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { Clock } from './support/clock'
import { callJson, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * The dashboard and the reports (issue 33 items 3 and 4, decision 202) over a seeded month of orders: various days
 * (two on either side of a Bangkok midnight), both currencies, every status, three payment methods, provinces, a
 * pickup, exports abroad (zero-rated), refunds, tax invoices and credit notes. Every figure the API answers is checked
 * against a query of this file's own, written apart from the service's; the funnel follows real calls of the shop.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
type Signed = { staff: Enrolled; cookie: string }
let manager: Signed
let marketing: Signed
let warehouse: Signed

const today = () => bangkokDay(clock.now())

async function rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return resultRows(await database.db.execute(query)) as T[]
}
const n = (value: unknown) => Number(value ?? 0)

/** When a Bangkok day's hour:minute falls, as an instant. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`)

const PROVINCES = ['กรุงเทพมหานคร', 'เชียงใหม่', 'ภูเก็ต']
const METHODS = ['card', 'paypal', 'bank_transfer'] as const
const STATUSES = ['paid', 'packed', 'in_transit', 'received', 'returned', 'cancelled', 'awaiting_payment'] as const

let sequence = 0
let invoiceSequence = 0
let noteSequence = 0

type Seeded = { id: string; number: string }

/** An order as the shop stores it, inserted directly, with its lines; its total from its lines and a shipping fee. */
async function seedOrder(input: {
  placed: Date
  status: (typeof STATUSES)[number]
  currency: 'thb' | 'usd'
  method: (typeof METHODS)[number]
  country?: string
  province?: string
  pickup?: boolean
  lines: Array<{ productId: string; sku: string; category: string; quantity: number; unitPrice: number }>
}): Promise<Seeded> {
  const id = randomUUID()
  const number = `RP-${String(++sequence).padStart(5, '0')}`
  const subtotal = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0)
  const shippingFee = input.pickup ? 0 : 5000
  const total = subtotal + shippingFee
  const abroad = (input.country ?? 'TH') !== 'TH'
  await database.db.insert(orders).values({
    id,
    number,
    cartId: randomUUID(),
    email: `buyer${sequence}@example.com`,
    telephone: '+66812345678',
    status: input.status,
    currency: input.currency,
    subtotal,
    discount: 0,
    shippingFee,
    total,
    vatIncluded: abroad ? 0 : vatIncludedIn(total),
    shippingMethod: input.pickup ? 'pickup' : 'courier',
    storeId: input.pickup ? null : null,
    address: input.pickup
      ? null
      : {
          firstname: 'Buyer',
          lastname: String(sequence),
          telephoneNumber: '0812345678',
          email: `buyer${sequence}@example.com`,
          taxId: '',
          address: '1 Road',
          address2: '',
          country: input.country ?? 'TH',
          postcode: '10900',
          subDistrict: '',
          district: '',
          province: input.province ?? (abroad ? 'California' : 'กรุงเทพมหานคร'),
        },
    paymentMethod: input.method,
    accessTokenHash: randomUUID(),
    createdAt: input.placed,
    updatedAt: input.placed,
  })
  await database.db.insert(orderItems).values(
    input.lines.map((line, position) => ({
      orderId: id,
      position,
      sku: line.sku,
      productId: line.productId,
      nameTh: `ชื่อ ${line.productId}`,
      nameEn: `Name ${line.productId}`,
      size: 'M',
      categorySlug: line.category,
      tags: [],
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.quantity * line.unitPrice,
    })),
  )
  return { id, number }
}

/** A full tax invoice of an order, issued on a day, with the figures the VAT report reads. */
async function seedInvoice(order: Seeded, issued: Date, total: number) {
  const vat = vatIncludedIn(total)
  const number = `TI${String(++invoiceSequence).padStart(7, '0')}`
  const party = { name: `Buyer ${order.number}`, address: 'Bangkok', taxId: '1101700230708', branch: null }
  const content: TaxInvoiceContent = {
    orderNumber: order.number,
    orderDate: issued.toISOString(),
    currency: 'thb',
    seller: { ...party, name: 'Seller' },
    buyer: party,
    lines: [],
    goods: total,
    discount: 0,
    shippingFee: 0,
    total,
    netOfVat: total - vat,
    vat,
    vatRatePercent: 7,
  }
  await database.db
    .insert(taxInvoices)
    .values({ orderId: order.id, sequence: invoiceSequence, number, issuedAt: issued, content })
  return number
}

async function seedCreditNote(order: Seeded, invoiceNumber: string, issued: Date, total: number) {
  const [request] = await database.db
    .insert(returnRequests)
    .values({ orderId: order.id, kind: 'return', reason: 'size_does_not_fit' })
    .returning({ id: returnRequests.id })
  if (!request) throw new Error('no return request')
  const vat = vatIncludedIn(total)
  const party = { name: `Buyer ${order.number}`, address: 'Bangkok', taxId: '1101700230708', branch: null }
  const content: CreditNoteContent = {
    orderNumber: order.number,
    invoiceNumber,
    invoiceDate: issued.toISOString(),
    currency: 'thb',
    seller: { ...party, name: 'Seller' },
    buyer: party,
    reason: { th: 'คืน', en: 'Returned' },
    lines: [],
    goods: total,
    discount: 0,
    originalValue: total - vat,
    correctValue: 0,
    difference: total - vat,
    vat,
    total,
    vatRatePercent: 7,
  }
  await database.db.insert(creditNotes).values({
    requestId: request.id,
    orderId: order.id,
    sequence: ++noteSequence,
    number: `CN${String(noteSequence).padStart(7, '0')}`,
    invoiceNumber,
    issuedAt: issued,
    content,
  })
}

async function seedRefund(
  order: Seeded,
  amount: number,
  currency: 'thb' | 'usd',
  status: 'pending' | 'succeeded' | 'failed',
) {
  await database.db.insert(refunds).values({
    orderId: order.id,
    provider: 'test',
    status,
    amount,
    currency,
    reason: 'test',
    requestedByType: 'system',
    requestedById: 'test',
    requestedByLabel: 'test',
  })
}

/** Thirty days of orders ending today, every combination the reports split by. */
async function seedMonth() {
  const catalog = await database.db
    .select({ productId: products.id, sku: variants.sku, category: products.categorySlug })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .orderBy(variants.sku)
    .limit(12)
  const pick = (i: number) => {
    const row = catalog[i % catalog.length]
    if (!row) throw new Error('no demo catalog')
    return row
  }
  for (let i = 0; i < 72; i++) {
    const day = addDays(today(), -(i % 30))
    const currency = i % 5 === 0 ? 'usd' : 'thb'
    const abroad = currency === 'usd' && i % 10 === 0
    const order = await seedOrder({
      placed: at(day, `${String(9 + (i % 12)).padStart(2, '0')}:15`),
      status: STATUSES[i % STATUSES.length] ?? 'paid',
      currency,
      method: METHODS[i % METHODS.length] ?? 'card',
      country: abroad ? 'US' : 'TH',
      province: abroad ? 'California' : PROVINCES[i % PROVINCES.length],
      pickup: i % 11 === 3,
      lines: [
        { ...pick(i), quantity: 1 + (i % 3), unitPrice: currency === 'usd' ? 4900 + i : 129000 + i * 100 },
        ...(i % 4 === 0 ? [{ ...pick(i + 5), quantity: 1, unitPrice: currency === 'usd' ? 2500 : 59000 }] : []),
      ],
    })
    if (i % 6 === 1) await seedRefund(order, 10000, currency, i % 12 === 1 ? 'succeeded' : 'pending')
    if (i % 9 === 2) await seedRefund(order, 5000, currency, 'failed')
    if (currency === 'thb' && i % 4 === 1) {
      const total = n((await rows(sql`SELECT total FROM orders WHERE id = ${order.id}`))[0]?.total)
      const invoice = await seedInvoice(order, at(day, '20:00'), total)
      if (i % 8 === 1) await seedCreditNote(order, invoice, at(addDays(day, i % 16 === 1 ? 0 : 1), '10:00'), 59000)
    }
  }
  // Either side of a Bangkok midnight: 23:30 yesterday and 00:30 today (17:30 UTC: the day before in UTC).
  const yesterday = addDays(today(), -1)
  for (const placed of [at(yesterday, '23:30'), at(today(), '00:30')]) {
    await seedOrder({
      placed,
      status: 'paid',
      currency: 'thb',
      method: 'card',
      lines: [{ ...pick(1), quantity: 1, unitPrice: 100000 }],
    })
  }
  // Outside the 30 days: counted by no dashboard period.
  await seedOrder({
    placed: at(addDays(today(), -31), '12:00'),
    status: 'paid',
    currency: 'thb',
    method: 'card',
    lines: [{ ...pick(2), quantity: 1, unitPrice: 777700 }],
  })
  // Members in each tier.
  for (const [i, tier] of (['member', 'member', 'vip', 'vvip'] as const).entries()) {
    await database.db
      .insert(members)
      .values({ fullname: `Member ${i}`, email: `member${i}@example.com`, tier, totalSpending: 100000 * (i + 1) })
  }
  // Stock: a published size sold out and one below its threshold.
  const [first, second] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.status, 'published'))
    .orderBy(variants.sku)
    .limit(2)
  if (!first || !second) throw new Error('no published sizes')
  await database.db.update(variants).set({ stockOnline: 0 }).where(eq(variants.sku, first.sku))
  await database.db.update(variants).set({ stockOnline: 1, lowStockThreshold: 5 }).where(eq(variants.sku, second.sku))
}

// ── the independent queries ──────────────────────────────────────────────────────────────────────

/** Paid orders of Bangkok days [from, to]: the day as (UTC + 7 hours)'s date, refunds joined laterally. */
function soldIn(from: string, to: string) {
  return sql`FROM orders o
    LEFT JOIN LATERAL (SELECT COALESCE(SUM(amount), 0) AS amount FROM refunds
                       WHERE order_id = o.id AND status <> 'failed') r ON true
    WHERE o.status NOT IN ('cancelled', 'awaiting_payment')
      AND ((o.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date BETWEEN ${from}::date AND ${to}::date`
}

async function expectedSales(from: string, to: string) {
  const found = await rows<{ currency: string; orders: number; revenue: number; refunded: number }>(
    sql`SELECT o.currency::text AS currency, count(*) AS orders, SUM(o.total) AS revenue, SUM(r.amount) AS refunded
        ${soldIn(from, to)} GROUP BY o.currency`,
  )
  return ['thb', 'usd'].map((currency) => {
    const row = found.find((candidate) => candidate.currency === currency)
    const orders = n(row?.orders)
    const revenue = n(row?.revenue)
    const refunded = n(row?.refunded)
    return {
      currency,
      orders,
      revenue,
      refunded,
      net: revenue - refunded,
      average: orders ? Math.round(revenue / orders) : 0,
    }
  })
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
  const signed = async (role: string) => {
    const staff = await h.enrol(role)
    return { staff, cookie: await h.signIn(staff) }
  }
  manager = await signed('manager')
  marketing = await signed('marketing')
  warehouse = await signed('warehouse')
  await seedMonth()
}, 120_000)

afterAll(async () => {
  await database?.close()
})

const get = (who: Signed, path: string) => h.call('GET', path, { cookie: who.cookie })

describe('the dashboard', () => {
  it('answers today, 7 and 30 days per currency as the orders add up, and the 30 days’ chart day by day', async () => {
    const reply = await get(marketing, '/dashboard')
    expect(reply.status, reply.text).toBe(200)
    const body = reply.body as {
      today: string
      periods: Array<{ id: string; from: string; to: string; sales: unknown[] }>
      daily: Array<{ day: string; thb_orders: number; thb_revenue: number; usd_orders: number; usd_revenue: number }>
    }
    expect(body.today).toBe(today())
    expect(body.periods.map((period) => [period.id, period.from, period.to])).toEqual([
      ['today', today(), today()],
      ['7d', addDays(today(), -6), today()],
      ['30d', addDays(today(), -29), today()],
    ])
    for (const period of body.periods) {
      expect(period.sales, period.id).toEqual(await expectedSales(period.from, period.to))
    }
    // The figures are not empty: the seeded month is in them (a dashboard of zeros would match zeros).
    const month = body.periods[2]?.sales as Array<{ orders: number }>
    expect(month[0]?.orders).toBeGreaterThan(20)
    expect(month[1]?.orders).toBeGreaterThan(3)

    const perDay = await rows<{ day: string; currency: string; orders: number; revenue: number }>(
      sql`SELECT (((o.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date)::text AS day, o.currency::text AS currency,
                 count(*) AS orders, SUM(o.total) AS revenue
          ${soldIn(addDays(today(), -29), today())} GROUP BY 1, 2`,
    )
    expect(body.daily).toHaveLength(30)
    expect(body.daily[0]?.day).toBe(addDays(today(), -29))
    for (const point of body.daily) {
      const of = (currency: string) => perDay.find((row) => row.day === point.day && row.currency === currency)
      expect(point, point.day).toEqual({
        day: point.day,
        thb_orders: n(of('thb')?.orders),
        thb_revenue: n(of('thb')?.revenue),
        usd_orders: n(of('usd')?.orders),
        usd_revenue: n(of('usd')?.revenue),
      })
    }
  })

  it('puts an order of 23:30 and one of 00:30 in their Bangkok days', async () => {
    const body = (await get(marketing, '/dashboard')).body as {
      daily: Array<{ day: string; thb_revenue: number }>
    }
    const yesterday = body.daily.find((point) => point.day === addDays(today(), -1))
    const expected = await rows<{ revenue: number }>(
      sql`SELECT SUM(total) AS revenue FROM orders
          WHERE status NOT IN ('cancelled', 'awaiting_payment') AND currency = 'thb'
            AND created_at >= ${at(addDays(today(), -1), '00:00').toISOString()}::timestamptz
            AND created_at < ${at(today(), '00:00').toISOString()}::timestamptz`,
    )
    expect(yesterday?.thb_revenue).toBe(n(expected[0]?.revenue))
  })

  it('names the best sellers by pieces and by revenue, the sizes sold out and below their threshold', async () => {
    const body = (await get(marketing, '/dashboard')).body as {
      best_sellers: { by_pieces: Array<Json>; by_revenue: Array<Json> }
      sold_out: { total: number; items: Array<{ sku: string }> }
      low_stock: { total: number; items: Array<{ sku: string; online: number; threshold: number }> }
      queues: { queues: Array<{ id: string; count: number }> }
    }
    // Lines joined to their orders (no refunds here: a refund would be repeated per line).
    const lines = await rows<{ product_id: string; pieces: number; thb: number; usd: number }>(
      sql`SELECT i.product_id, SUM(i.quantity) AS pieces,
                 COALESCE(SUM(i.line_total) FILTER (WHERE o.currency = 'thb'), 0) AS thb,
                 COALESCE(SUM(i.line_total) FILTER (WHERE o.currency = 'usd'), 0) AS usd
          FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE o.status NOT IN ('cancelled', 'awaiting_payment')
            AND ((o.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date >= ${addDays(today(), -29)}::date
          GROUP BY i.product_id`,
    )
    const sorted = (key: (row: (typeof lines)[number]) => number[]) =>
      lines
        .toSorted((a, b) => {
          const [x, y] = [key(a), key(b)]
          for (let i = 0; i < x.length; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0)
          return a.product_id < b.product_id ? -1 : 1
        })
        .slice(0, 10)
        .map((row) => ({
          product_id: row.product_id,
          pieces: n(row.pieces),
          revenue_thb: n(row.thb),
          revenue_usd: n(row.usd),
        }))
    const strip = (list: Array<Json>) => list.map(({ name: _name, ...rest }) => rest)
    expect(strip(body.best_sellers.by_pieces)).toEqual(sorted((row) => [n(row.pieces)]))
    expect(strip(body.best_sellers.by_revenue)).toEqual(sorted((row) => [n(row.thb), n(row.usd)]))
    expect(body.best_sellers.by_pieces.length).toBeGreaterThan(3)

    const soldOut = await rows<{ sku: string }>(
      sql`SELECT v.sku FROM variants v, products p WHERE p.id = v.product_id AND p.status = 'published' AND v.stock_online = 0`,
    )
    expect(body.sold_out.total).toBe(soldOut.length)
    expect(body.sold_out.items.map((item) => item.sku).toSorted()).toEqual(
      soldOut
        .map((row) => row.sku)
        .toSorted()
        .slice(0, 50),
    )
    const low = await rows<{ sku: string }>(
      sql`SELECT v.sku FROM variants v, products p WHERE p.id = v.product_id AND p.status = 'published'
          AND v.stock_online BETWEEN 1 AND v.low_stock_threshold - 1`,
    )
    expect(body.low_stock.total).toBe(low.length)
    expect(body.low_stock.total).toBeGreaterThan(0)
    for (const item of body.low_stock.items) expect(item.online).toBeLessThan(item.threshold)

    const paid = await rows<{ count: number }>(sql`SELECT count(*) AS count FROM orders WHERE status = 'paid'`)
    expect(body.queues.queues.find((queue) => queue.id === 'pack')?.count).toBe(n(paid[0]?.count))
  })

  it('counts the funnel from the shop’s own calls: a product viewed, added to cart, checkout started, paid', async () => {
    const before = (await get(marketing, '/dashboard')).body as { periods: Array<{ funnel: Json }> }
    const [size] = await database.db
      .select({ sku: variants.sku, productId: variants.productId })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(
        and(
          eq(products.status, 'published'),
          sql`cardinality(${products.tags}) = 0`,
          sql`${products.categorySlug} <> 'shoes'`,
        ),
      )
      .orderBy(variants.sku)
      .offset(5)
      .limit(1)
    if (!size) throw new Error('no size')
    await database.db.update(variants).set({ stockOnline: 50 }).where(eq(variants.sku, size.sku))
    for (let i = 0; i < 2; i++) {
      expect((await callJson(app, 'GET', `/products/${size.productId}?lang=th&currency=thb`)).status).toBe(200)
    }
    // An unknown product is no view.
    expect((await callJson(app, 'GET', '/products/no-such-product?lang=th&currency=thb')).status).toBe(404)
    const added = await callJson(app, 'POST', '/cart/items?currency=thb', { body: { sku: size.sku, quantity: 1 } })
    expect(added.status).toBe(201)
    const placed = await callJson(app, 'POST', '/orders?currency=thb&lang=th', {
      body: {
        email: 'funnel@example.com',
        telephone: '0812345678',
        shipping_method: 'courier',
        address: thaiAddress,
        payment_method: 'bank_transfer',
      },
      headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `funnel-${randomUUID()}` },
    })
    expect(placed.status).toBe(201)
    const number = String((placed.body.order as Json).number)
    const paid = await callJson(app, 'POST', `/operator/orders/${number}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    expect(paid.status).toBe(200)

    const after = (await get(marketing, '/dashboard')).body as { periods: Array<{ funnel: Json }> }
    const stored = await rows<{ event: string; count: number }>(
      sql`SELECT event, count FROM shop_event_counts WHERE day = ${bangkokDay(new Date())}::date`,
    )
    const counted = Object.fromEntries(stored.map((row) => [row.event, n(row.count)]))
    expect(counted).toEqual({ product_viewed: 2, added_to_cart: 1, checkout_started: 1, paid: 1 })
    expect(after.periods[0]?.funnel).toEqual(counted)
    const grew = (key: string) => n(after.periods[2]?.funnel[key]) - n(before.periods[2]?.funnel[key])
    expect([grew('product_viewed'), grew('added_to_cart'), grew('checkout_started'), grew('paid')]).toEqual([
      2, 1, 1, 1,
    ])
  })
})

type Report = {
  columns: string[]
  rows: Array<Array<string | number>>
  totals: Array<Array<string | number>>
  zero_rated: Array<Array<string | number>>
}

describe('the reports', () => {
  const from = () => addDays(today(), -29)
  const report = async (kind: string) => {
    const reply = await get(manager, `/reports/${kind}?from=${from()}&to=${today()}`)
    expect(reply.status, reply.text).toBe(200)
    return reply.body as Report
  }
  const NUMERIC = new Set(['orders', 'revenue', 'refunded', 'net', 'pieces', 'base', 'vat', 'total'])
  const asRows = (list: Array<Record<string, unknown>>, keys: string[]) =>
    list.map((row) => keys.map((key) => (NUMERIC.has(key) ? n(row[key]) : String(row[key]))))

  it('sales by day: each day and currency, with refunds and net, and a total per currency', async () => {
    const body = await report('sales-by-day')
    const expected = await rows(
      sql`SELECT (((o.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date)::text AS day, o.currency::text AS currency,
                 count(*) AS orders, SUM(o.total) AS revenue, SUM(r.amount) AS refunded, SUM(o.total) - SUM(r.amount) AS net
          ${soldIn(from(), today())} GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    expect(body.rows).toEqual(asRows(expected, ['day', 'currency', 'orders', 'revenue', 'refunded', 'net']))
    for (const sales of await expectedSales(from(), today())) {
      expect(body.totals.find((row) => row[1] === sales.currency)).toEqual([
        'total',
        sales.currency,
        sales.orders,
        sales.revenue,
        sales.refunded,
        sales.net,
      ])
    }
  })

  it('sales by category, by payment method and by province', async () => {
    const category = await report('sales-by-category')
    const byCategory = await rows(
      sql`SELECT i.category_slug AS category, o.currency::text AS currency, count(DISTINCT o.id) AS orders,
                 SUM(i.quantity) AS pieces, SUM(i.line_total) AS revenue
          FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE o.status NOT IN ('cancelled', 'awaiting_payment')
            AND ((o.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date BETWEEN ${from()}::date AND ${today()}::date
          GROUP BY 1, 2`,
    )
    const key = (row: Array<string | number>) => `${row[0]}|${row[1]}`
    expect(category.rows.toSorted((a, b) => key(a).localeCompare(key(b)))).toEqual(
      asRows(byCategory, ['category', 'currency', 'orders', 'pieces', 'revenue']).toSorted((a, b) =>
        key(a).localeCompare(key(b)),
      ),
    )

    const payment = await report('sales-by-payment')
    const byMethod = await rows(
      sql`SELECT o.payment_method::text AS method, o.currency::text AS currency, count(*) AS orders, SUM(o.total) AS revenue,
                 SUM(r.amount) AS refunded, SUM(o.total) - SUM(r.amount) AS net
          ${soldIn(from(), today())} GROUP BY 1, 2`,
    )
    expect(payment.rows.toSorted((a, b) => key(a).localeCompare(key(b)))).toEqual(
      asRows(byMethod, ['method', 'currency', 'orders', 'revenue', 'refunded', 'net']).toSorted((a, b) =>
        key(a).localeCompare(key(b)),
      ),
    )
    expect(new Set(payment.rows.map((row) => row[0]))).toEqual(new Set(['card', 'paypal', 'bank_transfer']))

    const region = await report('sales-by-region')
    const byRegion = await rows(
      sql`SELECT CASE WHEN o.shipping_method = 'pickup' THEN 'TH' ELSE o.address->>'country' END AS country,
                 CASE WHEN o.shipping_method = 'pickup' THEN 'pickup' ELSE o.address->>'province' END AS province,
                 o.currency::text AS currency, count(*) AS orders, SUM(o.total) AS revenue,
                 SUM(r.amount) AS refunded, SUM(o.total) - SUM(r.amount) AS net
          ${soldIn(from(), today())} GROUP BY 1, 2, 3`,
    )
    const key3 = (row: Array<string | number>) => `${row[0]}|${row[1]}|${row[2]}`
    expect(region.rows.toSorted((a, b) => key3(a).localeCompare(key3(b)))).toEqual(
      asRows(byRegion, ['country', 'province', 'currency', 'orders', 'revenue', 'refunded', 'net']).toSorted((a, b) =>
        key3(a).localeCompare(key3(b)),
      ),
    )
    expect(region.rows.some((row) => row[1] === 'เชียงใหม่')).toBe(true)
    expect(region.rows.some((row) => row[1] === 'pickup')).toBe(true)
  })

  it('the output-VAT report: invoices positive, credit notes negative, totals, and the zero-rated exports apart', async () => {
    const body = await report('vat')
    const documents = await rows(
      sql`SELECT kind, number, day, buyer, tax_id, reference, base, vat, total FROM (
            SELECT 'invoice' AS kind, number, ((issued_at AT TIME ZONE 'UTC') + interval '7 hours')::date::text AS day,
                   content->'buyer'->>'name' AS buyer, content->'buyer'->>'taxId' AS tax_id,
                   content->>'orderNumber' AS reference, (content->>'netOfVat')::int AS base,
                   (content->>'vat')::int AS vat, (content->>'total')::int AS total, issued_at
            FROM tax_invoices
            UNION ALL
            SELECT 'credit_note', number, ((issued_at AT TIME ZONE 'UTC') + interval '7 hours')::date::text,
                   content->'buyer'->>'name', content->'buyer'->>'taxId', invoice_number,
                   -(content->>'difference')::int, -(content->>'vat')::int, -(content->>'total')::int, issued_at
            FROM credit_notes) d
          WHERE day::date BETWEEN ${from()}::date AND ${today()}::date
          ORDER BY issued_at, number`,
    )
    expect(body.rows).toEqual(
      asRows(documents, ['kind', 'number', 'day', 'buyer', 'tax_id', 'reference', 'base', 'vat', 'total']),
    )
    expect(body.rows.some((row) => row[0] === 'credit_note' && Number(row[8]) < 0)).toBe(true)
    const sum = (index: number) => documents.reduce((total, row) => total + n(Object.values(row)[index]), 0)
    expect(body.totals).toEqual([['total', '', '', '', '', '', sum(6), sum(7), sum(8)]])
    for (const row of body.rows) expect(Number(row[6]) + Number(row[7])).toBe(row[8])

    const exports = await rows(
      sql`SELECT number FROM orders
          WHERE status NOT IN ('cancelled', 'awaiting_payment') AND address->>'country' <> 'TH' AND vat_included = 0
            AND ((created_at AT TIME ZONE 'UTC') + interval '7 hours')::date BETWEEN ${from()}::date AND ${today()}::date
          ORDER BY created_at, number`,
    )
    expect(body.zero_rated.map((row) => row[0])).toEqual(exports.map((row) => row.number))
    expect(exports.length).toBeGreaterThan(0)
    // No zero-rated export is among the 7 % documents.
    const exported = new Set(exports.map((row) => String(row.number)))
    expect(body.rows.filter((row) => exported.has(String(row[5])))).toEqual([])
  })

  it('members by tier: every tier, with none as 0, and their spending', async () => {
    const body = await report('members-by-tier')
    const expected = await rows(
      sql`SELECT tier::text AS tier, count(*) AS members, SUM(total_spending) AS spending FROM members GROUP BY tier`,
    )
    for (const tier of ['member', 'vip', 'vvip']) {
      const row = expected.find((candidate) => candidate.tier === tier)
      expect(body.rows.find((candidate) => candidate[0] === tier)).toEqual([tier, n(row?.members), n(row?.spending)])
    }
  })

  it('refuses a backwards or too long range with a clear 400 in the staff member’s language', async () => {
    const backwards = await get(manager, `/reports/sales-by-day?from=${today()}&to=${addDays(today(), -1)}`)
    expect(backwards.status).toBe(400)
    expect(backwards.body.reason).toBe('REPORT_RANGE')
    expect(String(backwards.body.message)).toMatch(/before/)
    const long = await get(manager, `/reports/sales-by-day?from=${addDays(today(), -400)}&to=${today()}`)
    expect(long.status).toBe(400)
    const bad = await get(manager, '/reports/sales-by-day?from=2026-02-31')
    expect(bad.status).toBe(400)
    const unknown = await get(manager, '/reports/profits')
    expect(unknown.status).toBe(400)
  })
})

describe('who may read and export', () => {
  it('refuses a role without reports:read (403, audited)', async () => {
    expect((await get(warehouse, '/dashboard')).status).toBe(403)
    expect((await get(warehouse, `/reports/vat`)).status).toBe(403)
  })

  it('asks for the second factor before a CSV, then streams it with a BOM, decimals and totals, audited', async () => {
    const path = `/reports/sales-by-day/export?from=${addDays(today(), -29)}&to=${today()}`
    // The sign-in's second factor is older than step-up's five minutes.
    clock.advance(6 * 60)
    const first = await get(manager, path)
    expect(first.status).toBe(403)
    expect(first.body.reason).toBe('STEP_UP_REQUIRED')
    // Marketing reads reports but runs no exports.
    expect((await get(marketing, path)).status).toBe(403)
    await h.stepUp(manager.staff, manager.cookie)
    const file = await get(manager, path)
    expect(file.status, file.text).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(file.headers.get('content-disposition')).toContain(`sales-by-day-${addDays(today(), -29)}-${today()}.csv`)
    const raw = await app.request(`http://shop.test/api/admin/demo${path}`, {
      headers: { cookie: manager.cookie, 'x-staff-request': '1' },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = file.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('day,currency,orders,revenue,refunded,net')
    const table = (await get(manager, path.replace('/export', ''))).body as Report
    expect(lines).toHaveLength(1 + table.rows.length + table.totals.length)
    const firstRow = table.rows[0] ?? []
    expect(lines[1]).toBe(
      [
        firstRow[0],
        firstRow[1],
        firstRow[2],
        ...firstRow.slice(3).map((value) => (Number(value) / 100).toFixed(2)),
      ].join(','),
    )
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.export'), eq(auditLog.entityId, 'sales-by-day')))
    expect(entry?.after).toMatchObject({ kind: 'sales-by-day', rows: table.rows.length })
  })
})
