import { sql, type SQL } from 'drizzle-orm'
import { z } from '@hono/zod-openapi'
import { resultRows, type Db } from '~/db/client.server'
import type { ReportKind } from '~/contract/admin-reports'
import { CURRENCIES, type Currency } from '~/domain/money'
import { addDays, bangkokDay, bangkokDayStart, type ShopEvent } from '~/domain/shop-events'
import type { AdminOrders } from './orders.service'

type Lang = 'th' | 'en'
type Cell = string | number

/** An order that brought money in: paid and not cancelled (a returned order counts, its refunds apart). */
export const SOLD_STATUSES = ['paid', 'packed', 'in_transit', 'received', 'returned'] as const
const sold = sql.raw(`(${SOLD_STATUSES.map((status) => `'${status}'`).join(', ')})`)

/** A Bangkok calendar day of a timestamp column, as yyyy-mm-dd text. */
const dayOf = (column: SQL) => sql`((${column}) AT TIME ZONE 'Asia/Bangkok')::date::text`

/**
 * Refunds asked or made per order (pending or succeeded: what the shop owes back or gave back), joined to the orders
 * as `r` (r.amount null: none). Refunds are few beside orders: aggregated once and hash-joined, not looked up per order.
 */
const withRefunds = sql`LEFT JOIN (SELECT order_id, SUM(amount) AS amount FROM refunds
                                   WHERE status IN ('pending', 'succeeded') GROUP BY order_id) r ON r.order_id = o.id`
const refundedOf = sql`COALESCE(r.amount, 0)`

const count = z.coerce.number().int()

/** A report's range: Bangkok days from and to, both included. */
export type DayRange = { from: string; to: string }

function rangeWhere(column: SQL, range: DayRange): SQL {
  return sql`${column} >= ${bangkokDayStart(range.from).toISOString()}::timestamptz AND ${column} < ${bangkokDayStart(addDays(range.to, 1)).toISOString()}::timestamptz`
}

type Money = { currency: Currency; orders: number; revenue: number; refunded: number; net: number; average: number }

function moneyOf(currency: Currency, orders: number, revenue: number, refunded: number): Money {
  return {
    currency,
    orders,
    revenue,
    refunded,
    net: revenue - refunded,
    average: orders === 0 ? 0 : Math.round(revenue / orders),
  }
}

const REPORT_COLUMNS: Record<ReportKind, readonly string[]> = {
  'sales-by-day': ['day', 'currency', 'orders', 'revenue', 'refunded', 'net'],
  'sales-by-category': ['category', 'currency', 'orders', 'pieces', 'revenue'],
  'sales-by-payment': ['payment_method', 'currency', 'orders', 'revenue', 'refunded', 'net'],
  'sales-by-region': ['country', 'province', 'currency', 'orders', 'revenue', 'refunded', 'net'],
  vat: ['kind', 'number', 'date', 'buyer', 'buyer_tax_id', 'reference', 'base', 'vat', 'total'],
  'members-by-tier': ['tier', 'members', 'spending_thb'],
}

const ZERO_RATED_COLUMNS = ['order', 'date', 'buyer', 'country', 'currency', 'total'] as const

/** Which of a report's columns hold amounts or counts that a total row adds up (per currency where there is one). */
const SUMMED: Record<ReportKind, readonly string[]> = {
  'sales-by-day': ['orders', 'revenue', 'refunded', 'net'],
  'sales-by-category': ['pieces', 'revenue'],
  'sales-by-payment': ['orders', 'revenue', 'refunded', 'net'],
  'sales-by-region': ['orders', 'revenue', 'refunded', 'net'],
  vat: ['base', 'vat', 'total'],
  'members-by-tier': ['members', 'spending_thb'],
}

export type Report = {
  kind: ReportKind
  from: string
  to: string
  columns: string[]
  rows: Cell[][]
  totals: Cell[][]
  zeroRated: Cell[][]
  zeroRatedColumns: string[]
}

