import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eraseMember, MEMBER_REFERENCES } from '~/api/privacy/privacy.service'
import {
  auditLog,
  cartItems,
  carts,
  consentRecords,
  creditNotes,
  returnRequests,
  memberAddresses,
  memberCodes,
  members,
  orders,
  outboxMessages,
  privacyExports,
  privacyRequests,
  products,
  sessions,
  taxInvoices,
  variants,
  wishlistItems,
  type MemberRow,
} from '~/db/schema'
import { ERASED, GUEST_CHECKOUT_PURGE_DAYS } from '~/domain/privacy'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { Clock } from './support/clock'
import { callJson, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'
import { StaffHarness, type Enrolled } from './support/staff'

/**
 * The shopper's privacy rights (issue 33 item 2, decision 201) on a real database through the real HTTP API: the data
 * download by an expiring e-mailed link, the erasure confirmed by a code that keeps orders and tax invoices without
 * the person, all or nothing; staff recording requests that came by e-mail; consent records; the purge of guests'
 * abandoned checkouts; and the inventory of every column that points at a member.
 */

const BUYER_TAX_ID = '1101700230708'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
const clock = new Clock(Date.now())
let sequence = 0
const call = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
  callJson(app, method, path, {
    ...init,
    headers: { 'x-forwarded-for': `10.77.0.${++sequence % 250}`, ...init.headers },
  })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: {
      siteUrl: 'http://localhost:3000',
      operatorToken: OPERATOR,
      paymentSecret: 'privacy-secret',
      now: clock.now,
    },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(app, database.db, clock)
})

afterAll(async () => {
  await database?.close()
})

/** A member with a confirmed e-mail and phone, LINE linked, signed in: the member row and the session token. */
async function signedInMember(tag: string): Promise<{ member: MemberRow; token: string }> {
  const n = ++sequence
  const [member] = await database.db
    .insert(members)
    .values({
      fullname: `สมศรี ${tag}`,
      email: `${tag}.${n}@example.com`,
      emailVerifiedAt: clock.now(),
      telephone: `+6681${String(1000000 + n).slice(-7)}`,
      telephoneVerifiedAt: clock.now(),
      lineUserId: `U${String(n).padStart(32, '0')}`,
      acceptedTermsAt: clock.now(),
    })
    .returning()
  if (!member) throw new Error('member not made')
  const grant = await app.accounts.sessions.startSession(member, { ip: '10.77.1.1', locale: 'th' }, null)
  return { member, token: grant.token }
}

let skuOffset = 0
async function plainSku(): Promise<string> {
  const [row] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(sql`cardinality(${products.tags}) = 0`, sql`${products.categorySlug} <> 'shoes'`))
    .orderBy(variants.sku)
    .limit(1)
    .offset(skuOffset++ % 20)
  if (!row) throw new Error('no plain product')
  await database.db.update(variants).set({ stockOnline: 1000 }).where(eq(variants.sku, row.sku))
  return row.sku
}

/** An order by bank transfer, of a member (bearer) or a guest; paid by the back office unless told otherwise. */
async function placeOrder(token: string | null, paid = true): Promise<string> {
  const sku = await plainSku()
  const auth = token ? bearer(token) : {}
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity: 1 }, headers: auth })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const cart: Record<string, string> = token ? {} : { 'x-cart-token': String(added.body.cart_token) }
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri.buyer@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: { ...thaiAddress, tax_id: BUYER_TAX_ID },
      payment_method: 'bank_transfer',
    },
    headers: { ...auth, ...cart, 'idempotency-key': `privacy-${++sequence}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const number = String((placed.body.order as Json).number)
  if (paid) {
    const moved = await call('POST', `/operator/orders/${number}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
  return number
}

