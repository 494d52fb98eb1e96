import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { orderDiscounts, orders, products, taxInvoices, variants } from '~/db/schema'
import { migrationsFolder } from '~/db/migrate.server'
import { asPdfText, pdfText } from '../pdf-text'
import { freshDatabase } from './database'
import { MIX_MATCH_BUNDLE_PRICES } from '~/domain/mix-match'
import { NEW200_DISCOUNT_THB } from '~/domain/promotions'
import { thaiAddress } from './support/address'
import { request, type CallInit, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

/**
 * Issue 29 item 7: checkout showed mix-and-match and NEW200 apart, the order merged them into "Discount (NEW200)" and
 * showed lines below their shelf prices. Every discount keeps its own line and name from the quote to the order, its
 * tax invoice, and orders placed before keep theirs (migration 0018 rebuilds them).
 */

const SELLER = {
  name: 'บริษัท ทดสอบภาษี จำกัด (Tax Test Co., Ltd.)',
  address: '1 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500',
  taxId: '0105564000004',
  branch: '00000',
}

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp

const call = (method: string, path: string, init?: CallInit) => request(app, method, path, init)

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json
}

const address = { ...thaiAddress, lastname: 'ใจดี', tax_id: '1101700230708' }

/** Three different mix-and-match pieces at full price (not on sale, not club, not shoes), in stock. */
async function mixMatchSkus(): Promise<Array<{ sku: string; price: number }>> {
  const rows = await database.db
    .select({ sku: sql<string>`min(${variants.sku})`, price: products.priceThb })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        sql`'mix_match' = ANY(${products.tags})`,
        sql`NOT ('sale' = ANY(${products.tags}))`,
        sql`NOT ('club' = ANY(${products.tags}))`,
        sql`${products.categorySlug} <> 'shoes'`,
      ),
    )
    .groupBy(products.id, products.priceThb)
    .orderBy(sql`${products.priceThb} DESC`, products.id)
    .limit(3)
  expect(rows).toHaveLength(3)
  for (const row of rows) await database.db.update(variants).set({ stockOnline: 50 }).where(eq(variants.sku, row.sku))
  return rows
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: 'http://shop.test', paymentSecret: 'discount-lines', operatorToken: OPERATOR, seller: SELLER },
  })
})

afterAll(async () => {
  await database?.close()
})

