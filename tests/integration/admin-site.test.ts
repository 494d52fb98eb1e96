import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, collections, contentVersions, editorials, products } from '~/db/schema'
import { FileMediaStorage } from '~/media/storage.server'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { Clock } from './support/clock'
import { jsonCaller, type Json } from './support/http'
import { SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Collections, the home page's blocks and the menu in the admin API (issue 32 item 6, decision 198): each change
 * audited in its own transaction and answered by the shop's product API at once; the home page and the menu saved as
 * drafts (the shop unchanged), published, restored; bad input refused field by field; other roles refused and audited.
 */

type Signed = { staff: Enrolled; cookie: string }
type Node = { slug: string; position: number; parent: string | null; children: Node[] }

const clock = new Clock(Date.now())
const state = {} as {
  database: Awaited<ReturnType<typeof freshDatabase>>
  app: ApiApp
  h: StaffHarness
  mediaRoot: string
  marketing: Signed
  warehouse: Signed
  families: string[]
}

beforeAll(async () => {
  state.mediaRoot = await mkdtemp(join(tmpdir(), 'site-media-'))
  state.database = await freshDatabase()
  state.app = createApiApp({
    db: state.database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE },
    accounts: { now: clock.now },
    admin: { now: clock.now },
    media: new FileMediaStorage(state.mediaRoot),
  })
  state.h = new StaffHarness(state.app, state.database.db, clock)
  const rows = await state.database.db
    .select({ id: products.id, familyId: products.familyId })
    .from(products)
    .where(and(eq(products.status, 'published'), eq(products.colorPosition, 0)))
    .orderBy(asc(products.id))
    .limit(3)
  state.families = rows.map((row) => row.familyId)
  for (const role of ['marketing', 'warehouse'] as const) {
    const staff = await state.h.enrol(role)
    state[role] = { staff, cookie: await state.h.signIn(staff) }
  }
})
afterAll(async () => {
  await state.database?.close()
  await rm(state.mediaRoot, { recursive: true, force: true })
})

const call = jsonCaller(() => state.app)
const as = (who: Signed, method: string, path: string, body?: unknown) =>
  state.h.call(method, path, { cookie: who.cookie, body })
const treeOf = async () => (await as(state.marketing, 'GET', '/collections')).body.items as Node[]
const shopHome = async (lang: 'th' | 'en' = 'en') => {
  const reply = await call('GET', `/site/home?lang=${lang}`)
  expect(reply.status).toBe(200)
  return reply.body as { version: number | null; blocks: Array<Json & { kind: string }> }
}
const featuredOf = (home: { blocks: Array<Json & { kind: string }> }) =>
  (home.blocks.find((block) => block.kind === 'collections')?.items as Array<{ slug: string }>).map((item) => item.slug)