/** The link of the newest data e-mail to a recipient, and its token. */
async function exportLinkFor(recipient: string): Promise<{ url: string; token: string }> {
  const [message] = await database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), sql`${outboxMessages.body} LIKE '%/my-data/%'`))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1)
  const url = /https?:\/\/\S+\/my-data\/([A-Za-z0-9_-]+)/.exec(message?.body ?? '')
  if (!url?.[1]) throw new Error(`no data link for ${recipient}`)
  return { url: url[0], token: url[1] }
}

/** A member with something in every part of the account: address, order with tax invoice, code, wishlist, cart. */
async function fullMember(tag: string) {
  const signed = await signedInMember(tag)
  const { member, token } = signed
  const number = await placeOrder(token)
  const invoice = await app.request(`http://shop.test/api/public/demo/orders/${number}/tax-invoice`, {
    headers: bearer(token),
  })
  expect(invoice.status, await invoice.clone().text()).toBe(200)
  await database.db.insert(memberAddresses).values({
    memberId: member.id,
    firstname: 'สมศรี',
    lastname: 'ใจดี',
    telephoneNumber: '0812345678',
    email: member.email ?? '',
    address: '99/1 ถนนพหลโยธิน',
    country: 'TH',
    district: 'จตุจักร',
    isDefault: true,
  })
  const [product] = await database.db.select({ id: products.id }).from(products).limit(1)
  await database.db.insert(wishlistItems).values({ memberId: member.id, productId: product?.id ?? '' })
  await database.db.insert(memberCodes).values({
    memberId: member.id,
    key: `birthday-${sequence}`,
    code: `BDAY${sequence}`,
    kind: 'birthday',
    percent: 10,
    validFrom: clock.now(),
    validUntil: new Date(clock.now().getTime() + 30 * 86_400_000),
  })
  const sku = await plainSku()
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity: 2 }, headers: bearer(token) })
  expect(added.status).toBe(201)
  const consent = await call('POST', '/privacy/consents', {
    body: { consent_id: crypto.randomUUID(), banner_version: 1, analytics: 'granted', advertising: 'denied' },
    headers: bearer(token),
  })
  expect(consent.status).toBe(204)
  return { ...signed, number }
}

