#!/usr/bin/env node
// Side by side (issue 18, item 1): the shop's server-rendered pages beside the floor app (../shared/bench/floor-app,
// the smallest Start app on our exact stack, a trivial product page without a database), in one run, alternating
// the two servers round by round, as ../shared/bench/side-by-side.sh does: each server pinned to core 0, the load
// generator (the project's autocannon) to core 1, 20 connections, Accept-Encoding: br as browsers send it.
//
//   npm run bench:side-by-side [-- --rounds=3 --seconds=10 --connections=20 --no-build]
//
// Measured per round: floor /product/42 (the reference) and /; the shop's home, listing and product page as a first
// visit (no cookies) and as a returning shopper (a logged-in member with an item in the cart, the cookies a browser
// sends: language, region, A/B variant, cookie choice, session), plus search and /about-us as a first visit, and the
// pages rendered for every request (issue 29): the cart and checkout of a guest with a cart cookie (checkout entered
// from the cart), the member's account and the login page. Prints
// every run, the medians per label, each label's ratio to floor /product/42 and the budget verdicts. Throughput counts
// 2xx answers only: a redirect or a 304 is an error here, never speed.
//
// Environment: FLOOR_APP_DIR (default ../shared/bench/floor-app from the repository), FLOOR_CACHE_DIR (where the
// floor app is copied, installed and built; default /tmp/storefront-floor-app, reused while its package-lock and
// sources are unchanged), BENCH_SBS_ROUNDS, BENCH_SBS_SECONDS, BENCH_SBS_CONNECTIONS, BENCH_SBS_FLOOR_PORT (3310),
// BENCH_SBS_SHOP_PORT (3311), BENCH_SBS_ENCODING (br; empty sends none). The shop runs on a fresh DATA_DIR (PGlite,
// the demo catalog seeded at its first start).
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { formatTable, parseAutocannon, ratios, roundRatios, statusText, summarize, verdicts } from './bench-stats.ts'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const API = '/api/public/demo'
export const REFERENCE = 'floor /product/42'
const PRODUCT = '/product/linen-wrap-dress-1001'
const FIRST = ['/', '/category/dresses', PRODUCT]
/**
 * Pages rendered for every request (issue 29, item 25): the cart and checkout of a guest with a cart cookie, a member's
 * account, and the login page of a first visit.
 */
const UNCACHED = [
  { label: 'shop cart (guest cart)', path: '/cart', shopper: 'guest' },
  { label: 'shop checkout (guest cart)', path: '/checkout', shopper: 'guest', from: '/cart' },
  { label: 'shop account (member)', path: '/account', shopper: 'member' },
  { label: 'shop login (first visit)', path: '/account/login', shopper: 'first' },
]
const PAGE_BUDGETS = [
  ...FIRST.map((path) => ({ label: `shop first ${path}`, minRatio: 0.5, maxP99: 100 })),
  ...FIRST.map((path) => ({ label: `shop returning ${path}`, minRatio: 0.25 })),
  ...UNCACHED.map(({ label }) => ({ label, minRatio: 0.3, maxP99: 150 })),
]
/** Left out of copies of the floor app and of its fingerprint: installed or built there. */
const NOT_SOURCES = new Set(['node_modules', '.output', '.tanstack', '.nitro', '.vite', 'dist', 'test-results'])
const STAMP = '.storefront-bench.json'
/** Column widths of the lines printed run by run. */
const RUN_WIDTHS = [5, 46, 6, 6, 6, 7, 6]

const log = (message) => console.log(`[side-by-side] ${message}`)
const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

function hashFiles(root, files) {
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(relative(root, file))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

function sourceFiles(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !NOT_SOURCES.has(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourceFiles(root, path)
      return entry.isFile() ? [path] : []
    })
}