describe('collections', () => {
  it('creates a sub-collection with pieces, reorders, edits; the shop answers each change at once', async () => {
    const tops = await treeOf()
    const parent = tops[0]
    expect(parent).toBeDefined()
    const created = await as(state.marketing, 'POST', '/collections', {
      slug: 'rainy-season',
      parent: parent?.slug,
      name_th: 'หน้าฝน',
      name_en: 'Rainy season',
      description_th: 'เสื้อผ้าสำหรับหน้าฝน',
      description_en: 'Clothes for the rains',
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ slug: 'rainy-season', parent: parent?.slug, products: 0 })

    // The shop's collection API shows it under its parent, and only there.
    const shop = await call('GET', `/collections/rainy-season?lang=en&parent=${parent?.slug}`)
    expect(shop.status).toBe(200)
    expect(shop.body).toMatchObject({ name: 'Rainy season', parent: { slug: parent?.slug } })
    const parentPage = await call('GET', `/collections/${parent?.slug}?lang=th`)
    expect((parentPage.body.children as Array<{ slug: string; name: string }>).at(-1)).toMatchObject({
      slug: 'rainy-season',
      name: 'หน้าฝน',
    })

    // Pieces, in order; the shop's listing of the collection holds exactly them.
    const [a, b] = state.families
    const pieces = await as(state.marketing, 'PUT', '/collections/rainy-season/pieces', { pieces: [b, a] })
    expect(pieces.status, pieces.text).toBe(200)
    expect((pieces.body.pieces as Array<{ family_id: string }>).map((piece) => piece.family_id)).toEqual([b, a])
    const listing = await call('GET', `/products?lang=en&currency=thb&collection=rainy-season`)
    expect(listing.status).toBe(200)
    expect((listing.body.items as Array<{ family_id?: string; id: string }>).map((item) => item.id).sort()).toEqual(
      [a, b].sort(),
    )
    const unknown = await as(state.marketing, 'PUT', '/collections/rainy-season/pieces', { pieces: ['no-such-model'] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({ 'pieces.0': 'unknown' })

    // Edit the words: the shop shows them on its next answer.
    const edited = await as(state.marketing, 'PATCH', '/collections/rainy-season', {
      name_en: 'Monsoon',
      description_en: 'For the monsoon',
    })
    expect(edited.status, edited.text).toBe(200)
    const renamed = await call('GET', `/collections/rainy-season?lang=en&parent=${parent?.slug}`)
    expect(renamed.body).toMatchObject({ name: 'Monsoon', description: 'For the monsoon' })

    // Move it up among its siblings: first after enough moves.
    const siblings = (await treeOf()).find((node) => node.slug === parent?.slug)?.children ?? []
    for (let i = 0; i < siblings.length; i++)
      await as(state.marketing, 'POST', '/collections/rainy-season/move', { direction: 'up' })
    const moved = (await treeOf()).find((node) => node.slug === parent?.slug)?.children ?? []
    expect(moved[0]?.slug).toBe('rainy-season')
    expect(moved.map((child) => child.position)).toEqual(moved.map((_, index) => index))
    const shopChildren = (await call('GET', `/collections/${parent?.slug}?lang=en`)).body.children as Array<{
      slug: string
    }>
    expect(shopChildren[0]?.slug).toBe('rainy-season')

    // Versions and audit entries, one per change.
    const versions = await state.database.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.documentKind, 'collection'), eq(contentVersions.documentKey, 'rainy-season')))
    expect(versions.map((version) => version.version)).toEqual([1, 2, 3])
    const entries = await state.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, 'rainy-season'))
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['collection.create', 'collection.pieces', 'collection.edit', 'collection.move']),
    )
    expect(entries.every((entry) => entry.actorId === state.marketing.staff.id)).toBe(true)
  })

  it('checks the slug: lower-case words and hyphens, unique', async () => {
    const body = { name_th: 'ทดสอบ', name_en: 'Test' }
    const bad = await as(state.marketing, 'POST', '/collections', { ...body, slug: 'Not A Slug' })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toMatchObject({ slug: 'invalid' })
    const taken = await as(state.marketing, 'POST', '/collections', { ...body, slug: 'rainy-season' })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ reason: 'SLUG_TAKEN', fields: { slug: 'taken' } })
  })

  it('refuses a parent that makes a loop or a third level (4xx, nothing changed)', async () => {
    const [top] = await treeOf()
    const self = await as(state.marketing, 'PATCH', '/collections/rainy-season', { parent: 'rainy-season' })
    expect(self.status).toBe(409)
    expect(self.body).toMatchObject({ reason: 'COLLECTION_CYCLE', fields: { parent: 'cycle' } })
    // The parent under its own child: a loop.
    const loop = await as(state.marketing, 'PATCH', `/collections/${top?.slug}`, { parent: 'rainy-season' })
    expect(loop.status).toBe(409)
    expect(loop.body).toMatchObject({ reason: 'COLLECTION_CYCLE', fields: { parent: 'cycle' } })
    const unknown = await as(state.marketing, 'PATCH', '/collections/rainy-season', { parent: 'no-such-collection' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({ parent: 'unknown' })
    const [row] = await state.database.db
      .select()
      .from(collections)
      .where(eq(collections.slug, top?.slug ?? ''))
    expect(row?.parentSlug).toBeNull()
  })

  it('takes a picture checked as product pictures are, and refuses what is not one', async () => {
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const upload = (bytes: Uint8Array) =>
      state.h.call('POST', '/collections/rainy-season/picture', {
        cookie: state.marketing.cookie,
        headers: { 'content-type': 'image/png' },
        body: bytes,
      })
    const taken = await upload(new Uint8Array(png))
    expect(taken.status, taken.text).toBe(200)
    expect(taken.body.image).toMatchObject({ width: 64, height: 40, alt_en: 'Rainy season' })
    expect((taken.body.image as { path: string }).path).toMatch(
      /^media\/collections\/rainy-season\/[0-9a-f-]{36}\.png$/,
    )
    const refused = await upload(new TextEncoder().encode('not a picture'))
    expect(refused.status).toBe(415)
    expect(refused.body).toMatchObject({ reason: 'PICTURE_REFUSED', fields: { picture: 'notImage' } })
  })

  it('deletes a collection: its sub-collections become top-level, its pieces stay in the shop', async () => {
    const made = await as(state.marketing, 'POST', '/collections', {
      slug: 'to-delete',
      name_th: 'ลบ',
      name_en: 'To delete',
    })
    expect(made.status, made.text).toBe(201)
    for (const slug of ['child-one', 'child-two']) {
      const child = await as(state.marketing, 'POST', '/collections', {
        slug,
        parent: 'to-delete',
        name_th: slug,
        name_en: slug,
      })
      expect(child.status, child.text).toBe(201)
    }
    await as(state.marketing, 'PUT', '/collections/to-delete/pieces', { pieces: [state.families[0]] })
    const deleted = await as(state.marketing, 'DELETE', '/collections/to-delete')
    expect(deleted.status, deleted.text).toBe(200)
    expect(deleted.body).toEqual({ deleted: 'to-delete', moved: ['child-one', 'child-two'] })
    expect((await call('GET', '/collections/to-delete?lang=en')).status).toBe(404)
    const tops = (await call('GET', '/collections?lang=en')).body.items as Array<{ slug: string }>
    expect(tops.slice(-2).map((top) => top.slug)).toEqual(['child-one', 'child-two'])
    expect((await call('GET', `/products/${state.families[0]}?lang=en&currency=thb`)).status).toBe(200)
    const sitemap = (await call('GET', '/sitemap-entries')).body.collections as Array<{ slug: string; parent: null }>
    expect(sitemap).toEqual(expect.arrayContaining([{ slug: 'child-one', parent: null }]))
    expect(sitemap.some((entry) => entry.slug === 'to-delete')).toBe(false)
  })

  it('restores an earlier version’s words and pieces as the newest version; the shop shows it at once', async () => {
    const [a, b, c] = state.families
    const made = await as(state.marketing, 'POST', '/collections', {
      slug: 'linen-edit',
      name_th: 'ผ้าลินิน',
      name_en: 'Linen edit',
      description_en: 'Cool in the heat',
    })
    expect(made.status, made.text).toBe(201)
    expect((made.body.versions as Array<{ version: number }>).map((version) => version.version)).toEqual([1])
    await as(state.marketing, 'PUT', '/collections/linen-edit/pieces', { pieces: [a, b] }) // version 2
    await as(state.marketing, 'PATCH', '/collections/linen-edit', { name_en: 'Summer linen' }) // version 3
    await as(state.marketing, 'PUT', '/collections/linen-edit/pieces', { pieces: [c] }) // version 4
    expect((await call('GET', '/collections/linen-edit?lang=en')).body).toMatchObject({ name: 'Summer linen' })

    const restored = await as(state.marketing, 'POST', '/collections/linen-edit/versions/2/restore')
    expect(restored.status, restored.text).toBe(200)
    expect(restored.body).toMatchObject({ name_en: 'Linen edit', description_en: 'Cool in the heat' })
    expect((restored.body.pieces as Array<{ family_id: string }>).map((piece) => piece.family_id)).toEqual([a, b])
    const versions = restored.body.versions as Array<{ version: number; restored_from: number | null }>
    expect(versions[0]).toMatchObject({ version: 5, restored_from: 2 })
    expect(versions.map((version) => version.version)).toEqual([5, 4, 3, 2, 1])

    // The shop answers the restored words and pieces on its next answer.
    expect((await call('GET', '/collections/linen-edit?lang=en')).body).toMatchObject({ name: 'Linen edit' })
    const listing = await call('GET', '/products?lang=en&currency=thb&collection=linen-edit')
    expect((listing.body.items as Array<{ id: string }>).map((item) => item.id).sort()).toEqual([a, b].sort())

    const [entry] = await state.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'linen-edit'), eq(auditLog.action, 'collection.restore')))
    expect(entry?.before).toMatchObject({ name_en: 'Summer linen' })
    expect(entry?.after).toMatchObject({ restored_from: 2, name_en: 'Linen edit' })

    // No such version: 404, nothing written; another role: 403.
    const missing = await as(state.marketing, 'POST', '/collections/linen-edit/versions/99/restore')
    expect(missing.status).toBe(404)
    const again = await as(state.marketing, 'GET', '/collections/linen-edit')
    expect((again.body.versions as unknown[]).length).toBe(5)
    const denied = await as(state.warehouse, 'POST', '/collections/linen-edit/versions/1/restore')
    expect(denied.status).toBe(403)
  })
})

