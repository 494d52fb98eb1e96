#!/usr/bin/env node
// The first-load JavaScript of npm run bench (scripts/bench.mjs), or of this file on its own against a built
// server (node scripts/bench-js.mjs [base], default: starts .output on BENCH_JS_PORT, 3510, over a fresh data dir).
// Per page (home, listing, product page; a Thai phone, Accept-Language: th), against issue 18's budgets:
//   - the entry script plus the modulepreloads of the served HTML: files, raw, gzip and brotli bytes as the
//     server sends them (the build's .gz and .br copies, Nitro compressPublicAssets; a file too small to have
//     them travels raw): at most 125 KB brotli;
//   - the JavaScript Chromium actually transferred before the page was usable: every script response (module
//     preloads, the entry, and what the entry imports, e.g. the message catalogs) that ended before
//     `html[data-hydrated="true"]` was set, encoded body bytes as on the wire (Chromium's own Accept-Encoding):
//     at most 130 KB.
// Before measuring its own build it checks that no file of it holds devtools code (scripts/devtools-check.mjs,
// decision 035) and exits with status 1 if one does.
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { devtoolsInBuild, devtoolsMessage } from './devtools-check.mjs'

export const JS_PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/category/dresses' },
  { name: 'product', path: '/product/linen-wrap-dress-1001' },
]
export const ENTRY_BROTLI_BUDGET = 125 * 1024
export const TRANSFERRED_BUDGET = 130 * 1024
const PUBLIC_DIR = '.output/public'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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

/** Entry plus modulepreloads of `path` on `base`: files, raw, gzip, brotli (as served) and the file list. */
export async function firstLoadJs(base, path) {
  const html = await (await fetch(base + path, { headers: { 'accept-language': 'th' } })).text()
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
 * Script bytes Chromium transferred before `html[data-hydrated="true"]`: a fresh context per page (empty
 * cache), Resource Timing's encoded body sizes of every script (and modulepreload) that ended before React
 * marked the page hydrated. Returns { scripts, encoded, transfer (with headers), decoded, hydratedMs, urls }.
 */
export async function transferredJs(browser, base, path) {
  const context = await browser.newContext({ locale: 'th-TH', extraHTTPHeaders: { 'accept-language': 'th' } })
  try {
    const page = await context.newPage()
    // The moment the attribute appears, on the page's own clock.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated === 'true') {
          window.__hydratedAt = performance.now()
          observer.disconnect()
        }
      })
      // The document, not its root element: an init script runs before the root element exists.
      observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    })
    const encodings = new Set()
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) encodings.add(response.headers()['content-encoding'] ?? 'identity')
    })
    await page.goto(base + path, { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 30_000 })
    const result = await page.evaluate(() => {
      const hydratedAt = window.__hydratedAt ?? performance.now()
      const entries = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= hydratedAt)
      return {
        hydratedMs: Math.round(hydratedAt),
        scripts: entries.length,
        encoded: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        transfer: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
        decoded: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        urls: entries.map((entry) => new URL(entry.name).pathname),
      }
    })
    return { ...result, encodings: [...encodings].join(', ') }
  } finally {
    await context.close()
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** Measures every page of JS_PAGES on `base`; one row per page. */
export async function jsBench(base, { pages = JS_PAGES } = {}) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  })
  try {
    const rows = []
    for (const page of pages) {
      const first = await firstLoadJs(base, page.path)
      const wire = await transferredJs(browser, base, page.path)
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

/** The table of issue 18, item 2. */
export function printJs(rows) {
  console.log(
    '\nFirst-load JavaScript (a Thai phone): entry plus modulepreloads as served, and what Chromium transferred before hydration',
  )
  console.table(
    rows.map(({ page, first, wire }) => ({
      page: `${page.name} ${page.path}`,
      files: first.files,
      raw: kb(first.raw),
      gzip: kb(first.gzip),
      brotli: kb(first.brotli),
      'entry budget': first.brotli <= ENTRY_BROTLI_BUDGET ? 'within 125 KB' : 'OVER 125 KB',
      'scripts loaded': wire.scripts,
      transferred: kb(wire.encoded),
      'with headers': kb(wire.transfer),
      encoding: wire.encodings,
      'wire budget': wire.encoded <= TRANSFERRED_BUDGET ? 'within 130 KB' : 'OVER 130 KB',
    })),
  )
  for (const { page, first, wire } of rows) {
    const extra = wire.urls.filter((url) => !first.urls.includes(url))
    if (extra.length > 0) console.log(`${page.name}: loaded before hydration besides the preloads: ${extra.join(' ')}`)
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
