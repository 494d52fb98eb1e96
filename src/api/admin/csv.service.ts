import { createHash } from 'node:crypto'
import { parse } from 'csv-parse/stream'
import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { categories, members, orderItems, orders, products, stores, storeStock, variants } from '~/db/schema'
import type { ProductStatus } from '~/domain/catalog'
import {
  CSV_COLUMNS,
  CSV_EXPORT_PAGE,
  CSV_LIST_SEPARATOR,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_PERSONAL_COLUMNS,
  checkRow,
  formatAmount,
  headerProblems,
  type CsvImportKind,
  type CsvKind,
  type CsvRowError,
  type PriceCsvRow,
  type ProductCsvRow,
  type StockCsvRow,
} from '~/domain/csv'
import type { OrderStatus } from '~/domain/orders'
import { priceSetProblems } from '~/domain/prices'
import { colourIdOf } from '~/domain/product-editor'
import { ONLINE_LOCATION } from '~/domain/stock'
import { ApiError } from '~/api/errors'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'
import { csvLines, UTF8_BOM } from './csv-report'
import type { AdminProducts, ColourInput, CreateInput, ModelInput } from './products.service'
import type { PriceBook } from './prices.service'
import type { AdminStock } from './stock.service'

type Lang = 'th' | 'en'

export type OrdersFilter = { from?: string; to?: string; status?: OrderStatus }

/** A dry run's figures: data rows, and how many would create, change, stay as they are, or are bad. */
export type CsvSummary = { rows: number; create: number; update: number; unchanged: number; errors: number }

/** What a file is: its kind, name and SHA-256 (the audit entry's), and its parsed rows. */
type Parsed = { sha256: string; rows: Array<{ row: number; cells: Record<string, string> }> }

type Checked = { summary: CsvSummary; errors: CsvRowError[]; apply: (tx: Tx) => Promise<void> }

/** A refused file (CSV_REFUSED): the status, the field's code and the message in the staff's language. */
function refused(status: 400 | 413 | 415 | 422, code: string, message: string, extra: Record<string, string> = {}) {
  return new ApiError(status, 'CSV_REFUSED', message, { fields: { file: code, ...extra } })
}

const FILE_MESSAGES: Record<string, { th: string; en: string }> = {
  empty: { th: 'ไฟล์ว่างเปล่า ไม่มีแถวข้อมูล', en: 'The file is empty: it has no data rows' },
  notUtf8: {
    th: 'ไฟล์นี้ไม่ใช่ข้อความ UTF-8 โปรดบันทึกเป็น “CSV UTF-8”',
    en: 'This file is not UTF-8 text: save it as “CSV UTF-8”',
  },
  notCsv: { th: 'อ่านไฟล์นี้เป็น CSV ไม่ได้', en: 'This file cannot be read as CSV' },
  tooManyRows: {
    th: `ไฟล์มีมากกว่า ${CSV_MAX_ROWS.toLocaleString('en')} แถว โปรดแบ่งเป็นหลายไฟล์`,
    en: `More than ${CSV_MAX_ROWS.toLocaleString('en')} rows: split the file`,
  },
  tooLarge: { th: 'ไฟล์ใหญ่เกิน 10 MB', en: 'The file is larger than 10 MB' },
  hasErrors: {
    th: 'ไฟล์นี้ยังมีแถวที่ไม่ถูกต้อง: แก้ไขแล้วตรวจสอบอีกครั้งก่อนนำเข้า',
    en: 'This file still has bad rows: fix them and run the check again before applying',
  },
}

