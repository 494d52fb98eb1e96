import { and, count, eq, sql } from 'drizzle-orm'
import { INFO_PAGE_SLUGS, INFO_PAGES } from '~/content/info-pages'
import type { Database, Db } from './client.server'
import { indexProducts, markSearchIndexVersion } from './search-index.server'
import {
  categories,
  collectionProducts,
  collections,
  contentPages,
  contentVersions,
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
 * The content pages of the catch-all and the info pages, in both languages. The code holds their first text: a start
 * writes a page only when the database has none by its slug, with that text as its version 1 (published, by the
 * system), so what staff edit in the back office survives every restart (decision 197, amending issue 29's overwrite).
 */
export async function insertContentPages(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const present = new Set((await tx.select({ slug: contentPages.slug }).from(contentPages)).map((row) => row.slug))
    for (const slug of INFO_PAGE_SLUGS) {
      if (present.has(slug)) continue
      const row = {
        slug,
        titleTh: INFO_PAGES[slug].th.title,
        titleEn: INFO_PAGES[slug].en.title,
        descriptionTh: INFO_PAGES[slug].th.description,
        descriptionEn: INFO_PAGES[slug].en.description,
        bodyTh: INFO_PAGES[slug].th.blocks,
        bodyEn: INFO_PAGES[slug].en.blocks,
      }
      const [inserted] = await tx.insert(contentPages).values(row).onConflictDoNothing().returning()
      if (!inserted) continue
      const { slug: _slug, ...body } = row
      // The next version of the page (1, unless an earlier page of this slug was deleted), as the system's: the
      // admin API's saveContentVersion writes the same row (src/db does not import the API).
      const [last] = await tx
        .select({ version: sql<number>`coalesce(max(${contentVersions.version}), 0)` })
        .from(contentVersions)
        .where(and(eq(contentVersions.documentKind, 'info_page'), eq(contentVersions.documentKey, slug)))
      await tx.insert(contentVersions).values({
        documentKind: 'info_page',
        documentKey: slug,
        version: Number(last?.version ?? 0) + 1,
        body,
        state: 'published',
        note: 'From the code (src/content/info-pages.ts)',
        actorType: 'system',
        actorId: 'seed',
        actorLabel: 'seed',
      })
    }
  })
}

/**
 * The info pages alone, for a shop started without the demo catalog (SEED_DEMO=false): they are the brand's pages
 * (delivery, privacy, terms …), not demo content, so every shop starts with them and its staff edit them from there.
 */
export async function seedContentPages(database: Database): Promise<void> {
  await database.withLock(SEED_LOCK_KEY, (db) => insertContentPages(db))
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
