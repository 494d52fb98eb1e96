// Checkout benchmark for npm run bench (scripts/bench.mjs): servers of the build started in their own
// process group, and "add to cart, then place the order" by concurrent guest shoppers against one of them.
// Orders take stock, so each run gets a server on a fresh database (a new PGlite data dir, or a new
// PostgreSQL database).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'

const API = '/api/public/demo'
const ORDER_BODY = JSON.stringify({
  email: 'bench@example.com',
  telephone: '0812345678',
  shipping_method: 'pickup',
  store_id: 'siam-paragon',
  payment_method: 'bank_transfer',
})

/** Process groups of the servers still running, and temporary data dirs; cleared on exit whatever happens. */
const running = new Set()
const dataDirs = new Set()
process.on('exit', () => {
  for (const server of running) killGroup(server, 'SIGKILL')
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => process.exit(code))
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts .output/server/index.mjs on 127.0.0.1:port in its own process group and waits until `readyPath`
 * answers 2xx (the database is then open, migrated and seeded). Returns { base, stop }.
 */
export async function startServer({
  port,
  env = {},
  readyPath,
  accept = 'text/html',
  quiet = true,
  timeoutMs = 180_000,
}) {
  const base = `http://127.0.0.1:${port}`
  const busy = await fetch(base + readyPath, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  )
  if (busy) throw new Error(`port ${port} is already taken by another server (set BENCH_PORT)`)

  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    detached: true, // own process group, so that stop() takes whatever it started too
    stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'pipe'],
  })
  running.add(child)
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let gone = false
  exited.then(() => {
    gone = true
    running.delete(child)
  })

  async function stop() {
    if (gone) return
    killGroup(child, 'SIGTERM')
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }

  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (gone) throw new Error(`server on port ${port} exited before it was ready\n${stderr}`)
      if (Date.now() > deadline) throw new Error(`server on port ${port} did not start within ${timeoutMs / 1000} s`)
      try {
        const response = await fetch(base + readyPath, { headers: { accept } })
        await response.arrayBuffer()
        if (response.ok) break
      } catch {
        // not up yet
      }
      await sleep(100)
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}

async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Sizes that are on sale online and not low on stock (3 or more), at least `needed` of them if there are. */
export async function plentifulSkus(base, needed) {
  const skus = []
  for (let page = 1; skus.length < needed; page++) {
    const list = await getJson(
      `${base}${API}/products?page_size=100&page=${page}&available=true&lang=en&currency=thb&sort=newest`,
    )
    const ids = list.items.map((item) => item.id)
    for (let i = 0; i < ids.length; i += 20) {
      const details = await Promise.all(
        ids
          .slice(i, i + 20)
          .map((id) => getJson(`${base}${API}/products/${encodeURIComponent(id)}?lang=en&currency=thb`)),
      )
      for (const product of details) {
        for (const variant of product.variants ?? []) {
          if (variant.available_online && !variant.low_stock) skus.push(variant.sku)
        }
      }
    }
    if (page >= list.total_pages) break
  }
  if (skus.length === 0) throw new Error('no size in stock to order')
  return skus
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function newStep() {
  return { requests: 0, timings: [], ok: 0, outOfStock: 0, errors: 0, firstError: null }
}

async function timed(step, url, init, okStatus) {
  step.requests++
  const started = performance.now()
  let response
  let body
  try {
    response = await fetch(url, init)
    body = await response.json().catch(() => null)
  } catch (error) {
    step.errors++
    step.firstError ??= String(error)
    return null
  }
  step.timings.push(performance.now() - started)
  if (response.status === okStatus) {
    step.ok++
    return body
  }
  if (response.status === 409 && body?.reason === 'OUT_OF_STOCK') step.outOfStock++
  else {
    step.errors++
    step.firstError ??= `${response.status} ${JSON.stringify(body)}`
  }
  return null
}

/**
 * `shoppers` guests at once, each `iterations` times: add one size to a new guest cart, then place the
 * order of that cart (pickup, bank transfer). One round of each shopper first as the warm-up. `skus`: the
 * sizes to order, for several runs on one server (default: found in its catalog with plentifulSkus).
 */
export async function checkoutBench(base, { shoppers, iterations, label, skus: given }) {
  const skus = given ?? (await plentifulSkus(base, shoppers * (iterations + 1)))
  let next = 0
  const run = randomBytes(4).toString('hex')

  async function checkout(steps, shopper, round) {
    const sku = skus[next++ % skus.length]
    const cart = await timed(
      steps.add,
      `${base}${API}/cart/items?currency=thb&lang=en`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ sku, quantity: 1 }),
      },
      201,
    )
    if (!cart?.cart_token) return
    await timed(
      steps.place,
      `${base}${API}/orders?currency=thb&lang=en`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-cart-token': cart.cart_token,
          'idempotency-key': `bench-${run}-${shopper}-${round}`,
        },
        body: ORDER_BODY,
      },
      201,
    )
  }

  const warmUp = { add: newStep(), place: newStep() }
  await Promise.all(Array.from({ length: shoppers }, (_, shopper) => checkout(warmUp, shopper, 'w')))

  const steps = { add: newStep(), place: newStep() }
  const started = performance.now()
  await Promise.all(
    Array.from({ length: shoppers }, async (_, shopper) => {
      for (let round = 0; round < iterations; round++) await checkout(steps, shopper, round)
    }),
  )
  const seconds = (performance.now() - started) / 1000

  return ['add', 'place'].map((name) => {
    const step = steps[name]
    const sorted = step.timings.toSorted((a, b) => a - b)
    return {
      engine: label,
      step: name === 'add' ? 'add to cart' : 'place order',
      requests: step.requests,
      ok: step.ok,
      outOfStock: step.outOfStock,
      errors: step.errors,
      perSecond: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      firstError: step.firstError,
    }
  })
}

/** A fresh PGlite data directory; remove() deletes it. */
export function freshDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-checkout-'))
  dataDirs.add(dir)
  return {
    dir,
    remove() {
      rmSync(dir, { recursive: true, force: true })
      dataDirs.delete(dir)
    },
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl`; drop() removes it. */
export async function freshPostgresDatabase(adminUrl) {
  const name = `bench_checkout_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
