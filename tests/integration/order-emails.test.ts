import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_BANK_ACCOUNT } from '~/api/options.server'
import { createApiApp, testStorefrontLinks, type ApiApp } from './api-app'
import { createDelivery } from '~/api/accounts/delivery.server'
import {
  enqueueOrderMail,
  ORDER_MAIL_BACKOFF_BASE_MS,
  ORDER_MAIL_LEASE_MS,
  OrderMailService,
  type OrderMailServiceOptions,
} from '~/api/emails/order-mails.server'
import { createSmtpSender } from '~/api/providers/smtp.server'
import { orderMails, orders, outboxMessages } from '~/db/schema'
import { freshDatabase } from './database'
import { plainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

const SITE = 'https://shop.test'
const FROM = 'Atelier Siam <orders@shop.test>'

// ── a mail server on loopback ──────────────────────────────────────────────────────────────────

type ReceivedMail = {
  to: string[]
  messageId: string
  subject: string
  html: string
  text: string
  htmlLang: string | null
}

/** The bytes of RFC 2047 encoded words and quoted-printable bodies. */
function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = []
  const source = text.replace(/=\r?\n/g, '')
  for (let index = 0; index < source.length; index++) {
    const char = source[index] ?? ''
    const hex = source.slice(index + 1, index + 3)
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(char, 'utf8'))
  }
  return Buffer.from(bytes)
}

/** A header as people read it: runs of encoded words (=?UTF-8?B?…?=) decoded together, so split characters join. */
function decodeHeader(value: string): string {
  return value.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, encoding, text = '']) =>
        encoding?.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replaceAll('_', ' ')),
      ),
    ).toString('utf8'),
  )
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return quotedPrintableBytes(body).toString('utf8')
  return body
}

/** The parts of a multipart/alternative message as nodemailer writes it. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const headers = parseHeaders(raw.slice(0, split))
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const parts: Record<string, string> = {}
  for (const part of boundary ? raw.slice(split + 4).split(`--${boundary}`) : []) {
    const partSplit = part.indexOf('\r\n\r\n')
    if (partSplit < 0) continue
    const partHeaders = parseHeaders(part.slice(0, partSplit).trim())
    const type = partHeaders.get('content-type')?.split(';')[0]?.trim() ?? ''
    parts[type] = decodeBody(partHeaders, part.slice(partSplit + 4).trimEnd())
  }
  const html = parts['text/html'] ?? ''
  return {
    to,
    messageId: headers.get('message-id') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    html,
    text: parts['text/plain'] ?? '',
    htmlLang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
  }
}

const received: ReceivedMail[] = []
/** SMTP reply codes for the next recipients (450: try later, 550: no such mailbox); empty: accepted. */
const refusals: number[] = []
let smtp: SMTPServer
let smtpUrl = ''

// ── the shop ───────────────────────────────────────────────────────────────────────────────────

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
const senders: Array<{ close(): void }> = []

function smtpSender() {
  const sender = createSmtpSender({ url: smtpUrl, from: FROM, timeoutMs: 5_000 })
  senders.push(sender)
  return sender
}

/** An API app as one server process makes it: its own SMTP connection, the same database. */
function shopApp(): ApiApp {
  return createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    accounts: { delivery: createDelivery(database.db, { email: smtpSender() }) },
    commerce: { siteUrl: SITE, operatorToken: OPERATOR },
  })
}

/** A mail worker of its own (another instance, or one with a clock of the test's). */
function mailService(options: Partial<OrderMailServiceOptions> = {}): OrderMailService {
  const delivery = createDelivery(database.db, { email: smtpSender() })
  return new OrderMailService(database.db, {
    deliver: delivery.deliver,
    bank: DEMO_BANK_ACCOUNT,
    links: testStorefrontLinks(SITE),
    ...options,
  })
}

const call = jsonCaller(() => app)

let skuOffset = 0
/** A size of a plain product (no sale, club or shoes) with stock, a new one per order. */
const plainSku = async () => (await plainSize(database.db, skuOffset++, 5)).sku

