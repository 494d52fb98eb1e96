import { and, asc, desc, eq, exists, gt, gte, inArray, like, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { resultRows, type Db } from '~/db/client.server'
import {
  categories,
  collectionProducts,
  collections,
  contentPages,
  editorials,
  productRelations,
  products,
  productSearchTerms,
  searchTerms,
  stores,
  storeStock,
  variants,
  type ProductRow,
  type RelationKind,
  type RichBlock,
  type StoreRow,
} from '~/db/schema'
import { CONCEPTS } from '~/domain/search-lexicon'
import {
  analyseQuery,
  CLOSE_CONCEPT_WEIGHT,
  conceptTerm,
  correctedQuery,
  GROUP_IMPORTANCE,
} from '~/domain/search-query'
import { imageWire, mapUrl, money, pick } from './localise'
import {
  compareRanked,
  hittingGroups,
  matchTier,
  resultOrder,
  windowSettles,
  type MatchTier,
  type RankedRow,
  type TierPlan,
} from './search-rank'
import { DEFAULT_PAGE_SIZE } from '~/contract/catalog'
import type {
  CurrencyCode,
  FamilyColorWire,
  Lang,
  ProductDetailWire,
  ProductPageWire,
  ProductSummaryWire,
  RichBlockWire,
  StoreWire,
} from '~/contract/catalog'

export type ProductListFilters = {
  lang: Lang
  currency: CurrencyCode
  category?: string
  collection?: string
  gender?: 'men' | 'women' | 'unisex'
  tag?: 'sale' | 'club' | 'mix_match' | 'new'
  size?: string
  color?: string
  min_price?: number
  max_price?: number
  available?: 'true' | 'false'
  sort: 'newest' | 'price_asc' | 'price_desc'
  page: number
  page_size: number
}

/** Search: how many vocabulary candidates a query word may expand to, and how they count. */
const CANDIDATES_PER_WORD = 12
const PREFIX_MIN_LENGTH = 3
const PREFIX_WEIGHT = 0.8
const FUZZY_WEIGHT = 0.7
const SUGGESTED_PRODUCTS = 6
const SUGGESTED_CATEGORIES = 3
const ALTERNATIVE_PRODUCTS = 4
/** How much work search may do (issue 3's budget); the defaults hold it at 100,000 products. */
export type SearchLimits = {
  /** Totals are exact up to this many products, and "at least" past it. */
  totalCap: number
  /** Multi-word ranking's recency window (see rankWords): postings per index run, first and at most. */
  windowStart: number
  windowMax: number
  /** How many older postings a group may hold for its products to be scored one by one (rankOlder). */
  hittingMax: number
}

export const SEARCH_LIMITS: SearchLimits = { totalCap: 1000, windowStart: 2000, windowMax: 16_000, hittingMax: 2000 }
const RANK_WINDOW_GROWTH = 4

type RankedPage = { ids: string[]; total: number; totalIsLowerBound: boolean }

/**
 * A query word's index term: how much it counts, how it matched, whether it is a close match of the word (the concept
 * named, or one as good: CLOSE_CONCEPT_WEIGHT; the word itself or a longer one it begins, not a typo guess), and for
 * a close product type, its home category (the category a query naming it shows first).
 */
type Candidate = {
  term: string
  weight: number
  match: 'exact' | 'prefix' | 'fuzzy'
  close: boolean
  home: string | null
}

const HOME_CATEGORIES = new Map(CONCEPTS.map((concept) => [concept.id, concept.category]))
const homeCategory = (id: string): string | undefined => HOME_CATEGORIES.get(id)

/**
 * Stock at or under this many units is shown as "only a few left". Migration 0015 compares stock against it (a
 * change of stock that crosses it is a change of the catalog): change both together.
 */
const LOW_STOCK = 2
const RELATED_LIMIT = 8

/** The same table again, for "no earlier colour of the family matches" (one card per family). */
const earlier = alias(products, 'earlier_colour')
type ProductsTable = typeof products | typeof earlier
const priceColumn = (currency: CurrencyCode, table: ProductsTable = products) =>
  currency === 'thb' ? table.priceThb : table.priceUsd

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

function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * A listing's counts (its total and its filters' options) for as long as the listing's HTTP freshness (30 s): they
 * scan every matching row, which at 100,000 products costs far more than the page of cards, and they are the same
 * for every shopper of the listing. Pages, sorts and languages share them.
 */
const LISTING_COUNTS_MS = 30_000
const LISTING_COUNTS_ENTRIES = 500

class TimedCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>()
  constructor(
    private readonly ms: number,
    private readonly size: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.until > now) return hit.value
    if (this.ms <= 0) return load()
    const value = load()
    this.entries.delete(key)
    this.entries.set(key, { until: now + this.ms, value })
    // A failed count is not kept: the next request asks again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    // The oldest entry goes first once the cache is full.
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value ?? key)
    return value
  }
}

const windowRow = z.object({
  id: z.string().nullable(),
  groups: z.number().nullable(),
  score: z.number().nullable(),
  rank: z.number().nullable(),
  floor: z.number().nullable(),
  best: z.array(z.number().nullable()).nullable(),
})

