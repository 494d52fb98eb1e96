/**
 * Search evaluation (decision 090): the queries of queries.json, judged by predicates over product
 * attributes (category slug, product-type words of the English name, colour slug, material) rather than
 * product ids, so the judgements hold when the catalog changes. Graded relevance: 2 is what the shopper
 * meant, 1 is partly that. Reports success@3 (a grade-2 product among the first three), precision@5 (see
 * precisionAt5), nDCG@10 and the queries with no results.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Db } from '~/db/client.server'
import { products } from '~/db/schema'
import type { SearchService } from '~/api/catalog/search.service'

const rule = z.object({
  grade: z.union([z.literal(1), z.literal(2)]),
  category: z.array(z.string()).optional(),
  type: z.array(z.string()).optional(),
  color: z.array(z.string()).optional(),
  material: z.array(z.string()).optional(),
})

const judgedQuery = z.object({
  q: z.string().min(1),
  lang: z.enum(['th', 'en']),
  kind: z.string(),
  relevant: z.array(rule).min(1),
})

export type JudgedQuery = z.infer<typeof judgedQuery>
export type Rule = z.infer<typeof rule>

export function loadQueries(): JudgedQuery[] {
  const text = readFileSync(new URL('./queries.json', import.meta.url), 'utf8')
  return z.array(judgedQuery).parse(JSON.parse(text))
}

export type JudgedProduct = {
  id: string
  familyId: string
  nameEn: string
  categorySlug: string
  colorSlug: string
  materialEn: string
}

/** Words of an English name, each also without a plural s (so "dress" judges "Dresses" too). */
function nameText(name: string): string {
  return ` ${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `
}

function hasType(product: JudgedProduct, words: string[]): boolean {
  const text = nameText(product.nameEn)
  return words.some((word) => {
    const wanted = nameText(word).trim()
    return text.includes(` ${wanted} `) || text.includes(` ${wanted}s `) || text.includes(` ${wanted}es `)
  })
}

function matches(product: JudgedProduct, judged: Rule): boolean {
  if (judged.category && !judged.category.includes(product.categorySlug)) return false
  if (judged.color && !judged.color.includes(product.colorSlug)) return false
  const material = product.materialEn.toLowerCase()
  if (judged.material && !judged.material.some((word) => material.includes(word))) return false
  if (judged.type && !hasType(product, judged.type)) return false
  return true
}

export function grade(product: JudgedProduct, query: JudgedQuery): number {
  return Math.max(0, ...query.relevant.filter((judged) => matches(product, judged)).map((judged) => judged.grade))
}

/** How many of the first results precision is taken over (issue 29, item 17: "its first five results"). */
export const PRECISION_DEPTH = 5

/**
 * Graded precision of the first five cards (or of all, when fewer are shown) against the best cards the catalog allows
 * in as many places: as many cards of what was meant (grade 2) as the catalog has families of it, and the rest at least
 * partly relevant (grade 1 or 2) as far as the catalog has such families. 1 when the first five are as good as they
 * can be; a weak match (grade 0) among them where a relevant one was possible, or a partial one where one meant was
 * possible, lowers it. Precision, not recall: a short answer of only what was meant scores 1 (success@3 and nDCG@10
 * see what is missing).
 */
export function precisionAt5(grades: readonly number[], families: readonly number[]): number {
  const top = grades.slice(0, PRECISION_DEPTH)
  const best = [...families].sort((a, b) => b - a).slice(0, top.length)
  const count = (list: readonly number[], least: number) => list.filter((g) => g >= least).length
  const possible = count(best, 2) + count(best, 1)
  if (possible === 0) return 0
  return (Math.min(count(top, 2), count(best, 2)) + Math.min(count(top, 1), count(best, 1))) / possible
}

const dcg = (grades: number[]) => grades.reduce((sum, g, index) => sum + (2 ** g - 1) / Math.log2(index + 2), 0)

export type QueryOutcome = {
  q: string
  lang: string
  kind: string
  results: number
  top: string[]
  success: boolean
  /** precisionAt5 of this query, and the grades of its first five cards. */
  precision: number
  grades: number[]
  ndcg: number
  /** How many catalog products this query's judgements call grade 2 (0: the query cannot succeed). */
  ideal: number
}

export type Evaluation = {
  queries: number
  successAt3: number
  precisionAt5: number
  ndcgAt10: number
  zeroResults: number
  outcomes: QueryOutcome[]
}

/** Runs every judged query through SearchService.search (first page of 10) and scores the answers. */
export async function evaluateSearch(db: Db, catalog: SearchService): Promise<Evaluation> {
  const rows: JudgedProduct[] = await db
    .select({
      id: products.id,
      familyId: products.familyId,
      nameEn: products.nameEn,
      categorySlug: products.categorySlug,
      colorSlug: products.colorSlug,
      materialEn: products.materialEn,
    })
    .from(products)
  const byId = new Map(rows.map((row) => [row.id, row]))
  const outcomes: QueryOutcome[] = []
  for (const query of loadQueries()) {
    const result = await catalog.search(query.q, query.lang, 'thb', 1, 10)
    const found = result.items.flatMap((item) => byId.get(item.id) ?? [])
    const grades = found.map((product) => grade(product, query))
    // Search shows one card per family (its best colour for the query), so the ideal ranking is one per family too.
    const bestOfFamily = new Map<string, number>()
    for (const product of rows) {
      bestOfFamily.set(product.familyId, Math.max(bestOfFamily.get(product.familyId) ?? 0, grade(product, query)))
    }
    const families = [...bestOfFamily.values()]
    const ideal = [...families].sort((a, b) => b - a).slice(0, 10)
    const idealDcg = dcg(ideal)
    outcomes.push({
      q: query.q,
      lang: query.lang,
      kind: query.kind,
      results: result.total,
      top: found.slice(0, PRECISION_DEPTH).map((product) => `${product.nameEn} (${product.colorSlug})`),
      success: grades.slice(0, 3).includes(2),
      precision: precisionAt5(grades, families),
      grades: grades.slice(0, PRECISION_DEPTH),
      ndcg: idealDcg === 0 ? 0 : dcg(grades) / idealDcg,
      ideal: rows.filter((product) => grade(product, query) === 2).length,
    })
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
  return {
    queries: outcomes.length,
    successAt3: mean(outcomes.map((outcome) => (outcome.success ? 1 : 0))),
    precisionAt5: mean(outcomes.map((outcome) => outcome.precision)),
    ndcgAt10: mean(outcomes.map((outcome) => outcome.ndcg)),
    zeroResults: outcomes.filter((outcome) => outcome.results === 0).length,
    outcomes,
  }
}
