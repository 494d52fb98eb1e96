import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  auditLog,
  creditNotes,
  orderMails,
  orders,
  payments,
  products,
  refunds,
  returnOutcomes,
  returnRequests,
  storeStock,
  stores,
  variants,
} from '~/db/schema'
import { vatIncludedIn } from '~/domain/vat'
import { formatBaht } from '~/domain/tax-invoice'
import { asPdfText, pdfText } from '../pdf-text'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import type { PlainSize } from './support/catalog'
import { jsonCaller, BASE, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { Clock } from './support/clock'
import { ADMIN, SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Returns to the end in the admin API (issue 31 item 9): accepting (the e-mail queued in the decision's own
 * transaction), receiving pieces by condition and restocking the resellable ones where staff choose, an exchange's
 * other size held or refused, a refund due with its credit note (numbered, linked to the tax invoice, its content
 * read back from the PDF), every write audited, bad input refused with a 4xx. Orders are placed, paid, delivered and
 * asked about through the shop's own API on the demo catalog; staff sign in through the admin API.
 */

const BUYER_TAX_ID = '1101700230708'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
const operator = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: operatorAuth })

type Signed = { staff: Enrolled; cookie: string }
let service: Signed
let warehouse: Signed
let first: PlainSize
let second: PlainSize
/** Another size of `first`'s product, for exchanges. */
let otherSize = { sku: '', size: '' }
let store = ''
let placed = 0

type Placed = { number: string; headers: Record<string, string> }

/** A guest order of these pieces, paid, sent and received through the shop's API; with a tax invoice if asked. */
async function receivedOrder(lines: Array<{ sku: string; quantity: number }>, invoice = false): Promise<Placed> {
  let cartToken = ''
  for (const line of lines) {
    const added = await call('POST', '/cart/items?currency=thb', {
      body: line,
      headers: cartToken ? { 'x-cart-token': cartToken } : {},
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    cartToken ||= String(added.body.cart_token)
  }
  const order = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: { ...thaiAddress, tax_id: BUYER_TAX_ID },
      payment_method: 'bank_transfer',
    },
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `admin-returns-${++placed}` },
  })
  expect(order.status, JSON.stringify(order.body)).toBe(201)
  const number = String((order.body.order as Json).number)
  const headers = { 'x-order-token': String(order.body.access_token) }
  for (const status of ['paid', 'packed', 'in_transit', 'received']) {
    const moved = await operator('POST', `/operator/orders/${number}/status`, { status })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
  if (invoice) {
    const issued = await app.request(`${BASE}/orders/${number}/tax-invoice`, { headers })
    expect(issued.status).toBe(200)
  }
  return { number, headers }
}

/** A return (or exchange) of these lines asked for by the shopper; the request's id. */
async function ask(order: Placed, body: Json): Promise<string> {
  const asked = await call('POST', `/orders/${order.number}/return-requests`, {
    body: { kind: 'return', reason: 'size_does_not_fit', ...body },
    headers: order.headers,
  })
  expect(asked.status, JSON.stringify(asked.body)).toBe(201)
  const requests = asked.body.returns as Json[]
  return String(requests[requests.length - 1]?.id)
}

const get = (who: Signed, path: string) => h.call('GET', path, { cookie: who.cookie })
const post = (who: Signed, path: string, body: unknown = {}) => h.call('POST', path, { cookie: who.cookie, body })

async function onlineStock(sku: string): Promise<number> {
  const [row] = await database.db.select({ stock: variants.stockOnline }).from(variants).where(eq(variants.sku, sku))
  return row?.stock ?? -1
}

async function storeStockOf(sku: string): Promise<number> {
  const [row] = await database.db
    .select({ quantity: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, store), eq(storeStock.sku, sku)))
  return row?.quantity ?? 0
}

async function auditOf(id: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'return_request'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id))
}