let orderCount = 0
/** A guest's order through the HTTP API; its number and id. */
async function guestOrder(
  lang: 'th' | 'en',
  overrides: Json = {},
): Promise<{ number: string; id: string; email: string; token: string }> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku: await plainSku(), quantity: 1 } })
  expect(added.status).toBe(201)
  const email = `guest${++orderCount}@example.com`
  const placed = await call('POST', `/orders?currency=thb&lang=${lang}`, {
    body: {
      email,
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'bank_transfer',
      ...overrides,
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `order-emails-${orderCount}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const number = String((placed.body.order as Json).number)
  const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number))
  return { number, id: row?.id ?? '', email, token: String(placed.body.access_token) }
}

async function mailsOf(orderId: string) {
  return database.db.select().from(orderMails).where(eq(orderMails.orderId, orderId)).orderBy(orderMails.createdAt)
}

async function moveTo(number: string, status: string) {
  const moved = await call('POST', `/operator/orders/${number}/status`, {
    body: { status },
    headers: operatorAuth,
  })
  expect(moved.status, JSON.stringify(moved.body)).toBe(200)
}

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      const reply = refusals.shift()
      if (reply === undefined) return callback()
      callback(Object.assign(new Error(reply < 500 ? 'Try again later' : 'No such mailbox'), { responseCode: reply }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address)
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  database = await freshDatabase()
  app = shopApp()
})

beforeEach(async () => {
  // Each test starts with nothing owed: earlier tests' e-mails are out of the way.
  await database.db
    .update(orderMails)
    .set({ status: 'sent', nextAttemptAt: null })
    .where(eq(orderMails.status, 'pending'))
  received.length = 0
  refusals.length = 0
})

afterAll(async () => {
  for (const sender of senders) sender.close()
  await new Promise<void>((resolve) => smtp?.close(resolve))
  await database?.close()
})

describe(`order e-mails on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('queues the confirmation with the order, in its language, and sends it once over SMTP', async () => {
    const placed = await guestOrder('en')
    // Stored with the order, not sent during the request.
    const queued = await mailsOf(placed.id)
    expect(queued.map((mail) => [mail.kind, mail.status, mail.attempts])).toEqual([['order_placed', 'pending', 0]])
    expect(received).toEqual([])

    expect(await app.orderMails.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 })
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail?.to).toEqual([placed.email])
    expect(mail?.subject).toBe(`Thank you for your order ${placed.number}`)
    expect(mail?.htmlLang).toBe('en')
    expect(mail?.messageId).toBe(`<order-mail-${queued[0]?.id}@shop.test>`)
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain(`We have received your order ${placed.number}`)
      expect(part).toContain(DEMO_BANK_ACCOUNT.accountNumber)
      expect(part).toContain('Siam Paragon')
    }
    // A guest's e-mail has no link to an order page it could not open.
    expect(mail?.text).not.toContain('/order/')
    const [sent] = await mailsOf(placed.id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: null, lastError: null })
    expect(sent?.sentAt).toBeInstanceOf(Date)

    // Once: another run finds nothing to send.
    expect(await app.orderMails.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 })
    expect(received).toHaveLength(1)
  })

  it('writes a Thai order’s e-mail in Thai, with the Buddhist-era year', async () => {
    const placed = await guestOrder('th')
    await app.orderMails.deliverDue()
    expect(received.map((mail) => mail.subject)).toEqual([`ขอบคุณสำหรับคำสั่งซื้อ ${placed.number}`])
    const [mail] = received
    expect(mail?.htmlLang).toBe('th')
    expect(mail?.text).toContain('กรุณาโอน')
    expect(mail?.text).toContain('สยามพารากอน')
    const buddhistYear = String(new Date().getUTCFullYear() + 543)
    expect(mail?.text).toContain(buddhistYear)
  })

  it('writes no e-mail for an order that was refused', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(orderMails)
    const added = await call('POST', '/cart/items?currency=thb', { body: { sku: await plainSku() } })
    const refused = await call('POST', '/orders?currency=thb&lang=en', {
      body: {
        email: 'refused@example.com',
        telephone: '0812345678',
        shipping_method: 'pickup',
        store_id: 'siam-paragon',
        payment_method: 'bank_transfer',
        expected_total: 1,
      },
      headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': 'order-emails-refused' },
    })
    expect(refused.status).toBe(409)
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(orderMails)
    expect(after).toEqual(before)
  })

  it('tells a guest of the payment, the dispatch and a cancellation, each once', async () => {
    const placed = await guestOrder('en')
    await moveTo(placed.number, 'paid')
    await moveTo(placed.number, 'packed')
    await moveTo(placed.number, 'in_transit')
    expect((await mailsOf(placed.id)).map((mail) => mail.kind)).toEqual(['order_placed', 'payment_received', 'shipped'])
    await app.orderMails.deliverDue()
    expect(received.map((mail) => mail.subject)).toEqual([
      `Thank you for your order ${placed.number}`,
      `Payment received for order ${placed.number}`,
      `Your order ${placed.number} is on its way`,
    ])
    // The confirmation sent after the payment no longer asks for a transfer.
    expect(received[0]?.text).not.toContain('Please transfer')
    expect(received[1]?.text).toContain(`We have received your payment of`)
    expect(received[2]?.text).toContain(`is on its way to our store Siam Paragon`)

    // The shopper cancels an order (a guest, by the token of the order).
    received.length = 0
    const cancelled = await guestOrder('th')
    const cancel = await call('POST', `/orders/${cancelled.number}/cancel`, {
      headers: { 'x-order-token': cancelled.token },
    })
    expect(cancel.status).toBe(200)
    // The back office cancels a paid order: the e-mail speaks of the refund.
    const refunded = await guestOrder('en')
    await moveTo(refunded.number, 'paid')
    await moveTo(refunded.number, 'cancelled')
    await app.orderMails.deliverDue()
    const subjects = received.map((mail) => mail.subject)
    expect(subjects).toContain(`คำสั่งซื้อ ${cancelled.number} ถูกยกเลิกแล้ว`)
    expect(subjects).toContain(`Order ${refunded.number} is cancelled`)
    const asked = received.find((mail) => mail.subject.includes(cancelled.number) && mail.subject.includes('ยกเลิก'))
    expect(asked?.text).toContain(`คำสั่งซื้อ ${cancelled.number} ของคุณถูกยกเลิกตามที่คุณขอแล้ว`)
    const byShop = received.find((mail) => mail.subject === `Order ${refunded.number} is cancelled`)
    expect(byShop?.text).toContain('it is refunded through your original payment channel within 15 days')
  })

  it('retries after a failing mail server with back-off, sends once, and gives up on a permanent refusal', async () => {
    let clock = new Date('2026-11-22T10:00:00.000Z')
    const worker = mailService({ now: () => clock })
    const placed = await guestOrder('en')
    await database.db.update(orderMails).set({ nextAttemptAt: clock }).where(eq(orderMails.orderId, placed.id))

    refusals.push(451)
    expect(await worker.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0, skipped: 0 })
    const [waiting] = await mailsOf(placed.id)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting?.lastError).toMatch(/reply 451/)
    expect(waiting?.nextAttemptAt?.getTime()).toBe(clock.getTime() + ORDER_MAIL_BACKOFF_BASE_MS)
    // Not before its time.
    expect(await worker.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 })

    // The second failure waits twice as long.
    clock = new Date(clock.getTime() + ORDER_MAIL_BACKOFF_BASE_MS)
    refusals.push(421)
    expect(await worker.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0, skipped: 0 })
    const [again] = await mailsOf(placed.id)
    expect(again?.nextAttemptAt?.getTime()).toBe(clock.getTime() + 2 * ORDER_MAIL_BACKOFF_BASE_MS)

    clock = new Date(clock.getTime() + 2 * ORDER_MAIL_BACKOFF_BASE_MS)
    expect(await worker.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 })
    expect(received.map((mail) => mail.subject)).toEqual([`Thank you for your order ${placed.number}`])
    expect((await mailsOf(placed.id))[0]).toMatchObject({ status: 'sent', attempts: 3, lastError: null })

    // 550: no such mailbox. Retrying cannot mend it.
    const unknown = await guestOrder('en')
    await database.db.update(orderMails).set({ nextAttemptAt: clock }).where(eq(orderMails.orderId, unknown.id))
    refusals.push(550)
    expect(await worker.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1, skipped: 0 })
    const [failed] = await mailsOf(unknown.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(failed?.lastError).toMatch(/reply 550/)
  })

  it('skips e-mails when the shop has no e-mail channel, instead of retrying them for ever', async () => {
    const placed = await guestOrder('en')
    // Demo mode with only SMS real (decision 076): no SMTP, and the outbox is closed.
    const noEmail = createDelivery(database.db, { outbox: false })
    const worker = mailService({ deliver: noEmail.deliver })
    expect(await worker.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 1 })
    expect(await mailsOf(placed.id)).toMatchObject([{ status: 'skipped', lastError: 'no e-mail channel' }])
    expect(await worker.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 })
  })

  it('keeps the demo outbox as the e-mail channel when there is no SMTP server', async () => {
    const placed = await guestOrder('th')
    const outbox = createDelivery(database.db)
    expect(outbox.outboxEnabled).toBe(true)
    expect(await mailService({ deliver: outbox.deliver }).deliverDue()).toMatchObject({ sent: 1 })
    const kept = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, placed.email))
    expect(kept.map((message) => [message.channel, message.subject])).toEqual([
      ['email', `ขอบคุณสำหรับคำสั่งซื้อ ${placed.number}`],
    ])
    expect(kept[0]?.body).toContain('กรุณาโอน')
    expect(received).toEqual([])
  })

  it('lets a restarted server send what was queued, and takes over an e-mail whose sender died', async () => {
    const placed = await guestOrder('en')
    // The server that took the order stops before its worker ran; a new one starts on the same database.
    const restarted = shopApp()
    expect(await restarted.orderMails.deliverDue()).toMatchObject({ sent: 1 })
    expect(received.map((mail) => mail.subject)).toEqual([`Thank you for your order ${placed.number}`])

    // An instance claims an e-mail and hangs (or dies) while sending it.
    received.length = 0
    const second = await guestOrder('en')
    let clock = new Date()
    let unblock: () => void = () => undefined
    const hung = mailService({
      now: () => clock,
      deliver: () => new Promise<void>((_resolve, reject) => (unblock = () => reject(new Error('connection lost')))),
    })
    const hanging = hung.deliverDue()
    await expect.poll(async () => (await mailsOf(second.id))[0]?.attempts).toBe(1)
    // Another instance leaves it alone during the lease…
    const other = mailService({ now: () => clock })
    expect(await other.deliverDue()).toMatchObject({ sent: 0 })
    // …and sends it once the lease is over.
    clock = new Date(clock.getTime() + ORDER_MAIL_LEASE_MS + 1)
    expect(await other.deliverDue()).toMatchObject({ sent: 1 })
    expect(received.map((mail) => mail.subject)).toEqual([`Thank you for your order ${second.number}`])
    // The hung instance comes back with its failure: the e-mail stays sent, and is not sent again.
    unblock()
    await hanging
    expect(await mailsOf(second.id)).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }])
    expect(await other.deliverDue()).toMatchObject({ sent: 0 })
    expect(received).toHaveLength(1)
  })

  it('sends each e-mail once with two workers running at the same time', async () => {
    const placed = []
    for (let index = 0; index < 6; index++) placed.push(await guestOrder(index % 2 === 0 ? 'en' : 'th'))
    const workers = [mailService(), mailService()]
    const reports = await Promise.all([
      ...workers.map((worker) => worker.deliverDue(4)),
      ...workers.map((worker) => worker.deliverDue(4)),
    ])
    const more = await Promise.all(workers.map((worker) => worker.deliverDue()))
    const sent = [...reports, ...more].reduce((total, report) => total + report.sent, 0)
    expect(sent).toBe(6)
    expect(received).toHaveLength(6)
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(6)
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(placed.map((order) => order.email).sort())
  })

  it('queues an event once, checks what it is given, and drops a reminder that is no longer owed', async () => {
    const placed = await guestOrder('en')
    const request = { id: 'return-1', kind: 'return' as const, reason: 'Too small', items: [] }
    const accepted = { kind: 'return_accepted' as const, orderId: placed.id, data: { request } }
    expect(await enqueueOrderMail(database.db, accepted)).toBe(true)
    expect(await enqueueOrderMail(database.db, accepted)).toBe(false)
    const deadline = new Date(Date.now() + 3_600_000).toISOString()
    const reminder = {
      kind: 'bank_transfer_reminder' as const,
      orderId: placed.id,
      data: { paymentDeadline: deadline },
    }
    expect(await enqueueOrderMail(database.db, reminder)).toBe(true)
    expect(await enqueueOrderMail(database.db, reminder)).toBe(false)
    await app.orderMails.deliverDue()
    expect(received.map((mail) => mail.subject)).toEqual([
      `Thank you for your order ${placed.number}`,
      `Your return for order ${placed.number} is accepted`,
      expect.stringMatching(new RegExp(`^Reminder: please pay for order ${placed.number} by `)),
    ])

    // A reminder due after the payment came in is not sent.
    received.length = 0
    await moveTo(placed.number, 'paid')
    const late = { ...reminder, data: { paymentDeadline: new Date(Date.now() + 7_200_000).toISOString() } }
    expect(await enqueueOrderMail(database.db, late)).toBe(true)
    expect(await app.orderMails.deliverDue()).toMatchObject({ sent: 1, skipped: 1 })
    expect(received.map((mail) => mail.subject)).toEqual([`Payment received for order ${placed.number}`])

    // A row whose data does not fit its kind fails for good instead of sending nonsense.
    await database.db.execute(
      // Due a second ago: the database's clock has microseconds, the worker's milliseconds (a row written within the
      // same millisecond would otherwise be due only at the next run).
      sql`INSERT INTO order_mails (order_id, kind, dedupe_key, data, next_attempt_at) VALUES (${placed.id}, 'shipped', 'broken', '{"shipments": "none"}'::jsonb, now() - interval '1 second')`,
    )
    expect(await app.orderMails.deliverDue()).toMatchObject({ failed: 1 })
    const broken = (await mailsOf(placed.id)).find((mail) => mail.dedupeKey === 'broken')
    expect(broken).toMatchObject({ status: 'failed', lastError: 'data does not fit shipped' })
  })
})
