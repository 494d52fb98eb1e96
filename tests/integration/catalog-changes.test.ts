import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentPages, members, orders, products, stores, storeStock, variants } from '~/db/schema'
import { freshDatabase } from './database'

/**
 * Migration 0014: every committed change to what public pages show is notified on 'catalog_changed', once per
 * statement, and nothing else is (issue 18: the shared page cache and the catalog read cache are emptied by it).
 */
describe('catalog change notifications', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  const heard: string[] = []
  let ups = 0
  let downs = 0
  let stop: () => Promise<void> = async () => undefined

  beforeAll(async () => {
    database = await freshDatabase()
    stop = await database.listen('catalog_changed', {
      notify: (payload) => heard.push(payload),
      up: () => (ups += 1),
      down: () => (downs += 1),
    })
    for (let waited = 0; ups === 0 && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20))
  })
  afterAll(async () => {
    await stop()
    await database.close()
  })

  /** What is heard from `change`: PostgreSQL delivers on its own connection, a moment after the commit. */
  async function heardFrom(change: () => Promise<unknown>, expected: number): Promise<string[]> {
    heard.length = 0
    await change()
    if (expected > 0) await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(expected)
    // Give a stray notification the time to arrive before concluding there was none.
    await new Promise((resolve) => setTimeout(resolve, database.engine === 'postgres' ? 200 : 10))
    return [...heard]
  }

  it('listens once the database confirms it', () => {
    expect(ups).toBe(1)
  })

  it('tells of a change of stock, price or content once it commits', async () => {
    const [variant] = await database.db.select().from(variants).limit(1)
    if (!variant) throw new Error('seeded catalog expected')
    expect(
      await heardFrom(
        () => database.db.update(variants).set({ stockOnline: 7 }).where(eq(variants.sku, variant.sku)),
        1,
      ),
    ).toEqual(['variants'])
    expect(
      await heardFrom(
        () =>
          database.db
            .update(products)
            .set({ priceThb: sql`${products.priceThb} + 100` })
            .where(eq(products.id, variant.productId)),
        1,
      ),
    ).toEqual(['products'])
    const [page] = await database.db.select().from(contentPages).limit(1)
    if (page) {
      expect(
        await heardFrom(
          () => database.db.update(contentPages).set({ slug: page.slug }).where(eq(contentPages.slug, page.slug)),
          1,
        ),
      ).toEqual(['content_pages'])
    }
  })

  it('does not tell of a sale or restock that leaves every size on the same side of "in stock" and "low stock"', async () => {
    const [variant] = await database.db.select().from(variants).limit(1)
    if (!variant) throw new Error('seeded catalog expected')
    const setStock = (stockOnline: number) => () =>
      database.db.update(variants).set({ stockOnline }).where(eq(variants.sku, variant.sku))
    await heardFrom(setStock(50), 0)
    // Only the count moves: nothing a page shows.
    expect(await heardFrom(setStock(49), 0)).toEqual([])
    expect(await heardFrom(setStock(3), 0)).toEqual([])
    // Low stock (at most 2 left) shows; so does sold out, and back in stock.
    expect(await heardFrom(setStock(2), 1)).toEqual(['variants'])
    expect(await heardFrom(setStock(1), 0)).toEqual([])
    expect(await heardFrom(setStock(0), 1)).toEqual(['variants'])
    expect(await heardFrom(setStock(40), 1)).toEqual(['variants'])
    // Anything else of a size is told, even with the stock unchanged.
    expect(
      await heardFrom(
        () =>
          database.db
            .update(variants)
            .set({ barcode: `${variant.barcode}` })
            .where(eq(variants.sku, variant.sku)),
        0,
      ),
    ).toEqual([])
    expect(
      await heardFrom(
        () =>
          database.db
            .update(variants)
            .set({ position: variant.position + 100 })
            .where(eq(variants.sku, variant.sku)),
        1,
      ),
    ).toEqual(['variants'])
    // A size's low-stock threshold is for staff alerts only (issue 32, migration 0030): no page shows it.
    expect(
      await heardFrom(
        () => database.db.update(variants).set({ lowStockThreshold: 7 }).where(eq(variants.sku, variant.sku)),
        0,
      ),
    ).toEqual([])
    // A store's count is what "find in store" shows: every change is told.
    const [store] = await database.db.select().from(stores).limit(1)
    if (!store) throw new Error('seeded stores expected')
    expect(
      await heardFrom(
        () =>
          database.db
            .insert(storeStock)
            .values({ storeId: store.id, sku: variant.sku, quantity: 4 })
            .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.sku], set: { quantity: 4 } }),
        1,
      ),
    ).toEqual(['store_stock'])
    // One statement over several sizes is told if any of them crosses.
    const sizes = await database.db.select().from(variants).where(eq(variants.productId, variant.productId))
    if (sizes.length > 1) {
      await heardFrom(
        () => database.db.update(variants).set({ stockOnline: 20 }).where(eq(variants.productId, variant.productId)),
        0,
      )
      expect(
        await heardFrom(
          () =>
            database.db
              .update(variants)
              .set({ stockOnline: sql`CASE WHEN ${variants.sku} = ${variant.sku} THEN 0 ELSE 19 END` })
              .where(eq(variants.productId, variant.productId)),
          1,
        ),
      ).toEqual(['variants'])
    }
  })

  it('tells of a transaction once, at its commit, and not at all of one rolled back', async () => {
    const [variant] = await database.db.select().from(variants).limit(1)
    if (!variant) throw new Error('seeded catalog expected')
    const committed = await heardFrom(
      () =>
        database.db.transaction(async (tx) => {
          // Sold out, then back in stock: each statement crosses "in stock".
          await tx.update(variants).set({ stockOnline: 0 }).where(eq(variants.sku, variant.sku))
          await tx.update(variants).set({ stockOnline: 8 }).where(eq(variants.sku, variant.sku))
          // Not yet committed: nobody has heard of it.
          expect(heard).toEqual([])
        }),
      1,
    )
    // PostgreSQL folds identical notifications of one transaction into one; PGlite may tell each statement.
    expect(new Set(committed)).toEqual(new Set(['variants']))
    const rolledBack = await heardFrom(
      () =>
        database.db
          .transaction(async (tx) => {
            await tx.update(variants).set({ stockOnline: 0 }).where(eq(variants.sku, variant.sku))
            throw new Error('roll back')
          })
          .catch(() => undefined),
      0,
    )
    expect(rolledBack).toEqual([])
  })

  it('does not tell of changes to what no public page shows', async () => {
    expect(
      await heardFrom(async () => {
        await database.db.select().from(orders).limit(1)
        await database.db
          .update(members)
          .set({ fullname: 'x' })
          .where(sql`false`)
      }, 0),
    ).toEqual([])
  })

  // PostgreSQL only: PGlite runs in this process, with no connection to lose.
  it.skipIf(!process.env.DATABASE_URL)(
    'a lost listening connection is told (caches go off) and listening comes back by itself',
    async () => {
      const [variant] = await database.db.select().from(variants).limit(1)
      if (!variant) throw new Error('seeded catalog expected')
      await database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN catalog_changed'`,
      )
      await expect.poll(() => downs, { timeout: 5_000 }).toBe(1)
      await expect.poll(() => ups, { timeout: 10_000 }).toBe(2)
      expect(
        await heardFrom(
          () => database.db.update(variants).set({ stockOnline: 5 }).where(eq(variants.sku, variant.sku)),
          1,
        ),
      ).toEqual(['variants'])
    },
  )
})