async function pdfOf(path: string, init: { cookie?: string; headers?: Record<string, string> }) {
  const response = init.cookie
    ? await app.request(`${ADMIN}${path}`, { headers: { cookie: init.cookie, 'x-forwarded-for': '10.31.9.9' } })
    : await app.request(`${BASE}${path}`, { headers: init.headers })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/pdf')
  return pdfText(new Uint8Array(await response.arrayBuffer()))
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, operatorToken: OPERATOR },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
  // Returnable pieces (no tag, not an excluded category) of products sold in more than one size.
  const [a, b] = await database.db
    .select({
      sku: variants.sku,
      productId: products.id,
      price: products.priceThb,
      nameTh: products.nameTh,
      nameEn: products.nameEn,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        sql`cardinality(${products.tags}) = 0`,
        sql`${products.categorySlug} NOT IN ('shoes', 'jewelry', 'accessories', 'underwear', 'swimwear')`,
        sql`(SELECT count(*) FROM ${variants} other WHERE other.product_id = ${products.id}) > 1`,
      ),
    )
    .orderBy(variants.sku)
    .offset(5)
    .limit(40)
    .then((rows) => [rows[0], rows.find((row) => row.productId !== rows[0]?.productId)])
  if (!a || !b) throw new Error('no returnable product in two sizes in the demo catalog')
  first = a
  second = b
  await database.db
    .update(variants)
    .set({ stockOnline: 500 })
    .where(inArray(variants.sku, [a.sku, b.sku]))
  const [other] = await database.db
    .select({ sku: variants.sku, size: variants.size })
    .from(variants)
    .where(and(eq(variants.productId, first.productId), sql`${variants.sku} <> ${first.sku}`))
    .limit(1)
  if (!other) throw new Error('the product has one size only')
  otherSize = other
  await database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, other.sku))
  const [aStore] = await database.db.select({ id: stores.id }).from(stores).limit(1)
  store = aStore?.id ?? ''
  const serviceStaff = await h.enrol('customer_service', 'service')
  service = { staff: serviceStaff, cookie: await h.signIn(serviceStaff) }
  const warehouseStaff = await h.enrol('warehouse', 'warehouse')
  warehouse = { staff: warehouseStaff, cookie: await h.signIn(warehouseStaff) }
})

afterAll(async () => {
  await database?.close()
})

