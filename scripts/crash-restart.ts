/**
 * Crash-restart harness (issue 14): nothing a shopper was told succeeded is lost at a stop.
 *
 *   npm run test:crash                         20 cycles on the embedded database (PGlite in a fresh directory)
 *   npm run test:crash -- --cycles 6           fewer (CI)
 *   npm run test:crash -- --postgres           the same on PostgreSQL in cluster mode (nginx, 2 instances)
 *
 * Each cycle: start the built server, let concurrent shoppers register, log in, save addresses, fill carts and
 * place orders through the real HTTP API, stop it with a random signal (SIGTERM, SIGINT or SIGKILL; in cluster
 * mode each instance gets its own, and PostgreSQL itself is sometimes crashed with `pg_ctl -m immediate`) at a
 * random moment, start it again and check:
 *   - every acknowledged write (a 2xx) is there: members, sessions, addresses, cart lines, orders, one-time codes
 *     (a code issued before the stop still logs in after it), and the staff's (a manager's API key on the admin
 *     API): transfers marked paid with their bank reference, refunds, parcels, each with its audit entry;
 *   - no order is refunded more than it was paid;
 *   - no order exists half (an order without lines, a cart closed without exactly one order);
 *   - stock is what it was minus what the orders in the database took, never negative;
 *   - the restart answers within seconds.
 * It prints the figures and exits non-zero on any loss. Needs a build (`npm run build`).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import pg from 'pg'
import { openDatabase } from '../src/db/client.server'
import { startCluster, type Cluster } from './cluster-control'
import { call, codeFor, readCatalog, UNLIMITED_UNPAID_HOLDS, uniqueMobile, type Json } from './load-lib'

const API = '/api/public/demo'
const ADMIN_API = '/api/admin/demo'
const ALL_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGKILL'] as const
type Signal = (typeof ALL_SIGNALS)[number]
const STOCK = 100_000
const OPERATOR_TOKEN = `crash-operator-${randomBytes(12).toString('hex')}`
const SERVER_ENV = {
  OPERATOR_TOKEN,
  ...UNLIMITED_UNPAID_HOLDS,
  OTP_IP_HOURLY_LIMIT: '100000',
  OTP_RESEND_COOLDOWN_SECONDS: '1',
  // Thousands of registrations an hour: far past the SMS caps a shop would set.
  SMS_HOURLY_LIMIT: '1000000',
  SMS_COUNTRY_HOURLY_LIMIT: '1000000',
  SITE_URL: 'http://localhost:3000',
}

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback)
}
const cycles = Number(option('cycles', '20'))
const shoppers = Number(option('shoppers', '4'))
const postgres = process.argv.includes('--postgres')
const port = Number(option('port', postgres ? '3970' : '3960'))
/** Another build to try (e.g. an older one, to see the harness catch what it was written for). */
const serverEntry = option('server', '.output/server/index.mjs')
/** --signals SIGTERM,SIGINT: draw from these only. */
const SIGNALS = option('signals', ALL_SIGNALS.join(','))
  .split(',')
  .filter((name): name is Signal => (ALL_SIGNALS as readonly string[]).includes(name))
if (SIGNALS.length === 0) throw new Error(`--signals: some of ${ALL_SIGNALS.join(', ')}`)

type Rows = Record<string, unknown>[]
type Query = (text: string, params?: unknown[]) => Promise<Rows>

/** The shop under test: started, crashed and started again; its database read when the harness may. */
type Target = {
  base: string
  /** Starts it; resolves with the milliseconds until it answered. */
  start: () => Promise<number>
  /** Stops it with `signal` (the way a crash or an operator would) and waits for it to end. */
  crash: (signal: Signal) => Promise<string>
  /** Reads the database: the embedded one only while the shop is stopped (one process per directory). */
  readWhile: 'stopped' | 'running'
  withDatabase: <T>(work: (query: Query) => Promise<T>) => Promise<T>
  /** What `npm run staff:api-key` needs to reach this shop's database (or the running shop). */
  databaseEnv: () => Record<string, string>
  close: () => Promise<void>
}

