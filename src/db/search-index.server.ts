import { createHash } from 'node:crypto'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { conceptsIn, conceptTerm } from '~/domain/search-query'
import { CONCEPTS } from '~/domain/search-lexicon'
import { indexTerms, TERM_WEIGHTS } from '~/domain/search-terms'
import type { Database, Db } from './client.server'
import { appSecrets, categories, productSearchTerms, products, searchTerms } from './schema'

type IndexedProduct = Pick<
  typeof products.$inferInsert,
  | 'id'
  | 'nameTh'
  | 'nameEn'
  | 'categorySlug'
  | 'colorNameTh'
  | 'colorNameEn'
  | 'colorSlug'
  | 'materialTh'
  | 'materialEn'
  | 'createdAt'
>

const BATCH = 2000

/**
 * The version of the index's analysis: the lexicon's words and the format of the postings. An index built by another
 * version (a database from before an upgrade) is rebuilt at start-up, so search never half-works after a deploy.
 * Kept in app_secrets, the instances' shared key-value table (it is not a secret).
 */
const INDEX_FORMAT = 2
export const SEARCH_INDEX_VERSION = `${INDEX_FORMAT}:${createHash('sha256').update(JSON.stringify(CONCEPTS)).digest('hex').slice(0, 16)}`
const INDEX_VERSION_KEY = 'search-index-version'
const INDEX_LOCK_KEY = 7_300_003

/** Records that the index matches this version (in the caller's transaction). */
export async function markSearchIndexVersion(db: Db): Promise<void> {
  await db
    .insert(appSecrets)
    .values({ name: INDEX_VERSION_KEY, value: SEARCH_INDEX_VERSION })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: SEARCH_INDEX_VERSION } })
}

/**
 * Rebuilds the whole search index when it was built by another version of the analysis: in one transaction, so a
 * stop half-way (even SIGKILL) leaves the old index, and the next start does it again. Under a lock, so of several
 * instances starting at once one rebuilds and the others find it done. True when it rebuilt.
 */
export async function ensureSearchIndex(database: Database): Promise<boolean> {
  return database.withLock(INDEX_LOCK_KEY, async (db) => {
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, INDEX_VERSION_KEY))
    if (row?.value === SEARCH_INDEX_VERSION) return false
    await db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM ${productSearchTerms}`)
      await tx.execute(sql`DELETE FROM ${searchTerms}`)
      let after = ''
      for (;;) {
        const page = await tx
          .select({
            id: products.id,
            nameTh: products.nameTh,
            nameEn: products.nameEn,
            categorySlug: products.categorySlug,
            colorNameTh: products.colorNameTh,
            colorNameEn: products.colorNameEn,
            colorSlug: products.colorSlug,
            materialTh: products.materialTh,
            materialEn: products.materialEn,
            createdAt: products.createdAt,
          })
          .from(products)
          // Search finds published models only (decision 195): the back office indexes a model when it publishes it.
          .where(and(gt(products.id, after), eq(products.status, 'published')))
          .orderBy(products.id)
          .limit(BATCH)
        const last = page.at(-1)
        if (!last) break
        await indexProducts(tx, page)
        after = last.id
      }
      await markSearchIndexVersion(tx)
    })
    return true
  })
}

/** The (term, weight) pairs of one product: the best weight wins when a word appears in several parts. */
export function productTerms(product: IndexedProduct, categoryNames: string[]): Map<string, number> {
  const terms = new Map<string, number>()
  const add = (text: string, weight: number) => {
    for (const term of indexTerms(text)) terms.set(term, Math.max(weight, terms.get(term) ?? 0))
  }
  add(`${product.nameTh} ${product.nameEn}`, TERM_WEIGHTS.name)
  add(categoryNames.join(' '), TERM_WEIGHTS.category)
  const attributes = `${product.colorNameTh} ${product.colorNameEn} ${product.materialTh} ${product.materialEn}`
  add(attributes, TERM_WEIGHTS.attribute)
  for (const [term, weight] of conceptPostings(product, categoryNames, attributes)) terms.set(term, weight)
  return terms
}

const HOME_CATEGORY = new Map(CONCEPTS.map((concept) => [concept.id, concept.category]))

/**
 * Concept terms (decision 086): one posting per concept the product names, weighted by every part that
 * names it (name 3 + category 2 + attribute 1), so that a dress named and filed as a dress outranks a
 * shirt dress for "dress". A concept named by the product whose home category is the product's own
 * counts as named by the category too.
 */
function conceptPostings(product: IndexedProduct, categoryNames: string[], attributes: string): Map<string, number> {
  const inName = conceptsIn(`${product.nameTh} ${product.nameEn}`)
  const inCategory = conceptsIn(categoryNames.join(' '))
  const inAttributes = conceptsIn(`${attributes} ${product.colorSlug}`)
  const postings = new Map<string, number>()
  for (const id of new Set([...inName, ...inCategory, ...inAttributes])) {
    const home = HOME_CATEGORY.get(id) === product.categorySlug
    const weight =
      (inName.has(id) ? TERM_WEIGHTS.name : 0) +
      (inCategory.has(id) || home ? TERM_WEIGHTS.category : 0) +
      (inAttributes.has(id) ? TERM_WEIGHTS.attribute : 0)
    postings.set(conceptTerm(id), weight)
  }
  return postings
}

/** Takes these products out of the search index (a model unpublished or not yet published), in the caller's transaction. */
export async function unindexProducts(db: Db, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) {
    await db.delete(productSearchTerms).where(inArray(productSearchTerms.productId, ids.slice(start, start + BATCH)))
  }
}

/** (Re)builds the search index of these products, in the caller's transaction. */
export async function indexProducts(db: Db, rows: IndexedProduct[]): Promise<void> {
  if (rows.length === 0) return
  const categoryRows = await db.select().from(categories)
  const names = new Map(categoryRows.map((row) => [row.slug, [row.nameTh, row.nameEn, row.slug.replace(/-/g, ' ')]]))
  const postings: Array<typeof productSearchTerms.$inferInsert> = []
  const vocabulary = new Set<string>()
  const now = Date.now()
  for (const product of rows) {
    const rank = product.createdAt instanceof Date ? product.createdAt.getTime() : now
    for (const [term, weight] of productTerms(product, names.get(product.categorySlug) ?? [])) {
      postings.push({ term, productId: product.id, weight, rank })
      // Concept terms are looked up by name, never by spelling: they stay out of the typo vocabulary.
      if (!term.startsWith('~')) vocabulary.add(term)
    }
  }
  const ids = rows.map((row) => row.id)
  for (let start = 0; start < ids.length; start += BATCH) {
    await db.delete(productSearchTerms).where(inArray(productSearchTerms.productId, ids.slice(start, start + BATCH)))
  }
  const terms = [...vocabulary].map((term) => ({ term }))
  for (let start = 0; start < terms.length; start += BATCH) {
    await db
      .insert(searchTerms)
      .values(terms.slice(start, start + BATCH))
      .onConflictDoNothing()
  }
  for (let start = 0; start < postings.length; start += BATCH) {
    await db
      .insert(productSearchTerms)
      .values(postings.slice(start, start + BATCH))
      .onConflictDoNothing()
  }
}
