#!/usr/bin/env node
// The first-load JavaScript of npm run bench (scripts/bench.mjs), or of this file on its own against a built
// server (node scripts/bench-js.mjs [base], default: starts .output on BENCH_JS_PORT, 3510, over a fresh data dir).
// Per page type (home, listing, product page, search, an information page, cart, checkout, login and a member's
// account; a Thai Pixel 7 on a first visit, Accept-Language: th), against issues 18 and 29's budgets:
//   - the entry script plus the modulepreloads of the served HTML: files, raw, gzip and brotli bytes as the
//     server sends them (the build's .gz and .br copies, Nitro compressPublicAssets; a file too small to have
//     them travels raw): at most 125 KB brotli;
//   - the JavaScript Chromium actually transferred before the page was usable: every script response (module
//     preloads, the entry, and what the entry imports, e.g. the message catalogs) that ended before
//     `html[data-hydrated="true"]` was set, encoded body bytes as on the wire (Chromium's own Accept-Encoding):
//     at most 130 KB;
//   - every script the phone downloaded until the network was idle (issue 29: what loads after hydration, on idle
//     or at once, counts too; 500 ms without a request after the page went idle): at most 130 KB as well;
//   - the page's cumulative layout shift (the largest session window of layout-shift entries without input, as
//     Core Web Vitals counts it) with the web fonts arriving FONT_DELAY_MS after they are asked for, as on a phone's
//     network: at most 0.1, and the elements that moved.
// Cart and checkout are measured with an item in a guest's cart, the account as a logged-in member (both made
// through the shop's API); these shoppers have answered the cookie banner, the others see it as a first visit does.
// Before measuring its own build it checks that no file of it holds devtools code (scripts/devtools-check.mjs,
// decision 035) and exits with status 1 if one does.
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium, devices } from '@playwright/test'
import { devtoolsInBuild, devtoolsMessage } from './devtools-check.mjs'
import { returningShopperCookie } from './bench-side-by-side.mjs'
import { ADMIN_ASSETS_URL } from './admin-build.ts'
import { clsOf } from './bench-stats.ts'
import { JS_PAGES, PRODUCT } from './js-pages.mjs'

export const ENTRY_BROTLI_BUDGET = 125 * 1024
export const TRANSFERRED_BUDGET = 130 * 1024
/** Issue 29: every script until the network is idle, on every page type. */
export const UNTIL_IDLE_BUDGET = 130 * 1024
/** A good cumulative layout shift (Core Web Vitals). */
export const CLS_BUDGET = 0.1
/** How long a web font takes to arrive on a phone's network, after the page asked for it. */
export const FONT_DELAY_MS = Number(process.env.BENCH_JS_FONT_DELAY_MS ?? 400)
/** The network counts as idle after this long without a request under way (as Playwright's networkidle). */
const QUIET_MS = 500
const PUBLIC_DIR = '.output/public'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const API = '/api/public/demo'
const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** The entry script and the modulepreloads of a page's HTML, in document order. */
export function firstLoadScripts(html) {
  const urls = new Set()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1])
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(match[1])
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(match[1])
  return [...urls]
}

/** Bytes of one built file as served: raw, and gzip/brotli from the build's precompressed copies. */
function servedSizes(path, body) {
  const file = join(PUBLIC_DIR, path)
  const sizeOf = (suffix) => (existsSync(file + suffix) ? statSync(file + suffix).size : null)
  const br = sizeOf('.br')
  const gz = sizeOf('.gz')
  return {
    raw: body.length,
    // Nitro compresses only files worth it; a small file goes out as it is.
    gzip: gz ?? body.length,
    brotli: br ?? body.length,
    // For comparison with the old table: gzip -9 of every file, small ones included.
    gzip9: gzipSync(body, { level: 9 }).length,
  }
}

/** Entry plus modulepreloads of `path` on `base` (as `cookie`'s shopper): files, raw, gzip, brotli and the files. */
export async function firstLoadJs(base, path, { cookie = '', referer } = {}) {
  const headers = { 'accept-language': 'th', accept: 'text/html' }
  if (cookie) headers.cookie = cookie
  if (referer) headers.referer = referer
  const response = await fetch(base + path, { headers, redirect: 'manual' })
  const html = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: the shopper's cookies are wrong`)
  const urls = firstLoadScripts(html)
  const total = { files: urls.length, raw: 0, gzip: 0, brotli: 0, gzip9: 0, urls }
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())
    const sizes = servedSizes(new URL(url, base).pathname, body)
    for (const key of ['raw', 'gzip', 'brotli', 'gzip9']) total[key] += sizes[key]
  }
  return total
}

