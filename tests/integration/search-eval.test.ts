import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CatalogService } from '~/api/catalog/catalog.service'
import { SearchService } from '~/api/catalog/search.service'
import { appSecrets, productSearchTerms } from '~/db/schema'
import { ensureSearchIndex, SEARCH_INDEX_VERSION } from '~/db/search-index.server'
import { evaluateSearch, type Evaluation } from '../search-eval/evaluate'
import { freshDatabase } from './database'

/**
 * Regression guard of search quality (decision 090): the judged queries of tests/search-eval on the
 * demo catalog must find what was meant among the first three at least 95 % of the time, fill the first
 * five with it as far as the catalog holds it (precision@5 at least 0.95, issue 29, item 17), and no
 * query may come back empty.
 */
describe('search evaluation on the demo catalog', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let evaluation: Evaluation
  let catalog: SearchService

  beforeAll(async () => {
    database = await freshDatabase()
    catalog = new SearchService(database.db, new CatalogService(database.db))
    evaluation = await evaluateSearch(database.db, catalog)
  })
  afterAll(async () => {
    await database.close()
  })

  it('judges queries that can succeed: each has a product of grade 2 in the catalog', () => {
    expect(evaluation.outcomes.filter((outcome) => outcome.ideal === 0).map((outcome) => outcome.q)).toEqual([])
  })

  it('has no query without results', () => {
    expect(evaluation.outcomes.filter((outcome) => outcome.results === 0).map((outcome) => outcome.q)).toEqual([])
  })

  it('finds what was meant among the first three for at least 95 % of the queries', () => {
    const misses = evaluation.outcomes.filter((outcome) => !outcome.success)
    expect(
      evaluation.successAt3,
      `success@3 ${evaluation.successAt3.toFixed(3)}, nDCG@10 ${evaluation.ndcgAt10.toFixed(3)}; misses: ${JSON.stringify(misses, null, 1)}`,
    ).toBeGreaterThanOrEqual(0.95)
  })

  it('fills the first five with what was meant, as far as the catalog holds it: precision@5 at least 0.95', () => {
    const weak = evaluation.outcomes
      .filter((outcome) => outcome.precision < 1)
      .map(({ q, precision, grades, top }) => ({ q, precision: precision.toFixed(2), grades, top }))
    expect(
      evaluation.precisionAt5,
      `precision@5 ${evaluation.precisionAt5.toFixed(3)}; below 1: ${JSON.stringify(weak, null, 1)}`,
    ).toBeGreaterThanOrEqual(0.95)
  })

  it("fills the first five perfectly for the issue's examples (issue 29, item 17)", () => {
    const examples = ['blak dres', 'black dress', 'linnen trousers', 'linen trousers', 'กางเกงขายาวผ้าลินิน', 'เสื้อเชิ้ตสีขาว']
    const outcomes = evaluation.outcomes.filter((outcome) => examples.includes(outcome.q))
    expect(outcomes.map((outcome) => outcome.q).sort()).toEqual([...examples].sort())
    expect(
      outcomes.filter((outcome) => outcome.precision < 1).map(({ q, grades, top }) => ({ q, grades, top })),
    ).toEqual([])
  })

  it('ranks linen trousers before linen shorts for กางเกงลินิน, and type before colour', async () => {
    const trousers = await catalog.search('กางเกงลินิน', 'th', 'thb', 1, 5)
    expect(trousers.items[0]?.category.slug).toBe('trousers')
    const blackDresses = await catalog.search('เดรสสีดำ', 'th', 'thb', 1, 40)
    const firstOther = blackDresses.items.findIndex((item) => item.color.slug !== 'black')
    expect(blackDresses.items.slice(0, firstOther).every((item) => item.category.slug === 'dresses')).toBe(true)
    // After the black dresses come the other dresses, before black things that are not dresses.
    expect(blackDresses.items[firstOther]?.category.slug).toBe('dresses')
  })

  it('lowers, rather than empties, a result for a word the catalog does not know', async () => {
    const known = await catalog.search('linen dress', 'en', 'thb', 1, 10)
    const withUnknown = await catalog.search('linen dress zzqqxxjj', 'en', 'thb', 1, 10)
    expect(withUnknown.total).toBe(known.total)
    expect(withUnknown.items.map((item) => item.id)).toEqual(known.items.map((item) => item.id))
  })

  it('offers a corrected query and, with no results, categories and products to look at instead', async () => {
    const typo = await catalog.search('sneekers', 'en', 'thb', 1, 10)
    expect(typo.did_you_mean).toBe('sneakers')
    expect(typo.total).toBeGreaterThan(0)
    const nothing = await catalog.search('zzqqxxjj', 'th', 'thb', 1, 10)
    expect(nothing.total).toBe(0)
    expect(nothing.alternatives?.categories.length).toBeGreaterThan(0)
    expect(nothing.alternatives?.categories.map((category) => category.name)).toContain('เดรส')
    expect(nothing.alternatives?.products.length).toBeGreaterThan(0)
  })

  it('suggests the category a known word means and products with a thumbnail and a price in the currency', async () => {
    const result = await catalog.suggestions('ชุดเดรส', 'en', 'usd')
    expect(result.suggestions[0]).toMatchObject({ kind: 'category', id: 'dresses', price: null })
    const product = result.suggestions.find((suggestion) => suggestion.kind === 'product')
    expect(product?.image).not.toBeNull()
    expect(product?.price?.currency).toBe('usd')
  })
})

/**
 * A database indexed by an older version of search (a deploy over an existing data directory) is re-indexed at
 * start-up, in one transaction: search works at once, and a second start does nothing.
 */
describe('the search index after an upgrade', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>

  beforeAll(async () => {
    database = await freshDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('is left alone when it matches this version (the seed marks it)', async () => {
    expect(await ensureSearchIndex(database)).toBe(false)
  })

  it('is rebuilt when it was built by another version, and then found current', async () => {
    const catalog = new SearchService(database.db, new CatalogService(database.db))
    const before = await catalog.search('กระโปรงยีนส์', 'th', 'thb', 1, 10)
    expect(before.total).toBeGreaterThan(0)
    // An old index: another version, and postings the new analysis never wrote (its concepts missing).
    await database.db.update(appSecrets).set({ value: '1:old' }).where(eq(appSecrets.name, 'search-index-version'))
    await database.db.delete(productSearchTerms).where(like(productSearchTerms.term, '~%'))
    expect((await catalog.search('กระโปรงยีนส์', 'th', 'thb', 1, 10)).total).toBeLessThan(before.total)

    expect(await ensureSearchIndex(database)).toBe(true)
    const [version] = await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'search-index-version'))
    expect(version?.value).toBe(SEARCH_INDEX_VERSION)
    const after = await catalog.search('กระโปรงยีนส์', 'th', 'thb', 1, 10)
    expect(after.total).toBe(before.total)
    expect(after.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id))
    expect(await ensureSearchIndex(database)).toBe(false)
  })
})
