import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { products, variants } from '~/db/schema'
import { freshDatabase } from './database'
import { jsonCaller, type Json } from './support/http'

/**
 * Issue 17 item 2 and 4: every rule that can refuse the order is in the quote, naming the piece (shoes abroad, a
 * size sold out or short, a line of another region); an order abroad carries no Thai VAT; a cart of another region
 * is added again in the shopper's currency in one step.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp

const call = jsonCaller(() => app)

type Piece = { sku: string; size: string; nameTh: string; nameEn: string; priceThb: number; priceUsd: number }

/** The `offset`-th size of a product in `category` without tags (no sale, club or mix-and-match rules), its stock set. */
async function piece(category: 'shoes' | 'other', stock: number, offset = 0): Promise<Piece> {
  const [row] = await database.db
    .select({
      sku: variants.sku,
      size: variants.size,
      nameTh: products.nameTh,
      nameEn: products.nameEn,
      priceThb: products.priceThb,
      priceUsd: products.priceUsd,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        sql`cardinality(${products.tags}) = 0`,
        category === 'shoes' ? sql`${products.categorySlug} = 'shoes'` : sql`${products.categorySlug} <> 'shoes'`,
      ),
    )
    .orderBy(variants.sku)
    .limit(1)
    .offset(offset)
  if (!row) throw new Error(`no ${category} piece in the demo catalog`)
  await database.db.update(variants).set({ stockOnline: stock }).where(eq(variants.sku, row.sku))
  return row
}

async function add(sku: string, quantity: number, currency: 'thb' | 'usd', token?: string): Promise<string> {
  const added = await call('POST', `/cart/items?currency=${currency}`, {
    body: { sku, quantity },
    headers: token ? { 'x-cart-token': token } : {},
  })
  expect(added.status).toBe(201)
  return token ?? String(added.body.cart_token)
}

const quote = (token: string, query: string, body: Json) =>
  call('POST', `/checkout/quote?${query}`, { body, headers: { 'x-cart-token': token } })

const abroad = {
  firstname: 'Jane',
  lastname: 'Doe',
  telephone_number: '+1 415 555 0100',
  email: 'jane@example.com',
  address: '1 Market Street',
  country: 'US',
  postcode: '94105',
  sub_district: '',
  district: 'San Francisco',
  province: 'CA',
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: 'http://shop.test', paymentSecret: 'honest-checkout-secret', operatorToken: null },
  })
})

afterAll(async () => {
  await database?.close()
})

