import { z } from 'zod'
import { CURRENCIES } from '~/domain/money'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '~/domain/orders'
import { AUDIT_ACTOR_TYPES } from '~/domain/staff-permissions'
import { REPORT_KINDS } from '~/domain/reports'
import { PRODUCT_TAGS } from '~/domain/catalog'
import type { AuditQuery } from './api'

/**
 * The back office's search parameters (DESIGN.md §8: the URL is the view, a saved view is a named URL). Each schema is
 * the canonical whitelist of its screen: a missing, malformed or unknown value falls back to the default instead of
 * failing (`.default()` makes the parameter optional in links, `.catch()` takes a bad value), unknown parameters are
 * dropped, and defaults are left out of the URL (router.tsx strips them).
 */

/** Rows per page the lists offer. */
export const PAGE_SIZES = [25, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]

/** The last page a list may ask for (a bound on what the URL may carry, not on the data). */
export const MAX_PAGE = 10_000

/** A search query's longest form. */
export const MAX_QUERY_LENGTH = 100

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

/** The orders list's sortable columns. */
export const ORDER_SORTS = ['placed', 'number', 'total', 'status'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

const page = z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1)
const size = z.coerce
  .number()
  .refine((value): value is PageSize => (PAGE_SIZES as ReadonlyArray<number>).includes(value))
  .default(PAGE_SIZES[0])
  .catch(PAGE_SIZES[0])
const query = z
  .string()
  .trim()
  .max(MAX_QUERY_LENGTH)
  .transform((value) => value || undefined)
  .optional()
  .catch(undefined)

/** A day as an `<input type="date">` writes it (YYYY-MM-DD, a real date), or nothing; the API reads it in Bangkok time. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  )
  .optional()
  .catch(undefined)
/** A filter that is one of a list, or absent. */
const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values).optional().catch(undefined)

export const ordersSearchSchema = z.object({
  page,
  size,
  sort: z.enum(ORDER_SORTS).default('placed').catch('placed'),
  dir: z.enum(SORT_DIRECTIONS).default('desc').catch('desc'),
  q: query,
  status: oneOf(ORDER_STATUSES),
  /** The latest payment's status. */
  payment: oneOf(PAYMENT_STATUSES),
  method: oneOf(PAYMENT_METHODS),
  currency: oneOf(CURRENCIES),
  from: day,
  to: day,
  /** The pick-up branch's id. */
  store: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
  /** Only orders with a return request to decide. */
  returns: z.literal('open').optional().catch(undefined),
})
export type OrdersSearch = z.output<typeof ordersSearchSchema>

/** What the orders URL holds when it says nothing: left out of the URL. */
export const ORDERS_SEARCH_DEFAULTS = {
  page: 1,
  size: PAGE_SIZES[0],
  sort: 'placed',
  dir: 'desc',
} as const satisfies Partial<OrdersSearch>

/** The members list's sortable columns (issue 33 item 1). */
export const MEMBER_SORTS = ['created', 'name', 'tier', 'spending'] as const
export type MemberSort = (typeof MEMBER_SORTS)[number]

/** The members list (issue 33 item 1): the search box's text, the tier, blocked only, the order and the page. */
export const membersSearchSchema = z.object({
  page,
  size,
  sort: z.enum(MEMBER_SORTS).default('created').catch('created'),
  dir: z.enum(SORT_DIRECTIONS).default('desc').catch('desc'),
  q: query,
  tier: oneOf(['member', 'vip', 'vvip']),
  blocked: z.literal('true').optional().catch(undefined),
})
export type MembersSearch = z.output<typeof membersSearchSchema>

export const MEMBERS_SEARCH_DEFAULTS = {
  page: 1,
  size: PAGE_SIZES[0],
  sort: 'created',
  dir: 'desc',
} as const satisfies Partial<MembersSearch>

/**
 * Where the sign-in returns to: a path inside the back office's router (it starts with one slash), never another site
 * (`//host`, `/\host`, `https://…`); anything else is dropped.
 */
const returnPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .optional()
  .catch(undefined)

export const signInSearchSchema = z.object({ redirect: returnPath })
export type SignInSearch = z.output<typeof signInSearchSchema>