describe('each discount on its own line, from the quote to the order and its tax invoice (issue 29 item 7)', () => {
  let placed: { number: string; token: string; shelf: Array<{ sku: string; price: number }>; mixMatch: number }

  it('quotes and orders mix-and-match and NEW200 as two named lines, the pieces at their shelf prices', async () => {
    const shelf = await mixMatchSkus()
    const goods = shelf.reduce((sum, item) => sum + item.price, 0)
    const mixMatch = goods - MIX_MATCH_BUNDLE_PRICES[3].thb
    expect(mixMatch).toBeGreaterThan(0)

    let cartToken = ''
    for (const item of shelf) {
      const added = await call('POST', '/cart/items?currency=thb', {
        body: { sku: item.sku, quantity: 1 },
        headers: cartToken ? { 'x-cart-token': cartToken } : {},
      })
      expect(added.status).toBe(201)
      cartToken ||= String((await json(added)).cart_token)
    }
    const quote = await json(
      await call('POST', '/checkout/quote?currency=thb&lang=en', {
        body: { country: 'TH', shipping_method: 'courier', promotion_code: 'new200' },
        headers: { 'x-cart-token': cartToken },
      }),
    )
    const lines = [
      { kind: 'mix_match', code: null, amount: mixMatch },
      { kind: 'code', code: 'NEW200', amount: NEW200_DISCOUNT_THB },
    ]
    expect(quote.discounts).toEqual(lines)

    const response = await call('POST', '/orders?currency=thb&lang=en', {
      body: {
        email: 'somsri@example.com',
        telephone: '0812345678',
        shipping_method: 'courier',
        address,
        promotion_code: 'NEW200',
        payment_method: 'bank_transfer',
        expected_total: quote.total,
      },
      headers: { 'x-cart-token': cartToken, 'idempotency-key': 'discount-lines-1' },
    })
    expect(response.status).toBe(201)
    const body = await json(response)
    const order = body.order as Json
    placed = { number: String(order.number), token: String(body.access_token), shelf, mixMatch }

    for (const shown of [
      order,
      await json(await call('GET', `/orders/${placed.number}`, { headers: { 'x-order-token': placed.token } })),
    ]) {
      expect(shown.discounts).toEqual(lines)
      expect(shown.discount).toBe(mixMatch + NEW200_DISCOUNT_THB)
      expect(shown.subtotal).toBe(goods)
      expect(shown.total).toBe(goods - mixMatch - NEW200_DISCOUNT_THB)
      // Each piece at its shelf price; the discounts are the order's lines, not spread into the pieces.
      expect((shown.items as Json[]).map((item) => [item.sku, item.unit_price, item.line_total])).toEqual(
        shelf.map((item) => [item.sku, item.price, item.price]),
      )
    }
  })

  it('prints each discount with its name on the tax invoice, and the VAT of what was paid', async () => {
    const paid = await call('POST', `/operator/orders/${placed.number}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    expect(paid.status).toBe(200)
    const response = await call('GET', `/orders/${placed.number}/tax-invoice`, {
      headers: { 'x-order-token': placed.token },
    })
    expect(response.status).toBe(200)
    const pdf = await pdfText(new Uint8Array(await response.arrayBuffer()))
    const baht = (satang: number) =>
      `${Math.floor(satang / 100).toLocaleString('en-US')}.${String(satang % 100).padStart(2, '0')}`
    const goods = placed.shelf.reduce((sum, item) => sum + item.price, 0)
    const total = goods - placed.mixMatch - NEW200_DISCOUNT_THB
    const vat = Math.round((total * 7) / 107)
    for (const expected of [
      `ส่วนลดมิกซ์แอนด์แมทช์ / Mix and match -${baht(placed.mixMatch)}`,
      `ส่วนลดโค้ด NEW200 / Discount code NEW200 -${baht(NEW200_DISCOUNT_THB)}`,
      `ภาษีมูลค่าเพิ่ม 7% / VAT 7% ${baht(vat)}`,
      `จำนวนเงินรวมทั้งสิ้น / Total ${baht(total)}`,
    ]) {
      expect(pdf.text, expected).toContain(asPdfText(expected))
    }
    expect(pdf.text).not.toContain('ส่วนลด / Discount')
    const [invoice] = await database.db
      .select({ content: taxInvoices.content })
      .from(taxInvoices)
      .innerJoin(orders, eq(orders.id, taxInvoices.orderId))
      .where(eq(orders.number, placed.number))
    expect(invoice?.content.discounts).toEqual([
      { kind: 'mix_match', code: null, amount: placed.mixMatch },
      { kind: 'code', code: 'NEW200', amount: NEW200_DISCOUNT_THB },
    ])
  })

  it('gives an order placed before the lines existed its two lines back from what it stored (migration 0018)', async () => {
    const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, placed.number))
    const orderId = row?.id ?? ''
    // As an order of before: one discount column, no lines.
    await database.db.delete(orderDiscounts).where(eq(orderDiscounts.orderId, orderId))
    const migration = readFileSync(join(migrationsFolder(), '0018_order_discounts.sql'), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? ''
    expect(backfill).toContain('INSERT INTO "order_discounts"')
    await database.db.execute(sql.raw(backfill))
    // Safe to run again: an order with its lines gets no second set.
    await database.db.execute(sql.raw(backfill))
    const shown = await json(
      await call('GET', `/orders/${placed.number}`, { headers: { 'x-order-token': placed.token } }),
    )
    expect(shown.discounts).toEqual([
      { kind: 'mix_match', code: null, amount: placed.mixMatch },
      { kind: 'code', code: 'NEW200', amount: NEW200_DISCOUNT_THB },
    ])
  })
})

describe('the cart counts what can be paid; a fee says why (issue 29 items 10 and 8)', () => {
  it('leaves a size out of stock out of the subtotal, and states the mix-and-match saving and the total', async () => {
    const rows = await database.db
      .select({ sku: sql<string>`min(${variants.sku})`, price: products.priceThb })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(
        and(
          sql`'mix_match' = ANY(${products.tags})`,
          sql`NOT ('sale' = ANY(${products.tags}))`,
          sql`${products.categorySlug} <> 'shoes'`,
        ),
      )
      .groupBy(products.id, products.priceThb)
      .orderBy(sql`${products.priceThb} DESC`, products.id)
      .limit(4)
      .offset(3)
    expect(rows).toHaveLength(4)
    let cartToken = ''
    for (const row of rows) {
      await database.db.update(variants).set({ stockOnline: 20 }).where(eq(variants.sku, row.sku))
      const added = await call('POST', '/cart/items?currency=thb', {
        body: { sku: row.sku, quantity: 1 },
        headers: cartToken ? { 'x-cart-token': cartToken } : {},
      })
      expect(added.status).toBe(201)
      cartToken ||= String((await json(added)).cart_token)
    }
    const last = rows[3]
    await database.db
      .update(variants)
      .set({ stockOnline: 0 })
      .where(eq(variants.sku, last?.sku ?? ''))
    const cart = await json(await call('GET', '/cart?currency=thb&lang=en', { headers: { 'x-cart-token': cartToken } }))
    const counted = rows.slice(0, 3).reduce((sum, row) => sum + row.price, 0)
    const saving = Math.max(0, counted - MIX_MATCH_BUNDLE_PRICES[3].thb)
    expect(cart.subtotal).toBe(counted)
    expect(cart.mix_match_discount).toBe(saving)
    expect(cart.total).toBe(counted - saving)
    expect((cart.items as Json[]).find((item) => item.sku === last?.sku)?.out_of_stock).toBe(true)
  })

  it('quotes the courier with its price and a club item as the reason for the fee', async () => {
    const [club] = await database.db
      .select({ sku: sql<string>`min(${variants.sku})` })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(sql`'club' = ANY(${products.tags})`, sql`NOT ('sale' = ANY(${products.tags}))`))
      .groupBy(products.id)
      .orderBy(products.id)
      .limit(1)
    await database.db
      .update(variants)
      .set({ stockOnline: 20 })
      .where(eq(variants.sku, club?.sku ?? ''))
    const added = await call('POST', '/cart/items?currency=thb', { body: { sku: club?.sku, quantity: 1 } })
    const cartToken = String((await json(added)).cart_token)
    const noAddress = await json(
      await call('POST', '/checkout/quote?currency=thb&lang=en', {
        body: { country: null, shipping_method: 'courier' },
        headers: { 'x-cart-token': cartToken },
      }),
    )
    expect(noAddress.courier).toEqual({ fee: 50_00, reason: 'club', assumed_domestic: true })
    const thailand = await json(
      await call('POST', '/checkout/quote?currency=thb&lang=en', {
        body: { country: 'TH', shipping_method: 'courier' },
        headers: { 'x-cart-token': cartToken },
      }),
    )
    expect(thailand.shipping_fee).toBe(50_00)
    expect(thailand.shipping_reason).toBe('club')
    const pickup = await json(
      await call('POST', '/checkout/quote?currency=thb&lang=en', {
        body: { country: 'TH', shipping_method: 'pickup' },
        headers: { 'x-cart-token': cartToken },
      }),
    )
    expect(pickup.shipping_fee).toBe(0)
    expect(pickup.shipping_reason).toBeNull()
    expect(pickup.courier).toEqual({ fee: 50_00, reason: 'club', assumed_domestic: false })
  })
})
