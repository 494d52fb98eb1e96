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

function start(port = PORT): Promise<ChildProcess> {
  output = ''
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
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