function rankedRows(rows: ReadonlyArray<z.infer<typeof windowRow>>): RankedRow[] {
  return rows.flatMap((row) =>
    row.id === null ? [] : [{ id: row.id, groups: row.groups ?? 0, score: row.score ?? 0, rank: row.rank ?? 0 }],
  )
}

/** The query's candidates as VALUES rows (term, group, weight). */
function candidateValues(groups: Candidate[][]): SQL {
  return sql.join(
    groups.flatMap((list, group) =>
      list.map((candidate) => sql`(${candidate.term}::text, ${group}::int, ${candidate.weight}::real)`),
    ),
    sql`, `,
  )
}

/** A product's best score in each group, over rows `h` of (grp, score). */
const groupScores = (groups: Candidate[][]) =>
  groups.map((_, group) => sql`max(h.score) FILTER (WHERE h.grp = ${sql.raw(String(group))})`)

const groupsMatched = (groups: Candidate[][]) =>
  sql.join(
    groupScores(groups).map((score) => sql`(${score} IS NOT NULL)::int`),
    sql` + `,
  )

const scoreSum = (groups: Candidate[][]) =>
  sql.join(
    groupScores(groups).map((score) => sql`coalesce(${score}, 0)`),
    sql` + `,
  )

/** Catalog queries of the product API: rows in, wire objects (snake_case, one language) out. */
export class CatalogService {
  private readonly totals: TimedCache<number>
  private readonly facetRows: TimedCache<Awaited<ReturnType<CatalogService['loadFacets']>>>
  private readonly limits: SearchLimits

  constructor(
    private readonly db: Db,
    options: { listingCountsMs?: number; searchLimits?: SearchLimits } = {},
  ) {
    const ms = options.listingCountsMs ?? LISTING_COUNTS_MS
    this.totals = new TimedCache(ms, LISTING_COUNTS_ENTRIES)
    this.facetRows = new TimedCache(ms, LISTING_COUNTS_ENTRIES)
    this.limits = options.searchLimits ?? SEARCH_LIMITS
  }

  private async categoryNames(lang: Lang): Promise<Map<string, string>> {
    const rows = await this.db.select().from(categories)
    return new Map(rows.map((row) => [row.slug, pick(lang, row.nameTh, row.nameEn)]))
  }

