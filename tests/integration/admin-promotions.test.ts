import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, members, mixMatchPrices, products, promotionCodes, variants } from '~/db/schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { plainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Promotions in the admin API (issue 32 item 5): NEW200 from migration 0032 as the constant was; a code made in the
 * back office taken at checkout from its start, refused after its end (the shop's clock the test's) and after its
 * last use (two orders racing for it: one wins); codes checked field by field, changed and switched off, each write
 * audited; the mix-and-match prices edited and priced from the next answer; the tier rules read.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
type Signed = { staff: Enrolled; cookie: string }
let marketing: Signed
let warehouse: Signed
let placed = 0

const as = (who: Signed, method: string, path: string, body?: unknown) =>
  h.call(method, path, { cookie: who.cookie, body })

/** A guest cart of these sizes; its token. */
async function cartOf(lines: Array<{ sku: string; quantity: number }>): Promise<string> {
  let token = ''
  for (const line of lines) {
    const added = await call('POST', '/cart/items?currency=thb', {
      body: line,
      headers: token ? { 'x-cart-token': token } : {},
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    token ||= String(added.body.cart_token)
  }
  return token
}

const quote = (token: string, code: string | null, currency = 'thb') =>
  call('POST', `/checkout/quote?currency=${currency}`, {
    body: { country: 'TH', shipping_method: 'courier', promotion_code: code },
    headers: { 'x-cart-token': token },
  })

const placeOrder = (token: string, code: string) =>
  call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
      promotion_code: code,
    },
    headers: { 'x-cart-token': token, 'idempotency-key': `admin-promotions-${++placed}` },
  })

/** A cart of one plain piece worth at least 1,000 THB (enough of it), stock to spare. */
async function bigCart(offset: number): Promise<{ token: string; subtotal: number }> {
  const size = await plainSize(database.db, offset, 50)
  const quantity = Math.min(5, Math.ceil(100_000 / size.price))
  return { token: await cartOf([{ sku: size.sku, quantity }]), subtotal: size.price * quantity }
}

const codeBody = (overrides: Json = {}): Json => ({
  code: 'SPRING10',
  kind: 'percent',
  percent: 10,
  thb: { amount: null, minimum: 0 },
  usd: null,
  exclude_tags: ['sale'],
  exclude_categories: [],
  starts_at: null,
  ends_at: null,
  uses_per_member: null,
  uses_total: null,
  active: true,
  ...overrides,
})

async function auditOf(id: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'promotion_code'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id))
}

async function codeCount(): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(promotionCodes)
  return row?.n ?? -1
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, now: clock.now },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
  const m = await h.enrol('marketing')
  marketing = { staff: m, cookie: await h.signIn(m) }
  const w = await h.enrol('warehouse')
  warehouse = { staff: w, cookie: await h.signIn(w) }
}, 120_000)

