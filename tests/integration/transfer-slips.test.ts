import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSlipOkVerifier } from '~/api/providers/slipok.server'
import { auditLog, orderMails, orders, outboxMessages, staffAlertEvents, transferSlips } from '~/db/schema'
import { DEMO_BANK_ACCOUNT } from '~/api/options.server'
import { slipPicture } from '../slip-picture'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { bangkokDateTime, startFakeSlipOk, type FakeSlipOk } from './fake-slipok'
import { thaiAddress } from './support/address'
import { plainSize, type PlainSize } from './support/catalog'
import { BASE, jsonCaller, type Json } from './support/http'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Transfer slips (issue 31 item 6) against a SlipOK stand-in on loopback: the shopper's upload checked by content
 * (not a picture, too large, not theirs), its QR read on the server, the provider's reading matched (a match pays the
 * order, audited as the system; each mismatch, a reused reference — also two uploads at once —, no QR and the provider
 * down wait for review with the reason), and the staff's side: the queue, the picture, confirm and reject (audited,
 * the shopper told in their language), "mark paid" with a bank reference, and a bank statement's dry run and confirm.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
let fake: FakeSlipOk
let storageDir: string
let size: PlainSize
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
let service: { staff: Enrolled; cookie: string }
let placedCount = 0
let refCount = 0

type Placed = { number: string; token: string; total: number; placedAt: Date }

/** A guest's bank transfer order of one piece through the shop's API. */
async function place(): Promise<Placed> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku: size.sku, quantity: 1 } })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: `slip.${++placedCount}@example.com`,
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': randomUUID() },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const order = placed.body.order as Json
  const [row] = await database.db
    .select()
    .from(orders)
    .where(eq(orders.number, String(order.number)))
  return {
    number: String(order.number),
    token: String(placed.body.access_token),
    total: Number(order.total),
    placedAt: row?.createdAt ?? new Date(),
  }
}

/** A reference no slip had before. */
const reference = () => `0163${Date.now().toString().slice(-8)}BTF${String(++refCount).padStart(5, '0')}`

/** The bank knows this transfer (the fake SlipOK answers it): to the shop's account, a minute after the order. */
function bankKnows(ref: string, order: Placed, overrides: Partial<{ amount: number; account: string; at: Date }> = {}) {
  const at = overrides.at ?? new Date(order.placedAt.getTime() + 60_000)
  fake.slips.set(ref, {
    transRef: ref,
    amount: (overrides.amount ?? order.total) / 100,
    ...bangkokDateTime(at),
    receiverAccount: overrides.account ?? 'xxx-x-x6000-x',
  })
}

async function upload(
  order: Placed,
  body: Uint8Array,
  init: { token?: string | null; lang?: string; type?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': init.type ?? 'image/jpeg' }
  const token = init.token === undefined ? order.token : init.token
  if (token) headers['x-order-token'] = token
  const response = await app.request(`${BASE}/orders/${order.number}/slip?lang=${init.lang ?? 'th'}`, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text }
}

async function statusOf(number: string) {
  const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number))
  return row?.status
}

async function slipOf(number: string) {
  const [order] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number))
  const [slip] = await database.db
    .select()
    .from(transferSlips)
    .where(eq(transferSlips.orderId, order?.id ?? ''))
    .orderBy(desc(transferSlips.createdAt))
    .limit(1)
  return slip
}

async function auditOf(number: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.entityId, number)).orderBy(auditLog.id)
}

const staff = (method: string, path: string, body?: unknown) =>
  h.call(method, path, { cookie: service.cookie, ...(body === undefined ? {} : { body }) })

beforeAll(async () => {
  database = await freshDatabase()
  fake = await startFakeSlipOk()
  storageDir = await mkdtemp(join(tmpdir(), 'slips-test-'))
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, bank: { ...DEMO_BANK_ACCOUNT, accountNumber: '123-4-56000-0' } },
    accounts: { now: clock.now },
    admin: { now: clock.now },
    slips: {
      verifier: createSlipOkVerifier({ branchId: fake.branchId, apiKey: fake.apiKey, apiBaseUrl: fake.url }),
      storageDir,
    },
  })
  h = new StaffHarness(app, database.db, clock)
  size = await plainSize(database.db, 5, 1000)
  const member = await h.enrol('customer_service', 'slips')
  service = { staff: member, cookie: await h.signIn(member) }
})

