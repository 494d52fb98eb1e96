import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import {
  productDetailSchema,
  productPageSchema,
  scanResultSchema,
  searchResultSchema,
  suggestionsSchema,
} from '~/contract/catalog'
import { openDatabase, resultRows } from '~/db/client.server'
import { migrate, migrationsFolder } from '~/db/migrate.server'
import { products } from '~/db/schema'
import { DEMO_EXAMPLES } from '~/db/seed/demo-catalog'
import { freshDatabase } from './database'

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
const BASE = 'http://shop.test/api/public/demo'

async function get(path: string) {
  const response = await app.request(`${BASE}${path}`)
  return { status: response.status, body: (await response.json()) as unknown }
}

const dress = DEMO_EXAMPLES.dressWithSizes

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({ db: database.db, storeKeys: ['demo'] })
})

afterAll(async () => {
  await database?.close()
})

describe('listings of colour families (decision 091)', () => {
  it('show one card per family, count families, and give each card its swatches', async () => {
    const rows = await database.db.select({ id: products.id, familyId: products.familyId }).from(products)
    const families = new Set(rows.map((row) => row.familyId))
    expect(families.size).toBeLessThan(rows.length)

    const page = productPageSchema.parse((await get('/products?page_size=100')).body)
    expect(page.total).toBe(families.size)
    const all = [page]
    for (let n = 2; n <= page.total_pages; n++) {
      all.push(productPageSchema.parse((await get(`/products?page_size=100&page=${n}`)).body))
    }
    const cards = all.flatMap((p) => p.items)
    expect(cards).toHaveLength(families.size)
    expect(new Set(cards.map((card) => card.family_id)).size).toBe(families.size)
    for (const card of cards) {
      // Without a colour filter: the family's first colour.
      expect(card.id, card.family_id).toBe(card.family_id)
      expect(card.colors[0]?.product_id).toBe(card.family_id)
      expect(card.colors.map((c) => c.slug)).toContain(card.color.slug)
    }
    const multi = cards.find((card) => card.family_id === dress)
    expect(multi?.colors.length).toBe(3)
  })

  it('show the matching colour with a colour filter, and facet counts count families', async () => {
    const detail = productDetailSchema.parse((await get(`/products/${dress}`)).body)
    const second = detail.colors[1]
    expect(second).toBeDefined()
    if (!second) return
    const filtered = productPageSchema.parse(
      (await get(`/products?category=dresses&color=${second.slug}&page_size=100`)).body,
    )
    const card = filtered.items.find((item) => item.family_id === dress)
    expect(card?.id).toBe(second.product_id)
    expect(card?.color.slug).toBe(second.slug)
    expect(filtered.items.every((item) => item.color.slug === second.slug)).toBe(true)
    const facet = filtered.facets.colors.find((color) => color.slug === second.slug)
    expect(facet?.count).toBe(filtered.total)
  })

  it('show the first colour that satisfies the other filters', async () => {
    // The sold-out shirt's first colour has no stock; another colour has.
    const shirt = DEMO_EXAMPLES.soldOutProductId
    const any = productPageSchema.parse((await get('/products?category=tops&page_size=100')).body)
    expect(any.items.find((item) => item.family_id === shirt)?.id).toBe(shirt)
    const available = productPageSchema.parse((await get('/products?category=tops&available=true&page_size=100')).body)
    const card = available.items.find((item) => item.family_id === shirt)
    expect(card).toBeDefined()
    expect(card?.id).not.toBe(shirt)
    expect(card?.available_online).toBe(true)
  })
})

describe('the product page of a family', () => {
  it('answers the family id with its first colour, and ?color= with another, each with its own pictures and SKUs', async () => {
    const first = productDetailSchema.parse((await get(`/products/${dress}`)).body)
    expect(first.id).toBe(dress)
    expect(first.family_id).toBe(dress)
    expect(first.colors).toHaveLength(3)
    expect(first.colors.every((color) => color.sizes.includes('M'))).toBe(true)
    const other = first.colors[2]
    if (!other) throw new Error('no third colour')
    const second = productDetailSchema.parse((await get(`/products/${dress}?color=${other.slug}`)).body)
    expect(second.id).toBe(other.product_id)
    expect(second.family_id).toBe(dress)
    expect(second.color.slug).toBe(other.slug)
    expect(second.images[0]?.path).toBe(`products/${other.product_id}/1.svg`)
    expect(second.variants.every((variant) => variant.sku.startsWith(other.product_id.toUpperCase()))).toBe(true)
    expect(second.match_with.map((p) => p.id)).toEqual(first.match_with.map((p) => p.id))
  })

  it('ignores an unknown colour, and tells a non-first colour id by its family (the route redirects)', async () => {
    const unknown = productDetailSchema.parse((await get(`/products/${dress}?color=purple`)).body)
    expect(unknown.id).toBe(dress)
    const second = `${dress}-${unknown.colors[1]?.slug ?? ''}`
    const old = productDetailSchema.parse((await get(`/products/${second}`)).body)
    expect(old.id).toBe(second)
    expect(old.family_id).toBe(dress)
    expect((await get('/products/nothing-here-1')).status).toBe(404)
  })

  it('scans a colour barcode to its family and colour', async () => {
    const detail = productDetailSchema.parse((await get(`/products/${dress}`)).body)
    const colour = detail.colors[1]
    if (!colour) throw new Error('no second colour')
    const colourDetail = productDetailSchema.parse((await get(`/products/${dress}?color=${colour.slug}`)).body)
    const barcode = colourDetail.variants[0]?.barcode ?? ''
    const scanned = scanResultSchema.parse((await get(`/scan/${barcode}`)).body)
    expect(scanned).toMatchObject({ product_id: colour.product_id, family_id: dress, color_slug: colour.slug })
  })
})

