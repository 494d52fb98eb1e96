#!/usr/bin/env node
// npm run bench: builds, starts the production server on a free port and measures it.
//   --no-build            measure the existing build
//   --search-sizes=a,b    catalog sizes for the search latency (default 320,10000,100000; none to skip)
//   --postgres            search latency on a throw-away PostgreSQL instead of PGlite
// SSR throughput and latency per page beside a static file served by the same server, and the
// first-load JavaScript of pages (entry script plus modulepreloads in the served HTML, gzip).
import { spawn, execSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const PORT = Number(process.env.BENCH_PORT ?? 3300)
const BASE = `http://127.0.0.1:${PORT}`
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PAGES = [
  { name: 'home /', path: '/', js: true },
  { name: 'listing /category/dresses', path: '/category/dresses', js: true },
  { name: 'product /product/linen-wrap-dress-1001', path: '/product/linen-wrap-dress-1001', js: true },
  { name: 'search /search?q=dress', path: '/search?q=dress' },
  { name: 'info /en/delivery', path: '/en/delivery' },
  { name: 'static /favicon.svg', path: '/favicon.svg' },
]
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const SEARCH_SIZES = option('search-sizes', process.env.BENCH_SEARCH_SIZES ?? '320,10000,100000')
const JS_BUDGET_BYTES = 120 * 1024

if (!process.argv.includes('--no-build')) {
  execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] })
}

const server = spawn(process.execPath, ['.output/server/index.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production' },
  // The server's own log stays out of the tables: autocannon closing its sockets logs aborted requests.
  stdio: ['ignore', 'ignore', 'ignore'],
})

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      // Ready when a catalog page answers: the database is open, migrated and seeded.
      const response = await fetch(`${BASE}/category/dresses`, { headers: { accept: 'text/html' } })
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('server did not start')
}

function run(path, seconds) {
  return autocannon({
    url: BASE + path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      'accept-language': 'th',
      accept: 'text/html',
      cookie: 'i18n_redirected=th; ab_variant=A; store_region=TH',
    },
  })
}

async function firstLoadJs(path) {
  const html = await (await fetch(BASE + path, { headers: { 'accept-language': 'th' } })).text()
  const urls = new Set()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1])
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(match[1])
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(match[1])
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: urls.size, raw, gzip }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

try {
  await waitForServer()
  const rows = []
  for (const page of PAGES) {
    await run(page.path, 2) // warm-up
    const result = await run(page.path, DURATION)
    rows.push({
      page: page.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    })
  }
  console.log(`\nSSR and static throughput (${CONNECTIONS} connections, ${DURATION} s each, after 2 s warm-up)`)
  console.table(rows)

  const jsRows = []
  for (const page of PAGES.filter((p) => p.js)) {
    const js = await firstLoadJs(page.path)
    jsRows.push({
      page: page.name,
      files: js.files,
      raw: kb(js.raw),
      gzip: kb(js.gzip),
      budget: js.gzip <= JS_BUDGET_BYTES ? 'within 120 KB' : 'OVER 120 KB',
    })
  }
  console.log('\nFirst-load JavaScript (entry script plus modulepreloads)')
  console.table(jsRows)
} finally {
  server.kill('SIGTERM')
}

// Search latency through the API at catalog sizes (separate databases under data/bench-<size>, or on
// PostgreSQL with --postgres, which starts Debian's PostgreSQL on loopback for the run).
if (SEARCH_SIZES !== 'none') {
  const env = { ...process.env }
  let stopPostgres = null
  if (process.argv.includes('--postgres')) {
    env.BENCH_DATABASE_URL = execSync('bash scripts/postgres.sh start', { encoding: 'utf8' }).trim()
    stopPostgres = () => execSync('bash scripts/postgres.sh stop')
  }
  try {
    execSync(`npx tsx scripts/bench-search.ts ${SEARCH_SIZES}`, { stdio: 'inherit', env })
  } finally {
    stopPostgres?.()
  }
}