describe('deciding in the back office', () => {
  it('lists the queue, accepts with a note (the e-mail queued with it, audited), rejects only with a note', async () => {
    const order = await receivedOrder([{ sku: first.sku, quantity: 1 }])
    const id = await ask(order, { items: [{ position: 0, quantity: 1 }] })
    const queue = await get(service, '/returns?status=requested')
    expect(queue.status, queue.text).toBe(200)
    expect(queue.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, order_number: order.number, pieces: 1, status: 'requested' }),
      ]),
    )

    const bare = await post(service, `/returns/${id}/reject`, { note: '   ' })
    expect(bare.status).toBe(400)
    expect(bare.body.fields).toMatchObject({ note: expect.any(String) })
    expect((await post(warehouse, `/returns/${id}/accept`)).status).toBe(403)

    const accepted = await post(service, `/returns/${id}/accept`, { note: 'ส่งคืนพร้อมป้าย' })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      decision_note: 'ส่งคืนพร้อมป้าย',
      allowed: { decide: false, receive: true, exchange: false, refund: false },
    })
    const [orderRow] = await database.db.select().from(orders).where(eq(orders.number, order.number))
    const mails = await database.db
      .select()
      .from(orderMails)
      .where(and(eq(orderMails.orderId, orderRow?.id ?? ''), eq(orderMails.kind, 'return_accepted')))
    expect(mails).toMatchObject([{ status: 'pending', data: { request: { id, kind: 'return' } } }])
    expect(await auditOf(id)).toMatchObject([
      {
        action: 'return_request.accept',
        actorId: service.staff.id,
        before: { status: 'requested' },
        after: { status: 'accepted', decisionNote: 'ส่งคืนพร้อมป้าย' },
      },
    ])
    expect((await post(service, `/returns/${id}/accept`)).status).toBe(409)
  })

  it('stores the acceptance and its e-mail together or not at all: a failure after the decision undoes it', async () => {
    const order = await receivedOrder([{ sku: first.sku, quantity: 1 }])
    const id = await ask(order, { items: [{ position: 0, quantity: 1 }] })
    // A crash-like failure after the decision's write, inside its transaction: the e-mail cannot be queued.
    await database.db.execute(sql`
      CREATE FUNCTION test_mail_down() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the mail queue is down'; END; $$`)
    await database.db.execute(
      sql`CREATE TRIGGER test_mail_down BEFORE INSERT ON order_mails FOR EACH ROW EXECUTE FUNCTION test_mail_down()`,
    )
    try {
      const failed = await post(service, `/returns/${id}/accept`)
      expect(failed.status).toBe(500)
    } finally {
      await database.db.execute(sql`DROP TRIGGER test_mail_down ON order_mails`)
      await database.db.execute(sql`DROP FUNCTION test_mail_down()`)
    }
    // Not accepted without its e-mail: the shopper is never left untold of a decision that stands.
    const [stored] = await database.db.select().from(returnRequests).where(eq(returnRequests.id, id))
    expect(stored?.status).toBe('requested')
    expect(await auditOf(id)).toEqual([])
    expect((await post(service, `/returns/${id}/accept`)).status).toBe(200)
    const mails = await database.db
      .select()
      .from(orderMails)
      .where(and(eq(orderMails.kind, 'return_accepted'), eq(orderMails.dedupeKey, id)))
    expect(mails).toHaveLength(1)
  })
})

