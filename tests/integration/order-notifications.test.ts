import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { createLinePushSender } from '~/api/providers/line-messaging.server'
import { members, outboxMessages, products, variants } from '~/db/schema'
import { freshDatabase } from './database'
import { Clock } from './support/clock'
import { SITE, StaffHarness } from './support/staff'

const BASE = 'http://shop.test/api/public/demo'
const OPERATOR = 'operator-token-notifications-0123456789'
const LINE_USER = `U${'ab'.repeat(16)}`
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let line: Server
const pushes: Array<{ to: string; texts: string[] }> = []

beforeAll(async () => {
  // LINE's Messaging API as far as a push goes.
  line = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (
        req.url === '/v2/bot/message/push' &&
        req.headers.authorization === 'Bearer line-channel-access-token-for-tests'
      ) {
        const parsed = JSON.parse(body) as { to: string; messages: Array<{ text: string }> }
        pushes.push({ to: parsed.to, texts: parsed.messages.map((message) => message.text) })
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
        return
      }
      res
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ message: 'Authentication failed' }))
    })
  })
  await new Promise<void>((resolve) => line.listen(0, '127.0.0.1', resolve))
  const sender = createLinePushSender({
    channelAccessToken: 'line-channel-access-token-for-tests',
    apiBaseUrl: `http://127.0.0.1:${(line.address() as AddressInfo).port}`,
  })
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { operatorToken: OPERATOR, pushLine: (to, text) => sender.push({ to, text }), siteUrl: SITE },
  })
})

afterAll(async () => {
  await database?.close()
  await new Promise<void>((resolve) => line.close(() => resolve()))
})

it('tells a LINE-linked member of each status change by e-mail and by LINE message', async () => {
  const [member] = await database.db
    .insert(members)
    .values({ fullname: 'Nok', email: 'nok@example.com', lineUserId: LINE_USER })
    .returning()
  if (!member) throw new Error('member not stored')
  const grant = await app.accounts.sessions.startSession(member, { ip: '127.0.0.1', locale: 'en' }, null)
  const auth = { authorization: `Bearer ${grant.token}`, 'content-type': 'application/json' }
  const [row] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(sql`cardinality(${products.tags}) = 0 AND ${products.categorySlug} <> 'shoes'`)
    .limit(1)
  if (!row) throw new Error('no product')
  await database.db.update(variants).set({ stockOnline: 3 }).where(eq(variants.sku, row.sku))
  await app.request(`${BASE}/cart/items?currency=thb`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ sku: row.sku }),
  })
  const placed = await app.request(`${BASE}/orders?currency=thb&lang=en`, {
    method: 'POST',
    headers: { ...auth, 'idempotency-key': 'line-notify-1' },
    body: JSON.stringify({
      email: 'nok@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'bank_transfer',
    }),
  })
  expect(placed.status).toBe(201)
  const { order } = (await placed.json()) as { order: { number: string } }
  const moved = await app.request(`${BASE}/operator/orders/${order.number}/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'paid' }),
  })
  expect(moved.status).toBe(200)
  // The LINE text comes from the e-mails' catalog, in the order's language.
  // It links the member's order page in that language, as the storefront writes it.
  expect(pushes).toEqual([
    {
      to: LINE_USER,
      texts: [`Your order ${order.number} has a new status: paid.\nhttp://localhost:3000/en/order/${order.number}`],
    },
  ])
  // The e-mails were queued with the order and its payment; the worker sends them (to the demo outbox here).
  expect(await app.orderMails.deliverDue()).toMatchObject({ sent: 2 })
  const mails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nok@example.com'))
  expect(mails.map((mail) => mail.subject).sort()).toEqual(
    [`Thank you for your order ${order.number}`, `Payment received for order ${order.number}`].sort(),
  )
  const paid = mails.find((mail) => mail.subject.startsWith('Payment received'))
  expect(paid?.body).toContain(`We have received your payment of`)
  expect(paid?.body).toContain(`/en/order/${order.number}`)

  // The warehouse ships it from the back office (a parcel, not a status change): the member hears of it on LINE too.
  const h = new StaffHarness(app, database.db, new Clock(Date.now()))
  const cookie = await h.signIn(await h.enrol('warehouse'))
  const shipped = await h.call('POST', `/orders/${order.number}/parcels`, {
    cookie,
    body: { carrier: 'kerry_express', tracking_number: 'KERDO0012345678' },
  })
  expect(shipped.status, shipped.text).toBe(200)
  expect(pushes.at(-1)).toEqual({
    to: LINE_USER,
    texts: [`Your order ${order.number} has a new status: in transit.\nhttp://localhost:3000/en/order/${order.number}`],
  })
  expect(pushes).toHaveLength(2)
  // A second parcel of the order in transit is no new status: no second message.
  const again = await h.call('POST', `/orders/${order.number}/parcels`, {
    cookie,
    body: { carrier: 'kerry_express', tracking_number: 'KERDO0012345679' },
  })
  expect(again.status, again.text).toBe(200)
  expect(pushes).toHaveLength(2)
})
