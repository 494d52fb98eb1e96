/**
 * A mixed shopper load (issue 8): virtual shoppers that browse, search, view a product, add it to the cart and check
 * out, over and over for a fixed time, as a shopper's browser would (pages over HTTP, the cart and the order through
 * the product API). A request that meets a dead instance or a database restart is tried again (a shopper pressing
 * the button again: an order with the same idempotency key), so "errors" are what a shopper would really see.
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import {
  PAGE_TYPES,
  cacheHitPercent,
  pageTypeOf,
  percentile,
  throughput,
  type PageType,
  type Throughput,
} from './load-report'

const API = '/api/public/demo'
/**
 * The unpaid-order limits (issue 29 item 3, decision 038) lifted for the harnesses: their shoppers all order from
 * 127.0.0.1, many with one contact, and none pays a bank transfer, so a real shop's limits would refuse them.
 */
export const UNLIMITED_UNPAID_HOLDS = {
  UNPAID_ORDERS_PER_CONNECTION: '100000',
  UNPAID_ORDERS_PER_CONTACT: '100000',
  UNPAID_ORDERS_CHALLENGE_FROM: '100000',
  UNPAID_UNITS_PER_SIZE: '100000',
}

export const STEPS = ['browse', 'search', 'product', 'add', 'checkout'] as const
export type Step = (typeof STEPS)[number]

export type StepResult = {
  count: number
  errors: number
  /** Requests that needed another try (a dead instance, a restarting database). */
  retried: number
  p50: number
  p95: number
  p99: number
  firstError: string | null
}

export type PlacedOrder = { number: string; idempotencyKey: string; sku: string }

export type LoadResult = {
  seconds: number
  shoppers: number
  steps: Record<Step, StepResult>
  /** The same requests by page type (the browse step is home or listing): throughput and latency of each. */
  pages: Record<PageType, Throughput>
  orders: PlacedOrder[]
  /** Checkouts refused because the size sold out meanwhile: the shop's right answer, not an error. */
  soldOut: number
}

export type LoadOptions = {
  base: string
  shoppers: number
  seconds: number
  /** The e-mail of every order, to find them in the database afterwards. */
  email: string
  /** Sizes to buy (plenty of stock); found through the API when not given. */
  skus?: string[]
  /** Called once a second with the seconds elapsed. */
  onTick?: (elapsed: number) => void
}

const SEARCH_TERMS = ['dress', 'linen', 'bag', 'shoes', 'silk', 'shirt', 'skirt', 'ring', 'เดรส', 'กระเป๋า', 'dres']
const RETRYABLE_STATUS = new Set([502, 503, 504])
const MAX_ATTEMPTS = 20
const RETRY_PAUSE_MS = 250

type Catalog = { productIds: string[]; categorySlugs: string[]; skus: string[] }

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
  return (await response.json()) as T
}

type ProductList = { items: { id: string }[]; total_pages: number }
type ProductDetail = { variants: { sku: string; available_online: boolean; low_stock: boolean }[] }

/** Products, categories and sizes with plenty of stock, read through the API like any client would. */
export async function readCatalog(base: string, wantSkus: number): Promise<Catalog> {
  const categories = await getJson<{ items: { slug: string }[] } | { slug: string }[]>(`${base}${API}/categories`)
  const categorySlugs = (Array.isArray(categories) ? categories : categories.items).map((category) => category.slug)
  const productIds: string[] = []
  const skus: string[] = []
  for (let page = 1; ; page++) {
    const list = await getJson<ProductList>(
      `${base}${API}/products?page_size=100&page=${page}&available=true&lang=en&currency=thb&sort=newest`,
    )
    productIds.push(...list.items.map((item) => item.id))
    if (page >= list.total_pages) break
  }
  for (let i = 0; i < productIds.length && skus.length < wantSkus; i += 10) {
    const details = await Promise.all(
      productIds
        .slice(i, i + 10)
        .map((id) => getJson<ProductDetail>(`${base}${API}/products/${encodeURIComponent(id)}?lang=en&currency=thb`)),
    )
    for (const product of details) {
      for (const variant of product.variants) {
        if (variant.available_online && !variant.low_stock) skus.push(variant.sku)
      }
    }
  }
  if (skus.length === 0) throw new Error('no size in stock to buy')
  return { productIds, categorySlugs, skus }
}

type Recorder = {
  timings: number[]
  errors: number
  retried: number
  firstError: string | null
  cacheHits: number
  cacheMisses: number
}

