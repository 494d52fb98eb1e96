import { count, sql } from 'drizzle-orm'
import { INFO_PAGE_SLUGS, INFO_PAGES } from '~/content/info-pages'
import type { Database, Db } from './client.server'
import { indexProducts, markSearchIndexVersion } from './search-index.server'
import {
  categories,
  collectionProducts,
  collections,
  contentPages,
  editorials,
  productRelations,
  products,
  stores,
  storeStock,
  variants,
} from './schema'
import { buildDemoCatalog, type DemoCatalog } from './seed/demo-catalog'

const SEED_LOCK_KEY = 7_300_002
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for our widest table. */
const BATCH_SIZE = 500

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await insert(rows.slice(start, start + BATCH_SIZE))
  }
}

/** Writes a whole catalog in one transaction: all of it or nothing. */
export async function insertCatalog(db: Db, catalog: DemoCatalog): Promise<void> {
  await db.transaction(async (tx) => {
    await insertInBatches(catalog.categories, (batch) => tx.insert(categories).values(batch).onConflictDoNothing())
    await insertInBatches(catalog.products, (batch) => tx.insert(products).values(batch).onConflictDoNothing())
    await indexProducts(tx, catalog.products)
    await markSearchIndexVersion(tx)
    await insertInBatches(catalog.variants, (batch) => tx.insert(variants).values(batch).onConflictDoNothing())
    await insertInBatches(catalog.stores, (batch) => tx.insert(stores).values(batch).onConflictDoNothing())
    await insertInBatches(catalog.storeStock, (batch) => tx.insert(storeStock).values(batch).onConflictDoNothing())
    // Parents before sub-collections, for the self-reference.
    const ordered = [...catalog.collections].sort((a, b) => Number(a.parentSlug != null) - Number(b.parentSlug != null))
    await insertInBatches(ordered, (batch) => tx.insert(collections).values(batch).onConflictDoNothing())
    await insertInBatches(catalog.collectionProducts, (batch) =>
      tx.insert(collectionProducts).values(batch).onConflictDoNothing(),
    )
    await insertInBatches(catalog.editorials, (batch) => tx.insert(editorials).values(batch).onConflictDoNothing())
    await insertInBatches(catalog.productRelations, (batch) =>
      tx.insert(productRelations).values(batch).onConflictDoNothing(),
    )
  })
}

/**
 * The content pages of the catch-all and the info pages, in both languages. The code is their source: a start
 * writes them over what an earlier version stored (issue 29: the seller's name changed on the legal pages).
 */
export async function insertContentPages(db: Db): Promise<void> {
  const rows = INFO_PAGE_SLUGS.map((slug) => ({
    slug,
    titleTh: INFO_PAGES[slug].th.title,
    titleEn: INFO_PAGES[slug].en.title,
    descriptionTh: INFO_PAGES[slug].th.description,
    descriptionEn: INFO_PAGES[slug].en.description,
    bodyTh: INFO_PAGES[slug].th.blocks,
    bodyEn: INFO_PAGES[slug].en.blocks,
  }))
  await db
    .insert(contentPages)
    .values(rows)
    .onConflictDoUpdate({
      target: contentPages.slug,
      set: {
        titleTh: sql`excluded.title_th`,
        titleEn: sql`excluded.title_en`,
        descriptionTh: sql`excluded.description_th`,
        descriptionEn: sql`excluded.description_en`,
        bodyTh: sql`excluded.body_th`,
        bodyEn: sql`excluded.body_en`,
      },
    })
}

/**
 * Seeds the demo catalog into an empty database; does nothing when a catalog is already there, so it
 * is safe on every start and on several instances at once.
 */
export async function seedDemoData(database: Database, options: { productCount?: number } = {}): Promise<boolean> {
  return database.withLock(SEED_LOCK_KEY, async (db) => {
    await insertContentPages(db)
    const [row] = await db.select({ value: count() }).from(products)
    if ((row?.value ?? 0) > 0) return false
    await insertCatalog(db, buildDemoCatalog({ productCount: options.productCount }))
    // Fresh statistics and visibility map, so that the planner uses the indexes (index-only scans) at once.
    await db.execute(sql`VACUUM ANALYZE`)
    return true
  })
}
