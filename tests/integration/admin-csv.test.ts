import { and, asc, eq, sql } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, stockMovements, variants } from '~/db/schema'
import { auditDenials } from '~/db/staff-schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { jsonCaller } from './support/http'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * CSV import and export (issue 32 item 7, decision 199), through the admin API as the back office calls it, on the
 * demo catalog: a file of 1,000 products with 20 bad rows reports exactly those rows and changes nothing, the same file
 * fixed applies whole and the shop shows it on its next answer; an exported file imports back unchanged; a stock count
 * writes ledger lines; a price file refuses an old price not above the price; the orders export asks for step-up.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
type Signed = { staff: Enrolled; cookie: string }
let owner: Signed
let marketing: Signed
let warehouse: Signed
let readOnly: Signed

const encoder = new TextEncoder()
const upload = (who: Signed, path: string, csv: string | Uint8Array) =>
  h.call('POST', path, {
    cookie: who.cookie,
    body: typeof csv === 'string' ? encoder.encode(csv) : csv,
    headers: { 'content-type': 'text/csv' },
  })
const get = (who: Signed, path: string) => h.call('GET', path, { cookie: who.cookie })

/** Every row of a table as text, in one order: what "nothing changed" compares. */
async function snapshot() {
  const rows = await database.db.execute(
    sql`SELECT (SELECT md5(string_agg(p::text, '|' ORDER BY p.id)) FROM products p) AS products,
               (SELECT md5(string_agg(v::text, '|' ORDER BY v.sku)) FROM variants v) AS variants,
               (SELECT md5(string_agg(s::text, '|' ORDER BY s.store_id, s.sku)) FROM store_stock s) AS stock,
               (SELECT count(*)::int FROM stock_movements) AS movements`,
  )
  return (rows as unknown as { rows: unknown[] }).rows?.[0] ?? rows
}

const HEADER =
  'family_id,colour_id,colour_slug,colour_th,colour_en,colour_hex,size,sku,barcode,name_th,name_en,category,gender,tags,status,price_thb,price_usd'

/** A GTIN-13 with its right check digit, from 12 digits. */
function gtin(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return `${body}${(10 - (sum % 10)) % 10}`
}

const SIZES = ['S', 'M', 'L', 'XL']
/** 1,000 rows: 250 new models of one colour in four sizes, published; `bad` rows (by index) spoiled one way each. */
function thousand(bad: ReadonlySet<number>): string {
  const lines: string[][] = []
  for (let i = 0; i < 1000; i++) {
    const model = Math.floor(i / 4)
    const size = SIZES[i % 4] ?? 'S'
    const family = `csv-dress-${model}`
    const row = [
      family,
      '',
      'sand',
      'ทราย',
      'Sand',
      '#D8C7A3',
      size,
      `CSV-DRESS-${model}-${size}`,
      gtin(`885${String(100000000 + i)}`),
      `เดรสนำเข้า ${model}`,
      `Imported Dress ${model}`,
      'dresses',
      'women',
      'new',
      'published',
      '1290.00',
      '39.00',
    ]
    if (bad.has(i)) {
      const kind = i % 4
      if (kind === 0)
        row[8] = `${row[8]?.slice(0, 12)}${(Number(row[8]?.at(-1)) + 1) % 10}` // GTIN check digit
      else if (kind === 1) row[11] = 'no-such-category'
      else if (kind === 2) row[15] = '12,90x'
      else row[13] = 'new|bargain'
    }
    lines.push(row)
  }
  return `${HEADER}\r\n${stringify(lines, { record_delimiter: 'windows' })}`
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
  const signed = async (role: string) => {
    const staff = await h.enrol(role)
    return { staff, cookie: await h.signIn(staff) }
  }
  owner = await signed('owner')
  marketing = await signed('marketing')
  warehouse = await signed('warehouse')
  readOnly = await signed('read_only')
})

afterAll(async () => {
  await database?.close()
})

