import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { memberCodes, members } from '~/db/schema'
import { bangkokMonthKey } from '~/domain/membership'
import { freshDatabase } from './database'
import { plainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
// The shop's own clock: orders are stamped with the real time, so the tiers are read at the real time too.
const clock = () => new Date()
const MONTH = bangkokMonthKey(clock())
const YEAR = MONTH.slice(0, 4)

const call = jsonCaller(() => app)

async function memberSession(email: string, birthdate: string | null = null) {
  const [member] = await database.db.insert(members).values({ fullname: 'Tier Tester', email, birthdate }).returning()
  if (!member) throw new Error('member not stored')
  const grant = await app.accounts.sessions.startSession(member, { ip: '127.0.0.1', locale: 'en' }, null)
  return { id: member.id, auth: { authorization: `Bearer ${grant.token}` } }
}

/** A non-sale, non-club size with stock and its THB price. */
const sku = (offset: number) => plainSize(database.db, offset, 50)

/** Places a paid order of `quantity` pieces and returns its number. */
async function paidOrder(auth: Record<string, string>, offset: number, quantity: number, code: string | null = null) {
  const item = await sku(offset)
  await call('POST', '/cart/items?currency=thb', { body: { sku: item.sku, quantity }, headers: auth })
  const placed = await call('POST', '/orders?currency=thb', {
    body: {
      email: 'tier@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'bank_transfer',
      promotion_code: code,
    },
    headers: { ...auth, 'idempotency-key': `tier-${offset}-${quantity}-${Math.random().toString(36).slice(2)}` },
  })
  if (placed.status !== 201) throw new Error(`order refused: ${JSON.stringify(placed.body)}`)
  const number = String((placed.body.order as Json).number)
  const paid = await call('POST', `/operator/orders/${number}/status`, {
    body: { status: 'paid' },
    headers: operatorAuth,
  })
  expect(paid.status).toBe(200)
  return {
    number,
    total: Number((placed.body.order as Json).total),
    discount: Number((placed.body.order as Json).discount),
  }
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    accounts: { now: clock },
    commerce: { operatorToken: OPERATOR },
  })
})

afterAll(async () => {
  await database?.close()
})