describe('the home page', () => {
  it('shows today’s layout with nothing saved; a draft leaves the shop unchanged; publish changes it; restore v1 brings it back', async () => {
    const before = await shopHome()
    expect(before.version).toBeNull()
    expect(before.blocks.map((block) => block.kind)).toEqual(['hero', 'collections', 'new_arrivals'])
    const firstSix = ((await call('GET', '/collections?lang=en')).body.items as Array<{ slug: string }>)
      .slice(0, 6)
      .map((item) => item.slug)
    expect(featuredOf(before)).toEqual(firstSix)
    const [newest] = await state.database.db.select().from(editorials).orderBy(editorials.publishedAt)
    expect(before.blocks[0]).toMatchObject({ kind: 'hero' })
    expect(newest).toBeDefined()

    const v1 = {
      blocks: [
        { kind: 'collections', slugs: ['rainy-season', firstSix[0]] },
        { kind: 'new_arrivals', count: 4 },
      ],
    }
    const draft = await as(state.marketing, 'PUT', '/site/home', { body: v1, publish: false })
    expect(draft.status, draft.text).toBe(200)
    expect(draft.body).toMatchObject({ draft_version: 1, published_version: null })
    expect(await shopHome()).toEqual(before)

    const published = await as(state.marketing, 'PUT', '/site/home', { body: v1, publish: true })
    expect(published.status, published.text).toBe(200)
    expect(published.body).toMatchObject({ draft_version: 2, published_version: 2 })
    const after = await shopHome()
    expect(after.version).toBe(2)
    expect(after.blocks.map((block) => block.kind)).toEqual(['collections', 'new_arrivals'])
    expect(featuredOf(after)).toEqual(['rainy-season', firstSix[0]])
    expect(after.blocks[0]?.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'rainy-season', parent: expect.any(String) })]),
    )

    const v3 = { blocks: [{ kind: 'new_arrivals', count: 12 }] }
    expect((await as(state.marketing, 'PUT', '/site/home', { body: v3, publish: true })).status).toBe(200)
    expect((await shopHome()).blocks).toEqual([{ kind: 'new_arrivals', count: 12 }])

    const restored = await as(state.marketing, 'POST', '/site/home/versions/1/restore')
    expect(restored.status, restored.text).toBe(200)
    expect(restored.body).toMatchObject({ draft_version: 4, published_version: 4 })
    const versions = restored.body.versions as Array<{ version: number; restored_from: number | null; state: string }>
    expect(versions[0]).toMatchObject({ version: 4, restored_from: 1, state: 'published' })
    expect(versions.map((version) => version.version)).toEqual([4, 3, 2, 1])
    const back = await shopHome()
    expect(featuredOf(back)).toEqual(['rainy-season', firstSix[0]])

    const entries = await state.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'site_document'))
    expect(entries.map((entry) => entry.action)).toEqual(['home.draft', 'home.publish', 'home.publish', 'home.restore'])
  })

  it('refuses a block naming a collection that does not exist, or a bad count, by field', async () => {
    const unknown = await as(state.marketing, 'PUT', '/site/home', {
      body: { blocks: [{ kind: 'collections', slugs: ['no-such-collection'] }] },
      publish: true,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({ 'body.blocks.0.slugs.0': 'unknown' })
    const count = await as(state.marketing, 'PUT', '/site/home', {
      body: { blocks: [{ kind: 'new_arrivals', count: 0 }] },
      publish: true,
    })
    expect(count.status).toBe(400)
    expect(count.body.fields).toEqual({ 'body.blocks.0.count': 'invalid' })
  })

  it('previews a draft as the shop would show it, saving nothing', async () => {
    const preview = await as(state.marketing, 'POST', '/site/home/preview', {
      body: { blocks: [{ kind: 'editorials', slugs: [], newest: 2 }] },
      lang: 'th',
    })
    expect(preview.status, preview.text).toBe(200)
    const [block] = preview.body.blocks as Array<{ kind: string; items: unknown[] }>
    expect(block?.kind).toBe('editorials')
    expect(block?.items.length).toBe(Math.min(2, (await state.database.db.select().from(editorials)).length))
    expect((await shopHome()).version).toBe(4)
  })
})

