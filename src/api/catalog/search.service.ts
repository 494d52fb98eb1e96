import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { categories, products, productSearchTerms, searchTerms, variants, type ProductRow } from '~/db/schema'
import { CONCEPTS } from '~/domain/search-lexicon'
import {
  analyseQuery,
  CLOSE_CONCEPT_WEIGHT,
  conceptTerm,
  correctedQuery,
  GROUP_IMPORTANCE,
} from '~/domain/search-query'
import { DEFAULT_PAGE_SIZE, type CurrencyCode, type Lang } from '~/contract/catalog'
import { imageWire, money, pick } from './localise'
import { matchTier, resultOrder, type MatchTier, type TierPlan } from './search-rank'
import { SearchIndex, type Candidate, type SearchLimits } from './search-index'
import { totalPages, type CatalogService } from './catalog.service'
import { NO_PICTURE } from './product-cards'

/** Search: how many vocabulary candidates a query word may expand to, and how they count. */
const CANDIDATES_PER_WORD = 12
const PREFIX_MIN_LENGTH = 3
const PREFIX_WEIGHT = 0.8
const FUZZY_WEIGHT = 0.7
const SUGGESTED_PRODUCTS = 6
const SUGGESTED_CATEGORIES = 3
const ALTERNATIVE_PRODUCTS = 4

type RankedPage = { ids: string[]; total: number; totalIsLowerBound: boolean }

const HOME_CATEGORIES = new Map(CONCEPTS.map((concept) => [concept.id, concept.category]))
const homeCategory = (id: string): string | undefined => HOME_CATEGORIES.get(id)

/** Each family once, at its first row in the given order (the best-ranked colour of a search). */
export function firstOfEachFamily<T extends { familyId: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>()
  return rows.filter((row) => {
    if (seen.has(row.familyId)) return false
    seen.add(row.familyId)
    return true
  })
}

/**
 * Search ranks colours and shows families: a page ranks this many colours per card it shows, so a page stays full
 * when the best matches are several colours of one model, and the ranking stays as shallow as the page (the bounded
 * ranking of decision 087 reads only as deep as it must).
 */
const SEARCH_ROWS_PER_CARD = 3

/**
 * Search orders this many ranked rows (colours) by how closely they match (search-rank.ts, resultOrder): the same rows
 * for every page, so pages never repeat or skip a card. As many as the first page of the shop's size ranks anyway
 * (three colours per card), so the first page costs no deeper ranking; past them, rank order.
 */
const SEARCH_ORDERED_ROWS = DEFAULT_PAGE_SIZE * SEARCH_ROWS_PER_CARD

/**
 * Search and suggestions (decision 018): a query analysed into groups of candidate index terms, ranked by the
 * search index, ordered by how closely each product matches, shown as the catalog's cards.
 */
export class SearchService {
  private readonly index: SearchIndex

  constructor(
    private readonly db: Db,
    private readonly catalog: Pick<CatalogService, 'summaries' | 'listCategories'>,
    options: { searchLimits?: SearchLimits } = {},
  ) {
    this.index = new SearchIndex(db, options.searchLimits)
  }

  /**
   * Candidate index terms of one unknown query word: the word itself, words it begins, and words within
   * trigram similarity (typos), each with how much a match counts and how it matched.
   */
  private async candidates(word: string): Promise<Candidate[]> {
    const similarity = sql<number>`similarity(${searchTerms.term}, ${word})`
    const conditions = [eq(searchTerms.term, word), sql`${searchTerms.term} % ${word}`]
    if (word.length >= PREFIX_MIN_LENGTH) conditions.push(like(searchTerms.term, `${escapeLike(word)}%`))
    const rows = await this.db
      .select({ term: searchTerms.term, similarity })
      .from(searchTerms)
      .where(or(...conditions))
      .orderBy(desc(similarity))
      .limit(CANDIDATES_PER_WORD)
    const exact = rows.some((row) => row.term === word)
    return (
      rows
        // With the word itself indexed, longer words that start with it (dress → dresses, เดรส → เดรสยาว)
        // only repeat its products at a lower weight: leave them out.
        .filter((row) => !exact || row.term === word || !row.term.startsWith(word))
        .map((row) => {
          const match = row.term === word ? 'exact' : row.term.startsWith(word) ? 'prefix' : 'fuzzy'
          const weight = match === 'exact' ? 1 : match === 'prefix' ? PREFIX_WEIGHT : row.similarity * FUZZY_WEIGHT
          return { term: row.term, weight, match, close: match !== 'fuzzy', home: null }
        })
    )
  }