describe('membership', () => {
  it('paid orders make a member VIP; a return takes them back; the account figures follow', async () => {
    const { id, auth } = await memberSession('vip.path@example.com')
    const before = await call('GET', '/me/membership', { headers: auth })
    expect(before.body).toMatchObject({ tier: 'member', spent_in_cycle: 0, to_next: 900_000 })

    const item = await sku(20)
    const pieces = Math.ceil(900_000 / item.price)
    const order = await paidOrder(auth, 20, Math.min(pieces, 10))
    const more = order.total < 900_000 ? await paidOrder(auth, 21, 10) : null
    const state = await call('GET', '/me/membership', { headers: auth })
    expect(state.body.tier).toBe('vip')
    expect(state.body.expires_at).toEqual(expect.any(String))
    const [stored] = await database.db.select().from(members).where(eq(members.id, id))
    expect(stored?.tier).toBe('vip')

    // The brand takes the goods back: the orders no longer count.
    for (const number of [order.number, more?.number].filter((value): value is string => Boolean(value))) {
      for (const status of ['packed', 'in_transit', 'received', 'returned']) {
        await call('POST', `/operator/orders/${number}/status`, {
          body: { status },
          headers: operatorAuth,
        })
      }
    }
    const after = await call('GET', '/me/membership', { headers: auth })
    expect(after.body.tier).toBe('member')
    const [reverted] = await database.db.select().from(members).where(eq(members.id, id))
    expect(reverted?.tier).toBe('member')
  })

  it('issues the monthly and birth-month codes once, even when issuing runs twice at the same time', async () => {
    const { id } = await memberSession('codes@example.com', `1990-${MONTH.slice(5, 7)}-03`)
    await database.db.update(members).set({ tier: 'vvip' }).where(eq(members.id, id))
    const runs = await Promise.all([
      app.membership.issueCodes(),
      app.membership.issueCodes(),
      app.membership.issueCodes(),
    ])
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2)
    const codes = await database.db.select().from(memberCodes).where(eq(memberCodes.memberId, id))
    expect(codes.map((code) => code.code).sort()).toEqual([`BDAY-${YEAR}`, `VVIP-${MONTH}`])
    expect(await app.membership.issueCodes()).toBe(0)
  })

  it('takes a tier code at checkout: 10 % within the monthly 2,000 THB, once, and lists its use', async () => {
    const { id, auth } = await memberSession('spender@example.com')
    await database.db.update(members).set({ tier: 'vvip' }).where(eq(members.id, id))
    await app.membership.issueCodes()
    const item = await sku(30)
    const quantity = Math.max(1, Math.min(10, Math.ceil(2_500_000 / item.price)))
    const first = await paidOrder(auth, 30, quantity, `vvip-${MONTH}`)
    expect(first.discount).toBe(Math.min(Math.floor((item.price * quantity) / 10), 200_000))
    await call('POST', '/cart/items?currency=thb', { body: { sku: item.sku, quantity }, headers: auth })
    const again = await call('POST', '/checkout/quote?currency=thb', {
      body: { country: 'TH', shipping_method: 'pickup', promotion_code: `VVIP-${MONTH}` },
      headers: auth,
    })
    expect(again.status).toBe(409)
    expect((again.body.fields as Json).promotionCode ?? (again.body.fields as Json).promotion_code).toBe('used')
    const list = await call('GET', '/me/codes', { headers: auth })
    const [code] = list.body.items as Json[]
    expect(code).toMatchObject({ code: `VVIP-${MONTH}`, used: true, discount_used: first.discount })
    const [row] = await database.db
      .select()
      .from(memberCodes)
      .where(and(eq(memberCodes.memberId, id), eq(memberCodes.code, `VVIP-${MONTH}`)))
    expect(row?.usedOrderId).not.toBeNull()
  })

  it('raises this month’s unused tier code when the member rises to VVIP; a used one stays (issue 17)', async () => {
    const monthly = async (memberId: string) =>
      database.db
        .select({ code: memberCodes.code, percent: memberCodes.percent, usedAt: memberCodes.usedAt })
        .from(memberCodes)
        .where(and(eq(memberCodes.memberId, memberId), eq(memberCodes.kind, 'monthly')))
    const [rising] = await database.db
      .insert(members)
      .values({ fullname: 'Rising Member', email: 'rising.vvip@example.com', tier: 'vip' })
      .returning()
    if (!rising) throw new Error('member not stored')
    expect(await app.membership.issueCodes(rising.id)).toBe(1)
    expect(await monthly(rising.id)).toEqual([{ code: `VIP-${MONTH}`, percent: 5, usedAt: null }])
    await database.db.update(members).set({ tier: 'vvip' }).where(eq(members.id, rising.id))
    expect(await app.membership.issueCodes(rising.id)).toBe(1)
    expect(await monthly(rising.id)).toEqual([{ code: `VVIP-${MONTH}`, percent: 10, usedAt: null }])
    expect(await app.membership.issueCodes(rising.id)).toBe(0)

    // The 5 % code was already used this month: the monthly code is once a month (§9), so it stays.
    const [spent] = await database.db
      .insert(members)
      .values({ fullname: 'Spent Member', email: 'spent.vip@example.com', tier: 'vip' })
      .returning()
    if (!spent) throw new Error('member not stored')
    await app.membership.issueCodes(spent.id)
    await database.db.update(memberCodes).set({ usedAt: clock() }).where(eq(memberCodes.memberId, spent.id))
    await database.db.update(members).set({ tier: 'vvip' }).where(eq(members.id, spent.id))
    expect(await app.membership.issueCodes(spent.id)).toBe(0)
    expect((await monthly(spent.id)).map((code) => code.code)).toEqual([`VIP-${MONTH}`])
  })

  it('gives a member who registers in the birth month the birth-month code at once (issue 17)', async () => {
    const telephone = `08${String(Date.now()).slice(-8)}`
    const email = `birthday.${Date.now()}@example.com`
    const registered = await call('POST', '/auth/register', {
      body: {
        fullname: 'Birthday Member',
        email,
        telephone,
        gender: 'female',
        birthdate: `1990-${MONTH.slice(5, 7)}-15`,
        accept_terms: true,
      },
      headers: { 'x-forwarded-for': '10.99.1.1' },
    })
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    const outbox = await call('GET', `/dev/outbox?recipient=${encodeURIComponent(`+66${telephone.slice(1)}`)}`)
    const items = (outbox.body.items ?? []) as Array<{ body: string }>
    const code = /(?<!\d)\d{6}(?!\d)/.exec(
      items.find((item) => item.body.includes(String(registered.body.ref_code)))?.body ?? '',
    )?.[0]
    if (!code) throw new Error('no code sent')
    const verified = await call('POST', '/auth/verify', {
      body: { challenge_token: registered.body.challenge_token, code },
      headers: { 'x-forwarded-for': '10.99.1.1' },
    })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    const [member] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email))
    if (!member) throw new Error('member not registered')
    const codes = await database.db
      .select({ code: memberCodes.code, kind: memberCodes.kind })
      .from(memberCodes)
      .where(eq(memberCodes.memberId, member.id))
    expect(codes).toEqual([{ code: `BDAY-${YEAR}`, kind: 'birthday' }])
  })

  it('refuses an expired code', async () => {
    const { id, auth } = await memberSession('late@example.com')
    await database.db.update(members).set({ tier: 'vip' }).where(eq(members.id, id))
    await app.membership.issueCodes()
    const item = await sku(40)
    await call('POST', '/cart/items?currency=thb', { body: { sku: item.sku, quantity: 5 }, headers: auth })
    // Three months on (the session would have idled out by then, so the code's end is moved instead).
    await database.db
      .update(memberCodes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(memberCodes.memberId, id))
    const late = await call('POST', '/checkout/quote?currency=thb', {
      body: { country: 'TH', shipping_method: 'pickup', promotion_code: `VIP-${MONTH}` },
      headers: auth,
    })
    expect(late.status).toBe(409)
    expect(JSON.stringify(late.body.fields)).toContain('expired')
  })
})