async function rowsPointingAt(memberId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const [table, column] of await memberForeignKeys()) {
    const result = await database.db.execute(
      sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${memberId}`,
    )
    counts[table] = Number((result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0)
  }
  return counts
}

/** Every (table, column) of the database whose foreign key points at members. */
async function memberForeignKeys(): Promise<Array<[string, string]>> {
  const result = await database.db.execute(sql`
    SELECT cl.relname AS table_name, a.attname AS column_name
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'members'::regclass
    ORDER BY 1, 2`)
  const { rows } = result as unknown as { rows: Array<{ table_name: string; column_name: string }> }
  return rows.map((row) => [row.table_name, row.column_name])
}

describe('the member foreign keys', () => {
  it('are each handled by erasure: a new table pointing at members fails here until erasure says what it does', async () => {
    const tables = (await memberForeignKeys()).map(([table]) => table)
    expect(tables.length).toBeGreaterThan(5)
    expect([...new Set(tables)].sort()).toEqual(Object.keys(MEMBER_REFERENCES).sort())
  })
})

describe('the data download', () => {
  it('records the request, e-mails an expiring link within the job’s run, and shows everything the shop holds', async () => {
    const { member, token, number } = await fullMember('export')
    const asked = await call('POST', '/me/privacy/export', { body: { lang: 'en' }, headers: bearer(token) })
    expect(asked.status, JSON.stringify(asked.body)).toBe(202)
    expect(asked.body).toMatchObject({ kind: 'access', source: 'web', status: 'pending' })
    const dueIn = Date.parse(String(asked.body.due_at)) - Date.parse(String(asked.body.received_at))
    expect(dueIn).toBe(30 * 86_400_000)
    // A second click while it is prepared is the same request.
    const again = await call('POST', '/me/privacy/export', { body: { lang: 'en' }, headers: bearer(token) })
    expect(again.body.id).toBe(asked.body.id)

    expect(await app.privacy.prepareDue()).toBe(1)
    expect(await app.privacy.prepareDue()).toBe(0)
    const { url, token: link } = await exportLinkFor(member.email ?? '')
    expect(url).toMatch(/^http:\/\/localhost:3000\/en\/my-data\//)
    const [stored] = await database.db.select().from(privacyExports).where(eq(privacyExports.memberId, member.id))
    expect(stored?.tokenHash).not.toBe(link)
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/)

    // No session: the link is the proof.
    const opened = await call('GET', `/privacy/exports/${link}`)
    expect(opened.status, JSON.stringify(opened.body)).toBe(200)
    expect(opened.headers.get('cache-control')).toBe('no-store')
    const data = opened.body
    expect(data.profile).toMatchObject({ fullname: member.fullname, email: member.email, telephone: member.telephone })
    expect(data.line).toEqual({ linked: true })
    expect(data.addresses).toHaveLength(1)
    const orderList = data.orders as Json[]
    expect(orderList.map((order) => order.number)).toEqual([number])
    expect(orderList[0]?.tax_invoice).toMatch(/^TI/)
    expect((orderList[0]?.items as Json[]).length).toBe(1)
    expect(data.codes).toHaveLength(1)
    expect(data.wishlist).toHaveLength(1)
    expect((data.cart as Json[])[0]).toMatchObject({ quantity: 2 })
    expect((data.sessions as Json[]).length).toBeGreaterThanOrEqual(1)
    expect(data.consents).toHaveLength(1)
    // The copy was made while its request was being prepared.
    expect(data.requests).toEqual([expect.objectContaining({ kind: 'access', source: 'web', status: 'pending' })])
    expect(data.uses_left).toBe(9)

    expect((await call('GET', `/privacy/exports/${link.slice(0, -2)}xx`)).status).toBe(404)
    expect((await call('GET', '/privacy/exports/short')).status).toBe(404)
  })

  it('stops working after its days or its uses: 410', async () => {
    const { member, token } = await signedInMember('expiry')
    await call('POST', '/me/privacy/export', { body: { lang: 'th' }, headers: bearer(token) })
    await call('POST', '/me/privacy/export', { body: {}, headers: bearer(token) })
    await app.privacy.prepareDue()
    const { url, token: link } = await exportLinkFor(member.email ?? '')
    expect(url).toMatch(/^http:\/\/localhost:3000\/my-data\//)
    for (let use = 0; use < 10; use++) expect((await call('GET', `/privacy/exports/${link}`)).status).toBe(200)
    const spent = await call('GET', `/privacy/exports/${link}`)
    expect(spent.status).toBe(410)
    expect(spent.body.reason).toBe('LINK_EXPIRED')

    await call('POST', '/me/privacy/export', { body: {}, headers: bearer(token) })
    await app.privacy.prepareDue()
    const fresh = await exportLinkFor(member.email ?? '')
    expect(fresh.token).not.toBe(link)
    expect((await call('GET', `/privacy/exports/${fresh.token}`)).status).toBe(200)
    clock.advance(7 * 86_400 + 60)
    expect((await call('GET', `/privacy/exports/${fresh.token}`)).status).toBe(410)
  })

  it('is for members only', async () => {
    expect((await call('POST', '/me/privacy/export', { body: {} })).status).toBe(401)
  })
})

describe('the erasure', () => {
  it('asks for a code, keeps the orders and the tax invoice by number and amount without the person, and ends it all', async () => {
    const { member, token, number } = await fullMember('erase')
    const [before] = await database.db.select().from(orders).where(eq(orders.number, number))
    const [invoiceBefore] = await database.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.orderId, before?.id ?? ''))
    expect(invoiceBefore?.content.buyer.name).toContain('สมศรี')
    await call('POST', '/me/privacy/export', { body: {}, headers: bearer(token) })
    await app.privacy.prepareDue()
    const oldLink = await exportLinkFor(member.email ?? '')

    const started = await call('POST', '/me/privacy/erasure', { body: { lang: 'en' }, headers: bearer(token) })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    expect(started.body).toMatchObject({ purpose: 'erase', channel: 'email' })
    const [mail] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, member.email ?? ''))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1)
    expect(mail?.subject).toContain('deleted')
    const code = /(?<!\d)\d{6}(?!\d)/.exec(mail?.body ?? '')?.[0] ?? ''
    const challenge = String(started.body.challenge_token)

    // The code of an erasure logs nobody in.
    const asLogin = await call('POST', '/auth/verify', { body: { challenge_token: challenge, code } })
    expect(asLogin.status).toBe(400)
    expect(asLogin.body.reason).toBe('VERIFY_FAILED')
    const wrong = await call('POST', '/me/privacy/erasure/confirm', {
      body: { challenge_token: challenge, code: code === '000000' ? '111111' : '000000' },
      headers: bearer(token),
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.reason).toBe('OTP_INCORRECT')
    expect(await database.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(1)

    // Another member's session cannot use this member's code.
    const other = await signedInMember('bystander')
    const stolen = await call('POST', '/me/privacy/erasure/confirm', {
      body: { challenge_token: challenge, code },
      headers: bearer(other.token),
    })
    expect(stolen.status).toBe(400)

    const another = await call('POST', '/me/privacy/erasure', { body: {}, headers: bearer(token) })
    // The cool-down of codes applies; past it, a new code.
    if (another.status === 429) clock.advance(61)
    const restarted = await call('POST', '/me/privacy/erasure', { body: {}, headers: bearer(token) })
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(201)
    const [mail2] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, member.email ?? ''))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1)
    const code2 = /(?<!\d)\d{6}(?!\d)/.exec(mail2?.body ?? '')?.[0] ?? ''
    const confirmed = await call('POST', '/me/privacy/erasure/confirm', {
      body: { challenge_token: String(restarted.body.challenge_token), code: code2 },
      headers: bearer(token),
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204)

    // The member and everything pointing at them are gone; the session with them.
    expect(await database.db.select().from(members).where(eq(members.id, member.id))).toEqual([])
    expect(Object.values(await rowsPointingAt(member.id)).every((count) => count === 0)).toBe(true)
    expect((await call('GET', '/me/sessions', { headers: bearer(token) })).status).toBe(401)
    expect(
      await database.db
        .select()
        .from(members)
        .where(eq(members.lineUserId, member.lineUserId ?? '')),
    ).toEqual([])
    expect(
      await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, member.email ?? '')),
    ).toEqual([])
    expect((await call('GET', `/privacy/exports/${oldLink.token}`)).status).toBe(404)

    // The order stays: number and amounts, not the person.
    const [after] = await database.db.select().from(orders).where(eq(orders.number, number))
    expect(after).toMatchObject({
      number,
      total: before?.total,
      status: before?.status,
      memberId: null,
      email: ERASED,
      telephone: ERASED,
      placedFrom: null,
    })
    expect(after?.address).toMatchObject({ firstname: ERASED, lastname: ERASED, address: ERASED, country: 'TH' })
    expect(JSON.stringify(after)).not.toContain('สมศรี')
    expect(JSON.stringify(after)).not.toContain('0812345678')
    const [invoiceAfter] = await database.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.orderId, after?.id ?? ''))
    expect(invoiceAfter?.number).toBe(invoiceBefore?.number)
    expect(invoiceAfter?.content.total).toBe(invoiceBefore?.content.total)
    expect(invoiceAfter?.content.vat).toBe(invoiceBefore?.content.vat)
    expect(invoiceAfter?.content.seller).toEqual(invoiceBefore?.content.seller)
    expect(invoiceAfter?.content.buyer).toMatchObject({ name: ERASED, address: ERASED, taxId: ERASED })
    expect(JSON.stringify(invoiceAfter?.content)).not.toContain(BUYER_TAX_ID)

    // The request is kept as the record that it was answered, without the person.
    const requests = await database.db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.kind, 'erasure'), eq(privacyRequests.subject, started.body.destination as string)))
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ status: 'done', memberId: null, source: 'web' })
  })

  it('is all or nothing: a failure at its last step leaves the member wholly there', async () => {
    const { member, number } = await fullMember('atomic')
    const before = await rowsPointingAt(member.id)
    // The database refuses the last statement of the erasure (the member's row) for this member only.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF OLD.id = '${member.id}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN OLD; END $$`),
    )
    await database.db.execute(
      sql.raw(`CREATE TRIGGER refuse_erasure BEFORE DELETE ON members FOR EACH ROW EXECUTE FUNCTION refuse_erasure()`),
    )
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await eraseMember(tx, member, clock.now())
        }),
      ).rejects.toThrow()
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER refuse_erasure ON members'))
      await database.db.execute(sql.raw('DROP FUNCTION refuse_erasure()'))
    }
    expect(await rowsPointingAt(member.id)).toEqual(before)
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
    expect(order?.email).toBe('somsri.buyer@example.com')
    expect(order?.memberId).toBe(member.id)
    const [invoice] = await database.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.orderId, order?.id ?? ''))
    expect(invoice?.content.buyer.name).not.toBe(ERASED)
  })

  it('erases a credit note’s buyer and nothing else of it: the note stays as issued otherwise', async () => {
    const { member, number } = await fullMember('credit-note')
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number))
    const [invoice] = await database.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.orderId, order?.id ?? ''))
    if (!order || !invoice) throw new Error('no order with a tax invoice')
    const [request] = await database.db
      .insert(returnRequests)
      .values({ orderId: order.id, kind: 'return', reason: 'size_does_not_fit', status: 'completed' })
      .returning()
    const content = {
      ...invoice.content,
      invoiceNumber: invoice.number,
      invoiceDate: invoice.issuedAt.toISOString(),
      reason: { th: 'คืนสินค้า', en: 'Return' },
      lines: [],
      originalValue: invoice.content.total,
      correctValue: 0,
      difference: invoice.content.total,
    }
    await database.db.insert(creditNotes).values({
      requestId: request?.id ?? '',
      orderId: order.id,
      sequence: 900_000 + sequence,
      number: `CN-PRIVACY-${sequence}`,
      invoiceNumber: invoice.number,
      issuedAt: clock.now(),
      content,
    })
    await expect(
      database.db.update(creditNotes).set({ number: 'CN-CHANGED' }).where(eq(creditNotes.orderId, order.id)),
    ).rejects.toThrow()
    await database.db.transaction(async (tx) => {
      await eraseMember(tx, member, clock.now())
    })
    const [note] = await database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id))
    expect(note?.number).toBe(`CN-PRIVACY-${sequence}`)
    expect(note?.content.total).toBe(content.total)
    expect(note?.content.buyer).toMatchObject({ name: ERASED, address: ERASED })
    await expect(database.db.delete(creditNotes).where(eq(creditNotes.orderId, order.id))).rejects.toThrow()
  })

  it('needs a confirmed e-mail or phone for its code', async () => {
    const [member] = await database.db
      .insert(members)
      .values({ fullname: 'Unconfirmed', email: `unconfirmed.${++sequence}@example.com` })
      .returning()
    if (!member) throw new Error('member not made')
    const grant = await app.accounts.sessions.startSession(member, { ip: '10.77.1.2', locale: 'en' }, null)
    const refused = await call('POST', '/me/privacy/erasure', { body: {}, headers: bearer(grant.token) })
    expect(refused.status).toBe(409)
    expect(refused.body.reason).toBe('NO_CONFIRMED_CONTACT')
  })
})

