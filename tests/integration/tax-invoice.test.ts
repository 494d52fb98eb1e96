import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { openDatabase, type Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { documentCounters, products, taxInvoices, variants, type TaxInvoiceContent } from '~/db/schema'
import { seedDemoData } from '~/db/seed.server'
import { asPdfText, pdfText } from '../pdf-text'
import { freshDatabase } from './database'
import { thaiAddress as somsri } from './support/address'
import { request, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

const SELLER = {
  name: 'บริษัท ทดสอบภาษี จำกัด (Tax Test Co., Ltd.)',
  address: '1 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500',
  taxId: '0105564000004',
  branch: '00000',
}
/** A buyer's tax ID whose check digit is right (1-1017-00230-70-8). */
const BUYER_TAX_ID = '1101700230708'

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp

function apiOn(db: Database['db']): ApiApp {
  return createApiApp({
    db,
    storeKeys: ['demo'],
    commerce: {
      siteUrl: 'http://shop.test',
      paymentSecret: 'tax-invoice-secret',
      operatorToken: OPERATOR,
      seller: SELLER,
    },
  })
}

const call = request

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json
}

const thaiAddress = (taxId: string) => ({ ...somsri, lastname: 'ใจดี', tax_id: taxId })

let skuOffset = 0

/** A size of a plain product (not on sale, club or mix-and-match, not shoes) with plenty of stock. */
async function plainSku(db: Database['db']): Promise<{ sku: string; price: number; nameTh: string; nameEn: string }> {
  const rows = await db
    .select({ sku: variants.sku, price: products.priceThb, nameTh: products.nameTh, nameEn: products.nameEn })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(sql`cardinality(${products.tags}) = 0`, sql`${products.categorySlug} <> 'shoes'`))
    .orderBy(variants.sku)
    .limit(1)
    .offset(skuOffset++ % 20)
  const row = rows[0]
  if (!row) throw new Error('no plain product in the demo catalog')
  await db.update(variants).set({ stockOnline: 1000 }).where(eq(variants.sku, row.sku))
  return row
}