  /** Cards for these products, in the given order, with their sizes' online availability. */
  async summaries(rows: ProductRow[], lang: Lang, currency: CurrencyCode): Promise<ProductSummaryWire[]> {
    if (rows.length === 0) return []
    const [names, variantRows, colorsByFamily] = await Promise.all([
      this.categoryNames(lang),
      this.db
        .select({ productId: variants.productId, size: variants.size, stock: variants.stockOnline })
        .from(variants)
        .where(
          inArray(
            variants.productId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(variants.productId), asc(variants.position)),
      this.familyColors(
        rows.map((row) => row.familyId),
        lang,
      ),
    ])
    const sizesByProduct = new Map<string, Array<{ size: string; available_online: boolean }>>()
    for (const variant of variantRows) {
      const list = sizesByProduct.get(variant.productId) ?? []
      list.push({ size: variant.size, available_online: variant.stock > 0 })
      sizesByProduct.set(variant.productId, list)
    }
    return rows.map((row) =>
      this.summary(row, lang, currency, names, sizesByProduct.get(row.id) ?? [], colorsByFamily.get(row.familyId)),
    )
  }

  /** The colours of these families, in order (swatches); uses the (family_id, color_position) index. */
  private async familyColors(familyIds: string[], lang: Lang): Promise<Map<string, FamilyColorWire[]>> {
    const unique = [...new Set(familyIds)]
    const byFamily = new Map<string, FamilyColorWire[]>()
    if (unique.length === 0) return byFamily
    const rows = await this.db
      .select({
        id: products.id,
        familyId: products.familyId,
        slug: products.colorSlug,
        nameTh: products.colorNameTh,
        nameEn: products.colorNameEn,
        hex: products.colorHex,
      })
      .from(products)
      .where(inArray(products.familyId, unique))
      .orderBy(asc(products.familyId), asc(products.colorPosition), asc(products.id))
    for (const row of rows) {
      const list = byFamily.get(row.familyId) ?? []
      list.push({ product_id: row.id, slug: row.slug, name: pick(lang, row.nameTh, row.nameEn), hex: row.hex })
      byFamily.set(row.familyId, list)
    }
    return byFamily
  }

  private summary(
    row: ProductRow,
    lang: Lang,
    currency: CurrencyCode,
    names: Map<string, string>,
    sizes: Array<{ size: string; available_online: boolean }>,
    familyColors: FamilyColorWire[] | undefined,
  ): ProductSummaryWire {
    const color = { slug: row.colorSlug, name: pick(lang, row.colorNameTh, row.colorNameEn), hex: row.colorHex }
    const compareAt = currency === 'thb' ? row.compareAtThb : row.compareAtUsd
    const [first, second] = row.images
    const fallbackImage = { path: 'products/none/1.svg', width: 1200, height: 1600, altTh: '', altEn: '' }
    return {
      id: row.id,
      family_id: row.familyId,
      name: pick(lang, row.nameTh, row.nameEn),
      category: { slug: row.categorySlug, name: names.get(row.categorySlug) ?? row.categorySlug },
      gender: row.gender,
      color,
      colors: familyColors ?? [{ ...color, product_id: row.id }],
      price: money(currency === 'thb' ? row.priceThb : row.priceUsd, currency),
      compare_at_price: compareAt === null ? null : money(compareAt, currency),
      tags: row.tags,
      image: imageWire(first ?? fallbackImage, lang),
      hover_image: second ? imageWire(second, lang) : null,
      available_online: sizes.some((size) => size.available_online),
      sizes,
    }
  }

  private listConditions(
    filters: ProductListFilters,
    withFacetFilters: boolean,
    table: ProductsTable = products,
  ): SQL[] {
    const conditions: SQL[] = []
    if (filters.category) conditions.push(eq(table.categorySlug, filters.category))
    if (filters.gender) conditions.push(eq(table.gender, filters.gender))
    if (filters.tag) conditions.push(sql`${filters.tag} = ANY(${table.tags})`)
    if (filters.collection) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(collectionProducts)
            .where(
              and(
                // Collections hold families (the first colour's id).
                eq(collectionProducts.productId, table.familyId),
                eq(collectionProducts.collectionSlug, filters.collection),
              ),
            ),
        ),
      )
    }
    if (!withFacetFilters) return conditions
    if (filters.color) conditions.push(eq(table.colorSlug, filters.color))
    const price = priceColumn(filters.currency, table)
    if (filters.min_price !== undefined) conditions.push(gte(price, filters.min_price * 100))
    if (filters.max_price !== undefined) conditions.push(lte(price, filters.max_price * 100))
    const wantsStock = filters.available === 'true'
    if (filters.size || wantsStock) {
      const variantConditions = [eq(variants.productId, table.id)]
      if (filters.size) variantConditions.push(eq(variants.size, filters.size))
      if (wantsStock) variantConditions.push(gt(variants.stockOnline, 0))
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(variants)
            .where(and(...variantConditions)),
        ),
      )
    }
    return conditions
  }

  /**
   * One card per family: the family's first colour that satisfies every filter (with a colour filter,
   * that colour). Pages, totals and facet counts count families.
   */
  async listProducts(filters: ProductListFilters): Promise<ProductPageWire> {
    const where = and(...this.listConditions(filters, true))
    // No earlier colour of the same family matches: an anti-join on the (family_id, color_position) index,
    // so the newest-first page still walks the created_at index and stops after one page.
    const firstMatching = and(
      where,
      notExists(
        this.db
          .select({ one: sql`1` })
          .from(earlier)
          .where(
            and(
              eq(earlier.familyId, products.familyId),
              lt(earlier.colorPosition, products.colorPosition),
              ...this.listConditions(filters, true, earlier),
            ),
          ),
      ),
    )
    const baseWhere = and(...this.listConditions(filters, false))
    const price = priceColumn(filters.currency)
    const order =
      filters.sort === 'price_asc'
        ? [asc(price), desc(products.createdAt)]
        : filters.sort === 'price_desc'
          ? [desc(price), desc(products.createdAt)]
          : [desc(products.createdAt), asc(products.id)]
    const { page: _page, page_size: _pageSize, sort: _sort, lang: _lang, ...counted } = filters
    const facetKey = JSON.stringify([
      filters.category,
      filters.collection,
      filters.gender,
      filters.tag,
      filters.currency,
    ])
    const [rows, total, { sizeFacets, colorFacets, priceRange }] = await Promise.all([
      this.db
        .select()
        .from(products)
        .where(firstMatching)
        .orderBy(...order)
        .limit(filters.page_size)
        .offset((filters.page - 1) * filters.page_size),
      this.totals.get(JSON.stringify(counted), async () => {
        const [row] = await this.db
          .select({ value: sql<number>`count(distinct ${products.familyId})::int` })
          .from(products)
          .where(where)
        return row?.value ?? 0
      }),
      this.facetRows.get(facetKey, () => this.loadFacets(baseWhere, price)),
    ])
    return {
      items: await this.summaries(rows, filters.lang, filters.currency),
      page: filters.page,
      page_size: filters.page_size,
      total,
      total_pages: totalPages(total, filters.page_size),
      facets: {
        sizes: sortSizes(sizeFacets),
        colors: colorFacets.map((color) => ({
          slug: color.slug,
          name: pick(filters.lang, color.nameTh, color.nameEn),
          hex: color.hex,
          count: color.count,
        })),
        price:
          priceRange && priceRange.min !== null && priceRange.max !== null
            ? { min: priceRange.min, max: priceRange.max, currency: filters.currency }
            : null,
      },
    }
  }

  /** A listing's filter options (before the shopper's own filters): sizes, colours, the price range. */
  private async loadFacets(baseWhere: SQL | undefined, price: ReturnType<typeof priceColumn>) {
    const [sizeFacets, colorFacets, [priceRange]] = await Promise.all([
      this.db
        .select({ value: variants.size, count: sql<number>`count(distinct ${products.familyId})::int` })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(baseWhere)
        .groupBy(variants.size),
      this.db
        .select({
          slug: products.colorSlug,
          nameTh: products.colorNameTh,
          nameEn: products.colorNameEn,
          hex: products.colorHex,
          count: sql<number>`count(distinct ${products.familyId})::int`,
        })
        .from(products)
        .where(baseWhere)
        .groupBy(products.colorSlug, products.colorNameTh, products.colorNameEn, products.colorHex)
        .orderBy(asc(products.colorSlug)),
      this.db
        .select({ min: sql<number | null>`min(${price})::int`, max: sql<number | null>`max(${price})::int` })
        .from(products)
        .where(baseWhere),
    ])
    return { sizeFacets, colorFacets, priceRange }
  }

  /**
   * A model's related pieces, in the relation's order. Never the model itself (any colour of it) nor a model of the
   * same name in either language, and each name once (issue 29, item 18): "you may also like" is other models.
   */
  private async related(model: ProductRow, kind: RelationKind, lang: Lang, currency: CurrencyCode) {
    const rows = await this.db
      .select({ product: products })
      .from(productRelations)
      .innerJoin(products, eq(products.id, productRelations.relatedId))
      .where(
        and(
          eq(productRelations.productId, model.familyId),
          eq(productRelations.kind, kind),
          sql`${products.familyId} <> ${model.familyId}`,
          sql`${products.nameTh} <> ${model.nameTh}`,
          sql`${products.nameEn} <> ${model.nameEn}`,
        ),
      )
      .orderBy(asc(productRelations.position))
      .limit(RELATED_LIMIT)
    const names = new Set<string>()
    const distinct = rows
      .map((row) => row.product)
      .filter((product) => {
        const seen = names.has(product.nameTh) || names.has(product.nameEn)
        names.add(product.nameTh).add(product.nameEn)
        return !seen
      })
    return this.summaries(distinct, lang, currency)
  }

  /**
   * One colour of a product family with the family's colours. `id` is any colour's id (the family id is
   * its first colour's); `color` picks another colour of the same family, and an unknown colour is
   * ignored (the route then drops it from the URL).
   */
  async getProduct(id: string, lang: Lang, currency: CurrencyCode, color?: string): Promise<ProductDetailWire | null> {
    const [found] = await this.db.select().from(products).where(eq(products.id, id)).limit(1)
    if (!found) return null
    const [other] =
      color && color !== found.colorSlug
        ? await this.db
            .select()
            .from(products)
            .where(and(eq(products.familyId, found.familyId), eq(products.colorSlug, color)))
            .limit(1)
        : []
    const row = other ?? found
    id = row.id
    const [variantRows, inStore, [category], [summary], matchWith, alsoLike, familySizes] = await Promise.all([
      this.db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.position)),
      this.db
        .selectDistinct({ sku: storeStock.sku })
        .from(storeStock)
        .innerJoin(variants, eq(variants.sku, storeStock.sku))
        .where(and(eq(variants.productId, id), gt(storeStock.quantity, 0))),
      this.db.select().from(categories).where(eq(categories.slug, row.categorySlug)),
      this.summaries([row], lang, currency),
      // Relations are kept per family.
      this.related(row, 'match', lang, currency),
      this.related(row, 'similar', lang, currency),
      this.db
        .select({ productId: variants.productId, size: variants.size })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(products.familyId, row.familyId))
        .orderBy(asc(variants.position)),
    ])
    if (!summary) return null
    const sizesOf = (productId: string) =>
      familySizes.filter((entry) => entry.productId === productId).map((entry) => entry.size)
    const inStoreSkus = new Set(inStore.map((entry) => entry.sku))
    return {
      ...summary,
      colors: summary.colors.map((swatch) => ({ ...swatch, sizes: sizesOf(swatch.product_id) })),
      description: pick(lang, row.descriptionTh, row.descriptionEn),
      material: pick(lang, row.materialTh, row.materialEn),
      care: pick(lang, row.careTh, row.careEn),
      size_chart: row.sizeChart
        ? { columns: row.sizeChart.columns.map((column) => pick(lang, column.th, column.en)), rows: row.sizeChart.rows }
        : null,
      images: row.images.map((image) => imageWire(image, lang)),
      variants: variantRows.map((variant) => ({
        sku: variant.sku,
        size: variant.size,
        barcode: variant.barcode,
        available_online: variant.stockOnline > 0,
        low_stock: variant.stockOnline > 0 && variant.stockOnline <= LOW_STOCK,
        available_in_store: inStoreSkus.has(variant.sku),
      })),
      domestic_only: category?.domesticOnly ?? false,
      available_in_store: inStoreSkus.size > 0,
      match_with: matchWith,
      you_may_also_like: alsoLike,
    }
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
    return this.rankGroups((await this.queryPlan(query)).groups, limit, offset)
  }

  private rankGroups(groups: Candidate[][], limit: number, offset: number): Promise<string[]> {
    if (groups.length === 0) return Promise.resolve([])
    return groups.length === 1
      ? this.rankOneWord(groups[0] ?? [], limit, offset)
      : this.rankWords(groups, limit, offset)
  }

  private async rankPlan(groups: Candidate[][], limit: number, offset: number): Promise<RankedPage> {
    if (groups.length === 0) return { ids: [], total: 0, totalIsLowerBound: false }
    const terms = [...new Set(groups.flat().map((candidate) => candidate.term))]
    const [ids, counted] = await Promise.all([this.rankGroups(groups, limit, offset), this.countMatches(terms)])
    return { ids, total: counted.total, totalIsLowerBound: counted.lowerBound }
  }

  /**
   * How many products hold any of these terms, exactly up to the total cap: each term's postings are
   * counted only that far, and when one term alone has more, the answer is "more than the cap" without
   * reading the rest. Under the cap, every term has at most that many postings, so the union is small.
   */
  private async countMatches(terms: string[]): Promise<{ total: number; lowerBound: boolean }> {
    if (terms.length === 0) return { total: 0, lowerBound: false }
    const list = sql.join(
      terms.map((term) => sql`(${term}::text)`),
      sql`, `,
    )
    const result = await this.db.execute(sql`
      WITH cand(term) AS (VALUES ${list}),
      capped AS (
        SELECT (SELECT count(*) FROM (
          SELECT 1 FROM ${productSearchTerms} pst WHERE pst.term = c.term LIMIT ${this.limits.totalCap + 1}
        ) s)::int AS n
        FROM cand c
      )
      SELECT CASE WHEN (SELECT max(n) FROM capped) > ${this.limits.totalCap} THEN ${this.limits.totalCap + 1}
        ELSE (SELECT count(DISTINCT pst.product_id) FROM ${productSearchTerms} pst
              WHERE pst.term IN (SELECT term FROM cand))
        END::int AS total`)
    const [row] = z.array(z.object({ total: z.number() })).parse(resultRows(result))
    const total = row?.total ?? 0
    const cap = this.limits.totalCap
    return total > cap ? { total: cap, lowerBound: true } : { total, lowerBound: false }
  }

  /**
   * One query group: the best `offset + limit` postings of each candidate come straight from the ranked
   * index, so the work does not grow with the number of matching products.
   */
  private async rankOneWord(candidates: Candidate[], limit: number, offset: number): Promise<string[]> {
    const values = sql.join(
      candidates.map((candidate) => sql`(${candidate.term}::text, ${candidate.weight}::real)`),
      sql`, `,
    )
    const result = await this.db.execute(sql`
      WITH cand(term, weight) AS (VALUES ${values})
      SELECT x.product_id AS id, max(c.weight * x.weight) AS score, max(x.rank) AS rank
      FROM cand c CROSS JOIN LATERAL (
        SELECT pst.weight, pst.rank, pst.product_id FROM ${productSearchTerms} pst
        WHERE pst.term = c.term
        -- NULLS LAST as in the index (the columns are never null), or PostgreSQL sorts every posting.
        ORDER BY pst.weight DESC NULLS LAST, pst.rank DESC NULLS LAST, pst.product_id
        LIMIT ${offset + limit}
      ) x
      GROUP BY x.product_id
      ORDER BY score DESC, rank DESC, id
      LIMIT ${limit} OFFSET ${offset}`)
    return z
      .array(z.object({ id: z.string() }))
      .parse(resultRows(result))
      .map((row) => row.id)
  }

  /**
   * Several query groups: a product's best match in each group counts; products matching more groups
   * come first, then by the sum of their groups' scores, newest first on ties. No group is required.
   *
   * Bounded (issue 3's budget): rather than every posting of every group, the ranking reads a recency window.
   * Each (term, weight) run of the ranked index is read newest first, at most `window` postings; the
   * window's floor is the newest rank at which a run was cut, and every product newer than the floor has
   * all its postings read, so inside the window products are ranked exactly as in the whole catalog. The
   * page is then the catalog's when no older product can rank above its last product: that one scores the
   * most its number of groups allows (windowSettles), or every product that could do better must hold one
   * small group, whose older products are then scored one by one (hittingGroups). Otherwise the window
   * grows, up to `windowMax` postings a run; past that the page is ranked within the widest window.
   */
  private async rankWords(groups: Candidate[][], limit: number, offset: number): Promise<string[]> {
    const depth = offset + limit
    const page = (rows: RankedRow[]) => rows.slice(offset, depth).map((row) => row.id)
    let window = Math.max(this.limits.windowStart, depth)
    for (;;) {
      const ranked = await this.rankWindow(groups, window, depth)
      if (ranked.floor === null || windowSettles(ranked.rows, ranked.groupBests, depth)) return page(ranked.rows)
      const last = ranked.rows[depth - 1]
      const hitting = last ? hittingGroups(ranked.groupBests, last.groups, last.score) : []
      if (hitting.length > 0) {
        const older = await this.rankOlder(groups, hitting, ranked.floor, depth)
        if (older !== null) return page([...ranked.rows, ...older].sort(compareRanked))
      }
      if (window >= this.limits.windowMax) return page(ranked.rows)
      window = Math.min(this.limits.windowMax, window * RANK_WINDOW_GROWTH)
    }
  }

  /** The exact ranking of the products inside one recency window (see rankWords), best first. */
  private async rankWindow(groups: Candidate[][], window: number, depth: number) {
    const result = await this.db.execute(sql`
      WITH RECURSIVE cand(term, grp, weight) AS (VALUES ${candidateValues(groups)}),
      -- The weights each term holds, one index probe a weight (a loose index scan).
      runs(term, grp, cweight, weight) AS (
        SELECT c.term, c.grp, c.weight,
          (SELECT max(pst.weight) FROM ${productSearchTerms} pst WHERE pst.term = c.term)
        FROM cand c
        UNION ALL
        SELECT r.term, r.grp, r.cweight,
          (SELECT max(pst.weight) FROM ${productSearchTerms} pst WHERE pst.term = r.term AND pst.weight < r.weight)
        FROM runs r WHERE r.weight IS NOT NULL
      ),
      hits AS (
        SELECT r.grp, r.term, r.weight, r.cweight * x.weight AS score, x.rank, x.product_id
        FROM runs r CROSS JOIN LATERAL (
          SELECT pst.weight, pst.rank, pst.product_id FROM ${productSearchTerms} pst
          WHERE pst.term = r.term AND pst.weight = r.weight
          ORDER BY pst.weight DESC NULLS LAST, pst.rank DESC NULLS LAST, pst.product_id
          LIMIT ${window}
        ) x
        WHERE r.weight IS NOT NULL
      ),
      -- Where the window stops: the newest rank at which a run was cut (none when no run was).
      floor AS (
        SELECT max(cut) AS rank FROM (
          SELECT min(rank) AS cut FROM hits GROUP BY grp, term, weight HAVING count(*) = ${window}
        ) cuts
      ),
      matched AS (
        SELECT h.product_id, max(h.rank) AS rank, ${groupsMatched(groups)} AS groups, ${scoreSum(groups)} AS score
        FROM hits h, floor f WHERE f.rank IS NULL OR h.rank > f.rank
        GROUP BY h.product_id
      ),
      -- The best score each group can give (null when none of its terms is indexed).
      bests AS (
        SELECT array_agg(b.best ORDER BY b.grp)::float8[] AS best FROM (
          SELECT g.grp, max(r.cweight * r.weight) AS best
          FROM (SELECT DISTINCT grp FROM cand) g LEFT JOIN runs r ON r.grp = g.grp AND r.weight IS NOT NULL
          GROUP BY g.grp
        ) b
      )
      SELECT m.product_id AS id, m.groups::int AS groups, m.score::float8 AS score, m.rank::float8 AS rank,
        f.rank::float8 AS floor, (SELECT best FROM bests) AS best
      FROM floor f LEFT JOIN matched m ON true
      ORDER BY m.groups DESC, m.score DESC, m.rank DESC, m.product_id
      LIMIT ${depth}`)
    const rows = windowRow.array().parse(resultRows(result))
    return {
      rows: rankedRows(rows),
      floor: rows[0]?.floor ?? null,
      groupBests: (rows[0]?.best ?? []).map((best) => best ?? null),
    }
  }

  /**
   * The best `depth` products at or under the window's floor among those holding one of these groups
   * (the smallest of them, if it holds at most `hittingMax` postings there: null otherwise), each
   * scored over all the query's groups by the primary key's probes.
   */
  private async rankOlder(groups: Candidate[][], hitting: number[], floor: number, depth: number) {
    const hit = sql.join(
      hitting.flatMap((group) =>
        (groups[group] ?? []).map((candidate) => sql`(${candidate.term}::text, ${group}::int)`),
      ),
      sql`, `,
    )
    const result = await this.db.execute(sql`
      WITH cand(term, grp, weight) AS (VALUES ${candidateValues(groups)}),
      hit(term, grp) AS (VALUES ${hit}),
      sizes AS (
        SELECT h.grp, count(*) AS n FROM hit h CROSS JOIN LATERAL (
          SELECT 1 FROM ${productSearchTerms} pst WHERE pst.term = h.term AND pst.rank <= ${floor}
          LIMIT ${this.limits.hittingMax + 1}
        ) x GROUP BY h.grp
      ),
      chosen AS (SELECT grp FROM sizes WHERE n <= ${this.limits.hittingMax} ORDER BY n LIMIT 1),
      driver AS (
        SELECT DISTINCT pst.product_id FROM hit h JOIN chosen USING (grp)
        JOIN ${productSearchTerms} pst ON pst.term = h.term AND pst.rank <= ${floor}
      ),
      -- One primary-key probe a product and term (LIMIT 1 keeps PostgreSQL from joining every posting).
      hits AS (
        SELECT c.grp, c.weight * x.weight AS score, x.rank, d.product_id
        FROM driver d CROSS JOIN cand c CROSS JOIN LATERAL (
          SELECT pst.weight, pst.rank FROM ${productSearchTerms} pst
          WHERE pst.term = c.term AND pst.product_id = d.product_id LIMIT 1
        ) x
      ),
      matched AS (
        SELECT h.product_id, max(h.rank) AS rank, ${groupsMatched(groups)} AS groups, ${scoreSum(groups)} AS score
        FROM hits h GROUP BY h.product_id
      )
      SELECT m.product_id AS id, m.groups::int AS groups, m.score::float8 AS score, m.rank::float8 AS rank,
        NULL::float8 AS floor, NULL::float8[] AS best
      FROM (SELECT count(*) AS n FROM chosen) k LEFT JOIN matched m ON k.n > 0
      WHERE k.n > 0
      ORDER BY m.groups DESC, m.score DESC, m.rank DESC, m.product_id
      LIMIT ${depth}`)
    const rows = windowRow.array().parse(resultRows(result))
    // No row at all: no group was small enough (a chosen group always yields its "no product" row).
    return rows.length === 0 ? null : rankedRows(rows)
  }

  private async productsInOrder(ids: string[]): Promise<ProductRow[]> {
    const rows = ids.length ? await this.db.select().from(products).where(inArray(products.id, ids)) : []
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
      this.listCategories(lang),
      this.db.select().from(products).orderBy(desc(products.createdAt), asc(products.id)).limit(ALTERNATIVE_PRODUCTS),
    ])
    return {
      categories: categoryList
        .filter((category) => category.product_count > 0)
        .map((category) => ({ slug: category.slug, name: category.name })),
      products: await this.summaries(newest, lang, currency),
    }
  }

  /**
   * Search pages show families (one card per model, its best-ranked colour): the colours ranked down to the page's
   * end (three per card) are grouped. When that reaches every match, the count is of families; otherwise it is the
   * ranking's count of matching colours (known limitation: the last pages of a long result can then be short).
   */
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
            .where(inArray(products.id, ids))
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
      items: await this.summaries(ordered, lang, currency),
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
          image: product.images[0] ? imageWire(product.images[0], lang) : null,
          price: money(currency === 'thb' ? product.priceThb : product.priceUsd, currency),
        })),
      ],
    }
  }

  async listCategories(lang: Lang) {
    const rows = await this.db
      // Families, as listings count them.
      .select({ category: categories, productCount: sql<number>`count(distinct ${products.familyId})::int` })
      .from(categories)
      .leftJoin(products, eq(products.categorySlug, categories.slug))
      .groupBy(categories.slug)
      .orderBy(asc(categories.position))
    return rows.map(({ category, productCount }) => ({
      slug: category.slug,
      name: pick(lang, category.nameTh, category.nameEn),
      product_count: productCount,
      domestic_only: category.domesticOnly,
    }))
  }

  private collectionSummary(row: typeof collections.$inferSelect, lang: Lang) {
    return {
      slug: row.slug,
      name: pick(lang, row.nameTh, row.nameEn),
      description: pick(lang, row.descriptionTh, row.descriptionEn),
      image: imageWire(row.image, lang),
    }
  }

  async listCollections(lang: Lang) {
    const rows = await this.db.select().from(collections).orderBy(asc(collections.position), asc(collections.slug))
    return rows
      .filter((row) => row.parentSlug === null)
      .map((row) => ({
        ...this.collectionSummary(row, lang),
        parent: null,
        children: rows
          .filter((child) => child.parentSlug === row.slug)
          .map((child) => this.collectionSummary(child, lang)),
      }))
  }

  async getCollection(slug: string, lang: Lang, parentSlug: string | null) {
    const [row] = await this.db.select().from(collections).where(eq(collections.slug, slug)).limit(1)
    if (!row) return null
    // A sub-collection is only found under its own parent, so /collection/a/b cannot show c's child.
    if (parentSlug !== null && row.parentSlug !== parentSlug) return null
    const [children, parents] = await Promise.all([
      this.db.select().from(collections).where(eq(collections.parentSlug, slug)).orderBy(asc(collections.position)),
      row.parentSlug
        ? this.db.select().from(collections).where(eq(collections.slug, row.parentSlug))
        : Promise.resolve([]),
    ])
    const parent = parents[0]
    return {
      ...this.collectionSummary(row, lang),
      parent: parent ? { slug: parent.slug, name: pick(lang, parent.nameTh, parent.nameEn) } : null,
      children: children.map((child) => this.collectionSummary(child, lang)),
    }
  }

  async listEditorials(lang: Lang) {
    const rows = await this.db.select().from(editorials).orderBy(desc(editorials.publishedAt))
    return rows.map((row) => ({
      slug: row.slug,
      title: pick(lang, row.titleTh, row.titleEn),
      excerpt: pick(lang, row.excerptTh, row.excerptEn),
      hero_image: imageWire(row.heroImage, lang),
      published_at: row.publishedAt.toISOString(),
    }))
  }

  private async blocksWire(blocks: RichBlock[], lang: Lang, currency: CurrencyCode): Promise<RichBlockWire[]> {
    const ids = blocks.flatMap((block) => (block.kind === 'products' ? block.productIds : []))
    const rows = ids.length ? await this.db.select().from(products).where(inArray(products.id, ids)) : []
    const cards = new Map((await this.summaries(rows, lang, currency)).map((card) => [card.id, card]))
    return blocks.map((block): RichBlockWire => {
      switch (block.kind) {
        case 'image':
          return { kind: 'image', image: imageWire(block.image, lang) }
        case 'products':
          return {
            kind: 'products',
            products: block.productIds.flatMap((id) => {
              const card = cards.get(id)
              return card ? [card] : []
            }),
          }
        default:
          return block
      }
    })
  }

  async getEditorial(slug: string, lang: Lang, currency: CurrencyCode) {
    const [row] = await this.db.select().from(editorials).where(eq(editorials.slug, slug)).limit(1)
    if (!row) return null
    return {
      slug: row.slug,
      title: pick(lang, row.titleTh, row.titleEn),
      excerpt: pick(lang, row.excerptTh, row.excerptEn),
      hero_image: imageWire(row.heroImage, lang),
      published_at: row.publishedAt.toISOString(),
      blocks: await this.blocksWire(pick(lang, row.bodyTh, row.bodyEn), lang, currency),
    }
  }

  private storeWire(row: StoreRow, lang: Lang): StoreWire {
    return {
      id: row.id,
      name: pick(lang, row.nameTh, row.nameEn),
      address: pick(lang, row.addressTh, row.addressEn),
      city: pick(lang, row.cityTh, row.cityEn),
      latitude: row.latitude,
      longitude: row.longitude,
      phone: row.phone,
      hours: row.hours,
      map_url: mapUrl(row.latitude, row.longitude),
    }
  }

  async listStores(lang: Lang) {
    const rows = await this.db.select().from(stores).orderBy(asc(stores.position))
    return rows.map((row) => this.storeWire(row, lang))
  }

  /** Which sizes of a product each store holds (find in store); null for an unknown product. */
  async productStores(productId: string, lang: Lang, size: string | undefined) {
    const [product] = await this.db.select({ id: products.id }).from(products).where(eq(products.id, productId))
    if (!product) return null
    const conditions = [eq(variants.productId, productId), gt(storeStock.quantity, 0)]
    if (size) conditions.push(eq(variants.size, size))
    const [storeRows, stockRows] = await Promise.all([
      this.db.select().from(stores).orderBy(asc(stores.position)),
      this.db
        .select({
          storeId: storeStock.storeId,
          size: variants.size,
          quantity: storeStock.quantity,
          position: variants.position,
        })
        .from(storeStock)
        .innerJoin(variants, eq(variants.sku, storeStock.sku))
        .where(and(...conditions))
        .orderBy(asc(variants.position)),
    ])
    return {
      product_id: productId,
      stores: storeRows.map((row) => ({
        ...this.storeWire(row, lang),
        sizes: stockRows
          .filter((stock) => stock.storeId === row.id)
          .map((stock) => ({ size: stock.size, quantity: stock.quantity })),
      })),
    }
  }

  /** A scanned barcode, SKU or product id → the product and, for a variant code, its size. */
  async scan(code: string) {
    const [variant] = await this.db
      .select({
        productId: variants.productId,
        size: variants.size,
        familyId: products.familyId,
        colorSlug: products.colorSlug,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(or(eq(variants.barcode, code), eq(sql`upper(${variants.sku})`, code.toUpperCase())))
      .limit(1)
    if (variant) {
      return {
        product_id: variant.productId,
        family_id: variant.familyId,
        color_slug: variant.colorSlug,
        size: variant.size,
      }
    }
    const [product] = await this.db
      .select({ id: products.id, familyId: products.familyId, colorSlug: products.colorSlug })
      .from(products)
      .where(eq(products.id, code.toLowerCase()))
      .limit(1)
    return product
      ? { product_id: product.id, family_id: product.familyId, color_slug: product.colorSlug, size: null }
      : null
  }

  async getContentPage(slug: string, lang: Lang, currency: CurrencyCode) {
    const [row] = await this.db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1)
    if (!row) return null
    return {
      slug: row.slug,
      title: pick(lang, row.titleTh, row.titleEn),
      description: pick(lang, row.descriptionTh, row.descriptionEn),
      blocks: await this.blocksWire(pick(lang, row.bodyTh, row.bodyEn), lang, currency),
    }
  }
}

