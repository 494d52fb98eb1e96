import { Writable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { products, variants } from '~/db/schema'
import { createLogger, setLogger } from '~/server/ops/logger.server'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { plainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

/**
 * Issue 29 item 4: a price or an order total above PostgreSQL's integer (2^31 − 1 minor units) answered 500 (22003),
 * and that 500 wrote the shopper's e-mail, telephone, address with tax ID and token hashes into the log. Amounts are
 * bounded in the schemas and checked before anything is stored (a 4xx); a database error is logged with its code,
 * table and constraint and the SQL without its parameters.
 */
const INT4_MAX = 2_147_483_647
const EMAIL = 'range.shopper@example.com'
const TELEPHONE = '0867654321'
const TAX_ID = '0105564000004'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
const logLines: string[] = []
const consoleLines: string[] = []

const call = jsonCaller(() => app)

const operator = operatorAuth

const address = {
  ...thaiAddress,
  firstname: 'Range',
  lastname: 'Shopper',
  telephone_number: TELEPHONE,
  email: EMAIL,
  tax_id: TAX_ID,
}

const orderBody = (overrides: Json = {}): Json => ({
  email: EMAIL,
  telephone: TELEPHONE,
  shipping_method: 'courier',
  address,
  payment_method: 'bank_transfer',
  ...overrides,
})

/** A size of a product that is not on sale, club or mix-and-match, with stock. */
const plainSku = (offset: number) => plainSize(database.db, offset, 50)

async function guestCart(sku: string, quantity: number): Promise<string> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity } })
  expect(added.status).toBe(201)
  return String(added.body.cart_token)
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: 'http://shop.test', paymentSecret: 'integer-range-secret', operatorToken: OPERATOR },
  })
  // The process's log lines (pino) and anything written to the console, as an operator would read them.
  setLogger(
    createLogger({
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString())
          done()
        },
      }),
    }),
  )
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleLines.push(
      args.map((arg) => (arg instanceof Error ? `${arg.message} ${String(arg.cause)}` : String(arg))).join(' '),
    )
  })
})

afterAll(async () => {
  vi.restoreAllMocks()
  setLogger(createLogger({ level: 'silent' }))
  await database?.close()
})

describe(`amounts within PostgreSQL's integer on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('refuses a price above the largest price with a 400 naming the field, never a 500', async () => {
    const { productId } = await plainSku(0)
    for (const price of [INT4_MAX + 1, 2 ** 40]) {
      const refused = await call('PUT', `/operator/products/${productId}/price`, {
        body: { price_thb: price, price_usd: 100 },
        headers: operator,
      })
      expect(refused.status, String(price)).toBe(400)
      expect(refused.body.fields).toEqual({ price_thb: 'invalid' })
    }
    const compareAt = await call('PUT', `/operator/products/${productId}/price`, {
      body: { price_thb: 100, price_usd: 100, compare_at_usd: INT4_MAX + 1 },
      headers: operator,
    })
    expect(compareAt.status).toBe(400)
    expect(compareAt.body.fields).toEqual({ compare_at_usd: 'invalid' })
  })

  it('refuses an expected total above the integer range as bad input', async () => {
    const { sku } = await plainSku(1)
    const token = await guestCart(sku, 1)
    const refused = await call('POST', '/orders?currency=thb&lang=en', {
      body: orderBody({ expected_total: INT4_MAX + 1 }),
      headers: { 'x-cart-token': token, 'idempotency-key': 'range-expected-1' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.fields).toEqual({ expected_total: 'invalid' })
  })

  it('refuses a cart whose total would pass the largest order total, when adding and when placing', async () => {
    const { sku, productId } = await plainSku(2)
    // The highest price the back office may set: ten of it fit in a cart line, not in an order's integer.
    const highest = await call('PUT', `/operator/products/${productId}/price`, {
      body: { price_thb: 99_999_999, price_usd: 2_000_000 },
      headers: operator,
    })
    expect(highest.status).toBe(204)
    const token = await guestCart(sku, 10)
    const other = await plainSku(3)
    await database.db.update(products).set({ priceThb: 99_999_999 }).where(eq(products.id, other.productId))
    const added = await call('POST', '/cart/items?currency=thb', {
      body: { sku: other.sku, quantity: 10 },
      headers: { 'x-cart-token': token },
    })
    expect(added.status).toBe(201)
    const third = await plainSku(4)
    await database.db.update(products).set({ priceThb: 99_999_999 }).where(eq(products.id, third.productId))
    const tooMuch = await call('POST', '/cart/items?currency=thb', {
      body: { sku: third.sku, quantity: 10 },
      headers: { 'x-cart-token': token },
    })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.reason).toBe('CART_TOO_LARGE')

    // A price raised after the pieces were added: the order is refused before anything is stored.
    await database.db.update(products).set({ priceThb: 1_500_000_000 }).where(eq(products.id, productId))
    const placed = await call('POST', '/orders?currency=thb&lang=en', {
      body: orderBody(),
      headers: { 'x-cart-token': token, 'idempotency-key': 'range-total-1' },
    })
    expect(placed.status).toBe(409)
    expect(placed.body.reason).toBe('CART_TOO_LARGE')
    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, sku))
    expect(variant?.stockOnline).toBe(50)
    const quote = await call('POST', '/checkout/quote?currency=thb&lang=en', {
      body: { country: 'TH', shipping_method: 'courier' },
      headers: { 'x-cart-token': token },
    })
    expect(quote.status).toBeLessThan(500)
  })

  it('logs a database error with its code, table and constraint, never the shopper’s details or token hashes', async () => {
    const { sku } = await plainSku(5)
    const token = await guestCart(sku, 1)
    // A constraint the order cannot meet stands in for any failure of the database at insert.
    await database.db.execute(
      sql.raw('ALTER TABLE orders ADD CONSTRAINT orders_refused_by_test CHECK (total < 0) NOT VALID'),
    )
    logLines.length = 0
    consoleLines.length = 0
    try {
      const failed = await call('POST', '/orders?currency=thb&lang=en', {
        body: orderBody(),
        headers: { 'x-cart-token': token, 'idempotency-key': 'range-log-1' },
      })
      expect(failed.status).toBe(500)
      expect(JSON.stringify(failed.body)).not.toContain(EMAIL)
    } finally {
      await database.db.execute(sql.raw('ALTER TABLE orders DROP CONSTRAINT orders_refused_by_test'))
    }
    const written = [...logLines, ...consoleLines].join('\n')
    const entry = logLines.map((line) => JSON.parse(line) as Json).find((line) => line.msg === 'Product API error')
    expect(entry, written).toBeDefined()
    expect(entry?.database).toMatchObject({ sqlstate: '23514', table: 'orders', constraint: 'orders_refused_by_test' })
    expect(String((entry?.database as Json | undefined)?.query)).toMatch(/insert into "orders"/i)
    for (const secret of [EMAIL, TELEPHONE, TAX_ID, 'range.shopper', '99/1', 'Shopper']) {
      expect(written).not.toContain(secret)
    }
    // Token hashes (SHA-256 hex) and the idempotency key.
    expect(written).not.toMatch(/[0-9a-f]{64}/)
    expect(written).not.toContain('range-log-1')
  })
})