/** A guest's order of two pieces of one size, by bank transfer; paid by the back office unless told otherwise. */
async function placeOrder(
  on: ApiApp,
  db: Database['db'],
  options: { taxId?: string; paid?: boolean } = {},
): Promise<{ number: string; token: string; price: number; nameTh: string; nameEn: string }> {
  const item = await plainSku(db)
  const added = await call(on, 'POST', '/cart/items?currency=thb', { body: { sku: item.sku, quantity: 2 } })
  expect(added.status).toBe(201)
  const cartToken = String((await json(added)).cart_token)
  const placed = await call(on, 'POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress(options.taxId ?? BUYER_TAX_ID),
      payment_method: 'bank_transfer',
    },
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `tax-invoice-${Math.random().toString(36).slice(2)}` },
  })
  expect(placed.status).toBe(201)
  const body = await json(placed)
  const number = String((body.order as Json).number)
  if (options.paid !== false) {
    const paid = await call(on, 'POST', `/operator/orders/${number}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    expect(paid.status).toBe(200)
  }
  return { number, token: String(body.access_token), price: item.price, nameTh: item.nameTh, nameEn: item.nameEn }
}

function download(on: ApiApp, number: string, token: string | null) {
  return call(on, 'GET', `/orders/${number}/tax-invoice`, { headers: token ? { 'x-order-token': token } : {} })
}

const strayContent: TaxInvoiceContent = {
  orderNumber: 'STRAY',
  orderDate: new Date(0).toISOString(),
  currency: 'thb',
  seller: { ...SELLER },
  buyer: { name: 'Stray', address: 'Nowhere', taxId: BUYER_TAX_ID, branch: null },
  lines: [],
  goods: 0,
  discount: 0,
  shippingFee: 0,
  total: 0,
  netOfVat: 0,
  vat: 0,
  vatRatePercent: 7,
}

/** Baht with two decimals, as the invoice prints it. */
const baht = (satang: number) =>
  `${Math.floor(satang / 100).toLocaleString('en-US')}.${String(satang % 100).padStart(2, '0')}`

beforeAll(async () => {
  database = await freshDatabase()
  app = apiOn(database.db)
})

afterAll(async () => {
  await database?.close()
})

describe(`tax invoices on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('issues a full tax invoice for a paid order with a tax ID: a Thai and English A4 PDF whose text can be read', async () => {
    const placed = await placeOrder(app, database.db)
    const before = await json(
      await call(app, 'GET', `/orders/${placed.number}`, { headers: { 'x-order-token': placed.token } }),
    )
    expect(before.tax_invoice).toEqual({ status: 'available' })

    const response = await download(app, placed.number, placed.token)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const number = response.headers.get('x-tax-invoice-number') ?? ''
    expect(number).toMatch(/^TI\d{7}$/)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="tax-invoice-${number}.pdf"`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')

    const pdf = await pdfText(bytes)
    expect(pdf.pages).toHaveLength(1)
    // A4: 595 × 842 points.
    expect(Math.round(pdf.pageSize.width)).toBe(595)
    expect(Math.round(pdf.pageSize.height)).toBe(842)
    const total = placed.price * 2
    const vat = Math.round((total * 7) / 107)
    for (const expected of [
      'ใบกำกับภาษี',
      'Tax Invoice',
      `เลขที่ / No.: ${number}`,
      `คำสั่งซื้อ / Order: ${placed.number}`,
      SELLER.name,
      SELLER.address,
      'เลขประจำตัวผู้เสียภาษี / Tax ID: 0-1055-64000-00-4',
      'สาขา / Branch: สำนักงานใหญ่ (Head office)',
      'ผู้ซื้อ / Buyer',
      'สมศรี ใจดี',
      '99/1 ถนนพหลโยธิน แขวงลาดยาว เขตจตุจักร กรุงเทพมหานคร 10900',
      'เลขประจำตัวผู้เสียภาษี / Tax ID: 1-1017-00230-70-8',
      placed.nameTh,
      placed.nameEn,
      `มูลค่าก่อนภาษีมูลค่าเพิ่ม / Value before VAT ${baht(total - vat)}`,
      `ภาษีมูลค่าเพิ่ม 7% / VAT 7% ${baht(vat)}`,
      `จำนวนเงินรวมทั้งสิ้น / Total ${baht(total)}`,
    ]) {
      expect(pdf.text, expected).toContain(asPdfText(expected))
    }
    // Quantity, unit price and amount of the line.
    expect(pdf.text).toMatch(
      new RegExp(`\\b2 ${baht(placed.price).replace('.', '\\.')} ${baht(total).replace('.', '\\.')}`),
    )
    // The Thai text is one embedded font (a subset of Sarabun), not a system font.
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/FontName \/[A-Z]{6}\+Sarabun-Regular/)

    const after = await json(
      await call(app, 'GET', `/orders/${placed.number}`, { headers: { 'x-order-token': placed.token } }),
    )
    expect(after.tax_invoice).toEqual({ status: 'issued', number, issued_at: expect.any(String) })
  })

  it('answers a second request with the same invoice, drawn again from what was stored', async () => {
    const placed = await placeOrder(app, database.db)
    const first = await download(app, placed.number, placed.token)
    const again = await download(app, placed.number, placed.token)
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    const number = first.headers.get('x-tax-invoice-number')
    expect(again.headers.get('x-tax-invoice-number')).toBe(number)
    const rows = await database.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.number, number ?? ''))
    expect(rows).toHaveLength(1)
    expect((await pdfText(new Uint8Array(await again.arrayBuffer()))).text).toContain(`เลขที่ / No.: ${number}`)
  })

  it('refuses an unpaid order and an order without a tax ID with 409 and the reason, and takes no number', async () => {
    const [counterBefore] = await database.db.select().from(documentCounters)
    const unpaid = await placeOrder(app, database.db, { paid: false })
    const refusedUnpaid = await download(app, unpaid.number, unpaid.token)
    expect(refusedUnpaid.status).toBe(409)
    expect(await json(refusedUnpaid)).toMatchObject({
      reason: 'TAX_INVOICE_UNAVAILABLE',
      fields: { tax_invoice: 'notPaid' },
    })
    const unpaidView = await json(
      await call(app, 'GET', `/orders/${unpaid.number}`, { headers: { 'x-order-token': unpaid.token } }),
    )
    expect(unpaidView.tax_invoice).toEqual({ status: 'unavailable', reason: 'notPaid' })

    const withoutTaxId = await placeOrder(app, database.db, { taxId: '' })
    const refusedNoTaxId = await download(app, withoutTaxId.number, withoutTaxId.token)
    expect(refusedNoTaxId.status).toBe(409)
    expect(await json(refusedNoTaxId)).toMatchObject({ fields: { tax_invoice: 'noTaxId' } })

    const [counterAfter] = await database.db.select().from(documentCounters)
    expect(counterAfter?.lastValue).toBe(counterBefore?.lastValue)
  })

  it('answers 404 for someone else’s order, and for no order at all', async () => {
    const placed = await placeOrder(app, database.db)
    const other = await placeOrder(app, database.db)
    expect((await download(app, placed.number, null)).status).toBe(404)
    expect((await download(app, placed.number, other.token)).status).toBe(404)
    expect((await download(app, 'AS0000-99999', placed.token)).status).toBe(404)
    const rows = await database.db
      .select()
      .from(taxInvoices)
      .where(sql`${taxInvoices.content}->>'orderNumber' = ${placed.number}`)
    expect(rows).toEqual([])
  })

  it('is documented in the OpenAPI document as a PDF download', async () => {
    const document = (await json(await call(app, 'GET', '/openapi.json'))) as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>
    }
    const operation = document.paths['/api/public/{storeKey}/orders/{number}/tax-invoice']?.get
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '404', '409', '500', '503'])
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['application/pdf'])
  })

  it('numbers invoices one after another without gaps when many are asked for at once, one per order', async () => {
    const placed: Array<Awaited<ReturnType<typeof placeOrder>>> = []
    for (let index = 0; index < 6; index += 1) placed.push(await placeOrder(app, database.db))
    const [before] = await database.db.select().from(documentCounters)
    // Every order asked for three times at once, all orders at the same time.
    const responses = await Promise.all(
      placed.flatMap((order) => [0, 1, 2].map(() => download(app, order.number, order.token))),
    )
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200))
    const byOrder = new Map<string, Set<string>>()
    responses.forEach((response, index) => {
      const order = placed[Math.floor(index / 3)]?.number ?? ''
      const numbers = byOrder.get(order) ?? new Set()
      numbers.add(response.headers.get('x-tax-invoice-number') ?? '')
      byOrder.set(order, numbers)
    })
    // One invoice per order …
    expect([...byOrder.values()].map((numbers) => numbers.size)).toEqual(placed.map(() => 1))
    // … and the six numbers are the next six of the series.
    const sequences = [...byOrder.values()].map((numbers) => Number([...numbers][0]?.slice(2))).sort((a, b) => a - b)
    const start = (before?.lastValue ?? 0) + 1
    expect(sequences).toEqual([0, 1, 2, 3, 4, 5].map((step) => start + step))
    const [after] = await database.db.select().from(documentCounters)
    expect(after?.lastValue).toBe(start + 5)
  })
})

describe(`an issue that fails after taking its number (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives the number back: the next invoice takes it, so the series has no gap', async () => {
    const placed = await placeOrder(app, database.db)
    const [counter] = await database.db.select().from(documentCounters)
    const next = (counter?.lastValue ?? 0) + 1
    // A stray row that holds the next position makes the insert of the invoice fail after the number was taken.
    const blocker = await placeOrder(app, database.db)
    const blockerId = (await app.orders.byNumber(blocker.number))?.id ?? ''
    const [stray] = await database.db
      .insert(taxInvoices)
      .values({ orderId: blockerId, sequence: next, number: 'STRAY', content: strayContent })
      .returning()
    expect(stray).toBeDefined()
    const failed = await download(app, placed.number, placed.token)
    expect(failed.status).toBe(500)
    const [unchanged] = await database.db.select().from(documentCounters)
    expect(unchanged?.lastValue).toBe(counter?.lastValue)
    expect(await app.taxInvoices.forOrder((await app.orders.byNumber(placed.number))?.id ?? '')).toBeNull()

    await database.db.delete(taxInvoices).where(eq(taxInvoices.number, 'STRAY'))
    const issued = await download(app, placed.number, placed.token)
    expect(issued.status).toBe(200)
    expect(issued.headers.get('x-tax-invoice-number')).toBe(`TI${String(next).padStart(7, '0')}`)
  })
})

describe('the numbering after a restart', () => {
  let directory: string | null = null
  afterAll(() => {
    if (directory) rmSync(directory, { recursive: true, force: true })
  })

  it('continues the series where it stopped', async () => {
    // PostgreSQL: a new pool, as another instance or a restarted one. PGlite: the database directory closed and
    // opened again by a new process's worth of objects.
    let first: Database
    let reopen: () => Promise<Database>
    if (database.url) {
      const url = database.url
      first = await openDatabase({ databaseUrl: url, dataDir: 'memory' })
      reopen = () => openDatabase({ databaseUrl: url, dataDir: 'memory' })
    } else {
      directory = mkdtempSync(join(tmpdir(), 'tax-invoice-restart-'))
      const dataDir = directory
      first = await openDatabase({ dataDir })
      await migrate(first)
      await seedDemoData(first)
      reopen = () => openDatabase({ dataDir })
    }
    const before = apiOn(first.db)
    const one = await placeOrder(before, first.db)
    const firstNumber = (await download(before, one.number, one.token)).headers.get('x-tax-invoice-number') ?? ''
    expect(firstNumber).toMatch(/^TI\d{7}$/)
    await first.close()

    const second = await reopen()
    try {
      const after = apiOn(second.db)
      const two = await placeOrder(after, second.db)
      const secondNumber = (await download(after, two.number, two.token)).headers.get('x-tax-invoice-number') ?? ''
      expect(Number(secondNumber.slice(2))).toBe(Number(firstNumber.slice(2)) + 1)
      // The first invoice is still the same after the restart.
      expect((await download(after, one.number, one.token)).headers.get('x-tax-invoice-number')).toBe(firstNumber)
    } finally {
      await second.close()
    }
  })
})
