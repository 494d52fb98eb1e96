#!/usr/bin/env node
// Lighthouse for npm run bench (scripts/bench.mjs) and npm run bench:lighthouse (this file on its own):
// the built server on a port of its own (BENCH_LIGHTHOUSE_PORT, default 3500) over a fresh database, and
// Lighthouse's default configuration (mobile form factor, simulated throttling) in Debian's Chromium on the
// home page, a listing, a product page and the cart, BENCH_LIGHTHOUSE_RUNS times each (default 3). Prints
// the median of each score and metric per page, and whether the page meets the budget of issue 8:
// performance at least 95, accessibility, best practices and SEO 100. Every audit of the last three
// categories that failed in any run is listed under the table.
//   --no-build   on its own: measure the existing build (otherwise it builds when the build is missing or
//                older than the sources)
//   --build      on its own: always build first
//   BENCH_LIGHTHOUSE_SAVE=dir   also write every run's report there (<page>-<run>.json), to look into
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { freshDataDir, startServer } from './bench-orders.mjs'

export const LIGHTHOUSE_PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/category/dresses' },
  { name: 'product', path: '/product/linen-wrap-dress-1001' },
  { name: 'cart', path: '/cart' },
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SAVE = process.env.BENCH_LIGHTHOUSE_SAVE ?? ''

function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * One Lighthouse run on `url`. A run whose trace came out broken (NO_NAVSTART, NO_FCP and the like:
 * Chromium under load sometimes loses the navigation's first events) is repeated, twice at most.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // A Thai phone: the unprefixed paths are the Thai pages (an English browser is sent on to /en/…).
      extraHeaders: { 'Accept-Language': 'th-TH,th;q=0.9' },
    })
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
    if (!error) return result.lhr
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`)
    console.log(`Lighthouse on ${url}: ${error.code}, measuring again`)
  }
}

/** Runs Lighthouse `runs` times on each page of `base` in one headless Chromium; the raw results per page. */
async function measure(base, { runs, pages }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const results = new Map(pages.map((page) => [page.name, []]))
    // Round after round rather than page after page: a burst of load on the machine spreads over the pages.
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        const lhr = await audit(base + page.path, chrome.port)
        results.get(page.name).push(lhr)
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true })
          writeFileSync(join(SAVE, `${page.name}-${run + 1}.json`), JSON.stringify(lhr))
        }
      }
    }
    return results
  } finally {
    await chrome.kill()
  }
}

/** Median scores and metrics of one page's runs, its budget verdict and the audits that failed. */
function summarise(page, lhrs) {
  const score = (category) => Math.round(median(lhrs.map((lhr) => (lhr.categories[category]?.score ?? NaN) * 100)))
  const metric = (audit) => median(lhrs.map((lhr) => lhr.audits[audit]?.numericValue ?? NaN))
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, score(category)]))
  const failed = new Map()
  for (const lhr of lhrs) {
    for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id]
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          const items = audit.details?.items ?? []
          const where = items
            .map((item) => item.node?.selector ?? item.url ?? item.source?.url ?? item.description ?? '')
            .filter(Boolean)
            .slice(0, 3)
          failed.set(`${category}: ${ref.id}`, `${audit.title}${where.length ? ` (${where.join(', ')})` : ''}`)
        }
      }
    }
  }
  const over = CATEGORIES.filter((category) => !(scores[category] >= BUDGET[category]))
  return {
    page: `${page.name} ${page.path}`,
    scores,
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
    benchmarkIndex: median(lhrs.map((lhr) => lhr.environment?.benchmarkIndex ?? NaN)),
    over,
    failed,
  }
}

/** Prints the table of medians, the budget per page, and the failed accessibility, best-practice and SEO audits. */
export function printLighthouse(rows, { runs }) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`
  console.log(
    `\nLighthouse ${runs}× per page, median (mobile, simulated throttling; budget: performance ≥ 95, others 100)`,
  )
  console.table(
    rows.map((row) => ({
      page: row.page,
      perf: row.scores.performance,
      a11y: row.scores.accessibility,
      'best pr.': row.scores['best-practices'],
      seo: row.scores.seo,
      LCP: s(row.lcp),
      TBT: `${Math.round(row.tbt)} ms`,
      CLS: row.cls.toFixed(3),
      FCP: s(row.fcp),
      budget: row.over.length === 0 ? 'within' : `OVER (${row.over.join(', ')})`,
    })),
  )
  const index = median(rows.map((row) => row.benchmarkIndex))
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
  console.log(`Lighthouse benchmarkIndex ${Math.round(index)}; load average after the runs ${load}`)
  for (const row of rows) {
    for (const [id, title] of row.failed) console.log(`${row.page}: failed ${id}: ${title}`)
  }
}

/**
 * Starts the built server on `port` over a fresh data dir, runs Lighthouse on the pages and stops the server.
 * Returns one summary row per page.
 */
export async function lighthouseBench({
  port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3500),
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
  pages = LIGHTHOUSE_PAGES,
} = {}) {
  const data = freshDataDir()
  try {
    // SITE_URL is this server, so that canonical and hreflang links point at the pages measured.
    const env = { DATA_DIR: data.dir, SITE_URL: `http://127.0.0.1:${port}` }
    const server = await startServer({ port, env, readyPath: '/category/dresses' })
    try {
      // One request per page first, so that no run pays for a cold database or first compilation.
      for (const page of pages) await (await fetch(server.base + page.path)).arrayBuffer()
      const results = await measure(server.base, { runs, pages })
      return pages.map((page) => summarise(page, results.get(page.name)))
    } finally {
      await server.stop()
    }
  } finally {
    data.remove()
  }
}

/** Newest modification time under the given files and directories. */
function newest(paths) {
  let latest = 0
  for (const path of paths) {
    if (!existsSync(path)) continue
    const stat = statSync(path)
    if (stat.isDirectory()) {
      latest = Math.max(latest, newest(readdirSync(path).map((name) => join(path, name))))
    } else {
      latest = Math.max(latest, stat.mtimeMs)
    }
  }
  return latest
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const entry = '.output/server/index.mjs'
  const stale =
    !existsSync(entry) ||
    statSync(entry).mtimeMs < newest(['src', 'locales', 'public', 'vite.config.ts', 'package-lock.json'])
  if (process.argv.includes('--build') || (stale && !process.argv.includes('--no-build'))) {
    execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] })
  }
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
  printLighthouse(await lighthouseBench({ runs }), { runs })
}
