import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, contentPages, products } from '~/db/schema'
import { staff } from '~/db/staff-schema'
import { insertContentPages } from '~/db/seed.server'
import { denialAction } from '~/api/admin/audit.server'
import { FileMediaStorage } from '~/media/storage.server'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { jsonCaller, type Json } from './support/http'
import { Clock } from './support/clock'
import { ADMIN, SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Pages in the admin API (issue 32 item 6, decision 197): an info page saved as a draft leaves the shop as it was,
 * published it is the shop's next answer; every save is a version, a restore of version 1 publishes it again as the
 * newest; bad input is a 400 naming the field; a role without content:write is refused and audited; a start does not
 * write the code's text over an edited page; editorials made as drafts are a 404 to shoppers until published.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let h: StaffHarness
let mediaRoot = ''
const clock = new Clock(Date.now())
const call = jsonCaller(() => app)
type Signed = { staff: Enrolled; cookie: string }
let marketing: Signed
let warehouse: Signed

const as = (who: Signed, method: string, path: string, body?: unknown) =>
  h.call(method, path, { cookie: who.cookie, body })

const p = (text: string) => ({ kind: 'p', text })

/** The delivery page's published document as the admin API gives it, to change and save back. */
async function deliveryDocument(): Promise<Json> {
  const page = await as(marketing, 'GET', '/content/pages/delivery')
  expect(page.status, page.text).toBe(200)
  return page.body.published as Json
}

const shopDelivery = async (lang: 'th' | 'en') => call('GET', `/content/delivery?lang=${lang}&currency=thb`)

async function someProductId(): Promise<string> {
  const [row] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.status, 'published'))
    .orderBy(asc(products.id))
    .limit(1)
  if (!row) throw new Error('no product')
  return row.id
}

const hero = {
  path: 'editorials/rainy-season-2026-story.svg',
  width: 1600,
  height: 1000,
  alt_th: 'ฝนแรก',
  alt_en: 'First rain',
}

const editorialDocument = (overrides: Json = {}): Json => ({
  title_th: 'ผ้าไหมหน้าฝน',
  title_en: 'Silk for the rains',
  excerpt_th: 'ผ้าไหมที่ใส่ได้ทุกวัน',
  excerpt_en: 'Silk to wear every day',
  hero_image: hero,
  body_th: [{ kind: 'h2', text: 'เริ่มต้น' }, p('ย่อหน้าแรก')],
  body_en: [{ kind: 'h2', text: 'Beginning' }, p('First paragraph')],
  ...overrides,
})

beforeAll(async () => {
  database = await freshDatabase()
  mediaRoot = await mkdtemp(join(tmpdir(), 'content-media-'))
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE, now: clock.now },
    accounts: { now: clock.now },
    admin: { now: clock.now },
    media: new FileMediaStorage(mediaRoot),
  })
  h = new StaffHarness(app, database.db, clock)
  const m = await h.enrol('marketing')
  marketing = { staff: m, cookie: await h.signIn(m) }
  const w = await h.enrol('warehouse')
  warehouse = { staff: w, cookie: await h.signIn(w) }
}, 120_000)

afterAll(async () => {
  await database?.close()
  await rm(mediaRoot, { recursive: true, force: true })
})

