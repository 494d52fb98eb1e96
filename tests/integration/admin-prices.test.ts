import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PriceBook } from '~/api/admin/prices.service'
import { CatalogReads } from '~/api/catalog/catalog-reads'
import { auditLog, priceSchedules, products } from '~/db/schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { plainSize, type PlainSize } from './support/catalog'
import { Clock } from './support/clock'
import { jsonCaller, type Json } from './support/http'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Prices in the admin API (issue 32 item 4, decision 192): a colour's prices edited (validation, audit, the shop's
 * kept catalog answers emptied by the database's notification so its next answer has the new price, a cart holding
 * the piece shows the stale price), a sale planned ahead switched on and off by two workers ticking at once on the
 * same database (each switch once, by the system), an overlap refused, a cancel, and a bulk change previewed, refused
 * whole for one bad row, then applied. The clock is the suite's: the workers and the admin API read it.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
let stopListening: () => Promise<void> = async () => undefined
const clock = new Clock(Date.now())
const shop = jsonCaller(() => app)

type Signed = { staff: Enrolled; cookie: string }
let marketing: Signed
let warehouse: Signed
let one: PlainSize
let two: PlainSize
let three: PlainSize

/** A call as this staff member; the suite's clock moves hours, so a session that idled out is signed in again. */
async function as(who: Signed, method: string, path: string, body?: unknown) {
  const reply = await h.call(method, path, { cookie: who.cookie, body })
  if (reply.status !== 401) return reply
  who.cookie = await h.signIn(who.staff)
  return h.call(method, path, { cookie: who.cookie, body })
}

async function pricesOf(id: string) {
  const [row] = await database.db
    .select({
      priceThb: products.priceThb,
      priceUsd: products.priceUsd,
      compareAtThb: products.compareAtThb,
      compareAtUsd: products.compareAtUsd,
    })
    .from(products)
    .where(eq(products.id, id))
  if (!row) throw new Error(`no product ${id}`)
  return row
}

/** The shop's product API in THB: its price and old price, and whether it came from the kept answers. */
async function shopPrice(id: string) {
  const response = await app.request(`http://shop.test/api/public/demo/products/${id}?lang=en&currency=thb`)
  expect(response.status).toBe(200)
  const body = (await response.json()) as {
    price: { amount: number }
    compare_at_price: { amount: number } | null
  }
  return {
    price: body.price.amount,
    compareAt: body.compare_at_price?.amount ?? null,
    cache: response.headers.get('X-Catalog-Cache'),
  }
}

async function auditOf(action: string, entityId?: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(asc(auditLog.id))
}

beforeAll(async () => {
  database = await freshDatabase()
  // The kept catalog answers as the server wires them: emptied by the database's `catalog_changed` (migration 0014).
  let listening = false
  let generation = 0
  const reads = new CatalogReads({ active: () => listening, generation: () => generation })
  const changed = () => {
    generation += 1
    reads.clear()
  }
  stopListening = await database.listen('catalog_changed', {
    notify: changed,
    up: () => {
      changed()
      listening = true
    },
    down: () => {
      listening = false
      changed()
    },
  })
  for (let waited = 0; !listening && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20))
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    catalogReads: reads,
    commerce: { siteUrl: SITE },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
  one = await plainSize(database.db, 0, 50)
  two = await plainSize(database.db, 40, 50)
  three = await plainSize(database.db, 80, 50)
  const marketingStaff = await h.enrol('marketing', 'marketing')
  marketing = { staff: marketingStaff, cookie: await h.signIn(marketingStaff) }
  const warehouseStaff = await h.enrol('warehouse', 'warehouse')
  warehouse = { staff: warehouseStaff, cookie: await h.signIn(warehouseStaff) }
})

afterAll(async () => {
  await stopListening()
  await database?.close()
})

