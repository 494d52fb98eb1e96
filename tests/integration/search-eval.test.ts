import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CatalogService } from '~/api/catalog.service'
import { evaluateSearch, type Evaluation } from '../search-eval/evaluate'
import { freshDatabase } from './database'

/**
 * Regression guard of search quality (decision 018): the judged queries of tests/search-eval on the
 * demo catalog must find what was meant among the first three at least 95 % of the time, and no query
 * may come back empty.
 */
describe('search evaluation on the demo catalog', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let evaluation: Evaluation

  beforeAll(async () => {
    database = await freshDatabase()
    evaluation = await evaluateSearch(database.db, new CatalogService(database.db))
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
})