afterAll(async () => {
  await fake?.close()
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

describe('a slip that matches', () => {
  it('pays the order through the shop’s payment confirmation, audited as the system, the picture kept clean', async () => {
    const order = await place()
    const ref = reference()
    bankKnows(ref, order, { account: 'xxx-x-x6000-x' })
    const reply = await upload(order, await slipPicture(ref))
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({ slip: { status: 'paid', rejection: null }, order_status: 'paid' })
    expect(await statusOf(order.number)).toBe('paid')
    // SlipOK was asked with our key about the QR's text.
    expect(fake.calls.at(-1)).toMatchObject({ path: `/api/line/apikey/${fake.branchId}`, key: fake.apiKey })
    expect(JSON.parse(fake.calls.at(-1)?.body ?? '{}')).toEqual({ data: expect.stringContaining(ref) })
    const entries = await auditOf(order.number)
    expect(entries).toMatchObject([
      {
        actorType: 'system',
        actorId: 'slip-verification',
        action: 'payment.slip_matched',
        entityType: 'order',
        before: { status: 'awaiting_payment' },
        after: { status: 'paid', reference: ref, provider: 'slipok' },
      },
    ])
    const [orderRow] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, order.number))
    const mails = await database.db
      .select()
      .from(orderMails)
      .where(eq(orderMails.orderId, orderRow?.id ?? ''))
    expect(mails.map((mail) => mail.kind)).toContain('payment_received')
    // The picture is kept, upright, without its EXIF (no GPS position, no camera).
    const slip = await slipOf(order.number)
    expect(slip).toMatchObject({ status: 'paid', transRef: ref, sendingBank: '004', contentType: 'image/jpeg' })
    expect(await readdir(storageDir)).toContain(slip?.file)
    const kept = await sharp(join(storageDir, slip?.file ?? '')).metadata()
    expect(kept.exif).toBeUndefined()
    expect(kept.format).toBe('jpeg')
    // The order page's state says it.
    const state = await call('GET', `/orders/${order.number}/slip`, { headers: { 'x-order-token': order.token } })
    expect(state.body).toMatchObject({ slip: { status: 'paid' }, order_status: 'paid' })
  })

  it('reads PNG and WebP slips too', async () => {
    for (const format of ['png', 'webp'] as const) {
      const order = await place()
      const ref = reference()
      bankKnows(ref, order)
      const reply = await upload(order, await slipPicture(ref, { format }), { type: `image/${format}` })
      expect(reply.body, `${format}: ${reply.text}`).toMatchObject({ slip: { status: 'paid' } })
    }
  })
})