describe('search by family', () => {
  it('shows each family once, with its swatches, in results and suggestions', async () => {
    const result = searchResultSchema.parse((await get('/search?q=dress&page_size=50')).body)
    expect(result.items.length).toBeGreaterThan(0)
    expect(new Set(result.items.map((item) => item.family_id)).size).toBe(result.items.length)
    const suggestions = suggestionsSchema.parse((await get('/search/suggestions?q=dress')).body)
    const found = suggestions.suggestions.filter((s) => s.kind === 'product')
    expect(new Set(found.map((s) => s.family_id)).size).toBe(found.length)
    expect(found.every((s) => typeof s.family_id === 'string' && typeof s.color_slug === 'string')).toBe(true)
  })
})

describe('migration 0008 on a database seeded before colour families', () => {
  it('starts, and gives every existing product a family of its own', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'migrations-0007-'))
    const previous = process.env.MIGRATIONS_DIR
    // An empty database with the migrations up to 0007 only, as a shop installed before this change.
    const db = await openDatabase({ dataDir: 'memory' })
    try {
      await cp(migrationsFolder(), folder, { recursive: true })
      const journalPath = join(folder, 'meta', '_journal.json')
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> }
      journal.entries = journal.entries.filter((entry) => entry.tag < '0008')
      await writeFile(journalPath, JSON.stringify(journal))
      await rm(join(folder, '0008_colour_families.sql'))
      process.env.MIGRATIONS_DIR = folder
      await migrate(db)

      await db.db.execute(
        sql`INSERT INTO categories (slug, position, name_th, name_en) VALUES ('skirts', 0, 'กระโปรง', 'Skirts')`,
      )
      for (const [id, colour] of [
        ['wool-pencil-skirt-1', 'black'],
        ['wool-pencil-skirt-2', 'navy'],
      ]) {
        await db.db.execute(sql`INSERT INTO products (id, category_slug, gender, name_th, name_en, description_th,
          description_en, color_slug, color_name_th, color_name_en, color_hex, material_th, material_en, care_th,
          care_en, price_thb, price_usd, images, search_text)
          VALUES (${id}, 'skirts', 'women', 'กระโปรง', 'Pencil Skirt', '', '', ${colour}, ${colour}, ${colour},
          '#111111', '', '', '[]'::jsonb, '[]'::jsonb, 99000, 3000, '[]'::jsonb, 'skirt')`)
      }

      if (previous === undefined) delete process.env.MIGRATIONS_DIR
      else process.env.MIGRATIONS_DIR = previous
      // 0008 and every migration after it.
      const later = (await readdir(migrationsFolder())).filter((name) => /^\d{4}_.*\.sql$/.test(name) && name >= '0008')
      expect(await migrate(db)).toBe(later.length)
      const rows = resultRows(await db.db.execute(sql`SELECT id, family_id, color_position FROM products ORDER BY id`))
      expect(rows).toEqual([
        { id: 'wool-pencil-skirt-1', family_id: 'wool-pencil-skirt-1', color_position: 0 },
        { id: 'wool-pencil-skirt-2', family_id: 'wool-pencil-skirt-2', color_position: 0 },
      ])
      // And the shop reads them as two families of one colour each.
      const oldApp = createApiApp({ db: db.db, storeKeys: ['demo'] })
      const response = await oldApp.request(`${BASE}/products?category=skirts`)
      const page = productPageSchema.parse(await response.json())
      expect(page.total).toBe(2)
      expect(page.items.map((item) => item.colors.length)).toEqual([1, 1])
    } finally {
      if (previous === undefined) delete process.env.MIGRATIONS_DIR
      else process.env.MIGRATIONS_DIR = previous
      await db.close()
      await rm(folder, { recursive: true, force: true })
    }
  })
})