/** A filter's text: trimmed, at most `max` characters, empty as absent, a bad value dropped. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined)

/**
 * The audit log's filters (issue 31 item 4): who (actor type and id), what (action), on what (entity type and id), when
 * (from and to, whole days in the shop's time, Bangkok), and the page (`cursor`: the API's next_cursor, "older").
 */
export const auditSearchSchema = z.object({
  actorType: z.enum(AUDIT_ACTOR_TYPES).optional().catch(undefined),
  actor: text(100),
  action: text(100),
  entity: text(100),
  entityId: text(200),
  from: day,
  to: day,
  cursor: z.coerce.number().int().min(1).optional().catch(undefined),
})
export type AuditSearch = z.output<typeof auditSearchSchema>

/** The shop's offset from UTC (Asia/Bangkok keeps no summer time). */
const SHOP_OFFSET = '+07:00'

/** What the API is asked for a view of the log: `to` includes its whole day. */
export function auditQueryOf(search: AuditSearch): AuditQuery {
  return {
    actor_type: search.actorType,
    actor_id: search.actor,
    action: search.action,
    entity_type: search.entity,
    entity_id: search.entityId,
    from: search.from ? `${search.from}T00:00:00${SHOP_OFFSET}` : undefined,
    to: search.to ? `${search.to}T23:59:59.999${SHOP_OFFSET}` : undefined,
    cursor: search.cursor,
  }
}

/** The stock screen: what was searched, the model open (its family's id) and the size whose history is shown. */
export const stockSearchSchema = z.object({
  q: text(MAX_QUERY_LENGTH),
  product: text(100),
  sku: text(100),
})
export type StockSearchParams = z.output<typeof stockSearchSchema>

/** The pictures screen: a search, and the model whose colours' pictures are shown. */
export const picturesSearchSchema = z.object({
  q: text(MAX_QUERY_LENGTH),
  product: text(100),
})

/** The transfers screen: open (sent) ones unless another status is asked for. */
export const stockTransfersSearchSchema = z.object({
  status: z.enum(['sent', 'received', 'cancelled']).default('sent').catch('sent'),
})
export const STOCK_TRANSFERS_SEARCH_DEFAULTS = { status: 'sent' } as const

/** A slug of the catalog (a category or a collection), or nothing. */
const slug = z
  .string()
  .regex(/^[a-z0-9-]{1,120}$/)
  .optional()
  .catch(undefined)

/** The price list's filters (issue 32 item 4): words, a category, a collection, a tag, and the page. */
export const pricesSearchSchema = z.object({
  page,
  q: query,
  category: slug,
  collection: slug,
  tag: oneOf(PRODUCT_TAGS),
})
export type PricesSearch = z.output<typeof pricesSearchSchema>
export const PRICES_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<PricesSearch>

/** The products screen (issue 32 item 1): words (a name, SKU or barcode), a status, a category, the page. */
export const productsSearchSchema = z.object({
  page,
  q: query,
  status: oneOf(['draft', 'scheduled', 'published', 'unpublished']),
  category: slug,
})
export type ProductsSearch = z.output<typeof productsSearchSchema>
export const PRODUCTS_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<ProductsSearch>

/** A time typed in an `<input type="datetime-local">`, read as the shop's (Bangkok) time: ISO 8601 with its offset. */
export function bangkokInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  const withSeconds = value.length === 16 ? `${value}:00` : value
  const iso = `${withSeconds}${SHOP_OFFSET}`
  return Number.isNaN(Date.parse(iso)) ? null : iso
}

/** A moment as an `<input type="datetime-local">` shows it in Bangkok time (minutes). */
export function bangkokInputValue(at: Date): string {
  return new Date(at.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 16)
}

/**
 * The reports screen (issue 33 item 4): which report and its range of Bangkok days. No days: this month so far (the
 * screen fills them in); the VAT report reads whole months (its picker sets the 1st and the month's last day).
 */
export const reportsSearchSchema = z.object({
  kind: z.enum(REPORT_KINDS).default('sales-by-day').catch('sales-by-day'),
  from: day,
  to: day,
})
export type ReportsSearch = z.output<typeof reportsSearchSchema>
export const REPORTS_SEARCH_DEFAULTS = { kind: 'sales-by-day' } as const
