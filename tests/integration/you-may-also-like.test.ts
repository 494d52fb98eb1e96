import { and, eq, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productDetailSchema } from '~/contract/catalog'
import { productRelations, products } from '~/db/schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'

const BASE = 'http://shop.test/api/public/demo'

/**
 * Issue 29, item 18: "you may also like" on a product page never lists the model itself (another colour of it
 * included) nor a model of the same name, whatever the catalog's relations say.
 */
describe('you may also like', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let app: ApiApp

  beforeAll(async () => {
    database = await freshDatabase()
    app = createApiApp({ db: database.db, storeKeys: ['demo'] })
  })
  afterAll(async () => {
    await database.close()
  })

  const product = async (id: string, lang: 'th' | 'en') => {
    const response = await app.request(`${BASE}/products/${id}?lang=${lang}`)
    expect(response.status).toBe(200)
    return productDetailSchema.parse(await response.json())
  }

  it('holds for every model of the demo catalog as seeded (no two models share a name)', async () => {
    const related = alias(products, 'related')
    const clashes = await database.db
      .select({ model: products.id, related: related.id })
      .from(productRelations)
      .innerJoin(products, eq(products.id, productRelations.productId))
      .innerJoin(related, eq(related.id, productRelations.relatedId))
      .where(
        and(
          eq(productRelations.kind, 'similar'),
          or(
            eq(related.familyId, products.familyId),
            eq(related.nameEn, products.nameEn),
            eq(related.nameTh, products.nameTh),
          ),
        ),
      )
    expect(clashes).toEqual([])
  })

  it('lists neither the model itself nor a model of the same name, in Thai and English', async () => {
    // A model with at least two similar pieces; one of them renamed to its name, and a relation to itself added.
    const similar = await database.db.select().from(productRelations).where(eq(productRelations.kind, 'similar'))
    const counts = new Map<string, string[]>()
    for (const relation of similar)
      counts.set(relation.productId, [...(counts.get(relation.productId) ?? []), relation.relatedId])
    const [familyId, related] = [...counts].find(([, ids]) => ids.length >= 2) ?? ['', []]
    const [twin] = related
    expect(twin).toBeDefined()
    const [model] = await database.db.select().from(products).where(eq(products.id, familyId))
    if (!model || !twin) throw new Error('no model with similar pieces in the demo catalog')
    await database.db
      .update(products)
      .set({ nameTh: model.nameTh, nameEn: model.nameEn })
      .where(eq(products.familyId, twin))
    await database.db
      .insert(productRelations)
      .values({ productId: familyId, relatedId: familyId, kind: 'similar', position: 99 })
    const [stored] = await database.db
      .select()
      .from(productRelations)
      .where(and(eq(productRelations.productId, familyId), eq(productRelations.relatedId, familyId)))
    expect(stored).toBeDefined()

    for (const lang of ['th', 'en'] as const) {
      const page = await product(familyId, lang)
      expect(page.you_may_also_like.length, lang).toBeGreaterThan(0)
      expect(page.you_may_also_like.map((item) => item.family_id)).not.toContain(familyId)
      expect(page.you_may_also_like.map((item) => item.name)).not.toContain(page.name)
    }
  })
})