function runIn(cwd, command, args) {
  log(`${command} ${args.join(' ')} in ${cwd}`)
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${result.status})`)
}

/**
 * The floor app, copied to `cacheDir`, installed and built there. `npm ci` runs again only when its package-lock
 * or package.json changed, the build only when a source changed (or nothing is built yet).
 */
export function prepareFloorApp(sourceDir, cacheDir) {
  if (!existsSync(join(sourceDir, 'package.json'))) {
    throw new Error(`no floor app in ${sourceDir} (set FLOOR_APP_DIR)`)
  }
  const lock = hashFiles(
    sourceDir,
    ['package.json', 'package-lock.json'].map((name) => join(sourceDir, name)).filter((file) => existsSync(file)),
  )
  const sources = hashFiles(sourceDir, sourceFiles(sourceDir))
  let stamp = null
  try {
    stamp = JSON.parse(readFileSync(join(cacheDir, STAMP), 'utf8'))
  } catch {
    // Not prepared yet.
  }
  const install = stamp?.lock !== lock || !existsSync(join(cacheDir, 'node_modules'))
  const build = install || stamp?.sources !== sources || !existsSync(join(cacheDir, '.output/server/index.mjs'))
  if (!build) {
    log(`floor app ready in ${cacheDir} (unchanged)`)
    return cacheDir
  }
  if (install) rmSync(cacheDir, { recursive: true, force: true })
  else {
    // Sources changed: everything but the installed packages goes, then the new copy.
    for (const name of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
      if (name !== 'node_modules') rmSync(join(cacheDir, name), { recursive: true, force: true })
    }
  }
  mkdirSync(cacheDir, { recursive: true })
  cpSync(sourceDir, cacheDir, {
    recursive: true,
    filter: (path) => !NOT_SOURCES.has(path.split('/').at(-1) ?? ''),
  })
  if (install) runIn(cacheDir, 'npm', ['ci', '--no-audit', '--no-fund'])
  runIn(cacheDir, 'npm', ['run', 'build'])
  writeFileSync(join(cacheDir, STAMP), JSON.stringify({ lock, sources }))
  return cacheDir
}

/** Whether servers and the load generator can have a core each (`taskset` there and two cores for this process). */
export function canPin() {
  if (availableParallelism() < 2) {
    log('WARNING: fewer than two cores: server and load generator share them (figures are not comparable)')
    return false
  }
  if (
    spawnSync('taskset', ['-c', '0', 'true']).status !== 0 ||
    spawnSync('taskset', ['-c', '1', 'true']).status !== 0
  ) {
    log('WARNING: taskset cannot pin to cores 0 and 1 here: server and load generator run unpinned')
    return false
  }
  return true
}

function pinned(pin, core, argv) {
  return pin ? ['taskset', ['-c', String(core), ...argv]] : [argv[0], argv.slice(1)]
}

/** The built server of `dir` on 127.0.0.1:port, on core 0, in its own process group. */
function startServer({ dir, port, dataDir, pin }) {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }
  delete env.DATABASE_URL // the embedded database, as the shared script runs it
  const [command, args] = pinned(pin, 0, [process.execPath, '.output/server/index.mjs'])
  const child = spawn(command, args, { cwd: dir, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  const exited = new Promise((done) => child.once('exit', done))
  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // Gone already.
    }
  }
  const onExit = () => kill('SIGKILL')
  process.on('exit', onExit)
  return {
    child,
    stderr: () => stderr,
    /** How the server ended ("signal SIGKILL", "exit code 1"), or null while it runs. */
    ended: () =>
      child.signalCode !== null
        ? `signal ${child.signalCode}`
        : child.exitCode !== null
          ? `exit code ${child.exitCode}`
          : null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        kill('SIGTERM')
        const timer = setTimeout(() => kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      process.off('exit', onExit)
    },
  }
}

async function waitFor(url, server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server ended before ${url} answered\n${server.stderr()}`)
    try {
      const response = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status === 200) return
      last = String(response.status)
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await sleep(250)
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`)
}

async function apiCall(base, method, path, { body, headers = {} } = {}) {
  const response = await fetch(`${base}${API}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let json
  try {
    json = text ? JSON.parse(text) : {}
  } catch {
    json = { text }
  }
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return json
}

/**
 * A returning shopper's cookies, made through the shop's own API: a member registers and confirms the one-time code
 * from the demo outbox (a logged-in session), then puts a size of the product page into the member's cart. The
 * browser then holds the session cookie (a guest cart's token is merged into the member's cart at login and its
 * cookie dropped, src/cart/cart-cookie.server.ts), besides language, region, A/B variant and cookie choice.
 */
