/**
 * The built server on its own embedded database, as an operator runs it (issue 14): a write survives every way of
 * stopping, a second server on the same directory is refused, and a backup taken while the shop runs restores.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from './test'

const run = promisify(execFile)
const PORT = 3187
const BASE = `http://127.0.0.1:${PORT}`
const API = `${BASE}/api/public/demo`

test.describe.configure({ mode: 'serial' })

let dataDir = ''
let server: ChildProcess | null = null
let output = ''

function start(port = PORT, env: Record<string, string> = {}): Promise<ChildProcess> {
  output = ''
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return Promise.resolve(child)
}

async function ready(child: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}): ${output}`)
        const response = await fetch(`${API}/categories`).catch(() => null)
        return response?.status ?? 0
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(200)
}

function ended(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((done) => child.once('exit', (code) => done(code)))
}

/** A guest's cart with one piece: the shop's acknowledged write, and the token to find it again. */
async function addToCart(): Promise<string> {
  const product = (await (await fetch(`${API}/products?page_size=20&available=true&lang=en&currency=thb`)).json()) as {
    items: { id: string }[]
  }
  for (const { id } of product.items) {
    const detail = (await (await fetch(`${API}/products/${encodeURIComponent(id)}?lang=en&currency=thb`)).json()) as {
      variants: { sku: string; available_online: boolean }[]
    }
    const sku = detail.variants.find((variant) => variant.available_online)?.sku
    if (!sku) continue
    const added = await fetch(`${API}/cart/items?currency=thb&lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku, quantity: 1 }),
    })
    expect(added.status).toBe(201)
    return String(((await added.json()) as { cart_token: string }).cart_token)
  }
  throw new Error('nothing in stock')
}

async function cartCount(token: string): Promise<number> {
  const cart = await fetch(`${API}/cart?currency=thb&lang=en`, { headers: { 'x-cart-token': token } })
  return ((await cart.json()) as { count: number }).count
}

function npm(script: string, args: string[] = []) {
  return run('npm', ['run', '--silent', script, '--', ...args], { env: { ...process.env, DATA_DIR: dataDir } })
}

test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'operations-'))
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL')
    await ended(server)
  }
  rmSync(dataDir, { recursive: true, force: true })
})

test('a cart survives SIGTERM, SIGINT and SIGKILL of the server, and the restart answers within seconds', async () => {
  test.setTimeout(180_000)
  server = await start()
  await ready(server)
  const tokens: string[] = []
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGKILL'] as const) {
    tokens.push(await addToCart())
    server.kill(signal)
    const code = await ended(server)
    if (signal !== 'SIGKILL') expect(code, output).toBe(0)
    const started = Date.now()
    server = await start()
    await ready(server)
    expect(Date.now() - started).toBeLessThan(15_000)
    for (const token of tokens) expect(await cartCount(token), `after ${signal}`).toBe(1)
  }
})

test('a second server on the same data directory exits at once, naming the directory and the process', async () => {
  expect(server?.exitCode).toBeNull()
  const second = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: { ...process.env, PORT: String(PORT + 1), HOST: '127.0.0.1', DATA_DIR: dataDir },
  })
  let said = ''
  second.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()))
  second.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()))
  const started = Date.now()
  expect(await ended(second)).toBe(1)
  expect(Date.now() - started).toBeLessThan(10_000)
  expect(said).toContain(resolve(dataDir))
  expect(said).toContain(`process ${server?.pid}`)
  expect(said).not.toContain('Listening')
  // The first one is unharmed.
  expect((await fetch(`${API}/categories`)).status).toBe(200)
})

test('a backup taken while the shop runs restores, once the shop is stopped, to what it held then', async () => {
  test.setTimeout(180_000)
  const kept = await addToCart()
  const backupFile = join(dataDir, 'backups', 'e2e.tar.gz')
  const backup = await npm('db:backup', ['--out', backupFile])
  expect(backup.stdout).toContain(`process ${server?.pid}`)
  expect(existsSync(backupFile)).toBe(true)
  const later = await addToCart()

  // Not under a running shop.
  const refused = await npm('db:restore', [backupFile]).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  )
  expect(refused?.code).toBe(2)
  expect(refused?.stderr).toContain('stop the shop first')

  server?.kill('SIGTERM')
  if (server) await ended(server)
  const restored = await npm('db:restore', [backupFile])
  expect(restored.stdout).toContain('Restored')
  server = await start()
  await ready(server)
  expect(await cartCount(kept)).toBe(1)
  expect(await cartCount(later)).toBe(0)
})

test('a bank transfer deadline that passes while the shop is down is kept: the restart cancels the order and gives the stock back', async () => {
  test.setTimeout(240_000)
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM')
    await ended(server)
  }
  // A 12-second window (the rule's 24 hours are tested in tests/integration/payment-deadlines.test.ts); the job
  // looks every second once the shop runs again.
  const windowMs = 12_000
  const operator = 'operations-operator-token-0123456789'
  const deadlines = {
    BANK_TRANSFER_PAY_WITHIN_MINUTES: String(windowMs / 60_000),
    PAYMENT_DEADLINE_CHECK_SECONDS: '1',
    OPERATOR_TOKEN: operator,
  }
  const addOne = () =>
    fetch(`${API}/cart/items?currency=thb&lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku, quantity: 1 }),
    })
  server = await start(PORT, deadlines)
  await ready(server)
  const listing = (await (await fetch(`${API}/products?page_size=20&available=true&lang=en&currency=thb`)).json()) as {
    items: { id: string }[]
  }
  let sku = ''
  for (const { id } of listing.items) {
    const detail = (await (await fetch(`${API}/products/${encodeURIComponent(id)}?lang=en&currency=thb`)).json()) as {
      category: { slug: string }
      variants: { sku: string; available_online: boolean; low_stock: boolean }[]
    }
    sku = detail.variants.find((variant) => variant.available_online && !variant.low_stock)?.sku ?? ''
    if (sku) break
  }
  expect(sku).not.toBe('')
  // The last one of its size: once ordered, no one else can have it until the order lets it go.
  const stocked = await fetch(`${API}/operator/variants/${encodeURIComponent(sku)}/stock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
    body: JSON.stringify({ stock_online: 1 }),
  })
  expect(stocked.status).toBe(204)
  const added = await addOne()
  const token = String(((await added.json()) as { cart_token: string }).cart_token)
  const stores = (await (await fetch(`${API}/stores?lang=en`)).json()) as { items: { id: string }[] }
  const placed = await fetch(`${API}/orders?currency=thb&lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cart-token': token, 'idempotency-key': `deadline-${Date.now()}` },
    body: JSON.stringify({
      email: 'deadline.restart@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: stores.items[0]?.id,
      payment_method: 'bank_transfer',
    }),
  })
  expect(placed.status).toBe(201)
  const body = (await placed.json()) as { access_token: string; order: { number: string; payment_due_at: string } }
  const orderOf = async () =>
    (await (
      await fetch(`${API}/orders/${body.order.number}?lang=en`, { headers: { 'x-order-token': body.access_token } })
    ).json()) as { status: string }
  expect((await addOne()).status).toBe(409)
  expect(Date.parse(body.order.payment_due_at) - Date.now()).toBeLessThanOrEqual(windowMs)

  // Killed at once, the order still unpaid and the deadline still ahead: it passes while no server runs.
  expect((await orderOf()).status).toBe('awaiting_payment')
  expect(Date.parse(body.order.payment_due_at)).toBeGreaterThan(Date.now())
  server.kill('SIGKILL')
  await ended(server)
  await new Promise((done) => setTimeout(done, Math.max(0, Date.parse(body.order.payment_due_at) - Date.now()) + 1_000))

  server = await start(PORT, deadlines)
  await ready(server)
  await expect.poll(async () => (await orderOf()).status, { timeout: 20_000, intervals: [250] }).toBe('cancelled')
  // The piece is on sale again: another shopper can put it in a cart.
  expect((await addOne()).status).toBe(201)

  server.kill('SIGTERM')
  expect(await ended(server), output).toBe(0)
  server = null
})