describe('info pages in the back office', () => {
  it('lists the seven info pages, each with its version 1 from the code', async () => {
    const list = await as(marketing, 'GET', '/content/pages')
    expect(list.status, list.text).toBe(200)
    const items = list.body.items as Json[]
    expect(items.map((item) => item.slug).sort()).toEqual([
      'about-us',
      'careers',
      'delivery',
      'info',
      'privacy-policy',
      'supplier-applications',
      'terms-and-conditions',
    ])
    for (const item of items) expect(item).toMatchObject({ versions: 1, draft: false, updated_by: 'seed' })
    const page = await as(marketing, 'GET', '/content/pages/delivery')
    expect(page.body.versions).toEqual([
      expect.objectContaining({ version: 1, state: 'published', actor_type: 'system' }),
    ])
  })

  it('keeps a draft off the shop, publishes on the next answer, lists versions and restores version 1', async () => {
    const original = await deliveryDocument()
    const before = await shopDelivery('en')
    expect(before.status).toBe(200)
    expect(before.body.title).toBe(original.title_en)

    const draft = { ...original, title_en: 'Delivery (draft)', body_en: [p('Draft words only.')] }
    const saved = await as(marketing, 'PUT', '/content/pages/delivery', {
      document: draft,
      state: 'draft',
      note: 'trying',
    })
    expect(saved.status, saved.text).toBe(200)
    expect((saved.body.draft as Json).title_en).toBe('Delivery (draft)')
    const unchanged = await shopDelivery('en')
    expect(unchanged.body.title).toBe(original.title_en)

    const published = { ...original, title_en: 'Delivery, new', body_en: [p('We ship in two days.')] }
    const put = await as(marketing, 'PUT', '/content/pages/delivery', { document: published, state: 'published' })
    expect(put.status, put.text).toBe(200)
    expect(put.body.draft).toBeNull()
    const shown = await shopDelivery('en')
    expect(shown.body.title).toBe('Delivery, new')
    expect(shown.body.blocks).toEqual([p('We ship in two days.')])
    const thai = await shopDelivery('th')
    expect(thai.body.title).toBe(original.title_th)

    const versions = (put.body.versions as Json[]).map((v) => [v.version, v.state, v.note])
    expect(versions).toEqual([
      [3, 'published', null],
      [2, 'draft', 'trying'],
      [1, 'published', 'From the code (src/content/info-pages.ts)'],
    ])
    const two = await as(marketing, 'GET', '/content/pages/delivery/versions/2')
    expect(two.status, two.text).toBe(200)
    expect((two.body.document as Json).title_en).toBe('Delivery (draft)')

    const restored = await as(marketing, 'POST', '/content/pages/delivery/versions/1/restore', { note: 'back' })
    expect(restored.status, restored.text).toBe(200)
    expect((restored.body.versions as Json[])[0]).toMatchObject({ version: 4, state: 'published', restored_from: 1 })
    const back = await shopDelivery('en')
    expect(back.body.title).toBe(original.title_en)
    expect(back.body.blocks).toEqual(original.body_en)

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'info_page'), eq(auditLog.entityId, 'delivery')))
      .orderBy(asc(auditLog.id))
    expect(audit.map((row) => row.action)).toEqual(['info_page.draft', 'info_page.publish', 'info_page.restore'])
    expect(audit.every((row) => row.actorId === marketing.staff.id)).toBe(true)
  })

  it('refuses bad input field by field in the staff’s language, writing nothing', async () => {
    const original = await deliveryDocument()
    const cases: Array<[Json, string, string]> = [
      [{ ...original, title_th: '  ' }, 'document.title_th', 'required'],
      [{ ...original, body_th: [{ kind: 'p', text: '' }] }, 'document.body_th.0.text', 'required'],
      [{ ...original, body_en: [{ kind: 'script', text: 'x' }] }, 'document.body_en.0.kind', 'invalid'],
      [
        { ...original, body_en: [{ kind: 'products', product_ids: ['no-such-piece'] }] },
        'body_en.0.product_ids',
        'unknown_product',
      ],
      [
        { ...original, body_en: [{ kind: 'image', image: { ...hero, path: '../../etc/passwd' } }] },
        'document.body_en.0.image.path',
        'invalid',
      ],
      [
        { ...original, body_en: [{ kind: 'image', image: { ...hero, alt_en: '' } }] },
        'document.body_en.0.image.alt_en',
        'required',
      ],
    ]
    for (const [document, field, problem] of cases) {
      const reply = await as(marketing, 'PUT', '/content/pages/delivery', { document, state: 'published' })
      expect(reply.status, `${field}: ${reply.text}`).toBe(400)
      expect(reply.body.fields, field).toMatchObject({ [field]: problem })
      expect(reply.body.message, 'in the staff member’s language (English)').toBe('Invalid request')
    }
    expect((await as(marketing, 'PUT', '/content/pages/nowhere', { document: original, state: 'draft' })).status).toBe(
      400,
    )
    // A member of staff who works in Thai reads the refusal in Thai.
    await database.db.update(staff).set({ language: 'th' }).where(eq(staff.id, marketing.staff.id))
    const thai = await as(marketing, 'PUT', '/content/pages/delivery', {
      document: { ...original, title_th: '' },
      state: 'published',
    })
    await database.db.update(staff).set({ language: 'en' }).where(eq(staff.id, marketing.staff.id))
    expect(thai.status).toBe(400)
    expect(thai.body).toMatchObject({ message: 'ข้อมูลไม่ถูกต้อง', fields: { 'document.title_th': 'required' } })
    const after = await as(marketing, 'GET', '/content/pages/delivery')
    expect((after.body.versions as Json[]).length).toBe(4)
    expect((await shopDelivery('en')).body.title).toBe(original.title_en)
  })

  it('refuses a role without content:write (403) and audits the refusal', async () => {
    const original = await deliveryDocument()
    const denied = await as(warehouse, 'PUT', '/content/pages/delivery', { document: original, state: 'published' })
    expect(denied.status).toBe(403)
    expect(denied.body.reason).toBe('PERMISSION_DENIED')
    expect((await as(warehouse, 'GET', '/content/editorials')).status).toBe(403)
    const lines = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, denialAction('adminInfoPageSave')), eq(auditLog.actorId, warehouse.staff.id)))
    expect(lines.length).toBe(1)
  })

  it('keeps an edited page through a restart: the code’s text is written only where a page is missing', async () => {
    const original = await deliveryDocument()
    const edited = { ...original, title_en: 'Delivery after restart' }
    expect(
      (await as(marketing, 'PUT', '/content/pages/about-us', { document: { ...edited }, state: 'published' })).status,
    ).toBe(200)
    await insertContentPages(database.db)
    const [row] = await database.db.select().from(contentPages).where(eq(contentPages.slug, 'about-us'))
    expect(row?.titleEn).toBe('Delivery after restart')
    const versions = await as(marketing, 'GET', '/content/pages/about-us')
    expect((versions.body.versions as Json[]).length).toBe(2)

    await database.db.delete(contentPages).where(eq(contentPages.slug, 'careers'))
    await insertContentPages(database.db)
    const careers = await call('GET', '/content/careers?lang=en&currency=thb')
    expect(careers.status).toBe(200)
  })
})