export async function returningShopperCookie(base) {
  const rest = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`
  const registered = await apiCall(base, 'POST', '/auth/register', {
    body: {
      fullname: 'สมหญิง ทดสอบ',
      email,
      telephone: `08${rest}`,
      gender: 'female',
      birthdate: '1992-03-14',
      accept_terms: true,
    },
  })
  let code = null
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await apiCall(base, 'GET', `/dev/outbox?recipient=${encodeURIComponent(`+668${rest}`)}`)
    const message = (outbox.items ?? []).find((item) => item.subject.includes(registered.ref_code))
    code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? null
    if (!code) await sleep(100)
  }
  if (!code) throw new Error('no one-time code in the demo outbox')
  const { token } = await apiCall(base, 'POST', '/auth/verify', {
    body: { challenge_token: registered.challenge_token, code },
  })
  const authorization = { authorization: `Bearer ${token}` }
  const product = await apiCall(base, 'GET', `/products/${PRODUCT.split('/').at(-1)}?lang=th&currency=thb`)
  const variant = product.variants.find((v) => v.available_online && !v.low_stock) ?? product.variants[0]
  const cart = await apiCall(base, 'POST', '/cart/items?lang=th&currency=thb', {
    body: { sku: variant.sku, quantity: 1 },
    headers: authorization,
  })
  const check = await apiCall(base, 'GET', '/cart?lang=th&currency=thb', { headers: authorization })
  if (!(check.count > 0)) throw new Error('the member’s cart is empty after adding an item')
  const consent = encodeURIComponent(JSON.stringify({ accepted: true, ga: true, ad: false }))
  const cookies = [
    'i18n_redirected=th',
    'store_region=TH',
    'ab_variant=A',
    'cookie_consent=true',
    `cookie_consent_prefs=${consent}`,
    `session=${token}`,
  ]
  // Only a guest cart has a token of its own; a member's cart is found through the session.
  if (cart.cart_token) cookies.push(`cart_token=${cart.cart_token}`)
  return cookies.join('; ')
}

/** A guest's cookies with one item in the cart (the cart's token cookie), and the choices a browser keeps. */
export async function guestCartCookie(base) {
  const product = await apiCall(base, 'GET', `/products/${PRODUCT.split('/').at(-1)}?lang=th&currency=thb`)
  const variant = product.variants.find((v) => v.available_online && !v.low_stock) ?? product.variants[0]
  const cart = await apiCall(base, 'POST', '/cart/items?lang=th&currency=thb', {
    body: { sku: variant.sku, quantity: 1 },
  })
  if (!cart.cart_token) throw new Error('no guest cart token')
  const consent = encodeURIComponent(JSON.stringify({ accepted: true, ga: true, ad: false }))
  return [
    'i18n_redirected=th',
    'store_region=TH',
    'ab_variant=A',
    'cookie_consent=true',
    `cookie_consent_prefs=${consent}`,
    `cart_token=${cart.cart_token}`,
  ].join('; ')
}

/** Checks that the cookies log the member in: their account page answers 200 (without a session: 307 to login). */
async function checkReturning(base, cookie) {
  const response = await fetch(`${base}/account`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' })
  await response.arrayBuffer()
  if (response.status !== 200) {
    throw new Error(`the member's account page answered ${response.status}: the session cookie does not log in`)
  }
}

function autocannon({ url, seconds, connections, encoding, cookie, referer, pin, label, round }) {
  const bin = join(REPO, 'node_modules/autocannon/autocannon.js')
  const headers = ['accept:text/html,application/xhtml+xml']
  if (encoding) headers.push(`accept-encoding:${encoding}`)
  if (cookie) headers.push(`cookie:${cookie}`)
  // The checkout is entered from the cart (a checkout typed in goes to the cart).
  if (referer) headers.push(`referer:${referer}`)
  const argv = [
    process.execPath,
    bin,
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    ...headers.flatMap((h) => ['-H', h]),
    url,
  ]
  const [command, args] = pinned(pin, 1, argv)
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.once('error', fail)
    child.once('exit', () => {
      try {
        done(parseAutocannon(out, label, round))
      } catch (error) {
        fail(error)
      }
    })
  })
}

