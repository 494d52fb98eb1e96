import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import type { Db } from '~/db/client.server'
import { orderEvents, orderMails, orders, payments, variants, type OrderRow } from '~/db/schema'
import { freshDatabase } from './database'
import { plainSize } from './support/catalog'
import { callJson, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

/**
 * Issue 17 item 3: a bank transfer order has a deadline; it is reminded once before it, and cancelled with its
 * stock released after it, by a job every instance runs (each reminder and cancellation happens once).
 */
const HOUR = 60 * 60 * 1000
let database: Awaited<ReturnType<typeof freshDatabase>>
let first: ApiApp
let second: ApiApp
const reminders: Array<{ number: string; instance: string }> = []
let failReminders = false

function instance(name: string): ApiApp {
  return createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      siteUrl: 'http://shop.test',
      paymentSecret: 'deadline-test-secret',
      operatorToken: OPERATOR,
      bankTransfer: { payWithinMs: 24 * HOUR, remindBeforeMs: 6 * HOUR },
      onPaymentReminder: async (tx: Db, order: OrderRow) => {
        // Written in the claiming transaction: a failure here undoes the claim, and the next run tries again.
        await tx.execute(sql`SELECT 1`)
        if (failReminders) throw new Error('mail queue unavailable')
        reminders.push({ number: order.number, instance: name })
      },
    },
  })
}

const call = callJson

/** A size of a plain product (no sale, club or shoes), its stock set. */
const plainSku = async (offset: number, stock: number) => (await plainSize(database.db, offset, stock)).sku

const stockOf = async (sku: string) =>
  (await database.db.select({ stock: variants.stockOnline }).from(variants).where(eq(variants.sku, sku)))[0]?.stock

/** Places an order of two of `sku` with this payment method; answers the stored row (and keeps the answer). */
const placedWire = new Map<string, Json>()
async function place(sku: string, method: 'bank_transfer' | 'card', key: string): Promise<OrderRow> {
  const added = await call(first, 'POST', '/cart/items?currency=thb', { body: { sku, quantity: 2 } })
  expect(added.status).toBe(201)
  const placed = await call(first, 'POST', '/orders?currency=thb&lang=en', {
    body: {
      email: 'deadline@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: await firstStore(),
      payment_method: method,
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': key },
  })
  expect(placed.status).toBe(201)
  const number = String((placed.body.order as Json).number)
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number))
  if (!row) throw new Error('order not stored')
  placedWire.set(number, placed.body.order as Json)
  return row
}

async function firstStore(): Promise<string> {
  const stores = await call(first, 'GET', '/stores?lang=en')
  return String((stores.body.items as Json[])[0]?.id)
}

beforeAll(async () => {
  database = await freshDatabase()
  first = instance('first')
  second = instance('second')
})

afterAll(async () => {
  await database?.close()
})

