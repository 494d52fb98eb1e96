import { z } from '@hono/zod-openapi'
import { CURRENCIES } from '~/domain/money'
import { REPORT_KINDS } from '~/domain/reports'
import { SHOP_EVENTS } from '~/domain/shop-events'
import { orderQueuesSchema } from './admin-orders'

export { REPORT_KINDS, REPORT_MAX_DAYS, type ReportKind } from '~/domain/reports'

/**
 * The dashboard and the reports of the admin API (issue 33 items 3 and 4, decision 202). Every figure is computed by
 * the database; amounts are minor units (satang, cents) of their currency and never added across currencies. Days are
 * Bangkok calendar days (yyyy-mm-dd). snake_case on the wire like the rest of the admin API.
 */

const isoTime = z.string().openapi({ format: 'date-time' })
const day = z.iso.date().openapi({ description: 'A Bangkok calendar day' })
const currency = z.enum(CURRENCIES)

export const reportRangeQuery = z.object({
  from: day.optional().openapi({ description: 'The first day (Bangkok); the 1st of this month by default' }),
  to: day.optional().openapi({ description: 'The last day, included (Bangkok); today by default' }),
})

export const reportKindParam = z.object({
  kind: z.enum(REPORT_KINDS).openapi({ param: { name: 'kind', in: 'path' }, description: 'Which report' }),
})

const money = z.object({
  currency,
  orders: z.int().openapi({ description: 'Paid orders (paid, packed, in transit, received or returned)' }),
  revenue: z.int().openapi({ description: 'Their totals as paid, VAT and delivery included' }),
  refunded: z.int().openapi({ description: 'Refunds asked or made on these orders (pending or succeeded)' }),
  net: z.int().openapi({ description: 'revenue − refunded' }),
  average: z.int().openapi({ description: 'revenue ÷ orders, rounded; 0 without orders' }),
})

const funnel = z.object(
  Object.fromEntries(SHOP_EVENTS.map((event) => [event, z.int()])) as Record<(typeof SHOP_EVENTS)[number], z.ZodInt>,
)

const pieceRow = z.object({
  product_id: z.string(),
  name: z.string().openapi({ description: 'In the staff member’s language, as the order line kept it' }),
  pieces: z.int(),
  revenue_thb: z.int(),
  revenue_usd: z.int(),
})

const stockRow = z.object({
  sku: z.string(),
  product_id: z.string(),
  name: z.string(),
  colour: z.string(),
  size: z.string(),
  online: z.int(),
  threshold: z.int(),
})

export const dashboardSchema = z
  .object({
    at: isoTime,
    today: day,
    periods: z.array(
      z.object({
        id: z.enum(['today', '7d', '30d']),
        from: day,
        to: day,
        sales: z.array(money).openapi({ description: 'One row per currency (THB, then USD)' }),
        funnel,
      }),
    ),
    daily: z
      .array(z.object({ day, thb_orders: z.int(), thb_revenue: z.int(), usd_orders: z.int(), usd_revenue: z.int() }))
      .openapi({ description: 'The last 30 days, oldest first, every day present (the charts)' }),
    queues: orderQueuesSchema,
    best_sellers: z.object({
      by_pieces: z.array(pieceRow).openapi({ description: 'The last 30 days’ top ten by pieces sold' }),
      by_revenue: z.array(pieceRow).openapi({ description: 'The top ten by THB revenue, then USD' }),
    }),
    sold_out: z.object({ total: z.int(), items: z.array(stockRow) }).openapi({
      description: 'Sizes of published colours at 0 online (the first 50)',
    }),
    low_stock: z.object({ total: z.int(), items: z.array(stockRow) }).openapi({
      description: 'Sizes above 0 but below their low-stock threshold (the first 50, fewest first)',
    }),
  })
  .openapi('AdminDashboard')

/** A report as a table: its columns (keys, in order) and rows of cells, with totals where they add up. */
export const reportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    from: day,
    to: day,
    columns: z.array(z.string()).openapi({ description: 'The cells’ keys, in order (the CSV’s header)' }),
    rows: z.array(z.array(z.union([z.string(), z.int()]))),
    totals: z
      .array(z.array(z.union([z.string(), z.int()])))
      .openapi({ description: 'Total rows (one per currency where amounts are); empty when none' }),
    zero_rated: z
      .array(z.array(z.union([z.string(), z.int()])))
      .openapi({ description: 'The VAT report’s zero-rated exports (columns zero_rated_columns); empty otherwise' }),
    zero_rated_columns: z.array(z.string()),
  })
  .openapi('AdminReport')
