import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CatalogService } from '~/api/catalog/catalog.service'
import { SearchService } from '~/api/catalog/search.service'
import { searchResultSchema } from '~/contract/catalog'
import { products } from '~/db/schema'
import { createApiApp } from './api-app'
import { freshDatabase } from './database'

type Lang = 'th' | 'en'

/**
 * Issue 29, item 17: a query naming a category shows that category first (its first five results), buyable pieces
 * before sold-out ones, and the weaker matches after a divider (the answer's weak_from says where it falls).
 */
describe('the order of search results', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let catalog: SearchService
  const material = new Map<string, string>()

  beforeAll(async () => {
    database = await freshDatabase()
    catalog = new SearchService(database.db, new CatalogService(database.db))
    for (const row of await database.db.select().from(products)) material.set(row.id, row.materialEn.toLowerCase())
  })
  afterAll(async () => {
    await database.close()
  })

  const named: Array<{ q: string; lang: Lang; category: string; exact: (id: string, color: string) => boolean }> = [
    { q: 'blak dres', lang: 'en', category: 'dresses', exact: (_, color) => color === 'black' },
    { q: 'black dress', lang: 'en', category: 'dresses', exact: (_, color) => color === 'black' },
    { q: 'เดรสสีดำ', lang: 'th', category: 'dresses', exact: (_, color) => color === 'black' },
    { q: 'linnen trousers', lang: 'en', category: 'trousers', exact: (id) => material.get(id) === 'linen' },
    { q: 'กางเกงขายาวผ้าลินิน', lang: 'th', category: 'trousers', exact: (id) => material.get(id) === 'linen' },
    { q: 'เสื้อเชิ้ตสีขาว', lang: 'th', category: 'tops', exact: (_, color) => color === 'white' },
    { q: 'white shirt', lang: 'en', category: 'tops', exact: (_, color) => color === 'white' },
  ]

  it('puts the category a query names in its first five results', async () => {
    for (const { q, lang, category } of named) {
      const result = await catalog.search(q, lang, 'thb', 1, 10)
      expect(
        result.items.slice(0, 5).map((item) => item.category.slug),
        q,
      ).toEqual(Array.from({ length: 5 }, () => category))
    }
  })

  it('shows what was asked for, buyable before sold out, then the weaker matches after weak_from', async () => {
    for (const { q, lang, category, exact } of named) {
      const result = await catalog.search(q, lang, 'thb', 1, 40)
      const weakFrom = result.weak_from
      expect(weakFrom, q).not.toBeNull()
      const strong = result.items.slice(0, weakFrom ?? 0)
      expect(strong.length, q).toBeGreaterThan(0)
      for (const item of strong) {
        expect(item.category.slug, `${q}: ${item.id}`).toBe(category)
        expect(exact(item.id, item.color.slug), `${q}: ${item.id}`).toBe(true)
      }
      // Buyable first: once a sold-out piece is shown, no buyable one follows among the close matches.
      const firstSoldOut = strong.findIndex((item) => !item.available_online)
      if (firstSoldOut >= 0)
        expect(
          strong.slice(firstSoldOut).every((item) => !item.available_online),
          q,
        ).toBe(true)
      // After the divider, nothing that matches the whole query.
      const weak = result.items.slice(weakFrom ?? 0)
      expect(weak.length, q).toBeGreaterThan(0)
      expect(
        weak
          .filter((item) => item.category.slug === category && exact(item.id, item.color.slug))
          .map((item) => item.id),
        q,
      ).toEqual([])
    }
  })

  it('puts a sold-out black dress after the buyable ones (the demo catalog has one)', async () => {
    const result = await catalog.search('black dress', 'en', 'thb', 1, 10)
    const strong = result.items.slice(0, result.weak_from ?? 0)
    expect(strong[0]?.available_online).toBe(true)
    expect(strong.some((item) => !item.available_online)).toBe(true)
  })

  it('pages through the same order: three pages of five are the first fifteen', async () => {
    for (const q of ['black dress', 'linnen trousers', 'เสื้อเชิ้ตสีขาว']) {
      const whole = await catalog.search(q, 'en', 'thb', 1, 15)
      const pages = await Promise.all([1, 2, 3].map((page) => catalog.search(q, 'en', 'thb', page, 5)))
      expect(
        pages.flatMap((page) => page.items.map((item) => item.id)),
        q,
      ).toEqual(whole.items.map((item) => item.id))
      expect(
        pages.map((page) => page.weak_from),
        q,
      ).toEqual([whole.weak_from, whole.weak_from, whole.weak_from])
    }
  })

  it('says where the weaker matches start in the API answer, and null when every result matches', async () => {
    const app = createApiApp({ db: database.db, storeKeys: ['demo'] })
    const get = async (q: string) => {
      const response = await app.request(`http://shop.test/api/public/demo/search?lang=en&q=${encodeURIComponent(q)}`)
      expect(response.status).toBe(200)
      return searchResultSchema.parse(await response.json())
    }
    expect((await get('black dress')).weak_from).toBeGreaterThan(0)
    expect((await get('dress')).weak_from).toBeNull()
  })
})
