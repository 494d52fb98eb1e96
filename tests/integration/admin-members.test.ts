import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { MERGE_HANDLED_TABLES } from '~/api/admin/members.service'
import { resultRows } from '~/db/client.server'
import {
  auditLog,
  cartItems,
  carts,
  memberAddresses,
  memberCodes,
  members,
  orders,
  sessions,
  wishlistItems,
} from '~/db/schema'
import { bangkokDate } from '~/domain/membership'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { plainSize } from './support/catalog'
import { Clock } from './support/clock'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Members in the back office (issue 33 item 1, decision 200): the search by each key, personal data kept from a role
 * without members:read, each action audited with its reason, a goodwill code taken once at the real checkout, the
 * birth date corrected with the birth-month code following it, a merge that moves everything or nothing, and a
 * blocked member refused at sign-in and in their open session.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
// The shop stamps orders with the real time: the clock starts now.
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
type Signed = { staff: Enrolled; cookie: string }
let service: Signed
let warehouse: Signed
let sequence = 0

const as = (who: Signed, method: string, path: string, body?: unknown) =>
  h.call(method, path, { cookie: who.cookie, body })

async function member(values: Partial<typeof members.$inferInsert> = {}) {
  const n = ++sequence
  const [row] = await database.db
    .insert(members)
    .values({
      fullname: `Member ${n}`,
      email: `member.${n}@example.com`,
      emailVerifiedAt: clock.now(),
      ...values,
    })
    .returning()
  if (!row) throw new Error('member not stored')
  return row
}

async function sessionOf(memberId: string): Promise<Record<string, string>> {
  const [row] = await database.db.select().from(members).where(eq(members.id, memberId))
  if (!row) throw new Error('no member')
  const grant = await app.accounts.sessions.startSession(row, { ip: '127.0.0.1', locale: 'en' }, null)
  return { authorization: `Bearer ${grant.token}` }
}

/** Signs in with a code sent to the e-mail, as a shopper does: the answer of the code's check. */
async function otpSignIn(email: string) {
  const issued = await call('POST', '/auth/login-code', {
    body: { identifier: email },
    headers: { 'x-forwarded-for': `10.77.0.${++sequence % 250}` },
  })
  expect(issued.status, JSON.stringify(issued.body)).toBe(201)
  const code = await h.codeFor(email, String(issued.body.ref_code))
  return call('POST', '/auth/verify', {
    body: { challenge_token: issued.body.challenge_token, code },
    headers: { 'x-forwarded-for': `10.77.1.${sequence % 250}` },
  })
}

/** A paid order of `quantity` pieces of a plain size by this member (optionally with a code): number, discount. */
async function paidOrder(auth: Record<string, string>, offset: number, quantity: number, code: string | null = null) {
  const item = await plainSize(database.db, offset, 50)
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku: item.sku, quantity }, headers: auth })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const placed = await call('POST', '/orders?currency=thb', {
    body: {
      email: 'members@example.com',
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'bank_transfer',
      promotion_code: code,
    },
    headers: { ...auth, 'idempotency-key': `admin-members-${++sequence}` },
  })
  if (placed.status !== 201) return { status: placed.status, body: placed.body, number: '', discount: 0, total: 0 }
  const order = placed.body.order as Json
  const paid = await call('POST', `/operator/orders/${String(order.number)}/status`, {
    body: { status: 'paid' },
    headers: operatorAuth,
  })
  expect(paid.status).toBe(200)
  return {
    status: 201,
    body: placed.body,
    number: String(order.number),
    discount: Number(order.discount),
    total: Number(order.total),
  }
}

async function auditOf(memberId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'member'), eq(auditLog.entityId, memberId)))
    .orderBy(asc(auditLog.id))
}

const ids = (reply: { body: Json }) => (reply.body.items as Json[]).map((item) => item.id)

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
  const cs = await h.enrol('customer_service')
  service = { staff: cs, cookie: await h.signIn(cs) }
  const w = await h.enrol('warehouse')
  warehouse = { staff: w, cookie: await h.signIn(w) }
}, 120_000)