  /**
   * A query analysed (decision 018) into groups of candidate index terms: known words stand for their
   * concept terms, unknown words for the index words they spell, begin or nearly spell. Each weight
   * already holds how much its group counts (product types above unknown words above colour and material).
   */
  private async queryPlan(query: string) {
    const analysed = analyseQuery(query)
    const replacements = new Map<string, string>()
    const groups = await Promise.all(
      analysed.groups.map(async (group): Promise<Candidate[]> => {
        const importance = GROUP_IMPORTANCE[group.kind]
        if (group.kind !== 'word') {
          return group.concepts.map((concept) => {
            const close = concept.weight >= CLOSE_CONCEPT_WEIGHT
            return {
              term: conceptTerm(concept.id),
              weight: concept.weight * importance,
              match: 'exact' as const,
              close,
              home: close && group.kind === 'type' ? (homeCategory(concept.id) ?? null) : null,
            }
          })
        }
        const found = await this.candidates(group.word)
        const best = found[0]
        if (best && best.match === 'fuzzy' && !found.some((candidate) => candidate.match !== 'fuzzy')) {
          replacements.set(group.word, best.term)
        }
        return found.map((candidate) => ({ ...candidate, weight: candidate.weight * importance }))
      }),
    )
    return { analysed, replacements, groups: groups.filter((list) => list.length > 0) }
  }

  /**
   * Ranked search: products that match more of the query's groups come first (all words before some);
   * among them, scores add up by what matched and where (a product type in the name above a colour),
   * newest first on ties. A word the catalog does not know matches nothing and so only lowers the rank
   * of nothing: it never empties the result.
   */
  async rankedProductIds(query: string, limit: number, offset: number): Promise<string[]> {
    return this.index.rank((await this.queryPlan(query)).groups, limit, offset)
  }

  private async rankPlan(groups: Candidate[][], limit: number, offset: number): Promise<RankedPage> {
    if (groups.length === 0) return { ids: [], total: 0, totalIsLowerBound: false }
    const terms = [...new Set(groups.flat().map((candidate) => candidate.term))]
    const [ids, counted] = await Promise.all([this.index.rank(groups, limit, offset), this.index.countMatches(terms)])
    return { ids, total: counted.total, totalIsLowerBound: counted.lowerBound }
  }