describe('promotions in the back office', () => {
  it('lists NEW200 from the migration with today’s rules, and it prices a cart as before', async () => {
    const list = await as(marketing, 'GET', '/promotions/codes')
    expect(list.status, list.text).toBe(200)
    const items = list.body.items as Json[]
    expect(items.find((item) => item.code === 'NEW200')).toMatchObject({
      kind: 'amount',
      thb: { amount: 20_000, minimum: 100_000 },
      usd: null,
      exclude_tags: ['sale'],
      exclude_categories: [],
      starts_at: null,
      ends_at: null,
      uses_total: null,
      uses_per_member: null,
      uses: 0,
      active: true,
      state: 'live',
    })
    expect((list.body.categories as Json[]).length).toBeGreaterThan(0)

    const { token, subtotal } = await bigCart(0)
    const applied = await quote(token, 'new200')
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    expect(applied.body.promotion).toEqual({ code: 'NEW200', discount: 20_000 })
    expect(applied.body.total).toBe(subtotal - 20_000)

    const small = await plainSize(database.db, 1, 10)
    const under = await quote(await cartOf([{ sku: small.sku, quantity: 1 }]), 'NEW200')
    if (small.price < 100_000) {
      expect(under.body.promotion).toBeNull()
      expect(under.body.promotion_rejected).toEqual({ code: 'NEW200', reason: 'minimum', minimum: 100_000 })
    }
  })

  it('names a code’s own minimum when a cart is under it, for checkout to say', async () => {
    const cart = await bigCart(7)
    const minimum = Math.ceil((cart.subtotal + 50_000) / 100) * 100
    const created = await as(
      marketing,
      'POST',
      '/promotions/codes',
      codeBody({ code: 'BIGSPEND', kind: 'amount', percent: null, thb: { amount: 10_000, minimum } }),
    )
    expect(created.status, created.text).toBe(201)
    const under = await quote(cart.token, 'BIGSPEND')
    expect(under.status, JSON.stringify(under.body)).toBe(200)
    expect(under.body.promotion).toBeNull()
    expect(under.body.promotion_rejected).toEqual({ code: 'BIGSPEND', reason: 'minimum', minimum })
  })

  it('refuses another role (403) and bad input field by field (400, nothing written)', async () => {
    expect((await as(warehouse, 'GET', '/promotions/codes')).status).toBe(403)
    expect((await as(warehouse, 'POST', '/promotions/codes', codeBody())).status).toBe(403)
    const before = await codeCount()
    const cases: Array<[Json, string, string]> = [
      [{ code: 'NO-PE!' }, 'code', 'lettersAndDigits'],
      [{ code: 'AB' }, 'code', 'lettersAndDigits'],
      [{ percent: 0 }, 'percent', 'range'],
      [{ percent: 150 }, 'percent', 'range'],
      [{ thb: null }, 'currencies', 'required'],
      [{ kind: 'amount', percent: null, thb: { amount: null, minimum: 0 } }, 'thb.amount', 'required'],
      [{ kind: 'amount', percent: null, thb: { amount: -500, minimum: 0 } }, 'thb.amount', 'positive'],
      [{ starts_at: clock.plus(3600), ends_at: clock.plus(60) }, 'ends_at', 'order'],
      [{ uses_total: 0 }, 'uses_total', 'positive'],
      [{ exclude_categories: ['no-such-shelf'] }, 'exclude_categories', 'unknown'],
    ]
    for (const [overrides, field, reason] of cases) {
      const refused = await as(marketing, 'POST', '/promotions/codes', codeBody(overrides))
      expect(refused.status, `${JSON.stringify(overrides)}: ${refused.text}`).toBe(400)
      expect(refused.body.reason).toBe('INVALID_INPUT')
      expect((refused.body.fields as Json)[field], JSON.stringify(overrides)).toBe(reason)
    }
    const taken = await as(marketing, 'POST', '/promotions/codes', codeBody({ code: 'new200' }))
    expect(taken.status).toBe(409)
    expect(taken.body.reason).toBe('CODE_EXISTS')
    expect(await codeCount()).toBe(before)
  })

  it('takes a new code at checkout from its start, audited, gives its last use to one order of two, and takes a cancelled order’s use back', async () => {
    const created = await as(
      marketing,
      'POST',
      '/promotions/codes',
      codeBody({ code: 'spring10', starts_at: clock.plus(60), ends_at: clock.plus(7200), uses_total: 2 }),
    )
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ code: 'SPRING10', state: 'scheduled', uses: 0 })
    const id = String(created.body.id)
    const audit = await auditOf(id)
    expect(audit.map((row) => row.action)).toEqual(['promotion_code.create'])
    expect(audit[0]?.actorId).toBe(marketing.staff.id)

    const first = await bigCart(2)
    const early = await quote(first.token, 'SPRING10')
    expect(early.status).toBe(400)
    expect((early.body.fields as Json).promotionCode ?? (early.body.fields as Json).promotion_code).toBe('invalid')

    clock.advance(61)
    const started = await quote(first.token, 'Spring10')
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.promotion).toEqual({ code: 'SPRING10', discount: Math.floor(first.subtotal / 10) })
    const one = await placeOrder(first.token, 'SPRING10')
    expect(one.status, JSON.stringify(one.body)).toBe(201)
    expect((one.body.order as Json).discount).toBe(Math.floor(first.subtotal / 10))

    // Two shoppers at once for the last use: one order takes it, the other is refused and not placed.
    const [a, b] = [await bigCart(3), await bigCart(4)]
    const raced = await Promise.all([placeOrder(a.token, 'SPRING10'), placeOrder(b.token, 'SPRING10')])
    expect(raced.map((reply) => reply.status).sort()).toEqual([201, 409])
    const lost = raced.find((reply) => reply.status === 409)
    expect(lost?.body.reason).toBe('PROMOTION_REJECTED')
    const listed = (await as(marketing, 'GET', '/promotions/codes')).body.items as Json[]
    expect(listed.find((item) => item.id === id)).toMatchObject({ uses: 2, state: 'used_up' })
    const after = await quote((await bigCart(5)).token, 'SPRING10')
    expect(after.status).toBe(409)

    // The shopper cancels the first order: its use comes back once, and another order may take the code.
    const cancel = () =>
      call('POST', `/orders/${String((one.body.order as Json).number)}/cancel?lang=th`, {
        headers: { 'x-order-token': String(one.body.access_token) },
      })
    const cancelled = await cancel()
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect((await cancel()).status).toBe(409)
    const back = (await as(marketing, 'GET', '/promotions/codes')).body.items as Json[]
    expect(back.find((item) => item.id === id)).toMatchObject({ uses: 1, state: 'live' })
    const again = await placeOrder((await bigCart(5)).token, 'SPRING10')
    expect(again.status, JSON.stringify(again.body)).toBe(201)
  })

  it('stops a code after its end date, and after it is switched off; a change is audited before and after', async () => {
    const created = await as(
      marketing,
      'POST',
      '/promotions/codes',
      codeBody({
        code: 'WEEKEND',
        kind: 'amount',
        percent: null,
        thb: { amount: 10_000, minimum: 0 },
        ends_at: clock.plus(120),
      }),
    )
    expect(created.status, created.text).toBe(201)
    const id = String(created.body.id)
    const cart = await bigCart(6)
    expect((await quote(cart.token, 'WEEKEND')).body.promotion).toEqual({ code: 'WEEKEND', discount: 10_000 })
    clock.advance(121)
    const ended = await quote(cart.token, 'WEEKEND')
    expect(ended.status).toBe(409)
    expect(ended.body.reason).toBe('PROMOTION_REJECTED')

    const changed = await as(
      marketing,
      'PUT',
      `/promotions/codes/${id}`,
      codeBody({
        code: 'WEEKEND',
        kind: 'amount',
        percent: null,
        thb: { amount: 15_000, minimum: 0 },
        ends_at: clock.plus(3600),
      }),
    )
    expect(changed.status, changed.text).toBe(200)
    expect(changed.body.state).toBe('live')
    expect((await quote(cart.token, 'WEEKEND')).body.promotion).toEqual({ code: 'WEEKEND', discount: 15_000 })

    const off = await as(marketing, 'POST', `/promotions/codes/${id}/deactivate`)
    expect(off.status, off.text).toBe(200)
    expect(off.body).toMatchObject({ active: false, state: 'inactive' })
    expect((await quote(cart.token, 'WEEKEND')).status).toBe(400)

    const audit = await auditOf(id)
    expect(audit.map((row) => row.action)).toEqual([
      'promotion_code.create',
      'promotion_code.update',
      'promotion_code.deactivate',
    ])
    expect((audit[1]?.before as Json).thb).toEqual({ amount: 10_000, minimum: 0 })
    expect((audit[1]?.after as Json).thb).toEqual({ amount: 15_000, minimum: 0 })
    expect((await as(marketing, 'GET', '/promotions/codes/00000000-0000-4000-8000-00000000ffff')).status).toBe(404)
  })

  it('gives a code limited per member to members only, each as often as it allows', async () => {
    const created = await as(
      marketing,
      'POST',
      '/promotions/codes',
      codeBody({
        code: 'ONCEEACH',
        kind: 'amount',
        percent: null,
        thb: { amount: 5_000, minimum: 0 },
        uses_per_member: 1,
      }),
    )
    expect(created.status, created.text).toBe(201)
    const guest = await quote((await bigCart(7)).token, 'ONCEEACH')
    expect(guest.status).toBe(409)
    expect((guest.body.fields as Json).promotionCode ?? (guest.body.fields as Json).promotion_code).toBe('membersOnly')

    const [member] = await database.db
      .insert(members)
      .values({ fullname: 'Code Tester', email: 'once.each@example.com' })
      .returning()
    if (!member) throw new Error('member not stored')
    const grant = await app.accounts.sessions.startSession(member, { ip: '127.0.0.1', locale: 'en' }, null)
    const auth = { authorization: `Bearer ${grant.token}` }
    const memberOrder = async (offset: number) => {
      const size = await plainSize(database.db, offset, 50)
      const added = await call('POST', '/cart/items?currency=thb', {
        body: { sku: size.sku, quantity: 1 },
        headers: auth,
      })
      expect(added.status, JSON.stringify(added.body)).toBe(201)
      return call('POST', '/orders?currency=thb&lang=th', {
        body: {
          email: 'once.each@example.com',
          telephone: '0812345678',
          shipping_method: 'courier',
          address: thaiAddress,
          payment_method: 'bank_transfer',
          promotion_code: 'ONCEEACH',
        },
        headers: { ...auth, 'idempotency-key': `admin-promotions-${++placed}` },
      })
    }
    const first = await memberOrder(8)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect((first.body.order as Json).discount).toBe(5_000)
    const second = await memberOrder(9)
    expect(second.status).toBe(409)
    expect((second.body.fields as Json).promotionCode ?? (second.body.fields as Json).promotion_code).toBe('used')
  })

  it('edits the mix-and-match prices: the next cart is priced with them, and the cart and product page name them', async () => {
    const shown = await as(marketing, 'GET', '/promotions/mix-match')
    expect(shown.status, shown.text).toBe(200)
    expect(shown.body.prices).toEqual([
      { size: 3, thb: 199_000, usd: 6_000 },
      { size: 5, thb: 299_000, usd: 9_000 },
    ])
    expect((shown.body.products as Json[]).length).toBeGreaterThan(2)

    const inverted = await as(marketing, 'PUT', '/promotions/mix-match', {
      prices: [
        { size: 3, thb: 199_000, usd: 6_000 },
        { size: 5, thb: 150_000, usd: 9_000 },
      ],
    })
    expect(inverted.status).toBe(400)
    expect((inverted.body.fields as Json)['5.thb']).toBe('aboveThree')

    // Three different tagged pieces; the bundle of 3 priced 1 baht under what they come to.
    const pieces = await database.db
      .select({ sku: variants.sku, productId: products.id, price: products.priceThb })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`${products.tags} = array['mix_match']::text[] and ${products.categorySlug} <> 'shoes'`)
      .orderBy(variants.sku)
    const distinct = [...new Map(pieces.map((piece) => [piece.productId, piece])).values()].slice(0, 3)
    expect(distinct).toHaveLength(3)
    for (const piece of distinct)
      await database.db.update(variants).set({ stockOnline: 10 }).where(eq(variants.sku, piece.sku))
    const sum = distinct.reduce((total, piece) => total + piece.price, 0)
    const saved = await as(marketing, 'PUT', '/promotions/mix-match', {
      prices: [
        { size: 3, thb: sum - 100, usd: 6_000 },
        { size: 5, thb: sum + 100_000, usd: 9_000 },
      ],
    })
    expect(saved.status, saved.text).toBe(200)
    const [row] = await database.db.select().from(mixMatchPrices).where(eq(mixMatchPrices.size, 3))
    expect(row?.price).toBe(sum - 100)
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, 'mix_match.prices'))
    expect(entries).toHaveLength(1)

    const token = await cartOf(distinct.map((piece) => ({ sku: piece.sku, quantity: 1 })))
    const priced = await quote(token, null)
    expect(priced.status, JSON.stringify(priced.body)).toBe(200)
    expect(priced.body.mix_match_discount).toBe(100)

    // The cart and a tagged piece's product page name the prices checkout charges, not the seeded constants.
    const bundles = [
      { size: 3, price: sum - 100 },
      { size: 5, price: sum + 100_000 },
    ]
    const cart = await call('GET', '/cart?currency=thb&lang=en', { headers: { 'x-cart-token': token } })
    expect(cart.status).toBe(200)
    expect(cart.body).toMatchObject({ mix_match_discount: 100, mix_match_bundles: bundles })
    const piece = await call('GET', `/products/${distinct[0]?.productId}?currency=thb&lang=th`)
    expect(piece.status).toBe(200)
    expect(piece.body.mix_match_bundles).toEqual(bundles)
    const inDollars = await call('GET', `/products/${distinct[0]?.productId}?currency=usd&lang=en`)
    expect(inDollars.body.mix_match_bundles).toEqual([
      { size: 3, price: 6_000 },
      { size: 5, price: 9_000 },
    ])
    const [untagged] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`not ('mix_match' = any(${products.tags}))`)
      .limit(1)
    const other = await call('GET', `/products/${untagged?.id}?currency=thb&lang=en`)
    expect(other.body.mix_match_bundles).toEqual([])
  })

  it('shows the member tier rules of §6 read-only', async () => {
    const rules = await as(marketing, 'GET', '/promotions/tiers')
    expect(rules.status).toBe(200)
    expect(rules.body.tiers).toEqual([
      { tier: 'member', threshold_thb: 0, percent: 0 },
      { tier: 'vip', threshold_thb: 900_000, percent: 5 },
      { tier: 'vvip', threshold_thb: 3_000_000, percent: 10 },
    ])
    expect(rules.body).toMatchObject({ monthly_cap_thb: 200_000, minimum_thb: 100_000, birth_month: { percent: 20 } })
    expect((await as(warehouse, 'GET', '/promotions/tiers')).status).toBe(403)
  })
})
