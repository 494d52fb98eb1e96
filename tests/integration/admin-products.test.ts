import { and, asc, eq, like } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, productSearchTerms, variants } from '~/db/schema'
import { AdminProducts } from '~/api/admin/products.service'
import { PreviewTokens } from '~/api/catalog/preview-tokens.server'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { jsonCaller, type Json } from './support/http'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Products in the admin API (issue 32 item 1, decision 195): a model made in the back office is a draft the shop does
 * not show (listing, search, product page, cart, checkout), shows on the next answer once published and goes away
 * again when unpublished; a schedule publishes itself (two workers, once); a duplicate starts a new draft; bad input
 * gets a 400 naming each field, a SKU or barcode another model has a 409; each write audited; a preview token opens a
 * draft's page, privately; a role without catalog:write is refused.
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

/** A model of two colours and three sizes; `tag` keeps each test's names, slugs and codes apart. */
const modelBody = (tag: string, overrides: Json = {}): Json => ({
  slug: `lotus-wrap-dress-${tag}`,
  category: 'dresses',
  gender: 'women',
  name_th: `เดรสป้ายดอกบัว ${tag}`,
  name_en: `Lotus Wrap Dress ${tag}`,
  description_th: 'เดรสผ้าลินินทรงป้าย ใส่สบายทั้งวัน',
  description_en: 'A linen wrap dress, easy all day.',
  material_th: 'ลินิน 100%',
  material_en: '100% linen',
  care_th: ['ซักมือ'],
  care_en: ['Hand wash'],
  size_chart: { columns: [{ th: 'อก', en: 'Bust' }], rows: [{ size: 'S', values: [84] }] },
  tags: ['new'],
  collections: ['evening'],
  match_with: [],
  price_thb: 259_000,
  price_usd: 8_900,
  colours: [
    {
      slug: 'ivory',
      name_th: 'งาช้าง',
      name_en: 'Ivory',
      hex: '#F4EEDD',
      variants: [
        { size: 'S', sku: '', barcode: null },
        { size: 'M', sku: '', barcode: null },
        { size: 'L', sku: '', barcode: null },
      ],
    },
    {
      slug: 'indigo',
      name_th: 'คราม',
      name_en: 'Indigo',
      hex: '#2E3A6B',
      variants: [
        { size: 'S', sku: '', barcode: null },
        { size: 'M', sku: '', barcode: null },
        { size: 'L', sku: '', barcode: null },
      ],
    },
  ],
  ...overrides,
})

/** A GTIN-13 with its right check digit, from 12 digits. */
function gtin(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return `${body}${(10 - (sum % 10)) % 10}`
}

const productPage = (id: string, query = '') => call('GET', `/products/${id}?lang=en&currency=thb${query}`)
const newestDresses = () => call('GET', '/products?lang=en&currency=thb&category=dresses&sort=newest&page_size=50')
const search = (q: string) => call('GET', `/search?lang=en&currency=thb&q=${encodeURIComponent(q)}`)
const idsOf = (page: Json) => (page.items as Json[]).map((item) => String(item.family_id ?? item.id))

async function auditOf(action: string, id: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id))
}

async function stockUp(productId: string, stock: number) {
  await database.db.update(variants).set({ stockOnline: stock }).where(eq(variants.productId, productId))
}

const addToCart = (sku: string, token = '') =>
  call('POST', '/cart/items?currency=thb', {
    body: { sku, quantity: 1 },
    headers: token ? { 'x-cart-token': token } : {},
  })

const placeOrder = (token: string) =>
  call('POST', '/orders?currency=thb&lang=en', {
    body: {
      email: 'malee@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
      promotion_code: null,
    },
    headers: { 'x-cart-token': token, 'idempotency-key': `admin-products-${++placed}` },
  })