describe('receiving and restocking', () => {
  it('restocks the pieces as new at the chosen store, not the damaged or missing ones, audited with the stock', async () => {
    const order = await receivedOrder([
      { sku: first.sku, quantity: 3 },
      { sku: second.sku, quantity: 1 },
    ])
    const id = await ask(order, {
      items: [
        { position: 0, quantity: 3 },
        { position: 1, quantity: 1 },
      ],
    })
    expect((await post(service, `/returns/${id}/accept`)).status).toBe(200)
    const online = { first: await onlineStock(first.sku), second: await onlineStock(second.sku) }
    const inStore = await storeStockOf(first.sku)

    const received = await post(service, `/returns/${id}/receive`, {
      location: store,
      pieces: [
        { position: 0, as_new: 2, damaged: 1, not_returned: 0 },
        { position: 1, as_new: 0, damaged: 0, not_returned: 1 },
      ],
    })
    expect(received.status, received.text).toBe(200)
    expect(await storeStockOf(first.sku)).toBe(inStore + 2)
    expect(await storeStockOf(second.sku)).toBe(0)
    expect(await onlineStock(first.sku)).toBe(online.first)
    expect(await onlineStock(second.sku)).toBe(online.second)
    expect(received.body).toMatchObject({
      receipt: {
        location: store,
        received_by: service.staff.email,
        pieces: [
          { position: 0, as_new: 2, damaged: 1, not_returned: 0 },
          { position: 1, as_new: 0, damaged: 0, not_returned: 1 },
        ],
      },
      allowed: { receive: false, exchange: true, refund: true },
    })
    const entries = await auditOf(id)
    expect(entries.at(-1)).toMatchObject({
      action: 'return_request.receive',
      actorId: service.staff.id,
      before: { stock: [{ sku: first.sku, location: store, quantity: inStore }] },
      after: { location: store, stock: [{ sku: first.sku, location: store, quantity: inStore + 2 }] },
    })

    // Once per request.
    const again = await post(service, `/returns/${id}/receive`, {
      location: 'online',
      pieces: [
        { position: 0, as_new: 3, damaged: 0, not_returned: 0 },
        { position: 1, as_new: 1, damaged: 0, not_returned: 0 },
      ],
    })
    expect(again.status).toBe(409)
    expect(await storeStockOf(first.sku)).toBe(inStore + 2)
  })

  it('restocks to the online warehouse, and refuses bad input with field codes and nothing changed', async () => {
    const order = await receivedOrder([{ sku: first.sku, quantity: 2 }])
    const id = await ask(order, { items: [{ position: 0, quantity: 2 }] })
    const early = await post(service, `/returns/${id}/receive`, {
      location: 'online',
      pieces: [{ position: 0, as_new: 2, damaged: 0, not_returned: 0 }],
    })
    expect(early.status).toBe(409)
    expect((await post(service, `/returns/${id}/accept`)).status).toBe(200)
    const before = await onlineStock(first.sku)
    const refused = async (body: Json) => {
      const reply = await post(service, `/returns/${id}/receive`, body)
      expect(reply.status, reply.text).toBe(400)
      expect(reply.body.reason).toBe('INVALID_INPUT')
      expect(typeof reply.body.message).toBe('string')
      return reply.body.fields
    }
    expect(
      await refused({ location: 'online', pieces: [{ position: 0, as_new: 1, damaged: 0, not_returned: 0 }] }),
    ).toEqual({ 'pieces.0': 'mismatch' })
    expect(
      await refused({ location: 'the-moon', pieces: [{ position: 0, as_new: 2, damaged: 0, not_returned: 0 }] }),
    ).toEqual({ location: 'invalid' })
    expect(
      await refused({ location: 'online', pieces: [{ position: 5, as_new: 2, damaged: 0, not_returned: 0 }] }),
    ).toEqual({ 'pieces.0.position': 'invalid', pieces: 'incomplete' })
    expect(
      await refused({ location: 'online', pieces: [{ position: 0, as_new: -1, damaged: 3, not_returned: 0 }] }),
    ).toHaveProperty(['pieces.0.as_new'])
    expect(await refused({ location: 'online', pieces: [] })).toHaveProperty('pieces')
    expect(await onlineStock(first.sku)).toBe(before)

    const received = await post(service, `/returns/${id}/receive`, {
      location: 'online',
      pieces: [{ position: 0, as_new: 2, damaged: 0, not_returned: 0 }],
    })
    expect(received.status, received.text).toBe(200)
    expect(await onlineStock(first.sku)).toBe(before + 2)
    expect(
      (
        await h.call('POST', `/returns/00000000-0000-4000-8000-000000000000/receive`, {
          cookie: service.cookie,
          body: { location: 'online', pieces: [{ position: 0, as_new: 1, damaged: 0, not_returned: 0 }] },
        })
      ).status,
    ).toBe(404)
  })
})