describe('PUT /products/{id}/prices', () => {
  it('refuses bad prices field by field, in the staff member’s language, and changes nothing', async () => {
    const before = await pricesOf(one.productId)
    const bad = await as(marketing, 'PUT', `/products/${one.productId}/prices`, {
      price_thb: 0,
      price_usd: 2_500,
      compare_at_thb: 50_000,
      compare_at_usd: 2_000,
    })
    expect(bad.status, bad.text).toBe(400)
    expect(bad.body.reason).toBe('INVALID_INPUT')
    expect(bad.body.fields).toEqual({ price_thb: 'not_positive', compare_at_usd: 'compare_at_not_above' })
    const fraction = await as(marketing, 'PUT', `/products/${one.productId}/prices`, {
      price_thb: 1_290.5,
      price_usd: 2_500,
      compare_at_thb: null,
      compare_at_usd: null,
    })
    expect(fraction.status, fraction.text).toBe(400)
    expect(fraction.body.fields).toHaveProperty('price_thb')
    expect(await pricesOf(one.productId)).toEqual(before)
  })

  it('is refused to a role without prices:write, and the refusal audited', async () => {
    const refused = await as(warehouse, 'PUT', `/products/${one.productId}/prices`, {
      price_thb: 100_000,
      price_usd: 3_000,
      compare_at_thb: null,
      compare_at_usd: null,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.reason).toBe('PERMISSION_DENIED')
    expect((await auditOf('denied.admin_price_set')).length).toBe(1)
  })

  it('saves, audits before and after in the change, and the shop’s next answer and a cart show it', async () => {
    // A cart holds the piece at its price now; the shop has the product's answer kept.
    const added = await shop('POST', '/cart/items?currency=thb&lang=en', { body: { sku: one.sku, quantity: 1 } })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const cartToken = String(added.body.cart_token)
    await shopPrice(one.productId)
    const kept = await shopPrice(one.productId)
    expect(kept.cache).toBe('hit')
    expect(kept.price).toBe(one.price)

    const newPrice = one.price + 10_000
    const saved = await as(marketing, 'PUT', `/products/${one.productId}/prices`, {
      price_thb: newPrice,
      price_usd: 4_900,
      compare_at_thb: newPrice + 20_000,
      compare_at_usd: null,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toMatchObject({ id: one.productId, price_thb: newPrice, compare_at_thb: newPrice + 20_000 })
    const [entry] = await auditOf('product.set_price', one.productId)
    expect(entry?.actorId).toBe(marketing.staff.id)
    expect(entry?.before).toMatchObject({ priceThb: one.price })
    expect(entry?.after).toMatchObject({ priceThb: newPrice, priceUsd: 4_900, compareAtThb: newPrice + 20_000 })

    // The kept answer is dropped when the change is heard: at once on PGlite, a moment after the commit on
    // PostgreSQL (NOTIFY comes on the listening connection), so the next answers are asked until then.
    await expect.poll(async () => (await shopPrice(one.productId)).price, { timeout: 5_000 }).toBe(newPrice)
    const next = await shopPrice(one.productId)
    expect(next).toMatchObject({ price: newPrice, compareAt: newPrice + 20_000 })

    const cart = await shop('GET', '/cart?currency=thb&lang=en', { headers: { 'x-cart-token': cartToken } })
    expect(cart.status).toBe(200)
    expect(cart.body.prices_changed).toBe(true)
    const [line] = cart.body.items as Json[]
    expect(line).toMatchObject({ price_changed: true, added_price: one.price, unit_price: newPrice })
  })

  it('gives a model’s colours with their prices', async () => {
    const family = await as(marketing, 'GET', `/products/${one.productId}/prices`)
    expect(family.status, family.text).toBe(200)
    const colours = family.body.colours as Json[]
    expect(colours.map((colour) => colour.id)).toContain(one.productId)
    expect((await as(marketing, 'GET', '/products/no-such-product/prices')).status).toBe(404)
  })
})

describe('sales planned ahead', () => {
  const plan = (name: string, startIn: number, endIn: number, lines: Array<[PlainSize, number, number]>) => ({
    name,
    starts_at: clock.plus(startIn),
    ends_at: clock.plus(endIn),
    lines: lines.map(([size, thb, usd]) => ({ product_id: size.productId, sale_thb: thb, sale_usd: usd })),
  })
  /** Two instances of the shop: two workers on the same database, with the suite's clock. */
  const workers = () => [0, 1].map(() => new PriceBook(database.db, app.adminServices.audit, clock.now))

  it('refuses a sale price not below the price, a repeated product and an end before the start', async () => {
    const now = await pricesOf(two.productId)
    const bad = await as(marketing, 'POST', '/price-schedules', {
      ...plan('Bad', 60, 30, [
        [two, now.priceThb, 100],
        [three, 100, 100],
        [three, 100, 100],
      ]),
    })
    expect(bad.status, bad.text).toBe(400)
    expect(bad.body.fields).toMatchObject({
      ends_at: 'not_after_start',
      [`lines.${two.productId}`]: 'not_below_price',
      [`lines.${three.productId}`]: 'duplicate',
    })
    expect(await database.db.select().from(priceSchedules)).toEqual([])
  })

  it('switches on by itself at its start and off at its end, each once, with two workers ticking at once', async () => {
    const regularTwo = await pricesOf(two.productId)
    const regularThree = await pricesOf(three.productId)
    const saleTwo = regularTwo.priceThb - 10_000
    const planned = await as(
      marketing,
      'POST',
      '/price-schedules',
      plan('11.11', 60, 3_600, [
        [two, saleTwo, regularTwo.priceUsd - 100],
        [three, regularThree.priceThb - 5_000, regularThree.priceUsd - 100],
      ]),
    )
    expect(planned.status, planned.text).toBe(201)
    const id = String(planned.body.id)
    expect(planned.body.status).toBe('planned')
    expect((await auditOf('price_schedule.create', id)).length).toBe(1)

    const [first, second] = workers()
    if (!first || !second) throw new Error('two workers')
    // Before its start: nothing switches.
    expect(await first.tick()).toEqual({ started: 0, ended: 0 })
    expect(await shopPrice(two.productId)).toMatchObject({ price: regularTwo.priceThb })

    clock.advance(61)
    const ticks = await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()])
    expect(ticks.reduce((sum, tick) => sum + tick.started, 0)).toBe(1)
    expect(await pricesOf(two.productId)).toEqual({
      priceThb: saleTwo,
      priceUsd: regularTwo.priceUsd - 100,
      compareAtThb: regularTwo.priceThb,
      compareAtUsd: regularTwo.priceUsd,
    })
    expect(await shopPrice(two.productId)).toMatchObject({ price: saleTwo, compareAt: regularTwo.priceThb })
    const started = await auditOf('price_schedule.start', id)
    expect(started.length).toBe(1)
    expect(started[0]).toMatchObject({ actorType: 'system', actorId: 'price-schedules' })
    const running = await as(marketing, 'GET', `/price-schedules/${id}`)
    expect(running.body.status).toBe('active')

    // A running sale cannot be changed, only cancelled.
    const change = await as(marketing, 'PUT', `/price-schedules/${id}`, plan('11.11', 60, 3_600, [[two, 100, 100]]))
    expect(change.status).toBe(409)

    clock.advance(3_600)
    const ends = await Promise.all([second.tick(), first.tick(), second.tick()])
    expect(ends.reduce((sum, tick) => sum + tick.ended, 0)).toBe(1)
    expect(await pricesOf(two.productId)).toEqual(regularTwo)
    expect(await pricesOf(three.productId)).toEqual(regularThree)
    expect(await shopPrice(two.productId)).toMatchObject({ price: regularTwo.priceThb, compareAt: null })
    expect((await auditOf('price_schedule.end', id)).length).toBe(1)
    expect((await as(marketing, 'GET', `/price-schedules/${id}`)).body.status).toBe('ended')
    expect(await first.tick()).toEqual({ started: 0, ended: 0 })
  })

  it('refuses a sale of the same product at an overlapping time (409), allows one after', async () => {
    const regular = await pricesOf(two.productId)
    const first = await as(marketing, 'POST', '/price-schedules', {
      ...plan('12.12', 600, 7_200, [[two, regular.priceThb - 1_000, regular.priceUsd - 10]]),
    })
    expect(first.status, first.text).toBe(201)
    const overlap = await as(marketing, 'POST', '/price-schedules', {
      ...plan('Flash', 3_600, 10_000, [
        [two, regular.priceThb - 2_000, regular.priceUsd - 10],
        [three, 100, 100],
      ]),
    })
    expect(overlap.status, overlap.text).toBe(409)
    expect(overlap.body.reason).toBe('SCHEDULE_OVERLAP')
    expect(overlap.body.fields).toEqual({ [`lines.${two.productId}`]: '12.12' })
    const after = await as(marketing, 'POST', '/price-schedules', {
      ...plan('New year', 7_200, 10_000, [[two, regular.priceThb - 2_000, regular.priceUsd - 10]]),
    })
    expect(after.status, after.text).toBe(201)
    // A planned sale can be changed, and cancelled: it then never switches on.
    const id = String(first.body.id)
    const edited = await as(marketing, 'PUT', `/price-schedules/${id}`, {
      ...plan('12.12 (all day)', 600, 7_000, [[two, regular.priceThb - 3_000, regular.priceUsd - 10]]),
    })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.body).toMatchObject({ name: '12.12 (all day)', status: 'planned' })
    for (const sale of [id, String(after.body.id)]) {
      const cancelled = await as(marketing, 'POST', `/price-schedules/${sale}/cancel`)
      expect(cancelled.status, cancelled.text).toBe(200)
      expect(cancelled.body.status).toBe('cancelled')
    }
    clock.advance(800)
    expect(await workers()[0]?.tick()).toEqual({ started: 0, ended: 0 })
    expect(await pricesOf(two.productId)).toEqual(regular)
  })

  it('switches a running sale off at once when it is cancelled', async () => {
    const regular = await pricesOf(three.productId)
    const planned = await as(marketing, 'POST', '/price-schedules', {
      ...plan('Weekend', 10, 86_400, [[three, regular.priceThb - 1_000, regular.priceUsd - 100]]),
    })
    expect(planned.status, planned.text).toBe(201)
    clock.advance(11)
    expect((await workers()[0]?.tick())?.started).toBe(1)
    expect((await pricesOf(three.productId)).priceThb).toBe(regular.priceThb - 1_000)
    const cancelled = await as(marketing, 'POST', `/price-schedules/${String(planned.body.id)}/cancel`)
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(await pricesOf(three.productId)).toEqual(regular)
    expect((await auditOf('price_schedule.cancel', String(planned.body.id))).length).toBe(1)
    const again = await as(marketing, 'POST', `/price-schedules/${String(planned.body.id)}/cancel`)
    expect(again.status).toBe(409)
    const list = await as(marketing, 'GET', '/price-schedules')
    expect((list.body.items as Json[]).map((item) => item.status)).toContain('ended')
  })
})