async function waitUntilReady(base: string, child: ChildProcess | null, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}) while starting`)
    try {
      const response = await fetch(`${base}${API}/categories`, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not yet
    }
    await sleep(100)
  }
  throw new Error(`${base} did not answer within ${timeoutMs} ms`)
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => child.once('exit', () => done()))
}

function embeddedTarget(): Target {
  const dataDir = resolve('.crash-data')
  rmSync(dataDir, { recursive: true, force: true })
  const base = `http://127.0.0.1:${port}`
  let child: ChildProcess | null = null
  let output = ''
  return {
    base,
    readWhile: 'stopped',
    async start() {
      const started = Date.now()
      output = ''
      child = spawn(process.execPath, [serverEntry], {
        env: { ...process.env, ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      try {
        await waitUntilReady(base, child)
      } catch (error) {
        throw new Error(`${String(error)}\n${output}`, { cause: error })
      }
      return Date.now() - started
    },
    async crash(signal) {
      const running = child
      if (!running) throw new Error('not started')
      running.kill(signal)
      await exited(running)
      child = null
      return `server ${signal} → ${running.signalCode ?? `exit ${running.exitCode}`}`
    },
    async withDatabase(work) {
      // The lock: taken over from a killed server by itself, refused if the server were still running.
      const database = await openDatabase({ dataDir, purpose: 'crash-restart check' }).catch((error: unknown) => {
        throw new Error(`the embedded database cannot be opened after the stop: ${String(error)}`, { cause: error })
      })
      try {
        const client = database.pglite
        if (!client) throw new Error('not the embedded database')
        return await work(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows)
      } finally {
        await database.close()
      }
    },
    databaseEnv: () => ({ DATA_DIR: dataDir }),
    async close() {
      if (child) {
        child.kill('SIGTERM')
        await exited(child)
      }
    },
  }
}

function clusterTarget(): Target {
  const dir = resolve('.crash-cluster')
  rmSync(dir, { recursive: true, force: true })
  let cluster: Cluster | null = null
  let first = true
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    readWhile: 'running',
    async start() {
      const started = Date.now()
      cluster = await startCluster({ port, dir, instances: 2, env: SERVER_ENV, fresh: first })
      first = false
      await waitUntilReady(base, null)
      return Date.now() - started
    },
    async crash(signal) {
      const running = cluster
      if (!running) throw new Error('not started')
      const said: string[] = []
      // Each instance its own signal (the first one the drawn one); PostgreSQL crashed one time in three.
      for (const [index, instance] of running.instances().entries()) {
        const own = index === 0 ? signal : (SIGNALS[randomInt(SIGNALS.length)] ?? 'SIGKILL')
        try {
          process.kill(instance.pid, own)
          said.push(`instance ${index + 1} ${own}`)
        } catch {
          said.push(`instance ${index + 1} already gone`)
        }
      }
      if (randomInt(3) === 0) {
        running.crashPostgres()
        said.push('PostgreSQL crashed (immediate)')
      }
      for (const instance of running.instances()) {
        for (let i = 0; i < 400 && alive(instance.pid); i++) await sleep(50)
      }
      await running.stop()
      cluster = null
      return said.join(', ')
    },
    async withDatabase(work) {
      if (!cluster) throw new Error('not started')
      const client = new pg.Client({ connectionString: cluster.databaseUrl })
      await client.connect()
      try {
        return await work(async (text, params) => (await client.query(text, params)).rows as Rows)
      } finally {
        await client.end()
      }
    },
    databaseEnv() {
      if (!cluster) throw new Error('not started')
      return { DATABASE_URL: cluster.databaseUrl }
    },
    async close() {
      await cluster?.stop()
    },
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** What the shop acknowledged (a 2xx), to be found after every restart. */
type Ledger = {
  members: Map<string, { email: string; session: string }>
  addresses: Map<string, string>
  carts: Map<string, { sku: string; quantity: number }>
  orders: Map<string, { sku: string; cartToken: string }>
  /** The newest code issued to a member's phone and read before the stop, verified (used) after it. */
  codes: Map<string, { challengeToken: string; code: string }>
  /** Staff writes: orders marked paid (number → bank reference), refunds (id → order), parcels (number → tracking). */
  paid: Map<string, string>
  refunds: Map<string, { number: string; amount: number }>
  parcels: Map<string, string>
  /** Orders a staff write was tried on, acknowledged or not: never tried again (number → what). */
  staffTried: Set<string>
}

const ADDRESS = {
  firstname: 'Somsri',
  lastname: 'Jaidee',
  telephone_number: '0812345678',
  email: 'somsri@example.com',
  address: '99/1 Phahonyothin Road',
  country: 'TH',
  postcode: '10900',
  sub_district: 'ลาดยาว',
  district: 'จตุจักร',
  province: 'กรุงเทพมหานคร',
}

type Counts = Record<'members' | 'addresses' | 'carts' | 'orders' | 'codes' | 'paid' | 'refunds' | 'parcels', number>
const NO_COUNTS: Counts = { members: 0, addresses: 0, carts: 0, orders: 0, codes: 0, paid: 0, refunds: 0, parcels: 0 }

/** One shopper until `stop` aborts: each round one write the shop acknowledges (or a failure while it stops). */
async function shopper(base: string, skus: string[], ledger: Ledger, acknowledged: Counts, stop: AbortSignal) {
  // Members this shopper registered: only it asks codes for them, so no other request can supersede a code.
  const mine: string[] = []
  while (!stop.aborted) {
    const choice = randomInt(10)
    // A write whose answer never came may or may not have happened: what it touches is no longer checked.
    let unknownCart: string | null = null
    let unknownPhone: string | null = null
    try {
      if (choice < 4) {
        const sku = skus[randomInt(skus.length)] ?? ''
        const quantity = 1 + randomInt(2)
        const added = await call(base, 'POST', '/cart/items?currency=thb&lang=en', { body: { sku, quantity } })
        if (added.status !== 201) continue
        const cartToken = String(added.body.cart_token)
        ledger.carts.set(cartToken, { sku, quantity })
        acknowledged.carts++
        if (randomInt(2) === 0) continue
        unknownCart = cartToken
        const placed = await call(base, 'POST', '/orders?currency=thb&lang=en', {
          headers: { 'x-cart-token': cartToken, 'idempotency-key': `crash-${randomBytes(8).toString('hex')}` },
          body: {
            email: 'crash-harness@example.com',
            telephone: '0812345678',
            shipping_method: 'pickup',
            store_id: 'siam-paragon',
            payment_method: 'bank_transfer',
          },
        })
        unknownCart = null
        // A 5xx from a server going down may come after the order was stored: the cart's fate is unknown.
        if (placed.status >= 500) ledger.carts.delete(cartToken)
        if (placed.status !== 201 && placed.status !== 200) continue
        const order = (placed.body.order ?? placed.body) as Json
        const number = String(order.number ?? '')
        if (!number) throw new Error(`an order without a number: ${JSON.stringify(placed.body).slice(0, 200)}`)
        ledger.carts.delete(cartToken)
        ledger.orders.set(number, { sku, cartToken })
        acknowledged.orders++
      } else if (choice < 7) {
        const phone = uniqueMobile()
        const email = `crash-${randomBytes(6).toString('hex')}@example.com`
        const registered = await call(base, 'POST', '/auth/register', {
          body: {
            fullname: 'สมหญิง ทดสอบ',
            email,
            telephone: phone.local,
            gender: 'female',
            birthdate: '1992-03-14',
            accept_terms: true,
          },
        })
        if (registered.status !== 201) continue
        const code = await codeFor(base, phone.e164, String(registered.body.ref_code))
        const verified = await call(base, 'POST', '/auth/verify', {
          body: { challenge_token: registered.body.challenge_token, code },
        })
        if (verified.status !== 200) continue
        ledger.members.set(phone.e164, { email, session: String(verified.body.token) })
        mine.push(phone.e164)
        acknowledged.members++
      } else if (choice < 9) {
        const members = [...ledger.members.values()]
        const member = members[randomInt(Math.max(1, members.length))]
        if (!member) continue
        const saved = await call(base, 'POST', '/me/addresses', {
          body: { ...ADDRESS, address: `${randomInt(999)}/1 Phahonyothin Road` },
          headers: { authorization: `Bearer ${member.session}` },
        })
        if (saved.status === 409) continue // the address book is full
        if (saved.status !== 201) continue
        ledger.addresses.set(String(saved.body.id), member.session)
        acknowledged.addresses++
      } else {
        const phone = mine[randomInt(Math.max(1, mine.length))]
        if (!phone) continue
        unknownPhone = phone
        const requested = await call(base, 'POST', '/auth/login-code', { body: { identifier: phone } })
        // Asking for a new code ends the previous one, and a 5xx (the database went away before the new code
        // was delivered) may come after that: the previous code is no longer expected to work.
        if (requested.status >= 500) ledger.codes.delete(phone)
        if (requested.status !== 200 && requested.status !== 201) continue
        const code = await codeFor(base, phone, String(requested.body.ref_code))
        ledger.codes.set(phone, { challengeToken: String(requested.body.challenge_token), code })
        unknownPhone = null
        acknowledged.codes++
      }
    } catch {
      // The server is stopping or gone: this request's outcome is unknown.
      if (unknownCart) ledger.carts.delete(unknownCart)
      if (unknownPhone) ledger.codes.delete(unknownPhone)
      await sleep(20)
    }
  }
}

/** A call of the admin API with the staff's API key. */
async function adminCall(base: string, key: string, method: string, path: string, body: unknown, headers = {}) {
  const response = await fetch(`${base}${ADMIN_API}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      ...headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  try {
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json }
  } catch {
    return { status: response.status, body: { text } as Json }
  }
}

/** The refund the staff make of a paid transfer order: 100 baht sent back, with the bank's reference. */
const REFUND_AMOUNT = 10_000

/**
 * The staff at work beside the shoppers, through the admin API with a manager's key: an order the shoppers placed
 * (bank transfer) marked paid with a bank reference, a paid one refunded 100 baht, a paid one shipped with a parcel.
 * Each order gets each write once; a write whose answer never came is not expected either way.
 */
async function staffAtWork(base: string, key: string, ledger: Ledger, acknowledged: Counts, stop: AbortSignal) {
  const pick = (numbers: string[]) => numbers[randomInt(Math.max(1, numbers.length))]
  while (!stop.aborted) {
    const choice = randomInt(3)
    try {
      if (choice === 0) {
        const number = pick([...ledger.orders.keys()].filter((n) => !ledger.staffTried.has(`pay ${n}`)))
        if (!number) {
          await sleep(50)
          continue
        }
        ledger.staffTried.add(`pay ${number}`)
        const reference = `CRASH${randomBytes(6).toString('hex').toUpperCase()}`
        const paid = await adminCall(base, key, 'POST', `/orders/${number}/mark-paid`, { reference })
        if (paid.status === 200) {
          ledger.paid.set(number, reference)
          acknowledged.paid++
        }
      } else if (choice === 1) {
        const number = pick([...ledger.paid.keys()].filter((n) => !ledger.staffTried.has(`refund ${n}`)))
        if (!number) continue
        ledger.staffTried.add(`refund ${number}`)
        const refunded = await adminCall(
          base,
          key,
          'POST',
          `/orders/${number}/refunds`,
          {
            mode: 'amount',
            amount: REFUND_AMOUNT,
            reason: 'Crash harness: a piece out of stock',
            bank_reference: `RF${randomBytes(6).toString('hex').toUpperCase()}`,
          },
          { 'idempotency-key': `crash-refund-${randomBytes(8).toString('hex')}` },
        )
        const refund = refunded.body.refund as Json | undefined
        if (refunded.status === 201 && refund?.id) {
          ledger.refunds.set(String(refund.id), { number, amount: Number(refund.amount) })
          acknowledged.refunds++
        }
      } else {
        const number = pick([...ledger.paid.keys()].filter((n) => !ledger.staffTried.has(`ship ${n}`)))
        if (!number) continue
        ledger.staffTried.add(`ship ${number}`)
        const tracking = `KER${String(randomInt(1e9)).padStart(10, '0')}`
        const shipped = await adminCall(base, key, 'POST', `/orders/${number}/parcels`, {
          carrier: 'kerry_express',
          tracking_number: tracking,
        })
        if (shipped.status === 200) {
          ledger.parcels.set(number, tracking)
          acknowledged.parcels++
        }
      }
    } catch {
      // The server is stopping or gone: this write's outcome is unknown, and it is not tried again.
      await sleep(20)
    }
  }
}

/** A manager's API key, made with `npm run staff:api-key` as an operator would (the running shop makes it). */
async function managerKey(target: Target): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'api-key', '--name', 'crash-harness', '--role', 'manager'],
    { env: { ...process.env, ...target.databaseEnv() }, timeout: 120_000 },
  )
  const key = stdout.split('\n').find((line) => line.startsWith('sk_'))
  if (!key) throw new Error(`staff:api-key printed no key: ${stdout}`)
  return key.trim()
}

type Findings = { lost: string[]; halfWritten: string[]; stock: string[]; found: Counts; ordersInDatabase: number }

/** Checks the database against the ledger. */
async function checkDatabase(query: Query, ledger: Ledger, skus: string[]): Promise<Findings> {
  const lost: string[] = []
  const found: Counts = { ...NO_COUNTS }
  const phones = [...ledger.members.keys()]
  const members = new Set(
    (await query('SELECT telephone FROM members WHERE telephone = ANY($1)', [phones])).map((row) =>
      String(row.telephone),
    ),
  )
  for (const phone of phones) {
    if (members.has(phone)) found.members++
    else lost.push(`member ${phone}`)
  }
  const addressIds = [...ledger.addresses.keys()]
  const addresses = new Set(
    (await query('SELECT id::text AS id FROM member_addresses WHERE id::text = ANY($1)', [addressIds])).map((row) =>
      String(row.id),
    ),
  )
  for (const id of addressIds) {
    if (addresses.has(id)) found.addresses++
    else lost.push(`address ${id}`)
  }
  const numbers = [...ledger.orders.keys()]
  const orders = new Set(
    (await query('SELECT number FROM orders WHERE number = ANY($1)', [numbers])).map((row) => String(row.number)),
  )
  for (const number of numbers) {
    if (orders.has(number)) found.orders++
    else lost.push(`order ${number}`)
  }

  // The staff's writes: each acknowledged one there, with its audit entry.
  const audited = async (action: string, numbers: string[]) =>
    new Set(
      (
        await query('SELECT DISTINCT entity_id FROM audit_log WHERE action = ANY($1) AND entity_id = ANY($2)', [
          action.split(','),
          numbers,
        ])
      ).map((row) => String(row.entity_id)),
    )
  const paidNumbers = [...ledger.paid.keys()]
  const references = new Map(
    (
      await query(
        `SELECT o.number, r.reference FROM transfer_references r JOIN orders o ON o.id = r.order_id
          WHERE o.number = ANY($1)`,
        [paidNumbers],
      )
    ).map((row) => [String(row.number), String(row.reference)]),
  )
  const paidAudited = await audited('payment.mark_paid', paidNumbers)
  for (const [number, reference] of ledger.paid) {
    if (references.get(number) !== reference) lost.push(`payment of ${number} (reference ${reference})`)
    else if (!paidAudited.has(number)) lost.push(`audit entry of the payment of ${number}`)
    else found.paid++
  }
  const refundIds = [...ledger.refunds.keys()]
  const refundsFound = new Map(
    (await query(`SELECT id::text AS id, amount, status FROM refunds WHERE id::text = ANY($1)`, [refundIds])).map(
      (row) => [String(row.id), row],
    ),
  )
  const refundsAudited = await audited(
    'order.refund',
    [...ledger.refunds.values()].map((refund) => refund.number),
  )
  for (const [id, refund] of ledger.refunds) {
    const row = refundsFound.get(id)
    if (!row || Number(row.amount) !== refund.amount) lost.push(`refund ${id} of ${refund.number}`)
    else if (!refundsAudited.has(refund.number)) lost.push(`audit entry of refund ${id} of ${refund.number}`)
    else found.refunds++
  }
  const shippedNumbers = [...ledger.parcels.keys()]
  const parcels = new Set(
    (
      await query(
        `SELECT o.number || ' ' || s.tracking_number AS parcel FROM order_shipments s JOIN orders o ON o.id = s.order_id
          WHERE o.number = ANY($1)`,
        [shippedNumbers],
      )
    ).map((row) => String(row.parcel)),
  )
  const shipAudited = await audited('order.ship,order.parcel', shippedNumbers)
  for (const [number, tracking] of ledger.parcels) {
    if (!parcels.has(`${number} ${tracking}`)) lost.push(`parcel ${tracking} of ${number}`)
    else if (!shipAudited.has(number)) lost.push(`audit entry of the parcel of ${number}`)
    else found.parcels++
  }

  const halfWritten = [
    ...(
      await query(
        `SELECT o.number FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
      )
    ).map((row) => `order ${String(row.number)} has no lines`),
    ...(
      await query(`SELECT o.number FROM orders o WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)`)
    ).map((row) => `order ${String(row.number)} has no payment`),
    ...(
      await query(
        `SELECT c.id::text AS id, count(o.id)::int AS orders FROM carts c LEFT JOIN orders o ON o.cart_id = c.id
          WHERE c.status = 'ordered' GROUP BY c.id HAVING count(o.id) <> 1`,
      )
    ).map((row) => `cart ${String(row.id)} is closed with ${String(row.orders)} orders`),
    ...(
      await query(
        `SELECT o.number, o.total, sum(r.amount)::int AS refunded FROM refunds r JOIN orders o ON o.id = r.order_id
          WHERE r.status <> 'failed' GROUP BY o.number, o.total HAVING sum(r.amount) > o.total`,
      )
    ).map((row) => `order ${String(row.number)} refunded ${String(row.refunded)} of ${String(row.total)}`),
  ]
  const stock: string[] = []
  const ordered = new Map(
    (
      await query(
        `SELECT i.sku, sum(i.quantity)::int AS quantity FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE i.sku = ANY($1) AND o.status <> 'cancelled' GROUP BY i.sku`,
        [skus],
      )
    ).map((row) => [String(row.sku), Number(row.quantity)]),
  )
  for (const row of await query('SELECT sku, stock_online FROM variants WHERE sku = ANY($1)', [skus])) {
    const sku = String(row.sku)
    const left = Number(row.stock_online)
    const expected = STOCK - (ordered.get(sku) ?? 0)
    if (left !== expected || left < 0) stock.push(`${sku}: ${left} left, expected ${expected}`)
  }
  const ordersInDatabase = Number(
    (await query(`SELECT count(*)::int AS n FROM orders WHERE email = 'crash-harness@example.com'`))[0]?.n ?? 0,
  )
  return { lost, halfWritten, stock, found, ordersInDatabase }
}

/** Checks through the API once the shop is back: sessions, carts and the codes issued before the stop. */
async function checkThroughApi(base: string, ledger: Ledger, found: Counts, lost: string[]): Promise<void> {
  for (const [phone, member] of ledger.members) {
    const me = await call(base, 'GET', '/me', { headers: { authorization: `Bearer ${member.session}` } })
    if (me.status !== 200) lost.push(`session of ${phone} (${me.status})`)
  }
  for (const [token, line] of ledger.carts) {
    const cart = await call(base, 'GET', '/cart?currency=thb&lang=en', { headers: { 'x-cart-token': token } })
    const items = (cart.body.items ?? []) as { sku?: string; quantity?: number }[]
    const item = items.find((candidate) => candidate.sku === line.sku)
    if (item && (item.quantity ?? 0) >= line.quantity) found.carts++
    else lost.push(`cart line ${line.sku}×${line.quantity} (${cart.status}, ${items.length} lines)`)
  }
  for (const [phone, pending] of ledger.codes) {
    const verified = await call(base, 'POST', '/auth/verify', {
      body: { challenge_token: pending.challengeToken, code: pending.code },
    })
    if (verified.status === 200) {
      found.codes++
      const member = ledger.members.get(phone)
      if (member) member.session = String(verified.body.token)
    } else {
      lost.push(`code for ${phone} (${verified.status} ${JSON.stringify(verified.body).slice(0, 120)})`)
    }
  }
  ledger.codes.clear()
}

async function restock(base: string, skus: string[]): Promise<void> {
  for (const sku of skus) {
    const response = await call(base, 'PUT', `/operator/variants/${encodeURIComponent(sku)}/stock`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      body: { stock_online: STOCK },
    })
    if (response.status !== 200 && response.status !== 204)
      throw new Error(`restock ${sku}: ${response.status} ${JSON.stringify(response.body)}`)
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function main(): Promise<void> {
  if (!existsSync(serverEntry)) throw new Error(`No build at ${serverEntry}: run \`npm run build\` first`)
  const target = postgres ? clusterTarget() : embeddedTarget()
  const ledger: Ledger = {
    members: new Map(),
    addresses: new Map(),
    carts: new Map(),
    orders: new Map(),
    codes: new Map(),
    paid: new Map(),
    refunds: new Map(),
    parcels: new Map(),
    staffTried: new Set(),
  }
  const acknowledged: Counts = { ...NO_COUNTS }
  const restarts: number[] = []
  const problems: string[] = []
  let lastFound: Counts = { ...NO_COUNTS }
  let ordersInDatabase = 0
  const signals: Record<Signal, number> = { SIGTERM: 0, SIGINT: 0, SIGKILL: 0 }
  let stockChecks = 0
  console.log(
    `Crash-restart: ${cycles} cycles, ${shoppers} shoppers, ${postgres ? 'PostgreSQL cluster' : 'embedded PGlite'}`,
  )

  let skus: string[] = []
  try {
    restarts.push(await target.start())
    skus = (await readCatalog(target.base, 6)).skus.slice(0, 6)
    await restock(target.base, skus)
    const key = await managerKey(target)
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const stop = new AbortController()
      const load = Promise.all([
        ...Array.from({ length: shoppers }, () => shopper(target.base, skus, ledger, acknowledged, stop.signal)),
        staffAtWork(target.base, key, ledger, acknowledged, stop.signal),
      ])
      await sleep(1_500 + randomInt(3_500))
      const signal = SIGNALS[randomInt(SIGNALS.length)] ?? 'SIGKILL'
      signals[signal]++
      const said = await target.crash(signal)
      stop.abort()
      await load
      const found: Counts = { ...NO_COUNTS }
      const lost: string[] = []
      const check = async () => {
        const findings = await target.withDatabase((query) => checkDatabase(query, ledger, skus))
        stockChecks += skus.length
        lost.push(...findings.lost)
        problems.push(...findings.halfWritten, ...findings.stock.map((line) => `stock ${line}`))
        found.members = findings.found.members
        found.addresses = findings.found.addresses
        found.orders = findings.found.orders
        found.paid = findings.found.paid
        found.refunds = findings.found.refunds
        found.parcels = findings.found.parcels
        ordersInDatabase = findings.ordersInDatabase
      }
      if (target.readWhile === 'stopped') await check()
      const restart = await target.start()
      restarts.push(restart)
      if (target.readWhile === 'running') await check()
      await checkThroughApi(target.base, ledger, found, lost)
      problems.push(...lost.map((what) => `cycle ${cycle}: lost ${what}`))
      lastFound = found
      console.log(
        `cycle ${String(cycle).padStart(2)}: ${said}; back in ${restart} ms; ` +
          `found ${found.members}/${ledger.members.size} members, ${found.addresses}/${ledger.addresses.size} addresses, ` +
          `${found.carts}/${ledger.carts.size} carts, ${found.orders}/${ledger.orders.size} orders, ${found.codes} codes; ` +
          `staff: ${found.paid}/${ledger.paid.size} paid, ${found.refunds}/${ledger.refunds.size} refunds, ` +
          `${found.parcels}/${ledger.parcels.size} parcels` +
          (lost.length ? ` — LOST ${lost.length}` : ''),
      )
    }
  } finally {
    await target.close()
  }

  const written = Object.values(acknowledged).reduce((sum, count) => sum + count, 0)
  console.log('')
  console.log(`engine                 ${postgres ? 'PostgreSQL (cluster: nginx, 2 instances)' : 'PGlite (embedded)'}`)
  console.log(
    `cycles                 ${cycles} (SIGTERM ${signals.SIGTERM}, SIGINT ${signals.SIGINT}, SIGKILL ${signals.SIGKILL})`,
  )
  console.log(
    `writes acknowledged    ${written} (members ${acknowledged.members}, addresses ${acknowledged.addresses}, ` +
      `cart adds ${acknowledged.carts}, orders ${acknowledged.orders}, codes ${acknowledged.codes}; staff: ` +
      `marked paid ${acknowledged.paid}, refunds ${acknowledged.refunds}, parcels ${acknowledged.parcels})`,
  )
  console.log(
    `found after last stop  members ${lastFound.members}/${ledger.members.size}, addresses ${lastFound.addresses}/${ledger.addresses.size}, ` +
      `open carts ${lastFound.carts}/${ledger.carts.size}, orders ${lastFound.orders}/${ledger.orders.size}, ` +
      `paid ${lastFound.paid}/${ledger.paid.size}, refunds ${lastFound.refunds}/${ledger.refunds.size}, ` +
      `parcels ${lastFound.parcels}/${ledger.parcels.size}`,
  )
  console.log(`orders in database     ${ordersInDatabase} (acknowledged ${ledger.orders.size})`)
  console.log(`stock checks           ${stockChecks} (${skus.length} sizes × ${cycles} cycles)`)
  console.log(`restart to ready       median ${median(restarts)} ms, max ${Math.max(...restarts)} ms`)
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s):`)
    for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`)
    process.exitCode = 1
  } else {
    console.log('nothing lost, nothing half-written, stock consistent, nothing refunded past what was paid')
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