async function create(tag: string, overrides: Json = {}) {
  const created = await as(marketing, 'POST', '/products', modelBody(tag, overrides))
  expect(created.status, created.text).toBe(201)
  return created.body
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

describe('models in the back office', () => {
  it('creates a draft the shop does not show, publishes it, and the shop shows it on the next answer', async () => {
    const model = await create('a')
    expect(model).toMatchObject({ id: 'lotus-wrap-dress-a', status: 'draft', publish_at: null, tags: ['new'] })
    const colours = model.colours as Array<{ id: string; variants: Array<{ sku: string; barcode: string | null }> }>
    expect(colours.map((colour) => colour.id)).toEqual(['lotus-wrap-dress-a', 'lotus-wrap-dress-a-indigo'])
    expect(colours[1]?.variants.map((variant) => variant.sku)).toEqual([
      'LOTUS-WRAP-DRESS-A-INDIGO-S',
      'LOTUS-WRAP-DRESS-A-INDIGO-M',
      'LOTUS-WRAP-DRESS-A-INDIGO-L',
    ])
    await stockUp('lotus-wrap-dress-a', 5)

    // A draft: no product page, not in the listing, not found by search, not addable to a cart.
    expect((await productPage('lotus-wrap-dress-a')).status).toBe(404)
    expect(idsOf((await newestDresses()).body)).not.toContain('lotus-wrap-dress-a')
    const searched = await search('Lotus Wrap Dress a')
    expect(searched.status).toBe(200)
    expect(idsOf(searched.body)).not.toContain('lotus-wrap-dress-a')
    expect((await addToCart('LOTUS-WRAP-DRESS-A-M')).status).toBe(404)

    const published = await as(marketing, 'POST', '/products/lotus-wrap-dress-a/status', { status: 'published' })
    expect(published.status, published.text).toBe(200)
    expect(published.body.status).toBe('published')

    const page = await productPage('lotus-wrap-dress-a')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ name: 'Lotus Wrap Dress a', family_id: 'lotus-wrap-dress-a' })
    expect((page.body.colors as Json[]).map((colour) => colour.slug)).toEqual(['ivory', 'indigo'])
    expect(idsOf((await newestDresses()).body)).toContain('lotus-wrap-dress-a')
    expect(idsOf((await search('Lotus Wrap Dress')).body)).toContain('lotus-wrap-dress-a')
    const added = await addToCart('LOTUS-WRAP-DRESS-A-M')
    expect(added.status, JSON.stringify(added.body)).toBe(201)

    expect(await auditOf('product.create', 'lotus-wrap-dress-a')).toHaveLength(1)
    const [publishEntry] = await auditOf('product.publish', 'lotus-wrap-dress-a')
    expect(publishEntry?.before).toMatchObject({ status: 'draft' })
    expect(publishEntry?.after).toMatchObject({ status: 'published' })
  })

  it('unpublishes: a 404 page, out of search and listing, and a cart holding it cannot check out', async () => {
    await create('b')
    await stockUp('lotus-wrap-dress-b', 5)
    expect((await as(marketing, 'POST', '/products/lotus-wrap-dress-b/status', { status: 'published' })).status).toBe(
      200,
    )
    const added = await addToCart('LOTUS-WRAP-DRESS-B-S')
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const token = String(added.body.cart_token)

    const unpublished = await as(marketing, 'POST', '/products/lotus-wrap-dress-b/status', { status: 'unpublished' })
    expect(unpublished.status, unpublished.text).toBe(200)
    expect((await productPage('lotus-wrap-dress-b')).status).toBe(404)
    expect(idsOf((await newestDresses()).body)).not.toContain('lotus-wrap-dress-b')
    expect(idsOf((await search('Lotus Wrap Dress b')).body)).not.toContain('lotus-wrap-dress-b')
    const [postings] = await database.db
      .select()
      .from(productSearchTerms)
      .where(eq(productSearchTerms.productId, 'lotus-wrap-dress-b'))
    expect(postings).toBeUndefined()

    const order = await placeOrder(token)
    expect(order.status, JSON.stringify(order.body)).toBe(409)
    const stock = await database.db.select().from(variants).where(eq(variants.sku, 'LOTUS-WRAP-DRESS-B-S'))
    expect(stock[0]?.stockOnline).toBe(5)
    expect(await auditOf('product.unpublish', 'lotus-wrap-dress-b')).toHaveLength(1)
  })

  it('publishes a scheduled model by itself at its time, once, with two workers ticking at once', async () => {
    await create('c')
    const past = await as(marketing, 'POST', '/products/lotus-wrap-dress-c/status', {
      status: 'scheduled',
      publish_at: clock.plus(-60),
    })
    expect(past.status).toBe(400)
    expect(past.body.fields).toEqual({ publish_at: 'past' })
    const scheduled = await as(marketing, 'POST', '/products/lotus-wrap-dress-c/status', {
      status: 'scheduled',
      publish_at: clock.plus(90),
    })
    expect(scheduled.status, scheduled.text).toBe(200)
    expect(scheduled.body.status).toBe('scheduled')

    const previews = new PreviewTokens(database.db, clock.now)
    const workers = [0, 1].map(
      () => new AdminProducts(database.db, app.adminServices.audit, clock.now, previews, () => ''),
    )
    const [first, second] = workers
    if (!first || !second) throw new Error('no workers')
    expect(await first.tick()).toEqual({ published: 0 })
    expect((await productPage('lotus-wrap-dress-c')).status).toBe(404)

    clock.advance(91)
    const ticks = await Promise.all([first.tick(), second.tick(), first.tick()])
    expect(ticks.reduce((sum, tick) => sum + tick.published, 0)).toBe(1)
    expect((await productPage('lotus-wrap-dress-c')).status).toBe(200)
    expect(idsOf((await search('Lotus Wrap Dress c')).body)).toContain('lotus-wrap-dress-c')
    const entries = await auditOf('product.publish', 'lotus-wrap-dress-c')
    expect(entries).toHaveLength(1)
    expect(entries[0]?.actorType).toBe('system')
  })

  it('opens a draft’s page with a preview token, privately, and not with a forged or another model’s one', async () => {
    await create('d')
    await create('e')
    const preview = await as(marketing, 'POST', '/products/lotus-wrap-dress-d/preview')
    expect(preview.status, preview.text).toBe(200)
    const token = String(preview.body.token)
    expect(String(preview.body.url)).toBe(`${SITE}/en/product/lotus-wrap-dress-d?preview=${token}`)

    const opened = await productPage('lotus-wrap-dress-d', `&preview=${token}`)
    expect(opened.status).toBe(200)
    expect(opened.body.name).toBe('Lotus Wrap Dress d')
    expect(opened.headers.get('cache-control')).toBe('private, no-store')
    // The same draft without the token, with a forged one, or another draft with this token: no page.
    expect((await productPage('lotus-wrap-dress-d')).status).toBe(404)
    expect((await productPage('lotus-wrap-dress-d', `&preview=${token.slice(0, -2)}xx`)).status).toBe(404)
    expect((await productPage('lotus-wrap-dress-e', `&preview=${token}`)).status).toBe(404)
    // Expired after 30 minutes.
    clock.advance(31 * 60)
    expect((await productPage('lotus-wrap-dress-d', `&preview=${token}`)).status).toBe(404)
    // The sessions idled out meanwhile: signed in again.
    marketing = { ...marketing, cookie: await h.signIn(marketing.staff) }
    warehouse = { ...warehouse, cookie: await h.signIn(warehouse.staff) }
  })

  it('duplicates a model into a new draft: new id and SKUs, no barcodes, the same words and colours', async () => {
    await create('f', {
      colours: [
        {
          slug: 'ivory',
          name_th: 'งาช้าง',
          name_en: 'Ivory',
          hex: '#F4EEDD',
          variants: [{ size: 'M', sku: '', barcode: gtin('885990000001') }],
        },
      ],
    })
    const copy = await as(marketing, 'POST', '/products/lotus-wrap-dress-f/duplicate')
    expect(copy.status, copy.text).toBe(201)
    expect(copy.body).toMatchObject({
      id: 'lotus-wrap-dress-f-copy',
      status: 'draft',
      name_en: 'Lotus Wrap Dress f',
      collections: ['evening'],
      colours: [{ slug: 'ivory', variants: [{ size: 'M', sku: 'LOTUS-WRAP-DRESS-F-COPY-M', barcode: null }] }],
    })
    const again = await as(marketing, 'POST', '/products/lotus-wrap-dress-f/duplicate')
    expect(again.body.id).toBe('lotus-wrap-dress-f-copy-2')
    const [entry] = await auditOf('product.duplicate', 'lotus-wrap-dress-f-copy')
    expect(entry?.after).toMatchObject({ duplicatedFrom: 'lotus-wrap-dress-f' })
  })

  it('edits every field and adds a colour and a size to an existing model', async () => {
    const model = await create('g')
    const colours = model.colours as Array<{ id: string; slug: string; name_th: string; name_en: string; hex: string }>
    const body = modelBody('g', {
      name_en: 'Lotus Wrap Dress g, longer',
      tags: ['new', 'mix_match'],
      collections: [],
      match_with: ['lotus-wrap-dress-a'],
      colours: [
        {
          id: colours[0]?.id,
          slug: 'ivory',
          name_th: 'งาช้าง',
          name_en: 'Ivory',
          hex: '#F4EEDD',
          variants: [
            { size: 'S', sku: 'LOTUS-WRAP-DRESS-G-S', barcode: gtin('885990000002') },
            { size: 'M', sku: 'LOTUS-WRAP-DRESS-G-M', barcode: null },
            { size: 'L', sku: 'LOTUS-WRAP-DRESS-G-L', barcode: null },
            { size: 'XL', sku: '', barcode: null },
          ],
        },
        { ...(modelBody('g').colours as Json[])[1], id: colours[1]?.id },
        {
          slug: 'sage',
          name_th: 'เขียวเสจ',
          name_en: 'Sage',
          hex: '#9CAF88',
          variants: [{ size: 'M', sku: 'LWD-G-SAGE-M', barcode: null }],
        },
      ],
    })
    delete body.slug
    delete body.price_thb
    delete body.price_usd
    const saved = await as(marketing, 'PUT', '/products/lotus-wrap-dress-g', body)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toMatchObject({
      name_en: 'Lotus Wrap Dress g, longer',
      tags: ['new', 'mix_match'],
      collections: [],
      match_with: [{ id: 'lotus-wrap-dress-a' }],
    })
    const after = saved.body.colours as Array<{ id: string; variants: Array<{ size: string; sku: string }> }>
    expect(after.map((colour) => colour.id)).toEqual([
      'lotus-wrap-dress-g',
      'lotus-wrap-dress-g-indigo',
      'lotus-wrap-dress-g-sage',
    ])
    expect(after[0]?.variants.map((variant) => variant.sku)).toEqual([
      'LOTUS-WRAP-DRESS-G-S',
      'LOTUS-WRAP-DRESS-G-M',
      'LOTUS-WRAP-DRESS-G-L',
      'LOTUS-WRAP-DRESS-G-XL',
    ])
    const [sage] = await database.db.select().from(products).where(eq(products.id, 'lotus-wrap-dress-g-sage'))
    expect(sage).toMatchObject({ status: 'draft', priceThb: 259_000, colorPosition: 2 })
    const [entry] = await auditOf('product.update', 'lotus-wrap-dress-g')
    expect(entry?.before).toMatchObject({ nameEn: 'Lotus Wrap Dress g' })
    expect(entry?.after).toMatchObject({ nameEn: 'Lotus Wrap Dress g, longer' })
  })

  it('removes a size or a colour never sold, counted or stocked; refuses one that was, changing nothing', async () => {
    const model = await create('r')
    type Colour = { id: string; slug: string; variants: Array<{ size: string; sku: string }> }
    const [ivory, indigo] = model.colours as Colour[]
    if (!ivory || !indigo) throw new Error('two colours were made')
    const sizesOf = (colour: Colour, sizes: string[]) => ({
      ...(modelBody('r').colours as Json[]).find((each) => each.slug === colour.slug),
      id: colour.id,
      variants: sizes.map((size) => ({
        size,
        sku: colour.variants.find((variant) => variant.size === size)?.sku ?? '',
        barcode: null,
      })),
    })
    const save = (colours: Json[]) => {
      const body = modelBody('r', { colours })
      delete body.slug
      delete body.price_thb
      delete body.price_usd
      return as(marketing, 'PUT', `/products/${ivory.id}`, body)
    }
    const sizesNow = async () =>
      (await database.db.select().from(variants).where(eq(variants.productId, ivory.id))).map((row) => row.size).sort()
    const ivoryM = ivory.variants.find((variant) => variant.size === 'M')?.sku ?? ''
    await database.db.update(variants).set({ stockOnline: 2 }).where(eq(variants.sku, ivoryM))

    // L was never stocked: taken out of the model's sizes, it goes from both colours.
    const withoutL = await save([sizesOf(ivory, ['S', 'M']), sizesOf(indigo, ['S', 'M'])])
    expect(withoutL.status, withoutL.text).toBe(200)
    expect(await sizesNow()).toEqual(['M', 'S'])
    const [entry] = await auditOf('product.update', ivory.id)
    expect(JSON.stringify(entry?.before)).toContain(`${ivory.id.toUpperCase()}-L`)
    expect(JSON.stringify(entry?.after)).not.toContain(`${ivory.id.toUpperCase()}-L`)

    // M has stock: it stays, the whole save is refused and nothing of it is written (not even the name).
    const withoutM = await save([sizesOf(ivory, ['S']), sizesOf(indigo, ['S'])])
    expect(withoutM.status).toBe(400)
    expect(withoutM.body.fields).toEqual({ sizes: 'in_use' })
    expect(await sizesNow()).toEqual(['M', 'S'])

    // A colour with a sold piece stays; one never sold goes, with its sizes.
    await database.db.update(variants).set({ stockOnline: 1 }).where(eq(variants.productId, indigo.id))
    const stocked = await save([sizesOf(ivory, ['S', 'M'])])
    expect(stocked.status).toBe(400)
    expect(stocked.body.fields).toEqual({ colours: 'in_use' })
    expect(await database.db.select().from(products).where(eq(products.id, indigo.id))).toHaveLength(1)
    await database.db.update(variants).set({ stockOnline: 0 }).where(eq(variants.productId, indigo.id))
    const removed = await save([sizesOf(ivory, ['S', 'M'])])
    expect(removed.status, removed.text).toBe(200)
    expect((removed.body.colours as Colour[]).map((colour) => colour.id)).toEqual([ivory.id])
    expect(await database.db.select().from(products).where(eq(products.id, indigo.id))).toEqual([])
    expect(await database.db.select().from(variants).where(eq(variants.productId, indigo.id))).toEqual([])

    // The first colour is the model itself: never removed.
    const noFirst = await save([{ ...sizesOf(ivory, ['S', 'M']), id: undefined, slug: 'ivory-2' }])
    expect(noFirst.status).toBe(400)
  })

  it('refuses bad input with a 400 naming each field, and changes nothing', async () => {
    const bad = await as(
      marketing,
      'POST',
      '/products',
      modelBody('h', {
        name_en: '',
        category: 'dresses',
        price_thb: 0,
        colours: [
          {
            slug: 'Ivory!',
            name_th: 'งาช้าง',
            name_en: 'Ivory',
            hex: 'ivory',
            variants: [{ size: 'M', sku: 'bad sku', barcode: '8859900000012' }],
          },
        ],
      }),
    )
    expect(bad.status, bad.text).toBe(400)
    expect(bad.body.reason).toBe('INVALID_INPUT')
    expect(bad.body.fields).toMatchObject({
      name_en: 'required',
      price_thb: 'invalid',
      'colours.0.slug': 'invalid',
      'colours.0.hex': 'invalid',
      'colours.0.variants.0.sku': 'invalid',
      'colours.0.variants.0.barcode': 'invalid',
    })
    const unknown = await h.call('POST', '/products', {
      cookie: marketing.cookie,
      headers: { 'accept-language': 'th' },
      body: modelBody('h', { category: 'no-such-shelf', collections: ['nowhere'], match_with: ['lotus-wrap-dress-h'] }),
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({ category: 'unknown', collections: 'unknown', match_with: 'self' })
    const twice = await as(
      marketing,
      'POST',
      '/products',
      modelBody('h', {
        colours: [
          {
            slug: 'ivory',
            name_th: 'งาช้าง',
            name_en: 'Ivory',
            hex: '#F4EEDD',
            variants: [
              { size: 'M', sku: '', barcode: null },
              { size: 'M', sku: '', barcode: null },
            ],
          },
        ],
      }),
    )
    expect(twice.status).toBe(400)
    expect(twice.body.fields).toEqual({ 'colours.0.variants.1.size': 'duplicate' })
    expect(await database.db.select().from(products).where(eq(products.familyId, 'lotus-wrap-dress-h'))).toEqual([])
    const nonsense = await as(marketing, 'POST', '/products/lotus-wrap-dress-a/status', { status: 'gone' })
    expect(nonsense.status).toBe(400)
  })

  it('refuses a SKU or a barcode another model has with a 409, and writes nothing of the model', async () => {
    const barcode = gtin('885990000003')
    await create('i', {
      colours: [
        {
          slug: 'ivory',
          name_th: 'งาช้าง',
          name_en: 'Ivory',
          hex: '#F4EEDD',
          variants: [{ size: 'M', sku: '', barcode }],
        },
      ],
    })
    const [seeded] = await database.db.select().from(variants).limit(1)
    if (!seeded) throw new Error('no seeded size')
    const clash = await as(
      marketing,
      'POST',
      '/products',
      modelBody('j', {
        colours: [
          {
            slug: 'ivory',
            name_th: 'งาช้าง',
            name_en: 'Ivory',
            hex: '#F4EEDD',
            variants: [
              { size: 'S', sku: seeded.sku, barcode: null },
              { size: 'M', sku: '', barcode },
            ],
          },
        ],
      }),
    )
    expect(clash.status, clash.text).toBe(409)
    expect(clash.body.reason).toBe('PRODUCT_CODE_TAKEN')
    expect(clash.body.fields).toEqual({ 'colours.0.variants.0.sku': 'taken', 'colours.0.variants.1.barcode': 'taken' })
    const sameSlug = await as(marketing, 'POST', '/products', modelBody('i'))
    expect(sameSlug.status).toBe(409)
    expect(sameSlug.body.fields).toMatchObject({ slug: 'taken' })
    expect(await database.db.select().from(products).where(eq(products.familyId, 'lotus-wrap-dress-j'))).toEqual([])
    expect(await auditOf('product.create', 'lotus-wrap-dress-j')).toEqual([])
  })

  it('lists models by name, SKU or barcode, status and category, a page at a time', async () => {
    const byName = await as(marketing, 'GET', '/products?q=lotus%20wrap&page_size=3')
    expect(byName.status, byName.text).toBe(200)
    expect(byName.body.total).toBeGreaterThanOrEqual(8)
    expect((byName.body.items as Json[]).length).toBe(3)
    expect(byName.body.total_pages).toBe(Math.ceil(Number(byName.body.total) / 3))
    const drafts = await as(marketing, 'GET', '/products?q=lotus&status=draft&page_size=100')
    expect(idsOf(drafts.body)).toContain('lotus-wrap-dress-d')
    expect(idsOf(drafts.body)).not.toContain('lotus-wrap-dress-a')
    const nothing = await as(marketing, 'GET', '/products?q=no-such-model-anywhere')
    expect(nothing.body).toMatchObject({ items: [], total: 0, total_pages: 1 })
    const bySageSku = await as(marketing, 'GET', '/products?q=LWD-G-SAGE-M')
    expect(idsOf(bySageSku.body)).toEqual(['lotus-wrap-dress-g'])
    const byBarcode = await as(marketing, 'GET', `/products?q=${gtin('885990000003')}`)
    expect(idsOf(byBarcode.body)).toEqual(['lotus-wrap-dress-i'])
    const shoes = await as(marketing, 'GET', '/products?q=lotus&category=shoes')
    expect(shoes.body.items).toEqual([])
    const choices = await as(marketing, 'GET', '/products/choices')
    expect((choices.body.tags as Json[]).map((tag) => tag.tag)).toEqual(['sale', 'club', 'mix_match', 'new'])
  })

  it('refuses a role without catalog:write, audited', async () => {
    const list = await as(warehouse, 'GET', '/products')
    expect(list.status).toBe(403)
    const made = await as(warehouse, 'POST', '/products', modelBody('k'))
    expect(made.status).toBe(403)
    const publish = await as(warehouse, 'POST', '/products/lotus-wrap-dress-d/status', { status: 'published' })
    expect(publish.status).toBe(403)
    expect((await productPage('lotus-wrap-dress-d')).status).toBe(404)
    const denials = await database.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'denied.admin_product%'), eq(auditLog.actorId, warehouse.staff.id)))
    expect(denials.map((entry) => entry.action).sort()).toEqual([
      'denied.admin_product_create',
      'denied.admin_product_list',
      'denied.admin_product_status',
    ])
  })
})