/**
 * The dashboard and the reports (issue 33 items 3 and 4, decision 202): every figure an aggregate the database
 * computes over the range (orders are never loaded into memory); amounts per currency, never added across them.
 * Days are Bangkok days; a range reads the orders index (created_at, status) of migration 0038.
 */
export class AdminReports {
  constructor(
    private readonly db: Db,
    private readonly orders: Pick<AdminOrders, 'queues'>,
    private readonly now: () => Date,
  ) {}

  private async rows<T extends z.ZodType>(schema: T, query: SQL): Promise<Array<z.output<T>>> {
    return z.array(schema).parse(resultRows(await this.db.execute(query)))
  }

  async dashboard(lang: Lang) {
    const now = this.now()
    const today = bangkokDay(now)
    const ranges = [
      { id: 'today' as const, from: today, to: today },
      { id: '7d' as const, from: addDays(today, -6), to: today },
      { id: '30d' as const, from: addDays(today, -29), to: today },
    ]
    const month = ranges[2] ?? { from: today, to: today }
    // The three periods in one pass over the 30 days (each a FILTER of it), and the funnel's counts likewise.
    const since = (range: DayRange) => sql`o.created_at >= ${bangkokDayStart(range.from).toISOString()}::timestamptz`
    const periodSales = sql.join(
      ranges.map(
        (range, index) =>
          sql`count(*) FILTER (WHERE ${since(range)})::int AS ${sql.raw(`orders${index}`)},
              COALESCE(SUM(o.total) FILTER (WHERE ${since(range)}), 0)::bigint AS ${sql.raw(`revenue${index}`)},
              COALESCE(SUM(${refundedOf}) FILTER (WHERE ${since(range)}), 0)::bigint AS ${sql.raw(`refunded${index}`)}`,
      ),
      sql`, `,
    )
    const periodEvents = sql.join(
      ranges.map(
        (range, index) =>
          sql`COALESCE(SUM(count) FILTER (WHERE day >= ${range.from}::date), 0)::bigint AS ${sql.raw(`count${index}`)}`,
      ),
      sql`, `,
    )
    const figure = z.record(z.string(), z.union([z.string(), count]))
    const [salesRows, eventRows] = await Promise.all([
      this.rows(
        figure,
        sql`SELECT o.currency::text AS currency, ${periodSales}
            FROM orders o ${withRefunds}
            WHERE ${rangeWhere(sql`o.created_at`, month)} AND o.status IN ${sold}
            GROUP BY o.currency`,
      ),
      this.rows(
        figure,
        sql`SELECT event, ${periodEvents} FROM shop_event_counts
            WHERE day BETWEEN ${month.from}::date AND ${month.to}::date GROUP BY event`,
      ),
    ])
    const at = (row: Record<string, string | number> | undefined, key: string) => Number(row?.[key] ?? 0)
    const periods = ranges.map((range, index) => {
      const event = (name: ShopEvent) =>
        at(
          eventRows.find((row) => row.event === name),
          `count${index}`,
        )
      return {
        ...range,
        sales: CURRENCIES.map((currency) => {
          const row = salesRows.find((candidate) => candidate.currency === currency)
          return moneyOf(currency, at(row, `orders${index}`), at(row, `revenue${index}`), at(row, `refunded${index}`))
        }),
        funnel: {
          productViewed: event('product_viewed'),
          addedToCart: event('added_to_cart'),
          checkoutStarted: event('checkout_started'),
          paid: event('paid'),
        },
      }
    })
    const perDayRows = this.rows(
      z.object({ day: z.string(), currency: z.enum(CURRENCIES), orders: count, revenue: count }),
      sql`SELECT ${dayOf(sql`o.created_at`)} AS day, o.currency::text AS currency, count(*)::int AS orders,
                 SUM(o.total)::bigint AS revenue
          FROM orders o
          WHERE ${rangeWhere(sql`o.created_at`, month)} AND o.status IN ${sold}
          GROUP BY 1, 2`,
    )
    const dailyOf = (perDay: Array<{ day: string; currency: Currency; orders: number; revenue: number }>) =>
      Array.from({ length: 30 }, (_, index) => {
        const day = addDays(month.from, index)
        const of = (currency: Currency) => perDay.find((row) => row.day === day && row.currency === currency)
        return {
          day,
          thbOrders: of('thb')?.orders ?? 0,
          thbRevenue: of('thb')?.revenue ?? 0,
          usdOrders: of('usd')?.orders ?? 0,
          usdRevenue: of('usd')?.revenue ?? 0,
        }
      })
    const name = lang === 'th' ? sql`i.name_th` : sql`i.name_en`
    const pieceRow = z.object({
      productId: z.string(),
      name: z.string(),
      pieces: count,
      revenueThb: count,
      revenueUsd: count,
    })
    // One pass over the 30 days' lines, ranked both ways; the ten first of each kept.
    const bestSellers = this.rows(
      pieceRow.extend({ byPieces: count, byRevenue: count }),
      sql`WITH sold AS (
            SELECT i.product_id AS "productId", MIN(${name}) AS name, SUM(i.quantity)::bigint AS pieces,
                   SUM(CASE WHEN o.currency = 'thb' THEN i.line_total ELSE 0 END)::bigint AS "revenueThb",
                   SUM(CASE WHEN o.currency = 'usd' THEN i.line_total ELSE 0 END)::bigint AS "revenueUsd"
            FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE ${rangeWhere(sql`o.created_at`, month)} AND o.status IN ${sold}
            GROUP BY i.product_id),
          ranked AS (
            SELECT *, row_number() OVER (ORDER BY pieces DESC, "productId") AS "byPieces",
                      row_number() OVER (ORDER BY "revenueThb" DESC, "revenueUsd" DESC, "productId") AS "byRevenue"
            FROM sold)
          SELECT * FROM ranked WHERE "byPieces" <= 10 OR "byRevenue" <= 10`,
    )
    const stockRow = z.object({
      sku: z.string(),
      productId: z.string(),
      name: z.string(),
      colour: z.string(),
      size: z.string(),
      online: count,
      threshold: count,
      total: count,
    })
    const productName = lang === 'th' ? sql`p.name_th` : sql`p.name_en`
    const colourName = lang === 'th' ? sql`p.color_name_th` : sql`p.color_name_en`
    const stock = async (where: SQL, order: SQL) => {
      const rows = await this.rows(
        stockRow,
        sql`SELECT v.sku, p.id AS "productId", ${productName} AS name, ${colourName} AS colour, v.size,
                   v.stock_online AS online, v.low_stock_threshold AS threshold, count(*) OVER ()::int AS total
            FROM variants v JOIN products p ON p.id = v.product_id
            WHERE p.status = 'published' AND ${where}
            ORDER BY ${order}, p.id, v.position
            LIMIT 50`,
      )
      return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...item }) => item) }
    }
    // On PostgreSQL these run side by side on the pool's connections; PGlite takes them in turn.
    const [perDay, best, queues, soldOut, lowStock] = await Promise.all([
      perDayRows,
      bestSellers,
      this.orders.queues(),
      stock(sql`v.stock_online = 0`, sql`p.id`),
      stock(sql`v.stock_online > 0 AND v.stock_online < v.low_stock_threshold`, sql`v.stock_online ASC`),
    ])
    const top = (rank: 'byPieces' | 'byRevenue') =>
      best
        .filter((row) => row[rank] <= 10)
        .toSorted((a, b) => a[rank] - b[rank])
        .map(({ byPieces: _p, byRevenue: _r, ...row }) => row)
    return {
      at: now.toISOString(),
      today,
      periods,
      daily: dailyOf(perDay),
      queues,
      bestSellers: { byPieces: top('byPieces'), byRevenue: top('byRevenue') },
      soldOut,
      lowStock,
    }
  }

  /** A report over a range of Bangkok days: its columns, rows and total rows. */
  async report(kind: ReportKind, range: DayRange): Promise<Report> {
    const columns = [...REPORT_COLUMNS[kind]]
    const rows = await this.reportRows(kind, range)
    const zeroRated = kind === 'vat' ? await this.zeroRated(range) : []
    return {
      kind,
      ...range,
      columns,
      rows,
      totals: totalsOf(kind, columns, rows),
      zeroRated,
      zeroRatedColumns: kind === 'vat' ? [...ZERO_RATED_COLUMNS] : [],
    }
  }

  private async reportRows(kind: ReportKind, range: DayRange): Promise<Cell[][]> {
    const where = sql`${rangeWhere(sql`o.created_at`, range)} AND o.status IN ${sold}`
    const money = z.object({ currency: z.string(), orders: count, revenue: count, refunded: count })
    switch (kind) {
      case 'sales-by-day': {
        const rows = await this.rows(
          money.extend({ day: z.string() }),
          sql`SELECT ${dayOf(sql`o.created_at`)} AS day, o.currency::text AS currency, count(*)::int AS orders,
                     SUM(o.total)::bigint AS revenue, SUM(${refundedOf})::bigint AS refunded
              FROM orders o ${withRefunds} WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
        )
        return rows.map((r) => [r.day, r.currency, r.orders, r.revenue, r.refunded, r.revenue - r.refunded])
      }
      case 'sales-by-category': {
        const rows = await this.rows(
          z.object({ category: z.string(), currency: z.string(), orders: count, pieces: count, revenue: count }),
          sql`SELECT i.category_slug AS category, o.currency::text AS currency, count(DISTINCT o.id)::int AS orders,
                     SUM(i.quantity)::bigint AS pieces, SUM(i.line_total)::bigint AS revenue
              FROM orders o JOIN order_items i ON i.order_id = o.id
              WHERE ${where} GROUP BY 1, 2 ORDER BY 2, 5 DESC, 1`,
        )
        return rows.map((r) => [r.category, r.currency, r.orders, r.pieces, r.revenue])
      }
      case 'sales-by-payment': {
        const rows = await this.rows(
          money.extend({ method: z.string() }),
          sql`SELECT o.payment_method::text AS method, o.currency::text AS currency, count(*)::int AS orders,
                     SUM(o.total)::bigint AS revenue, SUM(${refundedOf})::bigint AS refunded
              FROM orders o ${withRefunds} WHERE ${where} GROUP BY 1, 2 ORDER BY 2, 4 DESC, 1`,
        )
        return rows.map((r) => [r.method, r.currency, r.orders, r.revenue, r.refunded, r.revenue - r.refunded])
      }
      case 'sales-by-region': {
        // A picked-up order's region is its store's country (Thailand) with no province: "pickup".
        const rows = await this.rows(
          money.extend({ country: z.string(), province: z.string() }),
          sql`SELECT COALESCE(NULLIF(o.address->>'country', ''), 'TH') AS country,
                     CASE WHEN o.shipping_method = 'pickup' THEN 'pickup'
                          ELSE COALESCE(NULLIF(TRIM(o.address->>'province'), ''), '-') END AS province,
                     o.currency::text AS currency, count(*)::int AS orders,
                     SUM(o.total)::bigint AS revenue, SUM(${refundedOf})::bigint AS refunded
              FROM orders o ${withRefunds} WHERE ${where} GROUP BY 1, 2, 3 ORDER BY 3, 5 DESC, 1, 2`,
        )
        return rows.map((r) => [
          r.country,
          r.province,
          r.currency,
          r.orders,
          r.revenue,
          r.refunded,
          r.revenue - r.refunded,
        ])
      }
      case 'vat': {
        // The output-VAT report (รายงานภาษีขาย): each full tax invoice and each credit note issued in the range, by
        // date then number; a credit note's value, VAT and total negative (it takes VAT back).
        const rows = await this.rows(
          z.object({
            kind: z.string(),
            number: z.string(),
            date: z.string(),
            buyer: z.string(),
            taxId: z.string(),
            reference: z.string(),
            base: count,
            vat: count,
            total: count,
          }),
          sql`SELECT * FROM (
                SELECT 'invoice' AS kind, t.number, ${dayOf(sql`t.issued_at`)} AS date,
                       t.content->'buyer'->>'name' AS buyer, t.content->'buyer'->>'taxId' AS "taxId",
                       t.content->>'orderNumber' AS reference,
                       (t.content->>'netOfVat')::bigint AS base, (t.content->>'vat')::bigint AS vat,
                       (t.content->>'total')::bigint AS total, t.issued_at AS at
                FROM tax_invoices t WHERE ${rangeWhere(sql`t.issued_at`, range)}
                UNION ALL
                SELECT 'credit_note', c.number, ${dayOf(sql`c.issued_at`)},
                       c.content->'buyer'->>'name', c.content->'buyer'->>'taxId', c.invoice_number,
                       -(c.content->>'difference')::bigint, -(c.content->>'vat')::bigint,
                       -(c.content->>'total')::bigint, c.issued_at
                FROM credit_notes c WHERE ${rangeWhere(sql`c.issued_at`, range)}
              ) d ORDER BY d.at, d.number`,
        )
        return rows.map((r) => [r.kind, r.number, r.date, r.buyer, r.taxId, r.reference, r.base, r.vat, r.total])
      }
      case 'members-by-tier': {
        // Members as they stand now (a tier is a state, not a sale of the range): how many and their cycle's spending.
        const rows = await this.rows(
          z.object({ tier: z.string(), members: count, spending: count }),
          sql`SELECT t.tier::text AS tier, count(m.id)::int AS members, COALESCE(SUM(m.total_spending), 0)::bigint AS spending
              FROM unnest(enum_range(NULL::member_tier)) AS t(tier)
              LEFT JOIN members m ON m.tier = t.tier
              GROUP BY t.tier ORDER BY t.tier`,
        )
        return rows.map((r) => [r.tier, r.members, r.spending])
      }
    }
  }

  /** Zero-rated exports of the range (sent abroad: no Thai VAT), apart from the 7 % documents: paid orders by day. */
  private async zeroRated(range: DayRange): Promise<Cell[][]> {
    const rows = await this.rows(
      z.object({
        number: z.string(),
        date: z.string(),
        buyer: z.string(),
        country: z.string(),
        currency: z.string(),
        total: count,
      }),
      sql`SELECT o.number, ${dayOf(sql`o.created_at`)} AS date,
                 TRIM(CONCAT_WS(' ', o.address->>'firstname', o.address->>'lastname')) AS buyer,
                 o.address->>'country' AS country, o.currency::text AS currency, o.total::bigint AS total
          FROM orders o
          WHERE ${rangeWhere(sql`o.created_at`, range)} AND o.status IN ${sold}
            AND o.shipping_method = 'courier' AND COALESCE(o.address->>'country', 'TH') <> 'TH' AND o.vat_included = 0
          ORDER BY o.created_at, o.number`,
    )
    return rows.map((r) => [r.number, r.date, r.buyer, r.country, r.currency, r.total])
  }
}

/** Total rows of a report: its summed columns added, per currency where the report has a currency column. */
function totalsOf(kind: ReportKind, columns: string[], rows: Cell[][]): Cell[][] {
  const summed = SUMMED[kind].map((column) => columns.indexOf(column))
  const currencyAt = columns.indexOf('currency')
  const groups =
    currencyAt < 0 ? [null] : CURRENCIES.filter((currency) => rows.some((row) => row[currencyAt] === currency))
  if (rows.length === 0) return []
  return groups.map((currency) => {
    const mine = currency === null ? rows : rows.filter((row) => row[currencyAt] === currency)
    return columns.map((_, index) => {
      if (index === 0) return 'total'
      if (index === currencyAt) return currency ?? ''
      if (!summed.includes(index)) return ''
      return mine.reduce((sum, row) => sum + Number(row[index] ?? 0), 0)
    })
  })
}

/** Columns that hold money (minor units): the CSV writes them as decimals (1290.00), as the orders CSV does. */
export const MONEY_COLUMNS: ReadonlySet<string> = new Set([
  'revenue',
  'refunded',
  'net',
  'base',
  'vat',
  'total',
  'spending_thb',
  'revenue_thb',
  'revenue_usd',
])