type Attempt = { response: Response; body: unknown } | { error: string }

async function attempt(url: string, init: RequestInit): Promise<Attempt> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    const type = response.headers.get('content-type') ?? ''
    const body: unknown = type.includes('json') ? await response.json().catch(() => null) : await response.text()
    return { response, body }
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

/** The order number of an answer to a checkout: `{ order: { number } }`. */
function orderNumberOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('order' in body)) return null
  const order: unknown = body.order
  return typeof order === 'object' && order !== null && 'number' in order && typeof order.number === 'string'
    ? order.number
    : null
}

function reasonOf(body: unknown): string | null {
  return typeof body === 'object' && body !== null && 'reason' in body && typeof body.reason === 'string'
    ? body.reason
    : null
}

/**
 * One step of a shopper: the request, tried again while the answer says "not now" (no connection, 502/503/504, or
 * for an order "this key is being processed"). Timed from the first try to the answer, as the shopper waits.
 */
async function step(
  recorders: Recorder[],
  url: string,
  init: RequestInit,
  accept: (status: number, body: unknown) => boolean,
  retryable: (status: number, body: unknown) => boolean = () => false,
): Promise<{ status: number; body: unknown } | null> {
  const started = performance.now()
  let last = ''
  for (let round = 1; round <= MAX_ATTEMPTS; round++) {
    const result = await attempt(url, init)
    if ('response' in result) {
      const { status } = result.response
      if (accept(status, result.body)) {
        const elapsed = performance.now() - started
        const cache = result.response.headers.get('x-page-cache')
        for (const recorder of recorders) {
          recorder.timings.push(elapsed)
          if (round > 1) recorder.retried++
          if (cache === 'hit') recorder.cacheHits++
          else if (cache === 'miss') recorder.cacheMisses++
        }
        return { status, body: result.body }
      }
      last = `${init.method ?? 'GET'} ${url} → ${status} ${JSON.stringify(result.body).slice(0, 300)}`
      if (!RETRYABLE_STATUS.has(status) && !retryable(status, result.body)) break
    } else {
      last = `${init.method ?? 'GET'} ${url} → ${result.error}`
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS))
  }
  for (const recorder of recorders) {
    recorder.errors++
    recorder.firstError ??= last
  }
  return null
}