describe('guests’ abandoned checkouts', () => {
  it(`lose the person ${GUEST_CHECKOUT_PURGE_DAYS} days after they were placed, never paid; once, whoever runs it`, async () => {
    const abandoned = await placeOrder(null, false)
    const cancelled = await call('POST', `/operator/orders/${abandoned}/status`, {
      body: { status: 'cancelled' },
      headers: operatorAuth,
    })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const paid = await placeOrder(null, true)
    // Placed now by the suite's clock (the checkout stamps the database's time, and the clock ran ahead).
    await database.db.update(orders).set({ createdAt: clock.now() }).where(eq(orders.number, abandoned))
    const [before] = await database.db.select().from(orders).where(eq(orders.number, abandoned))

    // Older abandoned checkouts (the demo's) go at the first run; this one is too recent.
    await app.privacy.purgeAbandonedCheckouts()
    expect(await app.privacy.purgeAbandonedCheckouts()).toBe(0)
    expect((await database.db.select().from(orders).where(eq(orders.number, abandoned)))[0]?.email).not.toBe(ERASED)
    clock.advance((GUEST_CHECKOUT_PURGE_DAYS - 1) * 86_400)
    expect(await app.privacy.purgeAbandonedCheckouts()).toBe(0)
    clock.advance(2 * 86_400)
    const [first, second] = await Promise.all([
      app.privacy.purgeAbandonedCheckouts(),
      app.privacy.purgeAbandonedCheckouts(),
    ])
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1)
    expect(await app.privacy.purgeAbandonedCheckouts()).toBe(0)

    const [after] = await database.db.select().from(orders).where(eq(orders.number, abandoned))
    expect(after).toMatchObject({ number: abandoned, total: before?.total, email: ERASED, telephone: ERASED })
    expect(after?.address).toMatchObject({ firstname: ERASED, country: 'TH' })
    const [kept] = await database.db.select().from(orders).where(eq(orders.number, paid))
    expect(kept?.email).toBe('somsri.buyer@example.com')
  })
})