describe('members in the back office', () => {
  it('finds a member by name, e-mail, telephone however typed, and LINE user id; pages and sorts', async () => {
    const somsri = await member({
      fullname: 'Somsri Rakdee',
      email: 'somsri.search@example.com',
      telephone: '+66812345678',
      telephoneVerifiedAt: clock.now(),
      lineUserId: 'U0123456789abcdef0123456789abcdef',
    })
    await member({ fullname: 'Somchai Search' })
    for (const q of [
      'Rakdee',
      'somsri.search@',
      '081 234 5678',
      '+66812345678',
      '0812345678',
      'U0123456789abcdef0123456789abcdef',
    ]) {
      const found = await as(service, 'GET', `/members?q=${encodeURIComponent(q)}`)
      expect(found.status, found.text).toBe(200)
      expect(ids(found), q).toEqual([somsri.id])
      expect((found.body.items as Json[])[0]).toMatchObject({ telephone: '+66812345678', line_linked: true })
    }
    const none = await as(service, 'GET', '/members?q=nobody-at-all')
    expect(none.body).toMatchObject({ items: [], total: 0 })

    const byName = await as(service, 'GET', '/members?q=Som&sort=name&dir=asc&size=25')
    expect((byName.body.items as Json[]).map((item) => item.name)).toEqual(['Somchai Search', 'Somsri Rakdee'])
    const second = await as(service, 'GET', '/members?sort=name&dir=asc&size=25&page=2')
    expect(second.body.page).toBe(2)
    expect((await as(service, 'GET', '/members?size=7')).status).toBe(400)
  })

  it('keeps members, their phones and e-mails from a role without members:read: 403, and the refusal audited', async () => {
    const someone = await member({ telephone: '+66899999999', telephoneVerifiedAt: clock.now() })
    const list = await as(warehouse, 'GET', '/members?q=0899999999')
    expect(list.status).toBe(403)
    expect(list.text).not.toContain('+66899999999')
    const one = await as(warehouse, 'GET', `/members/${someone.id}`)
    expect(one.status).toBe(403)
    expect(one.text).not.toContain(someone.email ?? '@')
    const block = await as(warehouse, 'POST', `/members/${someone.id}/block`, { reason: 'testing the guard' })
    expect(block.status).toBe(403)
    const denials = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, warehouse.staff.id), sql`${auditLog.action} LIKE 'denied.admin_member%'`))
    expect(denials.map((row) => row.action)).toEqual(
      expect.arrayContaining(['denied.admin_member_list', 'denied.admin_member_get', 'denied.admin_member_block']),
    )
    const [stored] = await database.db.select().from(members).where(eq(members.id, someone.id))
    expect(stored?.blockedAt).toBeNull()
  })

  it('issues a goodwill code with a reason: audited, in the shopper’s codes, taken once at checkout', async () => {
    const shopper = await member()
    const auth = await sessionOf(shopper.id)
    for (const bad of [
      { kind: 'percent', percent: 80, valid_days: 30, reason: 'too much' },
      { kind: 'amount', amount: 10_00, currency: 'thb', valid_days: 30, reason: 'too little' },
      { kind: 'amount', amount: 100_00, valid_days: 30, reason: 'no currency' },
      { kind: 'amount', amount: 100_00, currency: 'thb', valid_days: 400, reason: 'too long' },
      { kind: 'amount', amount: 100_00, currency: 'thb', valid_days: 30, reason: '' },
    ]) {
      const refused = await as(service, 'POST', `/members/${shopper.id}/goodwill-codes`, bad)
      expect(refused.status, JSON.stringify(bad)).toBe(400)
      expect(refused.body.reason).toBe('INVALID_INPUT')
    }
    expect(await auditOf(shopper.id)).toEqual([])

    const issued = await as(service, 'POST', `/members/${shopper.id}/goodwill-codes`, {
      kind: 'amount',
      amount: 300_00,
      currency: 'thb',
      valid_days: 30,
      reason: 'Parcel arrived late (ticket 4411)',
    })
    expect(issued.status, issued.text).toBe(201)
    const code = String(issued.body.code)
    expect(code).toMatch(/^GIFT-[A-Z0-9]{6}$/)
    const [entry] = await auditOf(shopper.id)
    expect(entry).toMatchObject({ action: 'member.goodwill_code', actorId: service.staff.id })
    expect(entry?.after).toMatchObject({
      code,
      amount: 300_00,
      currency: 'thb',
      reason: 'Parcel arrived late (ticket 4411)',
    })

    const mine = await call('GET', '/me/codes', { headers: auth })
    expect(mine.body.items).toEqual([
      expect.objectContaining({ code, kind: 'goodwill', amount: 300_00, amount_currency: 'thb', used: false }),
    ])

    const first = await paidOrder(auth, 3, 1, code.toLowerCase())
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.discount).toBe(300_00)
    const again = await paidOrder(auth, 4, 1, code)
    expect(again.status).toBe(409)
    expect((again.body.fields as Json).promotion_code ?? (again.body.fields as Json).promotionCode).toBe('used')
    // Another member cannot use it.
    const stranger = await sessionOf((await member()).id)
    expect((await paidOrder(stranger, 5, 1, code)).status).toBe(400)
  })

  it('corrects the birth date with a reason; refuses a future day or an absurd age; the birth-month code follows', async () => {
    const today = bangkokDate(clock.now())
    const otherMonth = (today.month % 12) + 1
    const shopper = await member({ birthdate: `1990-${String(otherMonth).padStart(2, '0')}-15` })
    const path = `/members/${shopper.id}/birthdate`
    const reason = 'ID card shown at the store'
    const nextYear = `${today.year + 1}-01-01`
    for (const [birthdate, field] of [
      [nextYear, 'future'],
      [`${today.year - 3}-01-01`, 'age'],
      ['1890-01-01', 'age'],
      ['1990-02-30', 'invalid'],
    ] as const) {
      const refused = await as(service, 'POST', path, { birthdate, reason })
      expect(refused.status, birthdate).toBe(400)
      expect((refused.body.fields as Json).birthdate).toBe(field)
    }
    expect((await as(service, 'POST', path, { birthdate: '1990-01-01', reason: '' })).status).toBe(400)

    // This month: the birth-month code is issued at once.
    const thisMonth = `1991-${String(today.month).padStart(2, '0')}-01`
    const corrected = await as(service, 'POST', path, { birthdate: thisMonth, reason })
    expect(corrected.status, corrected.text).toBe(200)
    expect(corrected.body.birthdate).toBe(thisMonth)
    const codes = () => database.db.select().from(memberCodes).where(eq(memberCodes.memberId, shopper.id))
    expect((await codes()).map((row) => row.code)).toEqual([`BDAY-${today.year}`])
    // Corrected again to another month: the unused code of the wrong month is withdrawn.
    const back = await as(service, 'POST', path, {
      birthdate: `1991-${String(otherMonth).padStart(2, '0')}-01`,
      reason,
    })
    expect(back.status).toBe(200)
    expect(await codes()).toEqual([])
    const entries = await auditOf(shopper.id)
    expect(entries.map((entry) => entry.action)).toEqual(['member.birthdate_correct', 'member.birthdate_correct'])
    expect(entries[0]?.before).toEqual({ birthdate: `1990-${String(otherMonth).padStart(2, '0')}-15` })
    expect(entries[0]?.after).toMatchObject({ birthdate: thisMonth, reason })
    expect(entries[1]?.after).toMatchObject({ withdrawnCodes: [`BDAY-${today.year}`] })
  })

  it('blocks a member: their session and a new code sign-in are refused, checkout too; unblocking restores', async () => {
    const shopper = await member({ email: `blocked.${++sequence}@example.com` })
    const email = shopper.email ?? ''
    const signedIn = await otpSignIn(email)
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    const auth = { authorization: `Bearer ${String(signedIn.body.token)}` }
    expect((await call('GET', '/me', { headers: auth })).status).toBe(200)

    const blocked = await as(service, 'POST', `/members/${shopper.id}/block`, { reason: 'Chargeback fraud' })
    expect(blocked.status, blocked.text).toBe(200)
    expect(typeof blocked.body.blocked_at).toBe('string')
    expect(blocked.body.sessions).toEqual([])
    expect((await call('GET', '/me', { headers: auth })).status).toBe(401)
    // Checkout with the ended session: never an order of this member (refused, or at most a guest's).
    await paidOrder(auth, 6, 1)
    expect(await database.db.select().from(orders).where(eq(orders.memberId, shopper.id))).toEqual([])
    const [sessionRows] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.memberId, shopper.id))
    expect(sessionRows?.n).toBe(0)

    const refused = await otpSignIn(email)
    expect(refused.status).toBe(403)
    expect(refused.body.reason).toBe('ACCOUNT_BLOCKED')
    expect(String(refused.body.message)).toMatch(/contact us/i)
    // A session started any other way (LINE) is refused the same: the one way in is startSession.
    await expect(sessionOf(shopper.id)).rejects.toMatchObject({ reason: 'ACCOUNT_BLOCKED' })

    const unblocked = await as(service, 'POST', `/members/${shopper.id}/unblock`, { reason: 'Bank cleared it' })
    expect(unblocked.status).toBe(200)
    expect(unblocked.body.blocked_at).toBeNull()
    expect((await otpSignIn(email)).status).toBe(200)
    const entries = await auditOf(shopper.id)
    expect(entries.map((entry) => [entry.action, (entry.after as Json).reason])).toEqual([
      ['member.block', 'Chargeback fraud'],
      ['member.unblock', 'Bank cleared it'],
    ])
    expect(entries[0]?.after).toMatchObject({ sessionsEnded: 1 })
  })

  it('ends every session of a member with a reason', async () => {
    const shopper = await member()
    const auth = await sessionOf(shopper.id)
    await sessionOf(shopper.id)
    const ended = await as(service, 'POST', `/members/${shopper.id}/sessions/end`, { reason: 'Lost phone' })
    expect(ended.body).toEqual({ ended: 2 })
    expect((await call('GET', '/me', { headers: auth })).status).toBe(401)
    expect((await auditOf(shopper.id)).map((entry) => entry.action)).toEqual(['member.sessions_end'])
  })

  it('handles every table that refers to a member in a merge (a new one fails here until merge moves it)', async () => {
    const result = await database.db.execute(sql`
      SELECT DISTINCT tc.table_name AS name
      FROM information_schema.table_constraints tc
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'members' AND tc.table_name <> 'members'
      ORDER BY 1`)
    const tables = resultRows(result).map((row) => (row as { name: string }).name)
    expect(tables).toEqual(Object.keys(MERGE_HANDLED_TABLES).sort())
  })

  it('merges two accounts of one person: everything moves, the tier follows, the other is gone; or nothing at all', async () => {
    const kept = await member({ fullname: 'Nok Kept', telephone: '+66861111111', telephoneVerifiedAt: clock.now() })
    const other = await member({ fullname: 'Nok Other', lineUserId: `U${'e'.repeat(31)}${++sequence % 10}` })
    const keptAuth = await sessionOf(kept.id)
    const otherAuth = await sessionOf(other.id)
    // The other account's paid orders: over the VIP threshold together.
    const item = await plainSize(database.db, 10, 500)
    const pieces = Math.min(10, Math.ceil(900_000 / item.price))
    const paid = await paidOrder(otherAuth, 10, pieces)
    expect(paid.status).toBe(201)
    const paid2 = paid.total < 900_000 ? await paidOrder(otherAuth, 11, 10) : null
    const otherTier = await database.db.select({ tier: members.tier }).from(members).where(eq(members.id, other.id))
    expect(otherTier[0]?.tier).toBe('vip')
    await database.db.insert(memberAddresses).values([
      {
        memberId: kept.id,
        firstname: 'Nok',
        lastname: 'K',
        telephoneNumber: '0861111111',
        email: 'k@example.com',
        address: '1 Kept Rd',
        country: 'TH',
        district: 'Bang Rak',
        isDefault: true,
      },
      {
        memberId: other.id,
        firstname: 'Nok',
        lastname: 'O',
        telephoneNumber: '0862222222',
        email: 'o@example.com',
        address: '2 Other Rd',
        country: 'TH',
        district: 'Pathum Wan',
        isDefault: true,
      },
    ])
    const wished = await plainSize(database.db, 12, 5)
    await database.db.insert(wishlistItems).values([
      { memberId: kept.id, productId: wished.productId },
      { memberId: other.id, productId: wished.productId },
      { memberId: other.id, productId: item.productId },
    ])
    const line = await plainSize(database.db, 13, 20)
    await call('POST', '/cart/items?currency=thb', { body: { sku: line.sku, quantity: 1 }, headers: keptAuth })
    await call('POST', '/cart/items?currency=thb', { body: { sku: line.sku, quantity: 2 }, headers: otherAuth })
    await as(service, 'POST', `/members/${other.id}/goodwill-codes`, {
      kind: 'percent',
      percent: 10,
      valid_days: 10,
      reason: 'Sorry for the wait',
    })

    const body = {
      other_id: other.id,
      email_from: 'other',
      telephone_from: 'kept',
      line_from: 'other',
      reason: 'Same person, two sign-ups',
    }
    // A failure in the middle (the database refuses to remove the other account) leaves both untouched.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_member_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    )
    await database.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_member_delete BEFORE DELETE ON members FOR EACH ROW EXECUTE FUNCTION refuse_member_delete()',
      ),
    )
    const failed = await as(service, 'POST', `/members/${kept.id}/merge`, body)
    expect(failed.status).toBe(500)
    await database.db.execute(sql.raw('DROP TRIGGER refuse_member_delete ON members'))
    await database.db.execute(sql.raw('DROP FUNCTION refuse_member_delete()'))
    const ordersOf = async (id: string) =>
      (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.memberId, id))).length
    expect(await ordersOf(other.id)).toBe(paid2 ? 2 : 1)
    expect(await ordersOf(kept.id)).toBe(0)
    expect((await call('GET', '/me', { headers: otherAuth })).status).toBe(200)
    expect(await auditOf(kept.id)).toEqual([])

    // The other's codes: the goodwill one, and the VIP code of the month its spending earned.
    const otherCodes = await database.db.select().from(memberCodes).where(eq(memberCodes.memberId, other.id))
    expect(otherCodes.map((code) => code.kind).sort()).toEqual(['goodwill', 'monthly'])
    const merged = await as(service, 'POST', `/members/${kept.id}/merge`, body)
    expect(merged.status, merged.text).toBe(200)
    expect(merged.body.moved).toMatchObject({
      orders: paid2 ? 2 : 1,
      member_addresses: 1,
      wishlist_items: 1,
      carts: 1,
      member_codes: 2,
      sessions: 1,
    })
    const after = merged.body.member as Json
    expect(after).toMatchObject({
      email: other.email,
      email_verified: true,
      telephone: '+66861111111',
      line_user_id: other.lineUserId,
    })
    expect((after.tier as Json).tier).toBe('vip')
    expect((after.orders as Json[]).length).toBe(paid2 ? 2 : 1)
    expect((after.addresses as Json[]).filter((address) => address.is_default)).toHaveLength(1)
    expect((after.codes as Json[]).map((code) => code.kind)).toContain('goodwill')
    expect(await database.db.select().from(members).where(eq(members.id, other.id))).toEqual([])
    expect((await call('GET', '/me', { headers: otherAuth })).status).toBe(401)
    expect((await call('GET', '/me', { headers: keptAuth })).status).toBe(200)
    const wishes = await database.db.select().from(wishlistItems).where(eq(wishlistItems.memberId, kept.id))
    expect(wishes).toHaveLength(2)
    const [openCart] = await database.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.memberId, kept.id), eq(carts.status, 'open')))
    const lines = await database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, openCart?.id ?? ''))
    expect(lines.map((row) => row.quantity)).toEqual([3])
    const [entry] = await auditOf(kept.id)
    expect(entry).toMatchObject({ action: 'member.merge' })
    expect(entry?.after).toMatchObject({ reason: 'Same person, two sign-ups', tier: 'vip' })
    expect((entry?.before as Json).other).toMatchObject({ id: other.id })

    // Merging with itself, or into an account left with no way to sign in, is refused.
    expect((await as(service, 'POST', `/members/${kept.id}/merge`, { ...body, other_id: kept.id })).status).toBe(400)
  })
})
