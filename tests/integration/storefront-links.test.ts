import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LanguageStrategy } from '~/config/constants'
import { members, outboxMessages, products, variants } from '~/db/schema'
import { storefrontLinks } from '~/routing/storefront-links'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'

/**
 * The product API's links to the storefront follow the shop's language strategy (decision 144): the way back from
 * the payment page and the links of the order e-mails, under strategies other than the default, where the API used
 * to write '/en' by hand whatever the strategy.
 */
const SITE = 'https://shop.test'
const BASE = `${SITE}/api/public/demo`
let database: Awaited<ReturnType<typeof freshDatabase>>

beforeAll(async () => {
  database = await freshDatabase()
})

afterAll(async () => {
  await database?.close()
})

function appWith(strategy: LanguageStrategy): ApiApp {
  return createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    storefront: storefrontLinks({ siteUrl: SITE, strategy, defaultLocale: 'th' }),
    commerce: { siteUrl: SITE, paymentSecret: `links-${strategy}` },
  })
}

/** A member's card order in `lang`, paid on the built-in test page: the page's way back and the order's number. */
async function paidCardOrder(app: ApiApp, lang: 'th' | 'en', email: string) {
  const [member] = await database.db.insert(members).values({ fullname: 'Nok', email }).returning()
  if (!member) throw new Error('member not stored')
  const grant = await app.accounts.sessions.startSession(member, { ip: '127.0.0.1', locale: lang }, null)
  const auth = { authorization: `Bearer ${grant.token}`, 'content-type': 'application/json' }
  const [row] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(sql`cardinality(${products.tags}) = 0 AND ${products.categorySlug} <> 'shoes'`)
    .limit(1)
  if (!row) throw new Error('no product')
  await database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, row.sku))
  const added = await app.request(`${BASE}/cart/items?currency=thb`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ sku: row.sku }),
  })
  expect(added.status).toBe(201)
  const placed = await app.request(`${BASE}/orders?currency=thb&lang=${lang}`, {
    method: 'POST',
    headers: { ...auth, 'idempotency-key': `links-${email}` },
    body: JSON.stringify({
      email,
      telephone: '0812345678',
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'card',
    }),
  })
  expect(placed.status).toBe(201)
  const body = (await placed.json()) as { order: { number: string }; redirect_url: string }
  const page = new URL(body.redirect_url, SITE)
  const approved = await app.request(`${page.origin}${page.pathname}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      return: page.searchParams.get('return') ?? '',
      sig: page.searchParams.get('sig') ?? '',
    }).toString(),
  })
  expect(approved.status).toBe(303)
  return { number: body.order.number, back: approved.headers.get('location') }
}

/** The text of the order's e-mails, once the worker has sent them to the outbox. */
async function mailsTo(app: ApiApp, email: string): Promise<string[]> {
  await app.orderMails.deliverDue()
  const mails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))
  expect(mails.length).toBeGreaterThan(0)
  return mails.map((mail) => mail.body)
}

describe(`links to the storefront on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('under `prefix`, Thai is prefixed too: the way back from paying and the e-mails go to /th/…', async () => {
    const app = appWith('prefix')
    const { number, back } = await paidCardOrder(app, 'th', 'prefix-th@example.com')
    expect(back).toBe(`/th/order/${number}`)
    for (const body of await mailsTo(app, 'prefix-th@example.com')) {
      expect(body).toContain(`${SITE}/th/order/${number}`)
      expect(body).not.toMatch(new RegExp(`${SITE}/order/`))
    }
  })

  it('under `no_prefix`, English has no /en: the way back and the e-mails use the bare path', async () => {
    const app = appWith('no_prefix')
    const { number, back } = await paidCardOrder(app, 'en', 'none-en@example.com')
    expect(back).toBe(`/order/${number}`)
    for (const body of await mailsTo(app, 'none-en@example.com')) {
      expect(body).toContain(`${SITE}/order/${number}`)
      expect(body).not.toContain(`${SITE}/en`)
    }
  })

  it('under the default strategy, English is under /en and Thai is not prefixed', async () => {
    const app = appWith('prefix_except_default')
    const english = await paidCardOrder(app, 'en', 'default-en@example.com')
    expect(english.back).toBe(`/en/order/${english.number}`)
    for (const body of await mailsTo(app, 'default-en@example.com')) {
      expect(body).toContain(`${SITE}/en/order/${english.number}`)
    }
    const thai = await paidCardOrder(app, 'th', 'default-th@example.com')
    expect(thai.back).toBe(`/order/${thai.number}`)
  })
})