describe('POST /prices/bulk', () => {
  const category = async () => {
    const [row] = await database.db
      .select({ slug: products.categorySlug, count: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.categorySlug)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    if (!row) throw new Error('no category')
    return row.slug
  }
  const categoryPrices = async (slug: string) =>
    database.db
      .select({ id: products.id, priceThb: products.priceThb, compareAtThb: products.compareAtThb })
      .from(products)
      .where(eq(products.categorySlug, slug))
      .orderBy(asc(products.id))

  it('previews each product with its old and new price and changes nothing', async () => {
    const slug = await category()
    const before = await categoryPrices(slug)
    const preview = await as(marketing, 'POST', '/prices/bulk', {
      filter: { category: slug },
      change: { kind: 'percent_off', percent: 20 },
    })
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body.applied).toBe(false)
    const rows = preview.body.rows as Array<{ product: Json; after: Json; problem: string | null }>
    expect(rows.length).toBe(before.length)
    for (const row of rows) {
      const old = Number(row.product.price_thb)
      expect(row.after.price_thb).toBe(Math.floor((old * 0.8) / 100) * 100)
      expect(Number(row.after.compare_at_thb)).toBeGreaterThanOrEqual(old)
    }
    expect(await categoryPrices(slug)).toEqual(before)
  })

  it('refuses the whole change when one row is bad, naming it, then applies a good one to every row', async () => {
    const slug = await category()
    const before = await categoryPrices(slug)
    // One fixed price with the old price struck through: a product priced at or below it has no old price above.
    const middle = [...before].sort((a, b) => a.priceThb - b.priceThb)[Math.floor(before.length / 2)]?.priceThb ?? 0
    const refused = await as(marketing, 'POST', '/prices/bulk', {
      filter: { category: slug },
      change: { kind: 'fixed', price_thb: middle, price_usd: 1_000, strike_through: true },
      apply: true,
    })
    expect(refused.status, refused.text).toBe(400)
    const bad = before.filter((product) => product.priceThb <= middle)
    expect(bad.length).toBeGreaterThan(0)
    expect(Object.keys(refused.body.fields as Json).sort()).toEqual(
      expect.arrayContaining(bad.map((product) => `rows.${product.id}`)),
    )
    expect(await categoryPrices(slug)).toEqual(before)
    expect((await auditOf('product.bulk_price')).length).toBe(0)

    const applied = await as(marketing, 'POST', '/prices/bulk', {
      filter: { category: slug },
      change: { kind: 'percent_off', percent: 10, strike_through: false },
      apply: true,
    })
    expect(applied.status, applied.text).toBe(200)
    expect(applied.body.applied).toBe(true)
    const after = await categoryPrices(slug)
    expect(after.map((product) => product.priceThb)).toEqual(
      before.map((product) => Math.floor((product.priceThb * 0.9) / 100) * 100),
    )
    expect(after.every((product) => product.compareAtThb === null)).toBe(true)
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'product.bulk_price'),
          inArray(
            auditLog.entityId,
            before.map((product) => product.id),
          ),
        ),
      )
    expect(entries.length).toBe(before.length)
  })

  it('refuses a filter that matches nothing', async () => {
    const none = await as(marketing, 'POST', '/prices/bulk', {
      filter: { q: 'no-such-words-anywhere' },
      change: { kind: 'percent_off', percent: 10 },
      apply: true,
    })
    expect(none.status).toBe(400)
    expect(none.body.fields).toEqual({ filter: 'no products match' })
  })
})