function fileRefusal(status: 400 | 413 | 415 | 422, code: string, lang: Lang) {
  return refused(status, code, FILE_MESSAGES[code]?.[lang] ?? code)
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * CSV import and export (issue 32 item 7, decision 199). Exports stream page by page from the database through
 * csv-stringify; imports are parsed streamed by csv-parse, each row checked with its kind's zod schema and against the
 * database, and applied all or nothing in one transaction through the products', prices' and stock's own writes
 * (which audit each change), with one audit entry for the import itself.
 */
export class CsvTransfers {
  constructor(
    private readonly db: Db,
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly now: () => Date,
    private readonly services: { products: AdminProducts; prices: PriceBook; stock: AdminStock },
  ) {}

  // ── export ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * A kind's rows as a stream of CSV bytes (a BOM, the header, then a page at a time): never the whole table in
   * memory. The export is audited when its last page is read, with its row count.
   */
  exportStream(kind: CsvKind, filter: OrdersFilter, context: AuditContext): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder()
    const personal = context.actor.permissions.has('members:read')
    const columns = (CSV_COLUMNS[kind] as readonly string[]).filter(
      (column) => kind !== 'orders' || personal || !CSV_PERSONAL_COLUMNS.includes(column),
    )
    const pages = this.pages(kind, filter, personal)
    let rows = 0
    let started = false
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(UTF8_BOM + csvLines([columns])))
          return
        }
        const next = await pages.next()
        if (next.done) {
          await this.db.transaction((tx) =>
            this.audit.record(tx, context, {
              action: 'csv.export',
              entityType: 'csv_export',
              entityId: kind,
              after: { kind, filter: kind === 'orders' ? filter : {}, rows, columns },
            }),
          )
          controller.close()
          return
        }
        rows += next.value.length
        if (next.value.length > 0) controller.enqueue(encoder.encode(csvLines(next.value)))
      },
    })
  }

  private async *pages(kind: CsvKind, filter: OrdersFilter, personal: boolean): AsyncGenerator<string[][]> {
    if (kind === 'products') yield* this.productPages()
    else if (kind === 'stock') yield* this.stockPages()
    else if (kind === 'prices') yield* this.pricePages()
    else yield* this.orderPages(filter, personal)
  }

  /** Models a page at a time (by family id), each one row per size in the order of its colours and sizes. */
  private async *productPages(): AsyncGenerator<string[][]> {
    let after = ''
    for (;;) {
      const families = await this.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.colorPosition, 0), gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(Math.ceil(CSV_EXPORT_PAGE / 4))
      const last = families.at(-1)
      if (!last) return
      after = last.id
      const rows = await this.db
        .select({ product: products, variant: variants })
        .from(products)
        .innerJoin(variants, eq(variants.productId, products.id))
        .where(
          inArray(
            products.familyId,
            families.map((family) => family.id),
          ),
        )
        .orderBy(asc(products.familyId), asc(products.colorPosition), asc(variants.position))
      yield rows.map(({ product, variant }) => [
        product.familyId,
        product.id,
        product.colorSlug,
        product.colorNameTh,
        product.colorNameEn,
        product.colorHex,
        variant.size,
        variant.sku,
        variant.barcode ?? '',
        product.nameTh,
        product.nameEn,
        product.categorySlug,
        product.gender,
        product.tags.toSorted().join(CSV_LIST_SEPARATOR),
        product.status,
        formatAmount(product.priceThb),
        formatAmount(product.priceUsd),
      ])
    }
  }

  /** Every SKU at every location (the online warehouse, then each store), a page of SKUs at a time. */
  private async *stockPages(): AsyncGenerator<string[][]> {
    const places = await this.db.select({ id: stores.id }).from(stores).orderBy(asc(stores.position))
    const locations = [ONLINE_LOCATION, ...places.map((place) => place.id)]
    let after = ''
    for (;;) {
      const sizes = await this.db
        .select({
          sku: variants.sku,
          size: variants.size,
          online: variants.stockOnline,
          threshold: variants.lowStockThreshold,
          familyId: products.familyId,
          nameEn: products.nameEn,
          colourEn: products.colorNameEn,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(gt(variants.sku, after))
        .orderBy(asc(variants.sku))
        .limit(Math.ceil(CSV_EXPORT_PAGE / locations.length))
      const last = sizes.at(-1)
      if (!last) return
      after = last.sku
      const held = await this.db
        .select()
        .from(storeStock)
        .where(
          inArray(
            storeStock.sku,
            sizes.map((size) => size.sku),
          ),
        )
      const quantity = new Map(held.map((row) => [`${row.storeId}\u0000${row.sku}`, row.quantity]))
      yield sizes.flatMap((size) =>
        locations.map((location) => [
          location,
          size.sku,
          size.familyId,
          size.nameEn,
          size.colourEn,
          size.size,
          String(location === ONLINE_LOCATION ? size.online : (quantity.get(`${location}\u0000${size.sku}`) ?? 0)),
          String(size.threshold),
        ]),
      )
    }
  }

  private async *pricePages(): AsyncGenerator<string[][]> {
    let after = ''
    for (;;) {
      const rows = await this.db
        .select()
        .from(products)
        .where(gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(CSV_EXPORT_PAGE)
      const last = rows.at(-1)
      if (!last) return
      after = last.id
      yield rows.map((row) => [
        row.id,
        row.familyId,
        row.nameEn,
        row.colorNameEn,
        formatAmount(row.priceThb),
        formatAmount(row.priceUsd),
        formatAmount(row.compareAtThb),
        formatAmount(row.compareAtUsd),
      ])
    }
  }

  /** Orders newest first (placed between `from` and `to`, of a status); the shopper's details for `members:read`. */
  private async *orderPages(filter: OrdersFilter, personal: boolean): AsyncGenerator<string[][]> {
    const conditions: Array<SQL | undefined> = [
      filter.from ? gte(orders.createdAt, new Date(`${filter.from}T00:00:00+07:00`)) : undefined,
      filter.to
        ? lt(orders.createdAt, new Date(new Date(`${filter.to}T00:00:00+07:00`).getTime() + 86_400_000))
        : undefined,
      filter.status ? eq(orders.status, filter.status) : undefined,
    ]
    let cursor: { at: Date; id: string } | null = null
    for (;;) {
      const page: Array<{
        id: string
        number: string
        createdAt: Date
        status: string
        currency: string
        items: number
        subtotal: number
        discount: number
        shippingFee: number
        total: number
        paymentMethod: string
        shippingMethod: string
        promotionCode: string | null
        email: string
        customer: string
      }> = await this.db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          currency: orders.currency,
          items: sql<number>`(SELECT COALESCE(SUM(${orderItems.quantity}), 0)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
          subtotal: orders.subtotal,
          discount: orders.discount,
          shippingFee: orders.shippingFee,
          total: orders.total,
          paymentMethod: orders.paymentMethod,
          shippingMethod: orders.shippingMethod,
          promotionCode: orders.promotionCode,
          email: orders.email,
          customer: sql<string>`COALESCE(NULLIF(TRIM(CONCAT_WS(' ', ${orders.address}->>'firstname', ${orders.address}->>'lastname')), ''), ${members.fullname}, '')`,
        })
        .from(orders)
        .leftJoin(members, eq(members.id, orders.memberId))
        .where(
          and(
            ...conditions,
            cursor
              ? or(lt(orders.createdAt, cursor.at), and(eq(orders.createdAt, cursor.at), lt(orders.id, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CSV_EXPORT_PAGE)
      const last = page.at(-1)
      if (!last) return
      cursor = { at: last.createdAt, id: last.id }
      yield page.map((order) => [
        order.number,
        order.createdAt.toISOString(),
        order.status,
        order.currency,
        String(order.items),
        formatAmount(order.subtotal),
        formatAmount(order.discount),
        formatAmount(order.shippingFee),
        formatAmount(order.total),
        order.paymentMethod,
        order.shippingMethod,
        order.promotionCode ?? '',
        ...(personal ? [order.email, order.customer] : []),
      ])
    }
  }

  // ── import ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * A file read as it arrives: checked to be UTF-8 and hashed on the way, parsed by csv-parse (a BOM dropped), its
   * header checked (one 400 naming the missing and unknown columns) and its rows kept by column, at most
   * CSV_MAX_ROWS. Not CSV, not UTF-8, empty, too many rows or too large: a clear 4xx.
   */
  async read(kind: CsvImportKind, body: ReadableStream<Uint8Array> | null, lang: Lang): Promise<Parsed> {
    if (!body) throw fileRefusal(400, 'empty', lang)
    const hash = createHash('sha256')
    const decoder = new TextDecoder('utf-8', { fatal: true })
    let bytes = 0
    let problem: 'notUtf8' | 'tooLarge' | null = null
    const checked = new TransformStream<Uint8Array, Buffer>({
      transform(chunk, controller) {
        bytes += chunk.byteLength
        if (bytes > CSV_MAX_BYTES) {
          problem = 'tooLarge'
          throw new Error(problem)
        }
        hash.update(chunk)
        try {
          decoder.decode(chunk, { stream: true })
        } catch {
          problem = 'notUtf8'
          throw new Error(problem)
        }
        controller.enqueue(Buffer.from(chunk))
      },
      flush() {
        try {
          decoder.decode()
        } catch {
          problem = 'notUtf8'
          throw new Error(problem)
        }
      },
    })
    const records = body
      .pipeThrough(checked)
      .pipeThrough(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }))
    let header: string[] | null = null
    const rows: Parsed['rows'] = []
    let index = 0
    try {
      for await (const record of records as unknown as AsyncIterable<string[]>) {
        index++
        if (!header) {
          header = record.map((name) => name.trim().toLowerCase())
          const { missing, unknown, twice } = headerProblems(kind, header)
          if (missing.length > 0 || unknown.length > 0 || twice.length > 0) {
            const parts =
              lang === 'th'
                ? [
                    missing.length ? `ไม่มีคอลัมน์ ${missing.join(', ')}` : '',
                    unknown.length ? `ไม่รู้จักคอลัมน์ ${unknown.join(', ')}` : '',
                    twice.length ? `คอลัมน์ซ้ำ ${twice.join(', ')}` : '',
                  ]
                : [
                    missing.length ? `Missing column ${missing.join(', ')}` : '',
                    unknown.length ? `Unknown column ${unknown.join(', ')}` : '',
                    twice.length ? `Column twice ${twice.join(', ')}` : '',
                  ]
            throw refused(400, 'header', parts.filter(Boolean).join('; '), {
              missing: missing.join(','),
              unknown: unknown.join(','),
            })
          }
          continue
        }
        if (rows.length >= CSV_MAX_ROWS) throw fileRefusal(413, 'tooManyRows', lang)
        const columns = header
        rows.push({ row: index, cells: Object.fromEntries(columns.map((column, at) => [column, record[at] ?? ''])) })
      }
    } catch (error) {
      if (error instanceof ApiError) throw error
      if (problem === 'tooLarge') throw fileRefusal(413, 'tooLarge', lang)
      if (problem === 'notUtf8') throw fileRefusal(415, 'notUtf8', lang)
      throw fileRefusal(415, 'notCsv', lang)
    }
    if (!header || rows.length === 0) throw fileRefusal(400, 'empty', lang)
    return { sha256: hash.digest('hex'), rows }
  }

  /** A dry run: the file's figures and every bad cell; nothing written. */
  async dryRun(kind: CsvImportKind, parsed: Parsed, context: AuditContext) {
    const checked = await this.check(kind, parsed, this.db, context)
    return { summary: checked.summary, errors: checked.errors }
  }

  /**
   * The file applied all or nothing: checked again in the transaction (what the database holds may have changed
   * since the dry run) and refused whole (422 CSV_REFUSED hasErrors) if any row is bad; else each change through the
   * products', prices' or stock's own write, and one audit entry for the import.
   */
  async apply(kind: CsvImportKind, parsed: Parsed, fileName: string, context: AuditContext) {
    return this.db.transaction(async (tx) => {
      const checked = await this.check(kind, parsed, tx, context)
      if (checked.errors.length > 0) {
        throw refused(422, 'hasErrors', FILE_MESSAGES.hasErrors?.[context.actor.language] ?? 'hasErrors', {
          errors: String(checked.errors.length),
        })
      }
      await checked.apply(tx)
      await this.audit.record(tx, context, {
        action: 'csv.import',
        entityType: 'csv_import',
        entityId: `${kind}:${parsed.sha256.slice(0, 16)}`,
        after: { kind, fileName, sha256: parsed.sha256, ...checked.summary },
      })
      return checked.summary
    })
  }

  /** The file checked: its figures, its bad cells in the file's order, and its writes. */
  private async check(kind: CsvImportKind, parsed: Parsed, tx: Tx, context: AuditContext): Promise<Checked> {
    const checked =
      kind === 'stock'
        ? await this.checkStock(parsed, tx, context)
        : kind === 'prices'
          ? await this.checkPrices(parsed, tx, context)
          : await this.checkProducts(parsed, tx, context)
    // In the file's order, one problem a cell (the first found: the cell's own before how it sits with other rows).
    const seen = new Set<string>()
    const errors = checked.errors
      .toSorted((a, b) => a.row - b.row)
      .filter((error) => {
        const key = `${error.row}\u0000${error.column}`
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
    return { ...checked, errors }
  }

  /** Each row through its schema: the typed rows (with their row numbers) and the bad cells. */
  private typed<K extends CsvImportKind, T>(kind: K, parsed: Parsed) {
    const good: Array<{ row: number; value: T }> = []
    const errors: CsvRowError[] = []
    for (const { row, cells } of parsed.rows) {
      const result = checkRow(kind, cells, row)
      if (result.ok) good.push({ row, value: result.value as T })
      else errors.push(...result.errors)
    }
    return { good, errors }
  }

  private summaryOf(parsed: Parsed, errors: CsvRowError[], create: number, update: number): CsvSummary {
    const bad = new Set(errors.map((error) => error.row)).size
    return {
      rows: parsed.rows.length,
      create,
      update,
      unchanged: parsed.rows.length - bad - create - update,
      errors: bad,
    }
  }

  // ── stock: counts per location × SKU, and each SKU's low-stock threshold ─────────────────────────

  private async checkStock(parsed: Parsed, tx: Tx, context: AuditContext): Promise<Checked> {
    const { good, errors } = this.typed<'stock', StockCsvRow>('stock', parsed)
    const place = await tx.select({ id: stores.id }).from(stores)
    const locations = new Set([ONLINE_LOCATION, ...place.map((row) => row.id)])
    const skus = [...new Set(good.map(({ value }) => value.sku))]
    const sizes = skus.length
      ? await tx
          .select({ sku: variants.sku, online: variants.stockOnline, threshold: variants.lowStockThreshold })
          .from(variants)
          .where(inArray(variants.sku, skus))
      : []
    const held = skus.length ? await tx.select().from(storeStock).where(inArray(storeStock.sku, skus)) : []
    const size = new Map(sizes.map((row) => [row.sku, row]))
    const inStore = new Map(held.map((row) => [`${row.storeId}\u0000${row.sku}`, row.quantity]))
    const seen = new Set<string>()
    const thresholds = new Map<string, number>()
    const counts: Array<{ location: string; sku: string; counted: number }> = []
    const newThresholds = new Map<string, number>()
    const changedRows = new Set<number>()
    for (const { row, value } of good) {
      const bad = (column: string, problem: string, found: string) =>
        errors.push({ row, column, value: found, problem })
      const before = errors.length
      if (!locations.has(value.location)) bad('location', 'unknown_location', value.location)
      const current = size.get(value.sku)
      if (!current) bad('sku', 'unknown_sku', value.sku)
      const key = `${value.location}\u0000${value.sku}`
      if (seen.has(key)) bad('sku', 'duplicate', value.sku)
      seen.add(key)
      const threshold = thresholds.get(value.sku)
      if (threshold !== undefined && threshold !== value.low_stock_threshold) {
        bad('low_stock_threshold', 'differs', String(value.low_stock_threshold))
      }
      thresholds.set(value.sku, value.low_stock_threshold)
      if (errors.length > before || !current) continue
      const quantity = value.location === ONLINE_LOCATION ? current.online : (inStore.get(key) ?? 0)
      if (quantity !== value.quantity) {
        counts.push({ location: value.location, sku: value.sku, counted: value.quantity })
        changedRows.add(row)
      }
      if (current.threshold !== value.low_stock_threshold && !newThresholds.has(value.sku)) {
        newThresholds.set(value.sku, value.low_stock_threshold)
        changedRows.add(row)
      }
    }
    return {
      summary: this.summaryOf(parsed, errors, 0, changedRows.size),
      errors,
      apply: async (into) => {
        for (const count of counts) {
          await this.services.stock.adjustIn(into, { ...count, reason: 'count', note: 'CSV import' }, context)
        }
        for (const [sku, threshold] of newThresholds) {
          await this.services.stock.setThresholdIn(into, sku, threshold, context)
        }
      },
    }
  }

  // ── prices: per colour ───────────────────────────────────────────────────────────────────────────

  private async checkPrices(parsed: Parsed, tx: Tx, context: AuditContext): Promise<Checked> {
    const { good, errors } = this.typed<'prices', PriceCsvRow>('prices', parsed)
    const ids = [...new Set(good.map(({ value }) => value.product_id))]
    const rows = ids.length
      ? await tx
          .select({
            id: products.id,
            priceThb: products.priceThb,
            priceUsd: products.priceUsd,
            compareAtThb: products.compareAtThb,
            compareAtUsd: products.compareAtUsd,
          })
          .from(products)
          .where(inArray(products.id, ids))
      : []
    const current = new Map(rows.map((row) => [row.id, row]))
    const seen = new Set<string>()
    const changes: Array<{ id: string; prices: Parameters<PriceBook['setPricesIn']>[2] }> = []
    for (const { row, value } of good) {
      const before = errors.length
      const bad = (column: string, problem: string, found: string) =>
        errors.push({ row, column, value: found, problem })
      const now = current.get(value.product_id)
      if (!now) bad('product_id', 'unknown_product', value.product_id)
      if (seen.has(value.product_id)) bad('product_id', 'duplicate', value.product_id)
      seen.add(value.product_id)
      const prices = {
        priceThb: value.price_thb,
        priceUsd: value.price_usd,
        compareAtThb: value.compare_at_thb,
        compareAtUsd: value.compare_at_usd,
      }
      const cells = parsed.rows.find((entry) => entry.row === row)?.cells ?? {}
      for (const [column, problem] of Object.entries(priceSetProblems(prices))) {
        bad(column, problem, cells[column] ?? '')
      }
      if (errors.length > before || !now) continue
      if (
        now.priceThb !== prices.priceThb ||
        now.priceUsd !== prices.priceUsd ||
        now.compareAtThb !== prices.compareAtThb ||
        now.compareAtUsd !== prices.compareAtUsd
      ) {
        changes.push({ id: value.product_id, prices })
      }
    }
    return {
      summary: this.summaryOf(parsed, errors, 0, changes.length),
      errors,
      apply: async (into) => {
        for (const change of changes) await this.services.prices.setPricesIn(into, change.id, change.prices, context)
      },
    }
  }

  // ── products: one row per size, models made or changed through the model editor's writes ───────

  private async checkProducts(parsed: Parsed, tx: Tx, context: AuditContext): Promise<Checked> {
    const { good, errors } = this.typed<'products', ProductCsvRow>('products', parsed)
    const families = [...new Set(good.map(({ value }) => value.family_id))]
    const skus = [...new Set(good.map(({ value }) => value.sku))]
    const barcodes = [...new Set(good.flatMap(({ value }) => value.barcode ?? []))]
    const [categoryRows, familyRows, skuRows, barcodeRows] = await Promise.all([
      tx.select({ slug: categories.slug }).from(categories),
      families.length
        ? tx
            .select()
            .from(products)
            .where(or(inArray(products.familyId, families), inArray(products.id, families)))
            .orderBy(asc(products.familyId), asc(products.colorPosition))
        : [],
      skus.length
        ? tx
            .select({
              sku: variants.sku,
              productId: variants.productId,
              size: variants.size,
              barcode: variants.barcode,
            })
            .from(variants)
            .where(inArray(sql`upper(${variants.sku})`, skus))
        : [],
      barcodes.length
        ? tx
            .select({ sku: variants.sku, barcode: variants.barcode })
            .from(variants)
            .where(inArray(variants.barcode, barcodes))
        : [],
    ])
    const ownIds = familyRows.map((row) => row.id)
    const sizeRows = ownIds.length
      ? await tx
          .select({ sku: variants.sku, productId: variants.productId, size: variants.size, barcode: variants.barcode })
          .from(variants)
          .where(inArray(variants.productId, ownIds))
      : []
    const known = new Set(categoryRows.map((row) => row.slug))
    const bySku = new Map(skuRows.map((row) => [row.sku.toUpperCase(), row]))
    const barcodeOwner = new Map(barcodeRows.map((row) => [row.barcode ?? '', row.sku]))
    type Family = {
      id: string
      first: ProductCsvRow
      existing: Array<(typeof familyRows)[number]>
      colours: Map<string, { first: ProductCsvRow; id: string; existing: (typeof familyRows)[number] | undefined }>
      changed: boolean
      sizes: Map<string, string>
    }
    const plans = new Map<string, Family>()
    const seenSku = new Set<string>()
    const seenBarcode = new Set<string>()
    let create = 0
    let update = 0
    for (const { row, value } of good) {
      const before = errors.length
      const bad = (column: string, problem: string, found: string) =>
        errors.push({ row, column, value: found, problem })
      if (!known.has(value.category)) bad('category', 'unknown_category', value.category)
      if (seenSku.has(value.sku)) bad('sku', 'duplicate', value.sku)
      seenSku.add(value.sku)
      if (value.barcode) {
        if (seenBarcode.has(value.barcode)) bad('barcode', 'duplicate', value.barcode)
        seenBarcode.add(value.barcode)
      }
      const existing = familyRows.filter((candidate) => candidate.familyId === value.family_id)
      const clash = familyRows.find(
        (candidate) => candidate.id === value.family_id && candidate.familyId !== value.family_id,
      )
      if (clash) bad('family_id', 'sku_elsewhere', value.family_id)
      let family = plans.get(value.family_id)
      if (!family) {
        family = { id: value.family_id, first: value, existing, colours: new Map(), changed: false, sizes: new Map() }
        plans.set(value.family_id, family)
      } else {
        for (const column of ['name_th', 'name_en', 'category', 'gender', 'status'] as const) {
          if (family.first[column] !== value[column]) bad(column, 'differs', value[column])
        }
        if (!same(family.first.tags, value.tags)) bad('tags', 'differs', value.tags.join(CSV_LIST_SEPARATOR))
      }
      const modelNow = existing[0]
      if (value.status === 'scheduled' && modelNow?.status !== 'scheduled') bad('status', 'scheduled', value.status)
      let colour = family.colours.get(value.colour_slug)
      const colourNow = existing.find((candidate) => candidate.colorSlug === value.colour_slug)
      if (!colour) {
        const newOnes = [...family.colours.values()].filter((entry) => !entry.existing).length
        const id = colourNow?.id ?? colourIdOf(value.family_id, value.colour_slug, existing.length + newOnes)
        colour = { first: value, id, existing: colourNow }
        family.colours.set(value.colour_slug, colour)
      } else {
        for (const column of ['colour_th', 'colour_en', 'colour_hex', 'price_thb', 'price_usd'] as const) {
          if (colour.first[column] !== value[column]) bad(column, 'differs', String(value[column]))
        }
      }
      if (value.colour_id !== '' && value.colour_id !== colour.id) bad('colour_id', 'colour_id', value.colour_id)
      if (colourNow && (colourNow.priceThb !== value.price_thb || colourNow.priceUsd !== value.price_usd)) {
        bad(
          colourNow.priceThb !== value.price_thb ? 'price_thb' : 'price_usd',
          'price_file',
          formatAmount(value.price_thb),
        )
      }
      const sizeKey = `${value.colour_slug}\u0000${value.size}`
      if (family.sizes.has(sizeKey)) bad('size', 'duplicate', value.size)
      family.sizes.set(sizeKey, value.sku)
      const skuNow = bySku.get(value.sku)
      const sizeNow = colourNow
        ? sizeRows.find((size) => size.productId === colourNow.id && size.size === value.size)
        : undefined
      if (skuNow && (skuNow.productId !== colourNow?.id || skuNow.size !== value.size)) {
        bad('sku', 'sku_elsewhere', value.sku)
      } else if (sizeNow && sizeNow.sku !== value.sku) bad('sku', 'sku_fixed', value.sku)
      if (value.barcode) {
        const owner = barcodeOwner.get(value.barcode)
        if (owner !== undefined && owner.toUpperCase() !== value.sku) bad('barcode', 'barcode_taken', value.barcode)
      }
      if (errors.length > before) continue
      if (!skuNow) {
        create++
        family.changed = true
        continue
      }
      const differs =
        !modelNow ||
        modelNow.nameTh !== value.name_th ||
        modelNow.nameEn !== value.name_en ||
        modelNow.categorySlug !== value.category ||
        modelNow.gender !== value.gender ||
        modelNow.status !== value.status ||
        !same(modelNow.tags.toSorted(), value.tags) ||
        !colourNow ||
        colourNow.colorNameTh !== value.colour_th ||
        colourNow.colorNameEn !== value.colour_en ||
        colourNow.colorHex.toLowerCase() !== value.colour_hex ||
        (skuNow.barcode ?? null) !== value.barcode
      if (differs) {
        update++
        family.changed = true
      }
    }
    const changed = [...plans.values()].filter((family) => family.changed)
    return {
      summary: this.summaryOf(parsed, errors, create, update),
      errors,
      apply: async (into) => {
        for (const family of changed) await this.applyFamily(into, family, good, context)
      },
    }
  }

  /** One model of the file: made (a draft, then its status) or changed whole through the editor's own writes. */
  private async applyFamily(
    tx: Tx,
    family: {
      id: string
      first: ProductCsvRow
      existing: Array<{ id: string; status: ProductStatus; priceThb: number; priceUsd: number }>
      colours: Map<string, { first: ProductCsvRow; id: string; existing: { id: string } | undefined }>
    },
    good: Array<{ row: number; value: ProductCsvRow }>,
    context: AuditContext,
  ) {
    const rows = good.map(({ value }) => value).filter((value) => value.family_id === family.id)
    const sizesOf = (slug: string) =>
      rows
        .filter((value) => value.colour_slug === slug)
        .map((value) => ({ size: value.size, sku: value.sku, barcode: value.barcode }))
    const { first } = family
    const words = {
      category: first.category,
      gender: first.gender,
      nameTh: first.name_th,
      nameEn: first.name_en,
      tags: first.tags,
    }
    const products = this.services.products
    if (family.existing.length === 0) {
      const colours = [...family.colours.values()]
      const input: CreateInput = {
        ...words,
        slug: family.id,
        descriptionTh: '',
        descriptionEn: '',
        materialTh: '',
        materialEn: '',
        careTh: [],
        careEn: [],
        sizeChart: null,
        collections: [],
        matchWith: [],
        colours: colours.map(({ first: colour }) => ({
          slug: colour.colour_slug,
          nameTh: colour.colour_th,
          nameEn: colour.colour_en,
          hex: colour.colour_hex,
          variants: sizesOf(colour.colour_slug),
        })),
        priceThb: first.price_thb,
        priceUsd: first.price_usd,
      }
      // A new model cannot be scheduled (the row check refuses it): the file's status is given at once.
      const status = first.status === 'scheduled' ? 'draft' : first.status
      const made = await products.createIn(tx, input, context, status)
      await this.priceNewColours(tx, made.colours, colours, context)
      return
    }
    const now = await products.get(family.id, tx)
    const given = new Map([...family.colours.values()].map((colour) => [colour.id, colour.first]))
    const kept: ColourInput[] = now.colours.map((colour) => {
      const row = given.get(colour.id)
      const added = row
        ? sizesOf(row.colour_slug).filter((size) => !colour.variants.some((v) => v.size === size.size))
        : []
      return {
        id: colour.id,
        slug: colour.slug,
        nameTh: row?.colour_th ?? colour.nameTh,
        nameEn: row?.colour_en ?? colour.nameEn,
        hex: row?.colour_hex ?? colour.hex,
        variants: [
          ...colour.variants.map((variant) => {
            const fromFile = row
              ? rows.find((value) => value.colour_slug === row.colour_slug && value.size === variant.size)
              : undefined
            return { ...variant, barcode: fromFile ? fromFile.barcode : variant.barcode }
          }),
          ...added,
        ],
      }
    })
    const fresh = [...family.colours.values()].filter((colour) => !colour.existing)
    const input: ModelInput = {
      ...words,
      descriptionTh: now.descriptionTh,
      descriptionEn: now.descriptionEn,
      materialTh: now.materialTh,
      materialEn: now.materialEn,
      careTh: now.careTh,
      careEn: now.careEn,
      sizeChart: now.sizeChart,
      collections: now.collections,
      matchWith: now.matchWith.map((match) => match.id),
      colours: [
        ...kept,
        ...fresh.map(({ first: colour }) => ({
          slug: colour.colour_slug,
          nameTh: colour.colour_th,
          nameEn: colour.colour_en,
          hex: colour.colour_hex,
          variants: sizesOf(colour.colour_slug),
        })),
      ],
    }
    const after = await products.updateIn(tx, family.id, input, context)
    await this.priceNewColours(
      tx,
      after.colours.filter((colour) => !now.colours.some((old) => old.id === colour.id)),
      fresh,
      context,
    )
    if (now.status !== first.status) await products.setStatusIn(tx, family.id, first.status, null, context)
  }

  /** New colours made at the model's first price: each given its own from the file (the prices' own write). */
  private async priceNewColours(
    tx: Tx,
    made: Array<{ id: string; slug: string; priceThb: number; priceUsd: number }>,
    colours: Array<{ first: ProductCsvRow }>,
    context: AuditContext,
  ) {
    for (const colour of made) {
      const row = colours.find((entry) => entry.first.colour_slug === colour.slug)?.first
      if (!row || (row.price_thb === colour.priceThb && row.price_usd === colour.priceUsd)) continue
      await this.services.prices.setPricesIn(
        tx,
        colour.id,
        { priceThb: row.price_thb, priceUsd: row.price_usd, compareAtThb: null, compareAtUsd: null },
        context,
      )
    }
  }
}
