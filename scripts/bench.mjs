#!/usr/bin/env node
// npm run bench: builds, starts the production server on a free port and measures it.
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
  { name: 'home /', path: '/' },
  { name: 'info /en/delivery', path: '/en/delivery' },
  { name: 'listing /category/dresses', path: '/category/dresses' },
  { name: 'static /robots.txt', path: '/robots.txt' },
]
const JS_BUDGET_BYTES = 120 * 1024

if (!process.argv.includes('--no-build')) {
  execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] })
}

const server = spawn(process.execPath, ['.output/server/index.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
})

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`${BASE}/robots.txt`)
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
    headers: { 'accept-language': 'th', accept: 'text/html' },
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
  for (const page of PAGES.filter((p) => !p.path.endsWith('.txt'))) {
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