/** Runs `shoppers` virtual shoppers for `seconds`, each looping browse → search → product → add → checkout. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { base, shoppers, seconds, email } = options
  const catalog = await readCatalog(base, shoppers * 4)
  const skus = options.skus ?? catalog.skus
  const recorder = (): Recorder => ({
    timings: [],
    errors: 0,
    retried: 0,
    firstError: null,
    cacheHits: 0,
    cacheMisses: 0,
  })
  const recorders: Record<Step, Recorder> = {
    browse: recorder(),
    search: recorder(),
    product: recorder(),
    add: recorder(),
    checkout: recorder(),
  }
  const pages = Object.fromEntries(PAGE_TYPES.map((type) => [type, recorder()])) as Record<PageType, Recorder>
  /** A step's request, recorded under its step and under its page type. */
  const timed = (
    name: Step,
    url: string,
    init: RequestInit,
    accept: (status: number, body: unknown) => boolean,
    retryable?: (status: number, body: unknown) => boolean,
  ) => step([recorders[name], pages[pageTypeOf(init.method ?? 'GET', url)]], url, init, accept, retryable)
  const orders: PlacedOrder[] = []
  let soldOut = 0
  const run = randomBytes(4).toString('hex')
  const html = { headers: { accept: 'text/html', 'accept-language': 'th,en;q=0.8' } }
  const pageOk = (status: number) => status === 200

  const started = performance.now()
  const deadline = started + seconds * 1000
  const ticker = setInterval(() => options.onTick?.(Math.round((performance.now() - started) / 1000)), 1000)

  async function shopper(index: number): Promise<void> {
    for (let round = 0; performance.now() < deadline; round++) {
      const browse = pick([
        '/',
        '/en',
        `/category/${pick(catalog.categorySlugs)}`,
        `/en/category/${pick(catalog.categorySlugs)}?sort=price_asc`,
        `/en/product?page=${1 + (round % 5)}`,
      ])
      await timed('browse', `${base}${browse}`, html, pageOk)
      await timed('search', `${base}/en/search?q=${encodeURIComponent(pick(SEARCH_TERMS))}`, html, pageOk)
      await timed('product', `${base}/en/product/${encodeURIComponent(pick(catalog.productIds))}`, html, pageOk)

      const sku = skus[(index * 7919 + round) % skus.length]
      if (!sku) continue
      const added = await timed(
        'add',
        `${base}${API}/cart/items?currency=thb&lang=en`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ sku, quantity: 1 }),
        },
        (status, body) => status === 201 || (status === 409 && reasonOf(body) === 'OUT_OF_STOCK'),
      )
      if (added?.status === 409) {
        soldOut++
        continue
      }
      const cartToken =
        added && typeof added.body === 'object' && added.body !== null && 'cart_token' in added.body
          ? String(added.body.cart_token)
          : null
      if (!cartToken) continue
      const idempotencyKey = `load-${run}-${index}-${round}`
      const placed = await timed(
        'checkout',
        `${base}${API}/orders?currency=thb&lang=en`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-cart-token': cartToken,
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify({
            email,
            telephone: '0812345678',
            shipping_method: 'pickup',
            store_id: 'siam-paragon',
            payment_method: 'bank_transfer',
          }),
        },
        (status, body) => status === 201 || status === 200 || (status === 409 && reasonOf(body) === 'OUT_OF_STOCK'),
        // The same key still in flight on a connection that died with its instance: PostgreSQL ends it soon.
        (status, body) => status === 409 && reasonOf(body) === 'IDEMPOTENCY_CONFLICT',
      )
      if (!placed) continue
      if (placed.status === 409) {
        soldOut++
        continue
      }
      const order = orderNumberOf(placed.body)
      if (order) orders.push({ number: order, idempotencyKey, sku })
    }
  }

  await Promise.all(Array.from({ length: shoppers }, (_, index) => shopper(index)))
  clearInterval(ticker)
  const elapsed = (performance.now() - started) / 1000
  const steps = Object.fromEntries(
    STEPS.map((name) => {
      const recorder = recorders[name]
      const sorted = recorder.timings.toSorted((a, b) => a - b)
      return [
        name,
        {
          count: sorted.length + recorder.errors,
          errors: recorder.errors,
          retried: recorder.retried,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          firstError: recorder.firstError,
        },
      ]
    }),
  ) as Record<Step, StepResult>
  const pageFigures = Object.fromEntries(PAGE_TYPES.map((type) => [type, throughput(pages[type], elapsed)])) as Record<
    PageType,
    Throughput
  >
  return { seconds: elapsed, shoppers, steps, pages: pageFigures, orders, soldOut }
}

export type Json = Record<string, unknown>

/** One call of the product API as JSON: its status and body (the text itself when it is not JSON). */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}${API}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
  const text = await response.text()
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} }
  } catch {
    return { status: response.status, body: { text } }
  }
}

/** A Thai mobile number nobody else has, local and E.164. */
export function uniqueMobile(): { local: string; e164: string } {
  const rest = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  return { local: `08${rest}`, e164: `+668${rest}` }
}

/** The code sent to `recipient` with reference `ref`, read from the demo outbox (a moment after it was asked). */
export async function codeFor(base: string, recipient: string, ref: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { status, body } = await call(base, 'GET', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`)
    if (status !== 200) throw new Error(`outbox answered ${status}`)
    const items = (body.items ?? []) as Array<{ subject: string; body: string }>
    const code = /\b(\d{6})\b/.exec(items.find((item) => item.subject.includes(ref))?.body ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code for ${recipient}`)
}

/**
 * The back office restocks the sizes the load buys (operator API), so that a long load measures checkouts rather
 * than 'sold out' answers.
 */
export async function restock(base: string, operatorToken: string, skus: string[], stock: number): Promise<void> {
  for (const sku of skus) {
    const response = await fetch(`${base}${API}/operator/variants/${encodeURIComponent(sku)}/stock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorToken}` },
      body: JSON.stringify({ stock_online: stock }),
    })
    if (!response.ok) throw new Error(`restock ${sku}: ${response.status} ${await response.text()}`)
  }
}

export type Consistency = {
  /** Orders the shoppers were told about that the database does not have. */
  lost: string[]
  /** Orders in the database no shopper was told about (a duplicate of a retried checkout would be one). */
  unexpected: string[]
  /** Orders without items, or carts closed without exactly one order. */
  halfWritten: string[]
  /** Sizes whose stock moved by another amount than the orders took. */
  stockMismatches: { sku: string; before: number; after: number; ordered: number }[]
}