describe('an import of 1,000 products', () => {
  const badRows = new Set(Array.from({ length: 20 }, (_, n) => n * 47 + 3))

  it('with 20 bad rows reports exactly those rows (as the file numbers them) and changes nothing', async () => {
    const before = await snapshot()
    const file = thousand(badRows)
    const started = Date.now()
    const checked = await upload(marketing, '/csv/products/check', file)
    const checkMs = Date.now() - started
    expect(checked.status, checked.text).toBe(200)
    const summary = checked.body.summary as Record<string, number>
    expect(summary, JSON.stringify(checked.body.errors)).toEqual({
      rows: 1000,
      create: 980,
      update: 0,
      unchanged: 0,
      errors: 20,
    })
    const errors = checked.body.errors as Array<{ row: number; column: string; message: string }>
    // The header is row 1: the file's n-th data row (from 0) is row n + 2.
    expect([...new Set(errors.map((error) => error.row))]).toEqual([...badRows].map((index) => index + 2))
    expect(errors.map((error) => error.column)).toEqual(
      [...badRows].map((index) => ['barcode', 'category', 'price_thb', 'tags'][index % 4]),
    )
    expect(errors.find((error) => error.column === 'barcode')?.message).toBe('Not a GTIN, or its check digit is wrong')
    const report = await upload(marketing, '/csv/products/report', file)
    expect(report.status).toBe(200)
    expect(report.headers.get('content-type')).toContain('text/csv')
    const reported = parse(report.text, { bom: true, columns: true }) as Array<Record<string, string>>
    expect(reported.map((line) => Number(line.row))).toEqual([...badRows].map((index) => index + 2))
    const refusedApply = await upload(marketing, '/csv/products/apply', file)
    expect(refusedApply.status, refusedApply.text).toBe(422)
    expect(refusedApply.body.reason).toBe('CSV_REFUSED')
    expect(await snapshot()).toEqual(before)
    console.info(`dry run of 1,000 product rows: ${checkMs} ms`)
  })

  it('fixed, applies all 1,000 in one go, and the shop shows one on its next answer', async () => {
    const file = thousand(new Set())
    expect((await call('GET', '/products/csv-dress-7?lang=en&currency=thb')).status).toBe(404)
    const started = Date.now()
    const applied = await upload(marketing, '/csv/products/apply?file_name=dresses.csv', file)
    const applyMs = Date.now() - started
    expect(applied.status, applied.text).toBe(200)
    expect(applied.body.summary).toEqual({ rows: 1000, create: 1000, update: 0, unchanged: 0, errors: 0 })
    const [{ count } = { count: 0 }] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(variants)
      .where(sql`${variants.sku} LIKE 'CSV-DRESS-%'`)
    expect(count).toBe(1000)
    const page = await call('GET', '/products/csv-dress-7?lang=en&currency=thb')
    expect(page.status).toBe(200)
    expect(JSON.stringify(page.body)).toContain('Imported Dress 7')
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'csv.import'), eq(auditLog.actorId, marketing.staff.id)))
    expect(entries).toHaveLength(1)
    expect(entries[0]?.after).toMatchObject({ kind: 'products', fileName: 'dresses.csv', rows: 1000, create: 1000 })
    expect((entries[0]?.after as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/)
    console.info(`apply of 1,000 product rows: ${applyMs} ms`)
    // The same file again: nothing to do.
    const again = await upload(marketing, '/csv/products/check', file)
    expect(again.body.summary).toEqual({ rows: 1000, create: 0, update: 0, unchanged: 1000, errors: 0 })
  })
})

describe('round trips', () => {
  for (const [kind, who] of [
    ['products', () => marketing],
    ['prices', () => marketing],
    ['stock', () => warehouse],
  ] as const) {
    it(`an exported ${kind} file imports back with no change`, async () => {
      const exported = await get(who(), `/csv/${kind}/export`)
      expect(exported.status, exported.text).toBe(200)
      expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(exported.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      )
      const raw = await app.request(`http://shop.test/api/admin/demo/csv/${kind}/export`, {
        headers: { cookie: who().cookie },
      })
      expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const rows = parse(exported.text, { bom: true }) as string[][]
      expect(rows.length).toBeGreaterThan(10)
      const checked = await upload(who(), `/csv/${kind}/check`, exported.text)
      expect(checked.status, checked.text).toBe(200)
      const summary = checked.body.summary as Record<string, number>
      expect(checked.body.errors).toEqual([])
      expect(summary).toEqual({ rows: rows.length - 1, create: 0, update: 0, unchanged: rows.length - 1, errors: 0 })
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'csv.export'), eq(auditLog.entityId, kind)))
      expect(entry?.after).toMatchObject({ kind, rows: rows.length - 1 })
    })
  }
})