describe('the outcome', () => {
  async function receivedRequest(kind: 'exchange' | 'return', quantity: number, invoice = false) {
    const order = await receivedOrder([{ sku: first.sku, quantity }], invoice)
    const id = await ask(order, {
      kind,
      items: [{ position: 0, quantity, ...(kind === 'exchange' ? { exchange_size: otherSize.size } : {}) }],
    })
    expect((await post(service, `/returns/${id}/accept`)).status).toBe(200)
    const received = await post(service, `/returns/${id}/receive`, {
      location: 'online',
      pieces: [{ position: 0, as_new: quantity, damaged: 0, not_returned: 0 }],
    })
    expect(received.status, received.text).toBe(200)
    return { order, id }
  }

  it('exchanges for the size asked: its stock held, a replacement line made, audited', async () => {
    const { id } = await receivedRequest('exchange', 2)
    const before = await onlineStock(otherSize.sku)
    const exchanged = await post(service, `/returns/${id}/exchange`)
    expect(exchanged.status, exchanged.text).toBe(200)
    expect(await onlineStock(otherSize.sku)).toBe(before - 2)
    expect(exchanged.body).toMatchObject({
      status: 'completed',
      outcome: { outcome: 'exchange', refund_amount: null },
      replacements: [{ position: 0, sku: otherSize.sku, size: otherSize.size, quantity: 2 }],
      credit_note: null,
    })
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'return_request.exchange',
      before: { status: 'accepted', stock: [{ sku: otherSize.sku, quantity: before }] },
      after: { status: 'completed', stock: [{ sku: otherSize.sku, quantity: before - 2 }] },
    })
    expect((await post(service, `/returns/${id}/refund`)).status).toBe(409)
  })

  it('refuses an exchange clearly when the size is out of stock, holding nothing, and refunds instead', async () => {
    const { id } = await receivedRequest('exchange', 2)
    await database.db.update(variants).set({ stockOnline: 1 }).where(eq(variants.sku, otherSize.sku))
    const refused = await post(service, `/returns/${id}/exchange`)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ reason: 'OUT_OF_STOCK', fields: { 'items.0': 'outOfStock' } })
    // In the staff member's language (theirs is English here), not the service's words.
    expect(refused.body.message).toBe('The size asked for is out of stock: refund instead, or wait for stock')
    expect(await onlineStock(otherSize.sku)).toBe(1)
    const [stored] = await database.db.select().from(returnRequests).where(eq(returnRequests.id, id))
    expect(stored?.status).toBe('accepted')

    const refunded = await post(service, `/returns/${id}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    expect(refunded.body).toMatchObject({
      status: 'completed',
      outcome: {
        outcome: 'refund',
        refund_amount: first.price * 2,
        refund_pieces: [{ position: 0, sku: first.sku, quantity: 2, amount: first.price * 2 }],
      },
      // No tax invoice, no credit note.
      credit_note: null,
    })
    await database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, otherSize.sku))
  })

  it('pays a card order’s return through the refunds service once, and marks the return refunded', async () => {
    const { order, id } = await receivedRequest('return', 1)
    // Paid by card through the shop's built-in provider (the demo's), which refunds at once.
    const [row] = await database.db
      .update(orders)
      .set({ paymentMethod: 'card' })
      .where(eq(orders.number, order.number))
      .returning({ id: orders.id })
    await database.db
      .update(payments)
      .set({ provider: 'test', method: 'card', providerRef: `test_${id.slice(0, 8)}` })
      .where(eq(payments.orderId, row?.id ?? ''))
    const refunded = await post(service, `/returns/${id}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    const made = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, row?.id ?? ''))
    expect(made).toMatchObject([{ status: 'succeeded', amount: first.price, idempotencyKey: `return-${id}` }])
    const [outcome] = await database.db.select().from(returnOutcomes).where(eq(returnOutcomes.requestId, id))
    expect(outcome?.refundedAt).toBeInstanceOf(Date)
    // A transfer's refund needs the bank's reference: it stays due on the return for staff to pay.
    // It is not asked of the refunds service (which would refuse it), and nothing is logged as an error.
    const transfer = await receivedRequest('return', 1)
    const errors = vi.spyOn(console, 'error')
    try {
      expect((await post(service, `/returns/${transfer.id}/refund`)).status).toBe(200)
      expect(errors.mock.calls.map((call) => String(call[0]))).not.toContain('Return refund failed:')
    } finally {
      errors.mockRestore()
    }
    const [due] = await database.db.select().from(returnOutcomes).where(eq(returnOutcomes.requestId, transfer.id))
    expect(due).toMatchObject({ outcome: 'refund', refundedAt: null })
    const [transferOrder] = await database.db.select().from(orders).where(eq(orders.number, transfer.order.number))
    expect(
      await database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, transferOrder?.id ?? '')),
    ).toEqual([])
  })

  it('issues a numbered credit note with a refund of an invoiced order, linked to the invoice, as a PDF', async () => {
    const one = await receivedRequest('return', 1, true)
    const two = await receivedRequest('return', 2, true)
    const reply = await post(service, `/returns/${one.id}/refund`)
    expect(reply.status, reply.text).toBe(200)
    const second = await post(service, `/returns/${two.id}/refund`)
    expect(second.status, second.text).toBe(200)

    const notes = await database.db.select().from(creditNotes).orderBy(asc(creditNotes.sequence))
    expect(notes.map((note) => note.number)).toEqual(['CN0000001', 'CN0000002'])
    const [note] = notes
    const invoiceNumber = String((reply.body.order as Json).tax_invoice)
    expect(invoiceNumber).toMatch(/^TI\d{7}$/)
    expect(reply.body.credit_note).toEqual({
      number: 'CN0000001',
      issued_at: expect.any(String),
      invoice_number: invoiceNumber,
      total: first.price,
    })
    const amount = first.price
    const vat = vatIncludedIn(amount)
    expect(note?.content).toMatchObject({
      invoiceNumber,
      lines: [{ sku: first.sku, quantity: 1, amount }],
      difference: amount - vat,
      vat,
      total: amount,
      reason: { th: expect.stringContaining('ขนาดไม่พอดี') },
    })

    // The PDF, read as a reader reads it: staff's and the shopper's are the same credit note.
    const staffPdf = await pdfOf(`/returns/${one.id}/credit-note`, { cookie: service.cookie })
    const shopperPdf = await pdfOf(`/orders/${one.order.number}/credit-notes/CN0000001`, {
      headers: one.order.headers,
    })
    expect(shopperPdf.text).toBe(staffPdf.text)
    for (const text of [
      'ใบลดหนี้',
      'Credit Note',
      'CN0000001',
      invoiceNumber,
      one.order.number,
      first.nameTh,
      formatBaht(amount - vat),
      formatBaht(vat),
      formatBaht(amount),
      'ขนาดไม่พอดี',
      'สมศรี ทดสอบ',
    ]) {
      expect(staffPdf.text, text).toContain(asPdfText(text))
    }
    // The shopper's order lists it, for their order page's download.
    const shopperView = await call('GET', `/orders/${one.order.number}`, { headers: one.order.headers })
    expect(shopperView.body.credit_notes).toEqual([{ number: 'CN0000001', issued_at: expect.any(String) }])
    // Another order's credit note is not this shopper's; an unknown one is not there.
    expect(
      (await app.request(`${BASE}/orders/${one.order.number}/credit-notes/CN0000002`, { headers: one.order.headers }))
        .status,
    ).toBe(404)
    expect((await get(service, `/returns/${two.id}/credit-note`)).status).toBe(200)

    expect((await auditOf(one.id)).at(-1)).toMatchObject({
      action: 'return_request.refund',
      before: { status: 'accepted' },
      after: { status: 'completed', refundAmount: amount, creditNote: 'CN0000001' },
    })
    // Kept as issued.
    await expect(
      database.db.update(creditNotes).set({ invoiceNumber: 'TI9999999' }).where(eq(creditNotes.number, 'CN0000001')),
    ).rejects.toThrow()
  })

  it('refuses an outcome before the pieces are in, and a refund of nothing that came back', async () => {
    const order = await receivedOrder([{ sku: first.sku, quantity: 1 }])
    const id = await ask(order, { items: [{ position: 0, quantity: 1 }] })
    expect((await post(service, `/returns/${id}/accept`)).status).toBe(200)
    expect((await post(service, `/returns/${id}/refund`)).status).toBe(409)
    expect((await post(service, `/returns/${id}/exchange`)).status).toBe(409)
    expect(
      (
        await post(service, `/returns/${id}/receive`, {
          location: 'online',
          pieces: [{ position: 0, as_new: 0, damaged: 0, not_returned: 1 }],
        })
      ).status,
    ).toBe(200)
    const nothing = await post(service, `/returns/${id}/refund`)
    expect(nothing.status).toBe(409)
    expect(nothing.body.reason).toBe('NOT_ALLOWED')
  })
})