/**
 * One page on a Pixel 7 in Thai, in a fresh context (empty cache) with `cookies`: Resource Timing's encoded body
 * sizes of every script that ended before React marked the page hydrated, and of every script until the network was
 * idle; and the layout shifts meanwhile, the web fonts delayed by FONT_DELAY_MS. Returns { scripts, encoded,
 * transfer, decoded, hydratedMs, urls, idle: { scripts, encoded, urls }, cls, shifts, encodings }.
 */
export async function transferredJs(browser, base, path, { cookies = [], referer } = {}) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    locale: 'th-TH',
    extraHTTPHeaders: { 'accept-language': 'th' },
  })
  try {
    if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })))
    // A phone's network: the fonts come a moment after the page asked for them, as the first paint is there.
    await context.route(/\.woff2($|\?)/, async (route) => {
      await sleep(FONT_DELAY_MS)
      await route.continue()
    })
    const page = await context.newPage()
    // The moment the attribute appears, on the page's own clock, and every layout shift with what moved.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated === 'true') {
          window.__hydratedAt = performance.now()
          observer.disconnect()
        }
      })
      // The document, not its root element: an init script runs before the root element exists.
      observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
      window.__shifts = []
      const describe = (node) => {
        if (!node || node.nodeType !== 1) return node?.nodeName ?? '?'
        const classes = typeof node.className === 'string' ? node.className.trim().split(/\s+/).slice(0, 2) : []
        return [node.tagName.toLowerCase(), ...classes].join('.')
      }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue
          window.__shifts.push({
            startTime: entry.startTime,
            value: entry.value,
            sources: (entry.sources ?? []).map((source) => describe(source.node)),
          })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const encodings = new Set()
    let inFlight = 0
    let lastActivity = Date.now()
    const started = () => {
      inFlight++
      lastActivity = Date.now()
    }
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1)
      lastActivity = Date.now()
    }
    page.on('request', started)
    page.on('requestfinished', ended)
    page.on('requestfailed', ended)
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        encodings.add(response.headers()['content-encoding'] ?? 'identity')
    })
    await page.goto(base + path, { waitUntil: 'domcontentloaded', referer: referer ? base + referer : undefined })
    if (new URL(page.url()).pathname !== new URL(base + path).pathname) {
      throw new Error(`${path} went to ${page.url()}: the shopper's cookies are wrong`)
    }
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 30_000 })
    // Until idle: what the page loads after hydration, at once or when the browser is idle, then 500 ms of quiet.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(), { timeout: 5000 })))
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) await sleep(50)
    const result = await page.evaluate(() => {
      const hydratedAt = window.__hydratedAt ?? performance.now()
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      const before = scripts.filter((entry) => entry.responseEnd <= hydratedAt)
      const sum = (entries, key) => entries.reduce((total, entry) => total + entry[key], 0)
      return {
        hydratedMs: Math.round(hydratedAt),
        scripts: before.length,
        encoded: sum(before, 'encodedBodySize'),
        transfer: sum(before, 'transferSize'),
        decoded: sum(before, 'decodedBodySize'),
        urls: before.map((entry) => new URL(entry.name).pathname),
        idle: {
          scripts: scripts.length,
          encoded: sum(scripts, 'encodedBodySize'),
          urls: scripts.map((entry) => new URL(entry.name).pathname),
          sizes: scripts.map((entry) => entry.encodedBodySize),
        },
        shifts: window.__shifts,
      }
    })
    return { ...result, cls: clsOf(result.shifts), encodings: [...encodings].join(', ') }
  } finally {
    await context.close()
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The shoppers of JS_PAGES made through the shop's API: a guest with an item in the cart, a member with one. */
async function shoppers(base) {
  const consent = [
    { name: 'cookie_consent', value: 'true' },
    {
      name: 'cookie_consent_prefs',
      value: encodeURIComponent(JSON.stringify({ accepted: true, ga: true, ad: false })),
    },
  ]
  const product = await (await fetch(`${base}${API}/products/${PRODUCT.split('/').at(-1)}?lang=th&currency=thb`)).json()
  const variant = product.variants.find((v) => v.available_online && !v.low_stock) ?? product.variants[0]
  const cart = await (
    await fetch(`${base}${API}/cart/items?lang=th&currency=thb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ sku: variant.sku, quantity: 1 }),
    })
  ).json()
  if (!cart.cart_token) throw new Error('no guest cart made')
  const member = (await returningShopperCookie(base)).split('; ').map((pair) => {
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1) }
  })
  return { first: [], cart: [...consent, { name: 'cart_token', value: cart.cart_token }], member }
}

const cookieHeader = (cookies) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

/** Measures every page of JS_PAGES on `base`; one row per page. */
export async function jsBench(base, { pages = JS_PAGES } = {}) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  })
  try {
    const cookiesOf = await shoppers(base)
    const rows = []
    for (const page of pages) {
      const cookies = cookiesOf[page.shopper ?? 'first']
      const referer = page.from ? base + page.from : undefined
      const first = await firstLoadJs(base, page.path, { cookie: cookieHeader(cookies), referer })
      const wire = await transferredJs(browser, base, page.path, { cookies, referer: page.from })
      rows.push({ page, first, wire })
    }
    return rows
  } finally {
    await browser.close()
  }
}

/** Exits with status 1 and names the files when the production build holds devtools code (decision 035). */
export function assertNoDevtools() {
  const findings = devtoolsInBuild()
  if (findings.length > 0) {
    console.error(devtoolsMessage(findings))
    process.exit(1)
  }
  console.log('No devtools code in the production build (.output/public, .output/server).')
}

/** The tables of issue 18, item 2 and issue 29, item 24. */
export function printJs(rows) {
  console.log(
    `\nFirst-load JavaScript (a Thai Pixel 7, first visit; cart and checkout with a guest's cart, account logged in): ` +
      'entry plus modulepreloads as served, what Chromium transferred before hydration and until the network was idle',
  )
  console.table(
    rows.map(({ page, first, wire }) => ({
      page: `${page.name} ${page.path}`,
      files: first.files,
      brotli: kb(first.brotli),
      'entry ≤ 125': first.brotli <= ENTRY_BROTLI_BUDGET ? 'within' : 'OVER',
      'before hydration': `${kb(wire.encoded)} (${wire.scripts})`,
      'hydr. ≤ 130': wire.encoded <= TRANSFERRED_BUDGET ? 'within' : 'OVER',
      'until idle': `${kb(wire.idle.encoded)} (${wire.idle.scripts})`,
      'idle ≤ 130': wire.idle.encoded <= UNTIL_IDLE_BUDGET ? 'within' : 'OVER',
      'hydrated ms': wire.hydratedMs,
      encoding: wire.encodings,
    })),
  )
  console.log(`\nLayout shift (CLS, largest session window; fonts ${FONT_DELAY_MS} ms late), budget ${CLS_BUDGET}`)
  console.table(
    rows.map(({ page, wire }) => ({
      page: `${page.name} ${page.path}`,
      CLS: wire.cls.toFixed(3),
      budget: wire.cls <= CLS_BUDGET ? 'within' : 'OVER',
      'what moved': [...new Set(wire.shifts.flatMap((shift) => shift.sources))].slice(0, 4).join(' '),
    })),
  )
  // Decision 177: not one byte of the back office in a shopper's load, until the network is idle (exit status 1).
  const adminFiles = rows.flatMap(({ page, first, wire }) =>
    [...first.urls, ...wire.idle.urls]
      .filter((url) => new URL(url, 'http://x').pathname.startsWith(ADMIN_ASSETS_URL))
      .map((url) => `${page.name} ${url}`),
  )
  if (adminFiles.length > 0) {
    console.error(`\nBack office files in a shopper's load (decision 177): ${adminFiles.join(', ')}`)
    process.exitCode = 1
  } else console.log(`\nNo shopper page loaded a file of the back office (${ADMIN_ASSETS_URL}, decision 177).`)
  for (const { page, first, wire } of rows) {
    const extra = wire.urls.filter((url) => !first.urls.includes(url))
    if (extra.length > 0) console.log(`${page.name}: loaded before hydration besides the preloads: ${extra.join(' ')}`)
    const later = wire.idle.urls
      .map((url, index) => ({ url, size: wire.idle.sizes[index] }))
      .filter(({ url }) => !wire.urls.includes(url))
    if (later.length > 0)
      console.log(
        `${page.name}: loaded after hydration: ${later.map(({ url, size }) => `${url} ${kb(size)}`).join(', ')}`,
      )
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
  if (given) {
    // A server given by its address: the local build is checked when there is one (it may be another build).
    if (existsSync('.output/server/index.mjs')) assertNoDevtools()
    printJs(await jsBench(given.replace(/\/$/, '')))
  } else {
    const { freshDataDir, startServer } = await import('./bench-orders.mjs')
    if (!existsSync('.output/server/index.mjs')) throw new Error('no build: run npm run build first')
    assertNoDevtools()
    const data = freshDataDir()
    try {
      const port = Number(process.env.BENCH_JS_PORT ?? 3510)
      const server = await startServer({ port, env: { DATA_DIR: data.dir }, readyPath: '/category/dresses' })
      try {
        printJs(await jsBench(server.base))
      } finally {
        await server.stop()
      }
    } finally {
      data.remove()
    }
  }
}