describe('stock and prices', () => {
  it('a stock count imported writes ledger lines with the reason count, all in one go', async () => {
    const [size] = await database.db.select().from(variants).orderBy(asc(variants.sku)).limit(1)
    if (!size) throw new Error('no size')
    const file = `location,sku,quantity,low_stock_threshold\r\nonline,${size.sku},${size.stockOnline + 5},7\r\n`
    const checked = await upload(warehouse, '/csv/stock/check', file)
    expect(checked.body.summary).toEqual({ rows: 1, create: 0, update: 1, unchanged: 0, errors: 0 })
    const applied = await upload(warehouse, '/csv/stock/apply', file)
    expect(applied.status, applied.text).toBe(200)
    const lines = await database.db.select().from(stockMovements).where(eq(stockMovements.sku, size.sku))
    expect(lines).toEqual([
      expect.objectContaining({ location: 'online', delta: 5, quantityAfter: size.stockOnline + 5, reason: 'count' }),
    ])
    const [after] = await database.db.select().from(variants).where(eq(variants.sku, size.sku))
    expect(after?.lowStockThreshold).toBe(7)
  })

  it('a negative count, an unknown location and an unknown SKU are each reported on their row', async () => {
    const [size] = await database.db.select().from(variants).orderBy(asc(variants.sku)).limit(1)
    const file = `location,sku,quantity,low_stock_threshold\r\nonline,${size?.sku},-2,5\r\nmoon,${size?.sku},1,5\r\nonline,NO-SUCH-SKU,1,5\r\n`
    const checked = await upload(warehouse, '/csv/stock/check', file)
    expect(
      (checked.body.errors as Array<{ row: number; column: string; problem: string }>).map((e) => [
        e.row,
        e.column,
        e.problem,
      ]),
    ).toEqual([
      [2, 'quantity', 'negative'],
      [3, 'location', 'unknown_location'],
      [4, 'sku', 'unknown_sku'],
    ])
  })

  it('a price file refuses an old price not above the price, on that row, and changes nothing', async () => {
    const [one, two] = await database.db.select().from(products).orderBy(asc(products.id)).limit(2)
    if (!one || !two) throw new Error('no products')
    const file = [
      'product_id,price_thb,price_usd,compare_at_thb,compare_at_usd',
      `${one.id},990.00,30.00,1290.00,`,
      `${two.id},990.00,30.00,990.00,`,
    ].join('\r\n')
    const checked = await upload(marketing, '/csv/prices/check', file)
    expect(checked.body.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'compare_at_thb', value: '990.00', problem: 'compare_at_not_above' }),
    ])
    expect((await upload(marketing, '/csv/prices/apply', file)).status).toBe(422)
    const [still] = await database.db.select().from(products).where(eq(products.id, one.id))
    expect(still?.priceThb).toBe(one.priceThb)
    const fixed = file.replace(`${two.id},990.00,30.00,990.00,`, `${two.id},990.00,30.00,1190.00,`)
    const applied = await upload(marketing, '/csv/prices/apply', fixed)
    expect(applied.status, applied.text).toBe(200)
    const [changed] = await database.db.select().from(products).where(eq(products.id, two.id))
    expect(changed).toMatchObject({ priceThb: 99_000, priceUsd: 3_000, compareAtThb: 119_000, compareAtUsd: null })
    const page = await call('GET', `/products/${two.familyId}?lang=en&currency=thb`)
    expect(JSON.stringify(page.body)).toContain('99000')
  })
})

describe('refusals', () => {
  it('a header with a missing and an unknown column is one clear 400', async () => {
    const reply = await upload(marketing, '/csv/prices/check', 'product_id,price_thb,price_usd,colour\r\nx,1,1,red\r\n')
    expect(reply.status).toBe(400)
    expect(reply.body.reason).toBe('CSV_REFUSED')
    expect(String(reply.body.message)).toContain('compare_at_thb')
    expect(String(reply.body.message)).toContain('colour')
  })

  it('an empty file, a file not UTF-8 and a broken quote are each a 4xx, never a 500', async () => {
    expect((await upload(marketing, '/csv/prices/check', '')).status).toBe(400)
    expect(
      (await upload(marketing, '/csv/prices/check', 'product_id,price_thb,price_usd,compare_at_thb,compare_at_usd\r\n'))
        .status,
    ).toBe(400)
    const latin1 = new Uint8Array([...encoder.encode('product_id,price_thb\r\ncaf'), 0xe9, 0x0d, 0x0a])
    expect((await upload(marketing, '/csv/prices/check', latin1)).status).toBe(415)
    expect((await upload(marketing, '/csv/prices/check', 'product_id,"price_thb\r\n')).status).toBe(415)
  })

  it('a role without the permission gets 403 and the denial is audited', async () => {
    const reply = await upload(readOnly, '/csv/products/check', `${HEADER}\r\n`)
    expect(reply.status).toBe(403)
    expect(reply.body.reason).toBe('PERMISSION_DENIED')
    const denials = await database.db.select().from(auditDenials).where(eq(auditDenials.actorId, readOnly.staff.id))
    expect(denials.map((denial) => denial.action)).toEqual(['denied.admin_csv_check_products'])
    expect((await get(warehouse, '/csv/prices/export')).status).toBe(403)
  })

  it('the orders export asks for step-up (403, then 200), hides personal data without members:read, and is audited', async () => {
    clock.advance(6 * 60)
    const first = await get(owner, '/csv/orders/export')
    expect(first.status).toBe(403)
    expect(first.body.reason).toBe('STEP_UP_REQUIRED')
    await h.stepUp(owner.staff, owner.cookie)
    const second = await get(owner, '/csv/orders/export?status=paid')
    expect(second.status, second.text).toBe(200)
    const [header] = parse(second.text, { bom: true, to_line: 1 }) as string[][]
    expect(header).toEqual(expect.arrayContaining(['number', 'placed_at', 'status', 'total', 'items', 'email']))
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'csv.export'), eq(auditLog.entityId, 'orders')))
    expect(entry?.actorId).toBe(owner.staff.id)
    expect(entry?.after).toMatchObject({ kind: 'orders', filter: { status: 'paid' } })
    expect((await get(marketing, '/csv/orders/export')).status).toBe(403)
  })
})