/** One request as the load generator sends it: "200 br cache hit". */
async function sample(url, encoding, cookie, referer) {
  const headers = { accept: 'text/html,application/xhtml+xml' }
  if (encoding) headers['accept-encoding'] = encoding
  if (cookie) headers.cookie = cookie
  if (referer) headers.referer = referer
  try {
    const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
    await response.arrayBuffer()
    const cache = response.headers.get('x-page-cache')
    return [
      response.status,
      response.headers.get('content-encoding') ?? 'identity',
      ...(cache ? [`cache ${cache}`] : []),
    ].join(' ')
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

const int = (value, fallback) => (Number.isFinite(Number(value)) && value !== '' ? Number(value) : fallback)

/**
 * Measures, prints as it goes, and returns { runs, summaries, verdicts, pinned }. `build` builds the shop first
 * (npm run build); without a build it always does.
 */
export async function sideBySide(options = {}) {
  const rounds = int(options.rounds ?? process.env.BENCH_SBS_ROUNDS, 3)
  const seconds = int(options.seconds ?? process.env.BENCH_SBS_SECONDS, 10)
  const connections = int(options.connections ?? process.env.BENCH_SBS_CONNECTIONS, 20)
  const encoding = options.encoding ?? process.env.BENCH_SBS_ENCODING ?? 'br'
  const floorPort = int(options.floorPort ?? process.env.BENCH_SBS_FLOOR_PORT, 3310)
  const shopPort = int(options.shopPort ?? process.env.BENCH_SBS_SHOP_PORT, 3311)
  const floorSource = resolve(REPO, process.env.FLOOR_APP_DIR ?? '../shared/bench/floor-app')
  const floorDir = prepareFloorApp(floorSource, process.env.FLOOR_CACHE_DIR ?? '/tmp/storefront-floor-app')
  if (options.build || !existsSync(join(REPO, '.output/server/index.mjs'))) {
    runIn(REPO, 'npm', ['run', 'build'])
  }
  const pin = canPin()
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')
  const loadBefore = load()
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-sbs-'))
  const floorBase = `http://127.0.0.1:${floorPort}`
  const shopBase = `http://127.0.0.1:${shopPort}`
  for (const base of [floorBase, shopBase]) {
    const taken = await fetch(base, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    )
    if (taken) throw new Error(`${base} is taken by another server (BENCH_SBS_FLOOR_PORT, BENCH_SBS_SHOP_PORT)`)
  }
  const runs = []
  /** One answer per label after its run: status, X-Page-Cache and Content-Encoding, to see what was measured. */
  const samples = new Map()
  /** Servers that ended under load: the label measured then, and how (exit code or signal). */
  const crashes = []
  let cookie = null
  let guestCookie = null
  const header = ['round', 'label', '2xx/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'statuses']
  const rowOf = (run) => [
    run.round,
    run.label,
    Math.round(run.okPerSecond),
    run.p50,
    run.p99,
    run.non2xx,
    run.errors,
    statusText(run.statuses),
  ]
  console.log(
    `\nSide by side: ${rounds} rounds of ${seconds} s, ${connections} connections, accept-encoding: ${encoding || '(none)'}, ` +
      `${pin ? 'server on core 0, autocannon on core 1' : 'unpinned'}; shop on a fresh DATA_DIR (${dataDir})`,
  )
  const measure = async (server, base, label, path, round, extra = {}) => {
    if (server.ended()) return // the run of this round that died is reported once, below
    const run = await autocannon({ url: base + path, seconds, connections, encoding, pin, label, round, ...extra })
    if (server.ended()) {
      // A server that ends under load is a failure of the page measured, never a gap in the figures.
      console.log(`    server ended during "${label}" (round ${round}): ${server.ended()}\n${server.stderr()}`)
      crashes.push({ label, round, how: server.ended() })
    }
    runs.push(run)
    samples.set(label, await sample(base + path, encoding, extra.cookie, extra.referer))
    console.log(formatTable([header, rowOf(run)], RUN_WIDTHS).split('\n')[1])
  }
  try {
    for (let round = 1; round <= rounds; round++) {
      const floor = startServer({ dir: floorDir, port: floorPort, dataDir: join(dataDir, 'floor'), pin })
      try {
        await waitFor(`${floorBase}/product/42`, floor)
        if (round === 1) console.log(formatTable([header], RUN_WIDTHS))
        await measure(floor, floorBase, REFERENCE, '/product/42', round)
        await measure(floor, floorBase, 'floor /', '/', round)
      } finally {
        await floor.stop()
      }
      const shop = startServer({ dir: REPO, port: shopPort, dataDir: join(dataDir, 'shop'), pin })
      try {
        await waitFor(`${shopBase}/category/dresses`, shop)
        if (cookie === null) {
          cookie = await returningShopperCookie(shopBase)
          await checkReturning(shopBase, cookie)
          const names = cookie.split('; ').map((pair) => pair.split('=')[0])
          log(`returning shopper: a member logged in, one item in the cart; cookies ${names.join(', ')}`)
        }
        for (const path of FIRST) await measure(shop, shopBase, `shop first ${path}`, path, round)
        for (const path of FIRST) await measure(shop, shopBase, `shop returning ${path}`, path, round, { cookie })
        for (const path of ['/search?q=dress', '/about-us'])
          await measure(shop, shopBase, `shop first ${path}`, path, round)
        guestCookie ??= await guestCartCookie(shopBase)
        const cookies = { guest: guestCookie, member: cookie, first: undefined }
        for (const page of UNCACHED) {
          await measure(shop, shopBase, page.label, page.path, round, {
            cookie: cookies[page.shopper],
            referer: page.from ? shopBase + page.from : undefined,
          })
        }
      } finally {
        await shop.stop()
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const summaries = summarize(runs)
  return {
    runs,
    summaries,
    samples,
    crashes,
    verdicts: verdicts(summaries, REFERENCE, PAGE_BUDGETS),
    pinned: pin,
    /** The machine's load average (1, 5, 15 minutes) at the start and at the end: it is shared. */
    load: { before: loadBefore, after: load() },
    rounds,
    seconds,
  }
}

/** The medians, ratios and verdicts of a sideBySide() result. */
export function printSideBySide(result) {
  const ratioOf = ratios(result.summaries, REFERENCE)
  const perRound = roundRatios(result.runs, REFERENCE)
  const fixed = (value) => (value === null || value === undefined ? '-' : value.toFixed(2))
  console.log(
    `\nMedians of ${result.rounds} rounds, and the ratio of each label's median 2xx/s to ${REFERENCE}'s ` +
      `(beside it the median of the ratios within each round); load average ${result.load.before} before, ` +
      `${result.load.after} after`,
  )
  console.log(
    formatTable([
      ['label', '2xx/s', 'ratio', 'per round', 'p50 ms', 'p99 ms', 'errors + non-2xx', 'statuses', 'one answer after'],
      ...result.summaries.map((row) => [
        row.label,
        Math.round(row.okPerSecond),
        fixed(ratioOf.get(row.label)),
        fixed(perRound.get(row.label)),
        row.p50,
        row.p99,
        row.failures,
        statusText(row.statuses) || '-',
        result.samples.get(row.label) ?? '',
      ]),
    ]),
  )
  console.log(
    '\nBudgets (issue 18): first visit ≥ 0.50 of the floor and p99 ≤ 100 ms; returning shopper ≥ 0.25; ' +
      '(issue 29) cart, checkout, account and login ≥ 0.30 and p99 ≤ 150 ms',
  )
  console.log(
    formatTable([
      ['label', 'ratio', 'p99 ms', 'budget', 'verdict'],
      ...result.verdicts.map((v) => [
        v.label,
        v.ratio === null ? '-' : v.ratio.toFixed(2),
        v.p99 ?? '-',
        v.budget,
        v.pass ? 'within' : `OVER (${v.reasons.join('; ')})`,
      ]),
    ]),
  )
  if (!result.pinned) console.log('(unpinned: server and load generator shared the cores)')
  const busiest = Math.max(...[result.load.before, result.load.after].map((text) => Number(text.split(' ')[0])))
  if (busiest > 1.5) {
    console.log(
      `WARNING: the machine was busy (load average ${busiest.toFixed(2)} on ${availableParallelism()} cores): other ` +
        'work shared the cores, so rounds differ; the per-round ratios are the steadier figure',
    )
  }
  for (const crash of result.crashes) {
    console.log(`A server ENDED under load during "${crash.label}" in round ${crash.round} (${crash.how}): see above`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
  const result = await sideBySide({
    rounds: option('rounds'),
    seconds: option('seconds'),
    connections: option('connections'),
    build: !process.argv.includes('--no-build'),
  })
  printSideBySide(result)
}