describe('a slip that does not match waits for review with the reason', () => {
  const cases: Array<[string, (order: Placed, ref: string) => void]> = [
    ['amount_differs', (order, ref) => bankKnows(ref, order, { amount: order.total - 100 })],
    ['receiver_differs', (order, ref) => bankKnows(ref, order, { account: 'xxx-x-x9999-x' })],
    ['before_order', (order, ref) => bankKnows(ref, order, { at: new Date(order.placedAt.getTime() - 120_000) })],
    ['provider_refused', () => undefined],
  ]
  for (const [reason, setUp] of cases) {
    it(reason, async () => {
      const order = await place()
      const ref = reference()
      setUp(order, ref)
      const reply = await upload(order, await slipPicture(ref))
      expect(reply.status, reply.text).toBe(201)
      expect(reply.body).toMatchObject({ slip: { status: 'review' }, order_status: 'awaiting_payment' })
      expect(await slipOf(order.number)).toMatchObject({ status: 'review', reason, transRef: ref })
      expect(await statusOf(order.number)).toBe('awaiting_payment')
      expect(await auditOf(order.number)).toEqual([])
    })
  }

  it('no_qr: a photo without a slip QR', async () => {
    const order = await place()
    const calls = fake.calls.length
    const reply = await upload(order, await slipPicture(null))
    expect(reply.body).toMatchObject({ slip: { status: 'review' } })
    expect(await slipOf(order.number)).toMatchObject({ status: 'review', reason: 'no_qr', transRef: null })
    expect(fake.calls.length, 'SlipOK is not asked about nothing').toBe(calls)
    // The staff who chose slip alerts hear of it on LINE: the event is stored with the slip (decision 186).
    const slip = await slipOf(order.number)
    const events = await database.db
      .select()
      .from(staffAlertEvents)
      .where(eq(staffAlertEvents.eventKey, String(slip?.id)))
    expect(events).toMatchObject([{ kind: 'slip_review', data: { orderNumber: order.number, reason: 'no_qr' } }])
  })

  it('provider_unreachable: SlipOK answering 500, and SlipOK not there at all', async () => {
    const order = await place()
    const ref = reference()
    bankKnows(ref, order)
    fake.down = true
    try {
      expect((await upload(order, await slipPicture(ref))).body).toMatchObject({ slip: { status: 'review' } })
    } finally {
      fake.down = false
    }
    expect(await slipOf(order.number)).toMatchObject({ reason: 'provider_unreachable', reading: { code: 'http-500' } })
    const gone = createSlipOkVerifier({ branchId: '1', apiKey: 'k'.repeat(10), apiBaseUrl: 'http://127.0.0.1:9' })
    expect(await gone.verify({ qrPayload: 'x', transRef: 'x', amountDue: 1 })).toMatchObject({ kind: 'unreachable' })
  })

  it('reference_used: a reference that paid another order', async () => {
    const first = await place()
    const second = await place()
    const ref = reference()
    bankKnows(ref, first)
    expect((await upload(first, await slipPicture(ref))).body).toMatchObject({ slip: { status: 'paid' } })
    expect((await upload(second, await slipPicture(ref))).body).toMatchObject({ slip: { status: 'review' } })
    expect(await slipOf(second.number)).toMatchObject({ reason: 'reference_used' })
    expect(await statusOf(second.number)).toBe('awaiting_payment')
  })

  it('reference_used: two uploads of one reference at once pay one order only', async () => {
    const [first, second] = [await place(), await place()]
    const ref = reference()
    bankKnows(ref, first)
    const picture = await slipPicture(ref)
    const replies = await Promise.all([upload(first, picture), upload(second, picture)])
    expect(replies.map((reply) => reply.status)).toEqual([201, 201])
    const statuses = [await statusOf(first.number), await statusOf(second.number)]
    expect(statuses.sort()).toEqual(['awaiting_payment', 'paid'])
    const reasons = [(await slipOf(first.number))?.reason, (await slipOf(second.number))?.reason]
    expect(reasons).toEqual(expect.arrayContaining(['reference_used', null]))
  })
})

describe('the upload is refused by content, size and owner', () => {
  it('refuses what is not a picture, whatever its name or type says, in the shopper’s language', async () => {
    const order = await place()
    const text = new TextEncoder().encode('%PDF-1.7 this is not a slip')
    const th = await upload(order, text, { lang: 'th' })
    expect(th.status).toBe(415)
    expect(th.body).toMatchObject({ reason: 'SLIP_REFUSED', fields: { slip: 'notImage' } })
    expect(String(th.body.message)).toContain('ไม่ใช่รูปภาพ')
    const en = await upload(order, text, { lang: 'en' })
    expect(String(en.body.message)).toContain('not a slip picture')
    // JPEG's first bytes and nothing of a picture after them.
    const fakeJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)])
    expect((await upload(order, fakeJpeg)).body).toMatchObject({ fields: { slip: 'notImage' } })
    expect(await slipOf(order.number)).toBeUndefined()
  })

  it('refuses a picture over 5 MB with 413', async () => {
    const order = await place()
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set([0xff, 0xd8, 0xff, 0xe0])
    const reply = await upload(order, big, { lang: 'en' })
    expect(reply.status).toBe(413)
    expect(reply.body).toMatchObject({ reason: 'SLIP_REFUSED', fields: { slip: 'tooLarge' } })
    expect(String(reply.body.message)).toContain('5 MB')
  })

  it('lets only the order’s owner upload or read', async () => {
    const order = await place()
    const other = await place()
    const picture = await slipPicture(reference())
    expect((await upload(order, picture, { token: other.token })).status).toBe(404)
    expect((await upload(order, picture, { token: null })).status).toBe(404)
    const read = await call('GET', `/orders/${order.number}/slip`, { headers: { 'x-order-token': other.token } })
    expect(read.status).toBe(404)
    expect(await slipOf(order.number)).toBeUndefined()
  })

  it('takes no slip for a paid order', async () => {
    const order = await place()
    const ref = reference()
    bankKnows(ref, order)
    await upload(order, await slipPicture(ref))
    const again = await upload(order, await slipPicture(reference()))
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ reason: 'NOT_ALLOWED' })
  })
})

