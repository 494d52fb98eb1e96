import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CatalogService, type ProductListFilters } from '~/api/catalog/catalog.service'
import { products } from '~/db/schema'
import { freshDatabase } from './database'

/**
 * A listing's counts (total and filter options) are kept for 30 s, the listing's HTTP freshness: at 100,000
 * products they cost far more than the page itself. Pages and languages share them; other filters do not.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>

beforeAll(async () => {
  database = await freshDatabase()
})
afterAll(async () => {
  await database?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const dresses: ProductListFilters = {
  lang: 'en',
  currency: 'thb',
  category: 'dresses',
  sort: 'newest',
  page: 1,
  page_size: 25,
}

describe('the counts of a listing', () => {
  it('are reused for 30 seconds across pages and languages, then counted again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const catalog = new CatalogService(database.db)
    const before = await catalog.listProducts(dresses)
    // A dress leaves the shop: the page of cards sees it at once, the counts after their 30 seconds.
    const [gone] = await database.db
      .select({ id: products.id, familyId: products.familyId })
      .from(products)
      .where(eq(products.categorySlug, 'dresses'))
      .limit(1)
    if (!gone) throw new Error('no dress')
    await database.db.update(products).set({ categorySlug: 'tops' }).where(eq(products.familyId, gone.familyId))
    try {
      const soon = await catalog.listProducts({ ...dresses, lang: 'th', page: 2 })
      expect(soon.total).toBe(before.total)
      expect(soon.facets.sizes).toEqual(before.facets.sizes)
      // Another filter is another count.
      const womens = await catalog.listProducts({ ...dresses, gender: 'women' })
      expect(womens.total).toBeLessThanOrEqual(before.total - 1)

      vi.setSystemTime(Date.now() + 31_000)
      const later = await catalog.listProducts(dresses)
      expect(later.total).toBe(before.total - 1)
      expect(later.items.map((item) => item.family_id)).not.toContain(gone.familyId)
    } finally {
      await database.db.update(products).set({ categorySlug: 'dresses' }).where(eq(products.familyId, gone.familyId))
    }
  })

  it('are counted at once when the service keeps none (listingCountsMs 0)', async () => {
    const catalog = new CatalogService(database.db, { listingCountsMs: 0 })
    const before = await catalog.listProducts(dresses)
    const [gone] = await database.db
      .select({ familyId: products.familyId })
      .from(products)
      .where(eq(products.categorySlug, 'dresses'))
      .limit(1)
    if (!gone) throw new Error('no dress')
    await database.db.update(products).set({ categorySlug: 'tops' }).where(eq(products.familyId, gone.familyId))
    try {
      expect((await catalog.listProducts(dresses)).total).toBe(before.total - 1)
    } finally {
      await database.db.update(products).set({ categorySlug: 'dresses' }).where(eq(products.familyId, gone.familyId))
    }
  })
})
