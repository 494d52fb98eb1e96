#!/usr/bin/env node
// CPU profile of the pages rendered for every request (issue 29, item 25): cart with a cart cookie, checkout,
// login and a member's account, and for comparison a cached product page. Starts the build (.output) with the
// inspector on loopback, makes the cookies through the shop's own API (a guest cart, a logged-in member), then per
// page starts V8's profiler, sends a fixed number of requests (autocannon, 10 connections, Accept-Encoding: br),
// stops it and prints the samples per request and the top self-time functions. The figures compare builds by
// samples (CPU time), not by wall-clock, so a busy shared machine changes them little.
//
//   node scripts/profile-pages.mjs [--requests=300] [--pages=cart,login] [--out=dir] [--top=25]
//
// Environment: PROFILE_PORT (3520), PROFILE_INSPECT_PORT (9520). Writes <out>/<page>.cpuprofile (default
// /tmp/storefront-profiles) for Chromium's DevTools (Performance panel, "Load profile").
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { returningShopperCookie } from './bench-side-by-side.mjs'

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const REQUESTS = Number(option('requests', '300'))
const TOP = Number(option('top', '25'))
const OUT = option('out', join(tmpdir(), 'storefront-profiles'))
const PORT = Number(process.env.PROFILE_PORT ?? 3520)
const INSPECT_PORT = Number(process.env.PROFILE_INSPECT_PORT ?? 9520)
const BASE = `http://127.0.0.1:${PORT}`
const API = `${BASE}/api/public/demo`
/** Sampling interval of the profiler, microseconds. */
const INTERVAL_US = 100
const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** The cookies a Thai shopper's browser sends besides the personal ones (no banner: the choice is made). */
const COMMON = [
  'i18n_redirected=th',
  'store_region=TH',
  'ab_variant=A',
  'cookie_consent=true',
  `cookie_consent_prefs=${encodeURIComponent(JSON.stringify({ accepted: true, ga: true, ad: false }))}`,
].join('; ')

async function guestCartCookie() {
  const product = await (await fetch(`${API}/products/linen-wrap-dress-1001?lang=th&currency=thb`)).json()
  const variant = product.variants.find((v) => v.available_online && !v.low_stock) ?? product.variants[0]
  const response = await fetch(`${API}/cart/items?lang=th&currency=thb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ sku: variant.sku, quantity: 1 }),
  })
  const cart = await response.json()
  if (!cart.cart_token) throw new Error(`no guest cart: ${response.status} ${JSON.stringify(cart).slice(0, 200)}`)
  return `${COMMON}; cart_token=${cart.cart_token}`
}

/** A minimal client of the inspector protocol over its WebSocket. */
async function inspector() {
  let url = null
  for (let i = 0; i < 100 && !url; i++) {
    try {
      url = (await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json())[0]?.webSocketDebuggerUrl
    } catch {
      await sleep(100)
    }
  }
  if (!url) throw new Error('the inspector did not answer')
  const socket = new WebSocket(url)
  await new Promise((done, fail) => {
    socket.onopen = done
    socket.onerror = fail
  })
  let id = 0
  const waiting = new Map()
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data))
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message)
      waiting.delete(message.id)
    }
  }
  const send = (method, params = {}) =>
    new Promise((done, fail) => {
      const messageId = ++id
      waiting.set(messageId, (message) =>
        message.error ? fail(new Error(message.error.message)) : done(message.result),
      )
      socket.send(JSON.stringify({ id: messageId, method, params }))
    })
  return { send, close: () => socket.close() }
}

/** Self samples per function (name, file, line), idle and program excluded; and the total. */
export function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map()
  let total = 0
  for (const id of profile.samples) {
    const frame = byId.get(id).callFrame
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue
    total++
    const file = frame.url.replace(/^.*\/(\.output|node_modules)\//, '').replace(/\?.*$/, '')
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`
    self.set(key, (self.get(key) ?? 0) + 1)
  }
  return { total, top: [...self].sort((a, b) => b[1] - a[1]) }
}

const server = (() => {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-profile-'))
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${INSPECT_PORT}`, '.output/server/index.mjs'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'ignore'],
    detached: true,
  })
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Gone already.
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', stop)
  return { stop }
})()

for (let i = 0; ; i++) {
  const ready = await fetch(`${BASE}/category/dresses`).then(
    (response) => response.ok,
    () => false,
  )
  if (ready) break
  if (i > 600) throw new Error('the server did not start')
  await sleep(200)
}

const guest = await guestCartCookie()
const member = await returningShopperCookie(BASE)
const PAGES = [
  { name: 'cart', path: '/cart', cookie: guest },
  { name: 'checkout', path: '/checkout', cookie: guest, referer: `${BASE}/cart` },
  { name: 'login', path: '/account/login', cookie: COMMON },
  { name: 'account', path: '/account', cookie: member },
  { name: 'product (cached)', path: '/product/linen-wrap-dress-1001', cookie: COMMON },
]
const wanted = option('pages', '')
  .split(',')
  .filter((name) => name !== '')
const pages = wanted.length > 0 ? PAGES.filter((page) => wanted.some((name) => page.name.startsWith(name))) : PAGES

mkdirSync(OUT, { recursive: true })
const session = await inspector()
await session.send('Profiler.enable')
await session.send('Profiler.setSamplingInterval', { interval: INTERVAL_US })
const summary = []
try {
  for (const page of pages) {
    const headers = { accept: 'text/html', 'accept-encoding': 'br', cookie: page.cookie }
    if (page.referer) headers.referer = page.referer
    // Warm: the route's modules loaded, the first render's one-off work done.
    for (let i = 0; i < 10; i++) {
      const response = await fetch(BASE + page.path, { headers, redirect: 'manual' })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`)
    }
    await session.send('Profiler.start')
    const result = await autocannon({ url: BASE + page.path, connections: 10, amount: REQUESTS, headers })
    const { profile } = await session.send('Profiler.stop')
    const file = join(OUT, `${page.name.split(' ')[0]}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    const { total, top } = selfTimes(profile)
    const ms = (samples) => ((samples * INTERVAL_US) / 1000 / REQUESTS).toFixed(2)
    summary.push({
      page: `${page.name} ${page.path}`,
      requests: REQUESTS,
      'non-2xx': result.non2xx + result.errors,
      'samples/request': Math.round(total / REQUESTS),
      'CPU ms/request': ms(total),
    })
    console.log(
      `\n${page.name} ${page.path}: ${total} samples of ${INTERVAL_US} µs, ${ms(total)} ms of CPU per answer (${file})`,
    )
    console.log(
      top
        .slice(0, TOP)
        .map(
          ([key, count]) => `${String(count).padStart(7)} ${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`,
        )
        .join('\n'),
    )
  }
} finally {
  session.close()
  server.stop()
}
console.log(
  `\nCPU per answer (${REQUESTS} requests per page, 10 connections, profiler sampling every ${INTERVAL_US} µs)`,
)
console.table(summary)
process.exit(0)