describe('staff review the slips', () => {
  async function inReview(): Promise<{ order: Placed; id: string }> {
    const order = await place()
    const ref = reference()
    bankKnows(ref, order, { amount: order.total - 50 })
    await upload(order, await slipPicture(ref))
    const slip = await slipOf(order.number)
    expect(slip?.status).toBe('review')
    return { order, id: slip?.id ?? '' }
  }

  it('lists the queue with the provider’s reading and the reason, and shows the picture', async () => {
    const { order, id } = await inReview()
    const list = await staff('GET', '/slips')
    expect(list.status, list.text).toBe(200)
    const row = (list.body.items as Json[]).find((item) => item.id === id)
    expect(row).toMatchObject({
      order_number: order.number,
      amount_due: order.total,
      status: 'review',
      reason: 'amount_differs',
      provider: 'slipok',
      reading: { amount: order.total - 50, receiver_account: 'xxx-x-x6000-x' },
    })
    const picture = await app.request(`http://shop.test/api/admin/demo/slips/${id}/picture`, {
      headers: { cookie: service.cookie, 'x-staff-request': '1' },
    })
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(600)
  })

  it('confirms a slip: the order paid, audited with the staff member', async () => {
    const { order, id } = await inReview()
    await h.stepUp(service.staff, service.cookie)
    const reply = await staff('POST', `/slips/${id}/confirm`)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ status: 'confirmed', decided_by: service.staff.email })
    expect(await statusOf(order.number)).toBe('paid')
    expect(await auditOf(order.number)).toMatchObject([
      { actorType: 'staff', actorId: service.staff.id, action: 'payment.slip_confirm', after: { status: 'paid' } },
    ])
    // Decided once.
    expect((await staff('POST', `/slips/${id}/confirm`)).status).toBe(409)
  })

  it('rejects a slip with a reason the shopper reads in their language, on the order page and by e-mail', async () => {
    const { order, id } = await inReview()
    await h.stepUp(service.staff, service.cookie)
    const reply = await staff('POST', `/slips/${id}/reject`, { reason: 'amount_differs', note: 'โอนขาด 0.50 บาท' })
    expect(reply.status, reply.text).toBe(200)
    expect(await statusOf(order.number)).toBe('awaiting_payment')
    expect(await auditOf(order.number)).toMatchObject([
      { actorType: 'staff', action: 'payment.slip_reject', after: { status: 'rejected', reason: 'amount_differs' } },
    ])
    const th = await call('GET', `/orders/${order.number}/slip?lang=th`, { headers: { 'x-order-token': order.token } })
    expect(th.body).toMatchObject({
      slip: {
        status: 'rejected',
        rejection: { reason: 'amount_differs', words: 'ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ', note: 'โอนขาด 0.50 บาท' },
      },
    })
    const en = await call('GET', `/orders/${order.number}/slip?lang=en`, { headers: { 'x-order-token': order.token } })
    expect(en.body).toMatchObject({ slip: { rejection: { words: 'The amount on the slip is not the amount due' } } })
    const mails = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `slip.${placedCount}@example.com`))
    expect(mails.map((mail) => mail.subject)).toEqual([`คำสั่งซื้อ ${order.number}: สลิปการโอนเงินไม่ผ่านการตรวจสอบ`])
    expect(mails[0]?.body).toContain('ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ')
    // The shopper may send the right slip now.
    const ref = reference()
    bankKnows(ref, order)
    const right = await upload(order, await slipPicture(ref))
    expect(right.body, JSON.stringify(await slipOf(order.number))).toMatchObject({ slip: { status: 'paid' } })
  })

  it('marks an order paid with a bank reference, once per reference', async () => {
    const order = await place()
    const other = await place()
    await h.stepUp(service.staff, service.cookie)
    const paid = await staff('POST', `/orders/${order.number}/mark-paid`, { reference: 'FT26112700123' })
    expect(paid.status, paid.text).toBe(200)
    expect(paid.body).toMatchObject({ status: 'paid' })
    expect(await auditOf(order.number)).toMatchObject([
      { actorType: 'staff', action: 'payment.mark_paid', after: { status: 'paid', reference: 'FT26112700123' } },
    ])
    const again = await staff('POST', `/orders/${other.number}/mark-paid`, { reference: 'FT26112700123' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ reason: 'REFERENCE_USED' })
    expect(await statusOf(other.number)).toBe('awaiting_payment')
    expect((await staff('POST', `/orders/${other.number}/mark-paid`, { reference: '' })).status).toBe(400)
  })

  it('matches a bank statement: a dry run that writes nothing, then the chosen matches paid and audited', async () => {
    // Alone in the shop's open transfers at this amount: the others of the suite are paid first.
    const open = await database.db
      .select({ number: orders.number })
      .from(orders)
      .where(sql`${orders.status} = 'awaiting_payment'`)
    for (const row of open) {
      await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.number, row.number))
    }
    const order = await place()
    const day = bangkokDateTime(new Date(order.placedAt.getTime() + 60_000)).transDate
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`
    const baht = (order.total / 100).toFixed(2)
    const csv = [
      'date,amount,reference,description',
      `${date},"${Number(baht).toLocaleString('en-US', { minimumFractionDigits: 2 })}",STMT0001,PromptPay from SOMSRI`,
      `${date},999999.00,STMT0002,Someone else`,
      `${date},-50.00,STMT0003,A fee`,
    ].join('\r\n')
    await h.stepUp(service.staff, service.cookie)
    const before = (await database.db.select().from(auditLog)).length
    const preview = await staff('POST', '/payments/statement/preview', { csv })
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body.proposals).toMatchObject([
      { line: 2, amount: order.total, reference: 'STMT0001', number: order.number, problem: null },
      { line: 3, number: null, candidates: [], problem: 'none' },
    ])
    expect(await statusOf(order.number)).toBe('awaiting_payment')
    expect((await database.db.select().from(auditLog)).length).toBe(before)
    const confirmed = await staff('POST', '/payments/statement/confirm', {
      matches: [{ number: order.number, reference: 'STMT0001' }],
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body.results).toEqual([{ number: order.number, reference: 'STMT0001', paid: true, reason: null }])
    expect(await statusOf(order.number)).toBe('paid')
    expect(await auditOf(order.number)).toMatchObject([{ action: 'payment.statement_match', actorType: 'staff' }])
    // The same line again is refused: its reference paid already.
    const again = await staff('POST', '/payments/statement/preview', { csv })
    expect((again.body.proposals as Json[])[0]).toMatchObject({ problem: 'reference_used', number: null })
    const bad = await staff('POST', '/payments/statement/preview', { csv: 'when,how much\n1,2' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ fields: { csv: 'columns' } })
  })

  it('refuses the review to a role without payments:confirm', async () => {
    const warehouse = await h.enrol('warehouse', 'slips-warehouse')
    const cookie = await h.signIn(warehouse)
    expect((await h.call('GET', '/slips', { cookie })).status).toBe(403)
  })
})