describe(`bank transfer deadlines on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('gives a bank transfer order a deadline 24 h on, shown with the order; a card order has none', async () => {
    const bank = await place(await plainSku(0, 10), 'bank_transfer', 'deadline-shown-1')
    expect(bank.paymentDueAt?.getTime()).toBe(bank.createdAt.getTime() + 24 * HOUR)
    const card = await place(await plainSku(1, 10), 'card', 'deadline-shown-2')
    expect(card.paymentDueAt).toBeNull()
    expect(placedWire.get(bank.number)?.payment_due_at).toBe(bank.paymentDueAt?.toISOString())
    expect(placedWire.get(card.number)?.payment_due_at).toBeNull()
    const paid = await call(first, 'POST', `/operator/orders/${bank.number}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    expect(paid.status).toBe(200)
    expect(paid.body.payment_due_at).toBeNull()
  })

  it('reminds once 6 h before the deadline, cancels after it with the stock back, once across two instances', async () => {
    const sku = await plainSku(2, 10)
    const order = await place(sku, 'bank_transfer', 'deadline-cancel-1')
    expect(await stockOf(sku)).toBe(8)
    const created = order.createdAt.getTime()
    reminders.length = 0

    // Before the reminder time: nothing.
    expect(await first.paymentDeadlines.run(new Date(created + 17 * HOUR))).toEqual({ reminded: 0, cancelled: 0 })
    expect(reminders).toEqual([])

    // At 18 h both instances run at once: one reminder.
    const at18 = new Date(created + 18 * HOUR + 1000)
    const [a, b] = await Promise.all([first.paymentDeadlines.run(at18), second.paymentDeadlines.run(at18)])
    expect(a.reminded + b.reminded).toBe(1)
    expect(reminders.map((entry) => entry.number)).toEqual([order.number])
    await first.paymentDeadlines.run(new Date(created + 20 * HOUR))
    expect(reminders).toHaveLength(1)

    // Past the deadline both instances run at once: one cancellation, the stock back once.
    const late = new Date(created + 24 * HOUR + 1000)
    const [c, d] = await Promise.all([first.paymentDeadlines.run(late), second.paymentDeadlines.run(late)])
    expect(c.cancelled + d.cancelled).toBe(1)
    expect(await stockOf(sku)).toBe(10)
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row?.status).toBe('cancelled')
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events.map((event) => [event.status, event.note])).toEqual([
      ['awaiting_payment', null],
      ['cancelled', 'Payment deadline passed'],
    ])
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(payment?.status).toBe('cancelled')

    // The shopper was told: the order confirmation with its deadline, one reminder, one cancellation naming the deadline.
    const mails = await database.db
      .select({ kind: orderMails.kind, data: orderMails.data })
      .from(orderMails)
      .where(eq(orderMails.orderId, order.id))
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['bank_transfer_reminder', 'order_cancelled', 'order_placed'])
    expect(mails.find((mail) => mail.kind === 'order_placed')?.data).toEqual({
      paymentDeadline: order.paymentDueAt?.toISOString(),
    })
    expect(mails.find((mail) => mail.kind === 'bank_transfer_reminder')?.data).toEqual({
      paymentDeadline: order.paymentDueAt?.toISOString(),
    })
    expect(mails.find((mail) => mail.kind === 'order_cancelled')?.data).toEqual({
      reason: 'payment_deadline_passed',
      refund: false,
    })

    // A later run (after a restart, or the next minute) finds nothing more to do.
    expect(await second.paymentDeadlines.run(new Date(created + 30 * HOUR))).toMatchObject({ cancelled: 0 })
    expect(await stockOf(sku)).toBe(10)
  })

  it('never cancels an order paid before its deadline', async () => {
    const sku = await plainSku(3, 10)
    const order = await place(sku, 'bank_transfer', 'deadline-paid-1')
    const paid = await call(second, 'POST', `/operator/orders/${order.number}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    expect(paid.status).toBe(200)
    await first.paymentDeadlines.run(new Date(order.createdAt.getTime() + 48 * HOUR))
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row?.status).toBe('paid')
    expect(await stockOf(sku)).toBe(8)
  })

  it('keeps a reminder owed when telling the shopper fails, and sends it on the next run', async () => {
    const order = await place(await plainSku(4, 10), 'bank_transfer', 'deadline-retry-1')
    reminders.length = 0
    const at = new Date(order.createdAt.getTime() + 19 * HOUR)
    failReminders = true
    await expect(first.paymentDeadlines.run(at)).rejects.toThrow('mail queue unavailable')
    const [unmarked] = await database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(unmarked?.paymentRemindedAt).toBeNull()
    failReminders = false
    expect((await first.paymentDeadlines.run(at)).reminded).toBe(1)
    expect(reminders.map((entry) => entry.number)).toEqual([order.number])
    const [marked] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_payment')))
    expect(marked?.paymentRemindedAt?.toISOString()).toBe(at.toISOString())
  })

  it('reminds half-way through a window shorter than the reminder lead', async () => {
    const short = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      commerce: {
        siteUrl: 'http://shop.test',
        paymentSecret: 'deadline-test-secret',
        bankTransfer: { payWithinMs: 4 * HOUR, remindBeforeMs: 6 * HOUR },
        onPaymentReminder: async (_tx: Db, order: OrderRow) => {
          reminders.push({ number: order.number, instance: 'short' })
        },
      },
    })
    const added = await call(short, 'POST', '/cart/items?currency=thb', {
      body: { sku: await plainSku(5, 5), quantity: 1 },
    })
    const placed = await call(short, 'POST', '/orders?currency=thb&lang=th', {
      body: {
        email: 'deadline@example.com',
        telephone: '0812345678',
        shipping_method: 'pickup',
        store_id: await firstStore(),
        payment_method: 'bank_transfer',
      },
      headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': 'deadline-short-1' },
    })
    expect(placed.status).toBe(201)
    const number = String((placed.body.order as Json).number)
    const [row] = await database.db.select().from(orders).where(eq(orders.number, number))
    if (!row) throw new Error('order not stored')
    expect(row.paymentDueAt?.getTime()).toBe(row.createdAt.getTime() + 4 * HOUR)
    reminders.length = 0
    await short.paymentDeadlines.run(new Date(row.createdAt.getTime() + 2 * HOUR - 1000))
    expect(reminders).toEqual([])
    await short.paymentDeadlines.run(new Date(row.createdAt.getTime() + 2 * HOUR))
    expect(reminders.map((entry) => entry.number)).toContain(number)
  })
})