describe('editorials in the back office', () => {
  it('makes a draft a 404 to shoppers, publishes it onto the list, the page and the sitemap, then unpublishes', async () => {
    const productId = await someProductId()
    const document = editorialDocument({
      body_en: [p('First paragraph'), { kind: 'products', product_ids: [productId] }],
    })
    const created = await as(marketing, 'POST', '/content/editorials', { slug: 'silk-for-the-rains', document })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ slug: 'silk-for-the-rains', status: 'draft' })

    expect((await call('GET', '/editorials/silk-for-the-rains?lang=en&currency=thb')).status).toBe(404)
    const list = await call('GET', '/editorials?lang=en')
    expect((list.body.items as Json[]).map((item) => item.slug)).not.toContain('silk-for-the-rains')
    const sitemap = await call('GET', '/sitemap-entries')
    expect(sitemap.body.editorials).not.toContain('silk-for-the-rains')
    // The home page's hero is the newest published editorial (its default document): never a draft, however new.
    const heroOfHome = async () => {
      const home = await call('GET', '/site/home?lang=en')
      expect(home.status).toBe(200)
      return (home.body.blocks as Json[]).find((block) => block.kind === 'hero')?.editorial
    }
    expect(await heroOfHome()).not.toBe('silk-for-the-rains')

    const published = await as(marketing, 'PUT', '/content/editorials/silk-for-the-rains', {
      document,
      state: 'published',
    })
    expect(published.status, published.text).toBe(200)
    const page = await call('GET', '/editorials/silk-for-the-rains?lang=en&currency=thb')
    expect(page.status).toBe(200)
    expect(page.body.title).toBe('Silk for the rains')
    const blocks = page.body.blocks as Json[]
    expect((blocks[1]?.products as Json[]).map((card) => card.id)).toEqual([productId])
    const newest = await call('GET', '/editorials?lang=en')
    expect((newest.body.items as Json[])[0]?.slug).toBe('silk-for-the-rains')
    expect((await call('GET', '/sitemap-entries')).body.editorials).toContain('silk-for-the-rains')
    expect(await heroOfHome()).toBe('silk-for-the-rains')

    const draft = await as(marketing, 'PUT', '/content/editorials/silk-for-the-rains', {
      document: editorialDocument({ title_en: 'Not yet' }),
      state: 'draft',
    })
    expect(draft.status).toBe(200)
    expect((draft.body.draft as Json).title_en).toBe('Not yet')
    expect((await call('GET', '/editorials/silk-for-the-rains?lang=en&currency=thb')).body.title).toBe(
      'Silk for the rains',
    )

    const deleting = await as(marketing, 'DELETE', '/content/editorials/silk-for-the-rains')
    expect(deleting.status).toBe(409)
    expect(deleting.body.reason).toBe('CONTENT_PUBLISHED')

    const off = await as(marketing, 'POST', '/content/editorials/silk-for-the-rains/unpublish')
    expect(off.status, off.text).toBe(200)
    expect(off.body.status).toBe('draft')
    expect((await call('GET', '/editorials/silk-for-the-rains?lang=en&currency=thb')).status).toBe(404)
    expect(await heroOfHome()).not.toBe('silk-for-the-rains')

    const restored = await as(marketing, 'POST', '/content/editorials/silk-for-the-rains/versions/2/restore', {})
    expect(restored.status, restored.text).toBe(200)
    expect(restored.body).toMatchObject({ status: 'published' })
    expect((await call('GET', '/editorials/silk-for-the-rains?lang=en&currency=thb')).body.title).toBe(
      'Silk for the rains',
    )
    expect((restored.body.versions as Json[]).map((v) => [v.version, v.state, v.restored_from])).toEqual([
      [4, 'published', 2],
      [3, 'draft', null],
      [2, 'published', null],
      [1, 'draft', null],
    ])
  })

  it('checks a slug (words and hyphens, unique), a product named, and deletes a draft', async () => {
    for (const slug of ['Big News', 'news_2026', '-dash', 'a']) {
      const reply = await as(marketing, 'POST', '/content/editorials', { slug, document: editorialDocument() })
      expect(reply.status, slug).toBe(400)
      expect(reply.body.fields).toMatchObject({ slug: 'invalid' })
    }
    const taken = await as(marketing, 'POST', '/content/editorials', {
      slug: 'rainy-season-2026-story',
      document: editorialDocument(),
    })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ reason: 'SLUG_TAKEN', fields: { slug: 'taken' } })
    const unknown = await as(marketing, 'POST', '/content/editorials', {
      slug: 'unknown-piece',
      document: editorialDocument({ body_th: [{ kind: 'products', product_ids: ['nope'] }] }),
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({ 'body_th.0.product_ids': 'unknown_product' })
    expect((await as(marketing, 'GET', '/content/editorials/unknown-piece')).status).toBe(404)

    const made = await as(marketing, 'POST', '/content/editorials', { slug: 'to-go', document: editorialDocument() })
    expect(made.status).toBe(201)
    const gone = await as(marketing, 'DELETE', '/content/editorials/to-go')
    expect(gone.status).toBe(204)
    expect((await as(marketing, 'GET', '/content/editorials/to-go')).status).toBe(404)
  })

  it('keeps an uploaded picture by its content and refuses a file that is not one', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer()
    const upload = (bytes: Uint8Array) =>
      app.request(`${ADMIN}/content/pictures`, {
        method: 'POST',
        headers: { cookie: marketing.cookie, 'x-staff-request': '1', 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      })
    const kept = await upload(jpeg)
    expect(kept.status).toBe(201)
    const body = (await kept.json()) as Json
    expect(body).toMatchObject({ width: 64, height: 40 })
    expect(String(body.path)).toMatch(/^media\/content\/[0-9a-f-]{36}\.jpg$/)
    const refused = await upload(new TextEncoder().encode('<svg onload="alert(1)"></svg>'))
    expect(refused.status).toBe(415)
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.action, 'content_picture.upload'))
    expect(audited.length).toBe(1)
  })

  it('finds pieces for a products block by name', async () => {
    const [row] = await database.db
      .select({ nameEn: products.nameEn, id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(1)
    const found = await as(marketing, 'GET', `/content/products?q=${encodeURIComponent(row?.nameEn ?? '')}`)
    expect(found.status).toBe(200)
    expect((found.body.items as Json[]).map((item) => item.id)).toContain(row?.id)
  })
})