  private async productsInOrder(ids: string[]): Promise<ProductRow[]> {
    // The index holds published models only (decision 195); a model unpublished meanwhile is left out all the same.
    const rows = ids.length
      ? await this.db
          .select()
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.status, 'published')))
      : []
    const byId = new Map(rows.map((row) => [row.id, row]))
    return ids.flatMap((id) => {
      const row = byId.get(id)
      return row ? [row] : []
    })
  }

  /**
   * What to offer when nothing matched: the categories that hold products, and the newest products (the
   * demo shop has no sales history to call anything popular).
   */
  private async alternatives(lang: Lang, currency: CurrencyCode) {
    const [categoryList, newest] = await Promise.all([
      this.catalog.listCategories(lang),
      this.db
        .select()
        .from(products)
        .where(eq(products.status, 'published'))
        .orderBy(desc(products.createdAt), asc(products.id))
        .limit(ALTERNATIVE_PRODUCTS),
    ])
    return {
      categories: categoryList
        .filter((category) => category.product_count > 0)
        .map((category) => ({ slug: category.slug, name: category.name })),
      products: await this.catalog.summaries(newest, lang, currency),
    }
  }

  /**
   * How closely each ranked product matches the query (search-rank.ts, matchTier), whether it can be bought online,
   * and its family: one read of the products and one of the close terms' postings of these products.
   */
  private async matchFacts(ids: string[], groups: Candidate[][]) {
    const plan: TierPlan = {
      groups: groups
        .map((list) => new Set(list.filter((candidate) => candidate.close).map((candidate) => candidate.term)))
        .filter((terms) => terms.size > 0),
      types: groups
        .filter((list) => list.some((candidate) => candidate.home !== null))
        .map((list) => new Set(list.filter((candidate) => candidate.close).map((candidate) => candidate.term))),
      homes: new Set(groups.flat().flatMap((candidate) => candidate.home ?? [])),
    }
    const closeTerms = [...new Set(plan.groups.flatMap((terms) => [...terms]))]
    const [rows, postings] = await Promise.all([
      ids.length
        ? this.db
            .select({
              id: products.id,
              familyId: products.familyId,
              categorySlug: products.categorySlug,
              buyable: sql<boolean>`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.stockOnline} > 0)`,
            })
            .from(products)
            .where(and(inArray(products.id, ids), eq(products.status, 'published')))
        : [],
      ids.length && closeTerms.length
        ? this.db
            .select({ productId: productSearchTerms.productId, term: productSearchTerms.term })
            .from(productSearchTerms)
            .where(and(inArray(productSearchTerms.term, closeTerms), inArray(productSearchTerms.productId, ids)))
        : [],
    ])
    const termsOf = new Map<string, Set<string>>()
    for (const posting of postings) {
      const terms = termsOf.get(posting.productId) ?? new Set<string>()
      terms.add(posting.term)
      termsOf.set(posting.productId, terms)
    }
    return new Map(
      rows.map((row) => [
        row.id,
        {
          familyId: row.familyId,
          buyable: Boolean(row.buyable),
          tier: matchTier(plan, row.categorySlug, termsOf.get(row.id) ?? new Set()),
        },
      ]),
    )
  }

  /**
   * Search pages show families (one card per model, its best-ranked colour): the colours ranked down to the page's
   * end (three per card) are grouped. When that reaches every match, the count is of families; otherwise it is the
   * ranking's count of matching colours (known limitation: the last pages of a long result can then be short).
   *
   * Issue 29, item 17: the first ranked colours (SEARCH_ORDERED_ROWS) are shown by how closely they match, what was
   * asked for first, buyable before sold out (resultOrder); `weak_from` is the position of the first card that is a
   * weaker match, where the page draws its divider (null when no card so far is).
   */
  async search(query: string, lang: Lang, currency: CurrencyCode, page: number, pageSize: number) {
    const plan = await this.queryPlan(query)
    const offset = (page - 1) * pageSize
    const window = Math.max((offset + pageSize) * SEARCH_ROWS_PER_CARD, SEARCH_ORDERED_ROWS)
    const ranked = await this.rankPlan(plan.groups, window, 0)
    const facts = await this.matchFacts(ranked.ids, plan.groups)
    const rows = ranked.ids.map((id) => {
      const fact = facts.get(id)
      return {
        id,
        familyId: fact?.familyId ?? id,
        tier: fact?.tier ?? (3 as MatchTier),
        buyable: fact?.buyable ?? false,
      }
    })
    const cards = firstOfEachFamily(resultOrder(rows, SEARCH_ORDERED_ROWS))
    // Every ranked colour was seen: the families are counted exactly. Otherwise the ranking's count of colours
    // stands (itself a lower bound past the cap).
    const exact = ranked.ids.length < window && !ranked.totalIsLowerBound
    const total = exact ? cards.length : ranked.total
    const totalIsLowerBound = !exact && ranked.totalIsLowerBound
    const weakFrom = cards.findIndex((card) => card.tier > 0)
    const ordered = await this.productsInOrder(cards.slice(offset, offset + pageSize).map((card) => card.id))
    return {
      query: normaliseQuery(query),
      // One card per family: its best-ranked colour, with the family's swatches.
      items: await this.catalog.summaries(ordered, lang, currency),
      page,
      page_size: pageSize,
      total,
      total_is_lower_bound: totalIsLowerBound,
      total_pages: totalPages(total, pageSize),
      weak_from: weakFrom < 0 ? null : weakFrom,
      did_you_mean: correctedQuery(plan.analysed, plan.replacements),
      alternatives: total === 0 ? await this.alternatives(lang, currency) : null,
    }
  }

  async suggestions(query: string, lang: Lang, currency: CurrencyCode = 'thb') {
    const term = normaliseQuery(query)
    const like = `%${escapeLike(term)}%`
    // Categories the query names by a known word (ชุดเดรส → Dresses) or spells part of.
    const homes = analyseQuery(term).groups.flatMap((group) =>
      group.kind === 'type' ? group.concepts.flatMap((concept) => homeCategory(concept.id) ?? []) : [],
    )
    const [categoryRows, ranked] = await Promise.all([
      this.db
        .select()
        .from(categories)
        .where(
          or(
            sql`${categories.nameTh} ilike ${like}`,
            sql`${categories.nameEn} ilike ${like}`,
            homes.length ? inArray(categories.slug, homes) : undefined,
          ),
        )
        .orderBy(asc(categories.position)),
      this.rankedProductIds(term, SUGGESTED_PRODUCTS, 0),
    ])
    const categoryOrder = (slug: string) => (homes.includes(slug) ? homes.indexOf(slug) : homes.length)
    const productRows = await this.productsInOrder(ranked)
    return {
      query: term,
      suggestions: [
        ...[...categoryRows]
          .sort((a, b) => categoryOrder(a.slug) - categoryOrder(b.slug))
          .slice(0, SUGGESTED_CATEGORIES)
          .map((row) => ({
            kind: 'category' as const,
            id: row.slug,
            name: pick(lang, row.nameTh, row.nameEn),
            image: null,
            price: null,
          })),
        // One suggestion per family: its best-ranked colour.
        ...firstOfEachFamily(productRows).map((product) => ({
          kind: 'product' as const,
          id: product.id,
          family_id: product.familyId,
          color_slug: product.colorSlug,
          name: pick(lang, product.nameTh, product.nameEn),
          image: imageWire(product.images[0] ?? NO_PICTURE, lang),
          price: money(currency === 'thb' ? product.priceThb : product.priceUsd, currency),
        })),
      ],
    }
  }
}

/** Search terms are matched lower-cased with single spaces (Thai has no case; English does). */
export function normaliseQuery(query: string): string {
  return query.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