/** Every public page of the catalog, for sitemap.xml. */
export async function sitemapEntries(db: Db, maxProducts: number) {
  const [categoryRows, collectionRows, editorialRows, pageRows, productRows] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position)),
    db
      .select({ slug: collections.slug, parent: collections.parentSlug })
      .from(collections)
      .orderBy(asc(collections.position)),
    db.select({ slug: editorials.slug }).from(editorials).orderBy(desc(editorials.publishedAt)),
    db.select({ slug: contentPages.slug }).from(contentPages),
    db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      // Family URLs only: the first colour's id is the family id.
      .where(eq(products.colorPosition, 0))
      .orderBy(desc(products.createdAt))
      .limit(maxProducts),
  ])
  return {
    categories: categoryRows.map((row) => row.slug),
    collections: collectionRows,
    editorials: editorialRows.map((row) => row.slug),
    content_pages: pageRows.map((row) => row.slug),
    products: productRows.map((row) => ({ id: row.id, updated_at: row.createdAt.toISOString() })),
  }
}

/** Search terms are matched lower-cased with single spaces (Thai has no case; English does). */
export function normaliseQuery(query: string): string {
  return query.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'OS']

/** Letter sizes in wearing order, then numeric sizes ascending. */
export function sortSizes<T extends { value: string }>(sizes: T[]): T[] {
  const rank = (size: string) => {
    const letter = SIZE_ORDER.indexOf(size)
    if (letter >= 0) return letter
    const numeric = Number(size)
    return Number.isFinite(numeric) ? 100 + numeric : 1000
  }
  return [...sizes].sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value))
}