describe('the menu', () => {
  it('publishes featured links (the shop shows them in its language) and refuses other sites and schemes', async () => {
    expect((await call('GET', '/site/menu?lang=en')).body).toEqual({ links: [] })
    const link = { path: '/collection/rainy-season', label_th: 'หน้าฝน', label_en: 'Rainy season' }
    const saved = await as(state.marketing, 'PUT', '/site/menu', { body: { links: [link] }, publish: true })
    expect(saved.status, saved.text).toBe(200)
    expect((await call('GET', '/site/menu?lang=th')).body).toEqual({
      links: [{ path: '/collection/rainy-season', label: 'หน้าฝน' }],
    })
    for (const path of ['javascript:alert(1)', 'https://evil.example', '//evil.example/x', '/\\evil.example']) {
      const refused = await as(state.marketing, 'PUT', '/site/menu', {
        body: { links: [{ ...link, path }] },
        publish: true,
      })
      expect(refused.status, path).toBe(400)
      expect(refused.body.fields, path).toEqual({ 'body.links.0.path': 'invalid' })
    }
    expect((await call('GET', '/site/menu?lang=en')).body).toEqual({
      links: [{ path: '/collection/rainy-season', label: 'Rainy season' }],
    })
  })
})

describe('permissions', () => {
  it('refuses a role without catalog:write or content:write (403) and audits the refusal', async () => {
    const create = await as(state.warehouse, 'POST', '/collections', { slug: 'nope', name_th: 'x', name_en: 'x' })
    expect(create.status).toBe(403)
    expect(create.body).toMatchObject({ reason: 'PERMISSION_DENIED' })
    const home = await as(state.warehouse, 'PUT', '/site/home', { body: { blocks: [] }, publish: true })
    expect(home.status).toBe(403)
    const denials = await state.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, state.warehouse.staff.id))
    expect(denials.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['denied.admin_collection_create', 'denied.admin_site_save']),
    )
    expect((await state.database.db.select().from(collections).where(eq(collections.slug, 'nope'))).length).toBe(0)
    expect((await shopHome()).version).toBe(4)
  })
})