describe('consent records and staff requests', () => {
  let service: { staff: Enrolled; cookie: string }
  let marketing: { staff: Enrolled; cookie: string }

  beforeAll(async () => {
    const staff = await h.enrol('customer_service', 'privacy-service')
    service = { staff, cookie: await h.signIn(staff) }
    const other = await h.enrol('marketing', 'privacy-marketing')
    marketing = { staff: other, cookie: await h.signIn(other) }
  })

  it('keeps each choice of the banner, anonymous or the member’s, and staff look them up', async () => {
    const { member, token } = await signedInMember('consent')
    const consentId = crypto.randomUUID()
    const anonymous = await call('POST', '/privacy/consents', {
      body: { consent_id: consentId, banner_version: 1, analytics: 'denied', advertising: 'denied' },
    })
    expect(anonymous.status).toBe(204)
    clock.advance(5)
    const signed = await call('POST', '/privacy/consents', {
      body: { consent_id: consentId, banner_version: 1, analytics: 'granted', advertising: 'denied' },
      headers: bearer(token),
    })
    expect(signed.status).toBe(204)
    const bad = await call('POST', '/privacy/consents', {
      body: { consent_id: 'not-a-uuid', banner_version: 1, analytics: 'yes', advertising: 'denied' },
    })
    expect(bad.status).toBe(400)

    const byId = await h.call('GET', `/privacy/consents?consent_id=${consentId}`, { cookie: service.cookie })
    expect(byId.status, byId.text).toBe(200)
    const items = byId.body.items as Json[]
    expect(items.map((item) => [item.analytics, item.member_id])).toEqual([
      ['granted', member.id],
      ['denied', null],
    ])
    const byMember = await h.call('GET', `/privacy/consents?member=${encodeURIComponent(member.email ?? '')}`, {
      cookie: service.cookie,
    })
    expect((byMember.body.items as Json[]).length).toBe(1)
    expect((await h.call('GET', '/privacy/consents', { cookie: service.cookie })).status).toBe(400)
    expect(await database.db.select().from(consentRecords).where(eq(consentRecords.consentId, consentId))).toHaveLength(
      2,
    )
  })

  it('records a request that came by e-mail, lists it by due date, and answers it with the export', async () => {
    const { member } = await signedInMember('by-mail')
    const arrived = new Date(clock.now().getTime() - 35 * 86_400_000).toISOString().slice(0, 10)
    const recorded = await h.call('POST', '/privacy/requests', {
      cookie: service.cookie,
      body: { member: member.email, kind: 'access', received_at: arrived, lang: 'en' },
    })
    expect(recorded.status, recorded.text).toBe(201)
    expect(recorded.body).toMatchObject({ kind: 'access', source: 'email', status: 'received' })
    expect(Number(recorded.body.days_left)).toBeLessThan(0)

    const unknown = await h.call('POST', '/privacy/requests', {
      cookie: service.cookie,
      body: { member: 'nobody@example.com', kind: 'access', received_at: arrived },
    })
    expect(unknown.status).toBe(404)
    const future = await h.call('POST', '/privacy/requests', {
      cookie: service.cookie,
      body: { member: member.email, kind: 'access', received_at: '2999-01-01' },
    })
    expect(future.status).toBe(400)

    const list = await h.call('GET', '/privacy/requests', { cookie: service.cookie })
    expect(list.status).toBe(200)
    const first = (list.body.items as Json[])[0]
    expect(first?.id).toBe(recorded.body.id)
    expect((await h.call('GET', '/privacy/requests', { cookie: marketing.cookie })).status).toBe(403)

    const started = await h.call('POST', `/privacy/requests/${String(recorded.body.id)}/export`, {
      cookie: service.cookie,
    })
    expect(started.status, started.text).toBe(202)
    expect(started.body.status).toBe('pending')
    expect(
      (await h.call('POST', `/privacy/requests/${String(recorded.body.id)}/export`, { cookie: service.cookie })).status,
    ).toBe(409)
    expect(await app.privacy.prepareDue()).toBe(1)
    const link = await exportLinkFor(member.email ?? '')
    expect(link.url).toContain('/en/my-data/')
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'privacy_request.export'), eq(auditLog.entityId, String(recorded.body.id))))
    expect(entry?.actorId).toBe(service.staff.id)
  })

  it('erases for a request by e-mail only after step-up, and audits who did it', async () => {
    const { member, token } = await signedInMember('erase-by-mail')
    await placeOrder(token)
    const recorded = await h.call('POST', '/privacy/requests', {
      cookie: service.cookie,
      body: { member: member.telephone, kind: 'erasure', received_at: clock.now().toISOString().slice(0, 10) },
    })
    expect(recorded.status, recorded.text).toBe(201)
    const id = String(recorded.body.id)
    clock.advance(6 * 60)
    const early = await h.call('POST', `/privacy/requests/${id}/erase`, { cookie: service.cookie })
    expect(early.status).toBe(403)
    expect(early.body.reason).toBe('STEP_UP_REQUIRED')
    expect(await database.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(1)
    expect((await h.call('POST', `/privacy/requests/${id}/export`, { cookie: service.cookie })).status).toBe(400)

    await h.stepUp(service.staff, service.cookie)
    const erased = await h.call('POST', `/privacy/requests/${id}/erase`, { cookie: service.cookie })
    expect(erased.status, erased.text).toBe(200)
    expect(erased.body).toMatchObject({ status: 'done', member_id: null })
    expect(await database.db.select().from(members).where(eq(members.id, member.id))).toEqual([])
    expect(await database.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toEqual([])
    expect(await database.db.select().from(carts).where(eq(carts.memberId, member.id))).toEqual([])
    expect(await database.db.select().from(cartItems).limit(0)).toEqual([])
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'privacy_request.erase'), eq(auditLog.entityId, id)))
    expect(entry?.actorId).toBe(service.staff.id)
    expect(JSON.stringify(entry)).not.toContain(member.telephone ?? '—')
    expect((await h.call('POST', `/privacy/requests/${id}/erase`, { cookie: service.cookie })).status).toBe(409)
  })
})