describe(`honest totals before the button on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('names shoes that cannot go abroad in the quote, in the asked language, and charges no Thai VAT abroad', async () => {
    const shoes = await piece('shoes', 5)
    const dress = await piece('other', 5)
    const token = await add(shoes.sku, 1, 'thb')
    await add(dress.sku, 1, 'thb', token)

    const home = await quote(token, 'currency=thb&lang=th', { country: 'TH', shipping_method: 'courier' })
    expect(home.status).toBe(200)
    expect(home.body.blocked).toEqual([])
    expect(home.body.duty).toBe('paid')
    expect(home.body.vat_included).toBe(Math.round((Number(home.body.total) * 7) / 107))

    const th = await quote(token, 'currency=thb&lang=th', { country: 'US', shipping_method: 'courier' })
    expect(th.status).toBe(200)
    expect(th.body.blocked).toEqual([
      { reason: 'shoesInternational', sku: shoes.sku, name: shoes.nameTh, size: shoes.size },
    ])
    expect(th.body.duty).toBe('unpaid')
    expect(th.body.vat_included).toBe(0)
    expect(Number(th.body.total)).toBeGreaterThan(0)

    const en = await quote(token, 'currency=thb&lang=en', { country: 'US', shipping_method: 'courier' })
    expect(en.body.blocked).toEqual([
      { reason: 'shoesInternational', sku: shoes.sku, name: shoes.nameEn, size: shoes.size },
    ])

    // No address yet: no delivery fee is promised either way.
    const none = await quote(token, 'currency=thb&lang=en', { country: null, shipping_method: 'courier' })
    expect(none.body).toMatchObject({ shipping_fee: 0, blocked: [] })
  })

  it('names a size sold out and a size short of the quantity, with what is left', async () => {
    const gone = await piece('other', 5, 3)
    const short = await piece('other', 5, 4)
    const token = await add(gone.sku, 1, 'thb')
    await add(short.sku, 3, 'thb', token)
    await database.db.update(variants).set({ stockOnline: 0 }).where(eq(variants.sku, gone.sku))
    await database.db.update(variants).set({ stockOnline: 2 }).where(eq(variants.sku, short.sku))

    const answer = await quote(token, 'currency=thb&lang=en', { country: 'TH', shipping_method: 'courier' })
    expect(answer.status).toBe(200)
    expect(answer.body.blocked).toEqual([
      { reason: 'outOfStock', sku: gone.sku, name: gone.nameEn, size: gone.size, available: 0 },
      { reason: 'outOfStock', sku: short.sku, name: short.nameEn, size: short.size, available: 2 },
    ])

    // Keeping what is left clears it.
    await database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, gone.sku))
    await database.db.update(variants).set({ stockOnline: 3 }).where(eq(variants.sku, short.sku))
    const cleared = await quote(token, 'currency=thb&lang=en', { country: 'TH', shipping_method: 'courier' })
    expect(cleared.body.blocked).toEqual([])
  })

  it('prices only the lines of the shopper’s region and names the others; one step adds them again at today’s price', async () => {
    const baht = await piece('other', 5, 6)
    const dollars = await piece('other', 5, 7)
    const token = await add(baht.sku, 2, 'thb')
    await add(dollars.sku, 1, 'usd', token)

    const cart = await call('GET', '/cart?currency=usd&lang=en', { headers: { 'x-cart-token': token } })
    expect(cart.body.subtotal).toBe(dollars.priceUsd)
    const lines = cart.body.items as Json[]
    expect(lines.map((line) => [line.sku, line.currency, line.region_mismatch])).toEqual([
      [baht.sku, 'thb', true],
      [dollars.sku, 'usd', false],
    ])

    const mixed = await quote(token, 'currency=usd&lang=en', { country: 'US', shipping_method: 'courier' })
    expect(mixed.status).toBe(200)
    expect(mixed.body.subtotal).toBe(dollars.priceUsd)
    expect(mixed.body.blocked).toEqual([
      { reason: 'regionMismatch', sku: baht.sku, name: baht.nameEn, size: baht.size },
    ])

    const moved = await call('POST', '/cart/move-to-region?currency=usd&lang=en', {
      headers: { 'x-cart-token': token },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.subtotal).toBe(baht.priceUsd * 2 + dollars.priceUsd)
    expect(moved.body.blocked).toBe(false)
    const movedLines = moved.body.items as Json[]
    expect(movedLines.map((line) => [line.sku, line.currency, line.quantity, line.unit_price])).toEqual([
      [dollars.sku, 'usd', 1, dollars.priceUsd],
      [baht.sku, 'usd', 2, baht.priceUsd],
    ])

    const clean = await quote(token, 'currency=usd&lang=en', { country: 'US', shipping_method: 'courier' })
    expect(clean.body.blocked).toEqual([])
    expect(clean.body.subtotal).toBe(baht.priceUsd * 2 + dollars.priceUsd)

    // Moving again changes nothing.
    const again = await call('POST', '/cart/move-to-region?currency=usd&lang=en', {
      headers: { 'x-cart-token': token },
    })
    expect(again.body.subtotal).toBe(clean.body.subtotal)
  })

  it('stores an order abroad without Thai VAT, and still refuses shoes abroad at placement', async () => {
    const dress = await piece('other', 5, 9)
    const token = await add(dress.sku, 1, 'usd')
    const placed = await call('POST', '/orders?currency=usd&lang=en', {
      body: {
        email: 'jane@example.com',
        telephone: '+1 415 555 0100',
        shipping_method: 'courier',
        address: abroad,
        payment_method: 'bank_transfer',
      },
      headers: { 'x-cart-token': token, 'idempotency-key': 'abroad-no-vat-1' },
    })
    expect(placed.status).toBe(201)
    const order = placed.body.order as Json
    expect(order).toMatchObject({ international: true, vat_included: 0, currency: 'usd' })

    const shoes = await piece('shoes', 5, 1)
    const shoesToken = await add(shoes.sku, 1, 'usd')
    const refused = await call('POST', '/orders?currency=usd&lang=en', {
      body: {
        email: 'jane@example.com',
        telephone: '+1 415 555 0100',
        shipping_method: 'courier',
        address: abroad,
        payment_method: 'bank_transfer',
      },
      headers: { 'x-cart-token': shoesToken, 'idempotency-key': 'abroad-shoes-1' },
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ reason: 'CART_BLOCKED', fields: { [shoes.sku]: 'shoesInternational' } })
  })
})
