/**
 * The figures of the mixed shopper load (scripts/load.ts, issue 18 item 3): each request classified by page type,
 * throughput and latency per page type, and the same load with one and with more instances side by side with the
 * scaling ratio. Pure functions (tests/unit/load-report.test.ts).
 */

/** What a virtual shopper asks for, by the page or API call a browser would make. */
export const PAGE_TYPES = ['home', 'listing', 'search', 'product', 'cart', 'checkout', 'other'] as const
export type PageType = (typeof PAGE_TYPES)[number]

const LOCALE_PREFIX = /^\/(en|th)(?=\/|$)/

/**
 * The page type of a request: pages by their path without the language prefix (/, /category/…, /product?page=… is
 * the listing of all products, /product/… a product page, /search), the product API's cart and order calls.
 */
export function pageTypeOf(method: string, url: string): PageType {
  let path: string
  try {
    path = new URL(url, 'http://shop.invalid').pathname
  } catch {
    return 'other'
  }
  const api = /^\/api\/public\/[^/]+(\/.*)$/.exec(path)?.[1]
  if (api !== undefined) {
    if (/^\/cart(\/|$)/.test(api)) return 'cart'
    if (/^\/orders\/?$/.test(api) && method.toUpperCase() === 'POST') return 'checkout'
    return 'other'
  }
  const page = path.replace(LOCALE_PREFIX, '') || '/'
  if (page === '/') return 'home'
  if (/^\/(category|collection)\/[^/]+\/?$/.test(page) || /^\/product\/?$/.test(page)) return 'listing'
  if (/^\/product\/[^/]+\/?$/.test(page)) return 'product'
  if (/^\/search\/?$/.test(page)) return 'search'
  if (/^\/(cart)\/?$/.test(page)) return 'cart'
  if (/^\/checkout(\/|$)/.test(page)) return 'checkout'
  return 'other'
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** Timings of the answered requests, the errors, and the X-Page-Cache of the answers (hit or miss; else neither). */
export type Timings = { timings: number[]; errors: number; cacheHits?: number; cacheMisses?: number }

export type Throughput = {
  /** Requests answered as expected, plus errors. */
  count: number
  errors: number
  /** Answered requests per second of the load. */
  perSecond: number
  p50: number
  p95: number
  p99: number
  /** Answers the shared page cache gave (X-Page-Cache: hit), and pages it rendered (miss). */
  cacheHits: number
  cacheMisses: number
}

/** The share of cache hits among the answers that said hit or miss, in percent; null when none said either. */
export function cacheHitPercent(figures: Pick<Throughput, 'cacheHits' | 'cacheMisses'>): number | null {
  const said = figures.cacheHits + figures.cacheMisses
  return said > 0 ? (100 * figures.cacheHits) / said : null
}

/** Throughput and percentiles of one recorder over a load of `seconds`. */
export function throughput(recorded: Timings, seconds: number): Throughput {
  const sorted = recorded.timings.toSorted((a, b) => a - b)
  return {
    count: sorted.length + recorded.errors,
    errors: recorded.errors,
    perSecond: seconds > 0 ? sorted.length / seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    cacheHits: recorded.cacheHits ?? 0,
    cacheMisses: recorded.cacheMisses ?? 0,
  }
}

/** What a comparison needs of one load: per page type, per step, and how long it ran. */
export type LoadFigures = {
  instances: number
  seconds: number
  pages: Partial<Record<PageType, Throughput>>
  steps: Record<string, { count: number; errors: number; p99: number }>
  orders: number
}

/** Sum of answered requests per second over all page types. */
export function totalPerSecond(figures: LoadFigures): number {
  return Object.values(figures.pages).reduce((sum, page) => sum + (page?.perSecond ?? 0), 0)
}

/** How many times the last load's throughput is the first's (1.00: no gain); null without a first throughput. */
export function scalingRatio(first: number, last: number): number | null {
  return first > 0 ? last / first : null
}

function table(rows: string[][]): string {
  const widths: number[] = []
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)))
  return rows
    .map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))))
    .map((row) => row.join('  ').trimEnd())
    .join('\n')
}

const ratioText = (ratio: number | null) => (ratio === null ? '-' : `×${ratio.toFixed(2)}`)

/**
 * The loads side by side: per page type the answered requests per second and p99 of each, and the scaling ratio of
 * the last to the first; then p99 per step of each; then the totals.
 */
export function formatComparison(loads: readonly LoadFigures[]): string {
  if (loads.length === 0) return 'no load measured'
  const first = loads[0]
  const last = loads.at(-1)
  if (!first || !last) return 'no load measured'
  const name = (load: LoadFigures) => `${load.instances} inst.`
  const types = PAGE_TYPES.filter((type) => loads.some((load) => (load.pages[type]?.count ?? 0) > 0))
  const pageRows = [
    [
      'page type',
      ...loads.flatMap((load) => [`${name(load)} req/s`, `${name(load)} p99 ms`, `${name(load)} cache hits`]),
      'errors',
      'scaling',
    ],
    ...types.map((type) => [
      type,
      ...loads.flatMap((load) => {
        const page = load.pages[type]
        const hits = page ? cacheHitPercent(page) : null
        return [
          page ? page.perSecond.toFixed(1) : '-',
          page ? page.p99.toFixed(0) : '-',
          hits === null ? '-' : `${hits.toFixed(0)}%`,
        ]
      }),
      loads.map((load) => String(load.pages[type]?.errors ?? 0)).join(' / '),
      ratioText(scalingRatio(first.pages[type]?.perSecond ?? 0, last.pages[type]?.perSecond ?? 0)),
    ]),
    [
      'all',
      ...loads.flatMap((load) => [totalPerSecond(load).toFixed(1), '', '']),
      loads.map((load) => String(Object.values(load.pages).reduce((sum, p) => sum + (p?.errors ?? 0), 0))).join(' / '),
      ratioText(scalingRatio(totalPerSecond(first), totalPerSecond(last))),
    ],
  ]
  const steps = Object.keys(first.steps)
  const stepRows = [
    ['step', ...loads.flatMap((load) => [`${name(load)} requests`, `${name(load)} p99 ms`]), 'errors'],
    ...steps.map((step) => [
      step,
      ...loads.flatMap((load) => {
        const figures = load.steps[step]
        return [figures ? String(figures.count) : '-', figures ? figures.p99.toFixed(0) : '-']
      }),
      loads.map((load) => String(load.steps[step]?.errors ?? 0)).join(' / '),
    ]),
  ]
  const orders = loads.map((load) => `${name(load)}: ${load.orders} orders in ${load.seconds.toFixed(0)} s`).join(', ')
  return [
    'Throughput per page type (answered requests per second), p99, and the share of pages the shared page cache answered',
    table(pageRows),
    '',
    'p99 per step',
    table(stepRows),
    '',
    `${orders}; scaling ${name(first)} → ${name(last)}: ${ratioText(scalingRatio(totalPerSecond(first), totalPerSecond(last)))}`,
  ].join('\n')
}