/** Stock of the given sizes now, to compare after the load. */
export async function stockOf(databaseUrl: string, skus: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ sku: string; stock_online: number }>(
      'SELECT sku, stock_online FROM variants WHERE sku = ANY($1)',
      [skus],
    )
    return new Map(rows.map((row) => [row.sku, row.stock_online]))
  } finally {
    await client.end()
  }
}

/** Checks the database against what the shoppers were told: nothing lost, duplicated, half written or miscounted. */
export async function checkConsistency(
  databaseUrl: string,
  email: string,
  placed: PlacedOrder[],
  stockBefore: Map<string, number>,
): Promise<Consistency> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows: orderRows } = await client.query<{ number: string }>('SELECT number FROM orders WHERE email = $1', [
      email,
    ])
    const inDatabase = new Set(orderRows.map((row) => row.number))
    const told = new Set(placed.map((order) => order.number))
    const { rows: empty } = await client.query<{ number: string }>(
      `SELECT o.number FROM orders o WHERE o.email = $1
         AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
      [email],
    )
    const { rows: carts } = await client.query<{ id: string; orders: string }>(
      `SELECT c.id, count(o.id)::text AS orders FROM carts c
         JOIN orders o ON o.cart_id = c.id AND o.email = $1
        GROUP BY c.id HAVING count(o.id) <> 1 OR bool_or(c.status <> 'ordered')`,
      [email],
    )
    const { rows: ordered } = await client.query<{ sku: string; quantity: string }>(
      `SELECT i.sku, sum(i.quantity)::text AS quantity FROM order_items i
         JOIN orders o ON o.id = i.order_id WHERE o.email = $1 AND i.sku = ANY($2) GROUP BY i.sku`,
      [email, [...stockBefore.keys()]],
    )
    const orderedBySku = new Map(ordered.map((row) => [row.sku, Number(row.quantity)]))
    const { rows: stockRows } = await client.query<{ sku: string; stock_online: number }>(
      'SELECT sku, stock_online FROM variants WHERE sku = ANY($1)',
      [[...stockBefore.keys()]],
    )
    const stockMismatches = stockRows.flatMap((row) => {
      const before = stockBefore.get(row.sku) ?? 0
      const quantity = orderedBySku.get(row.sku) ?? 0
      return before - row.stock_online === quantity
        ? []
        : [{ sku: row.sku, before, after: row.stock_online, ordered: quantity }]
    })
    return {
      lost: [...told].filter((number) => !inDatabase.has(number)),
      unexpected: [...inDatabase].filter((number) => !told.has(number)),
      halfWritten: [
        ...empty.map((row) => `order ${row.number} has no items`),
        ...carts.map((row) => `cart ${row.id} has ${row.orders} orders or is not closed`),
      ],
      stockMismatches,
    }
  } finally {
    await client.end()
  }
}

function hitText(page: Throughput): string {
  const percent = cacheHitPercent(page)
  return percent === null ? '-' : `${percent.toFixed(0)}%`
}

/** The load's figures as a table for the terminal. */
export function formatLoad(result: LoadResult): string {
  const lines = [
    `${result.shoppers} shoppers for ${result.seconds.toFixed(0)} s: ${result.orders.length} orders, ${result.soldOut} sold out`,
    'step       requests  errors  retried   p50 ms   p95 ms   p99 ms',
  ]
  for (const name of STEPS) {
    const s = result.steps[name]
    lines.push(
      `${name.padEnd(10)} ${String(s.count).padStart(8)} ${String(s.errors).padStart(7)} ${String(s.retried).padStart(8)} ${s.p50.toFixed(0).padStart(8)} ${s.p95.toFixed(0).padStart(8)} ${s.p99.toFixed(0).padStart(8)}`,
    )
    if (s.firstError) lines.push(`           first error: ${s.firstError}`)
  }
  lines.push('', 'page type  requests  errors    req/s   p50 ms   p99 ms  cache hits')
  for (const type of PAGE_TYPES) {
    const p = result.pages[type]
    if (p.count === 0) continue
    lines.push(
      `${type.padEnd(10)} ${String(p.count).padStart(8)} ${String(p.errors).padStart(7)} ${p.perSecond.toFixed(1).padStart(8)} ${p.p50.toFixed(0).padStart(8)} ${p.p99.toFixed(0).padStart(8)} ${hitText(p).padStart(11)}`,
    )
  }
  return lines.join('\n')
}
