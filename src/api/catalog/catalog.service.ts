import { and, asc, desc, eq, exists, gt, gte, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client.server'
import {
  categories,
  collectionProducts,
  collections,
  contentPages,
  editorials,
  productRelations,
  products,
  storeStock,
  variants,
  type ProductRow,
  type RelationKind,
} from '~/db/schema'
import type { CurrencyCode, Lang, ProductDetailWire, ProductPageWire, ProductSummaryWire } from '~/contract/catalog'
import { bundlePricesOf } from '~/api/commerce/mix-match-prices.server'
import { bundlesIn } from '~/domain/mix-match-prices'
import { imageWire, pick } from './localise'
import { ProductCards } from './product-cards'
import { TimedCache } from './timed-cache'

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

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * A listing's counts (its total and its filters' options) for as long as the listing's HTTP freshness (30 s): they
 * scan every matching row, which at 100,000 products costs far more than the page of cards, and they are the same
 * for every shopper of the listing. Pages, sorts and languages share them.
 */
const LISTING_COUNTS_MS = 30_000
const LISTING_COUNTS_ENTRIES = 500

/**
 * The catalog of the product API: listings, the product page, categories, collections and scanned codes. Rows in,
 * wire objects (snake_case, one language) out.
 */
export class CatalogService {
  private readonly cards: ProductCards
  private readonly totals: TimedCache<number>
  private readonly facetRows: TimedCache<Awaited<ReturnType<CatalogService['loadFacets']>>>

  constructor(
    private readonly db: Db,
    options: { listingCountsMs?: number } = {},
  ) {
    const ms = options.listingCountsMs ?? LISTING_COUNTS_MS
    this.cards = new ProductCards(db)
    this.totals = new TimedCache(ms, LISTING_COUNTS_ENTRIES)
    this.facetRows = new TimedCache(ms, LISTING_COUNTS_ENTRIES)
  }

  /** Cards for these products, in the given order (product-cards.ts): search, content and wishlists show them too. */
  summaries(rows: ProductRow[], lang: Lang, currency: CurrencyCode): Promise<ProductSummaryWire[]> {
    return this.cards.summaries(rows, lang, currency)
  }

  private listConditions(
    filters: ProductListFilters,
    withFacetFilters: boolean,
    table: ProductsTable = products,
  ): SQL[] {
    // Shoppers see published models only (decision 195).
    const conditions: SQL[] = [eq(table.status, 'published')]
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
          eq(products.status, 'published'),
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
   * ignored (the route then drops it from the URL). A model that is not published is no product (null), unless
   * `preview` names its family: staff holding a preview token see it before it is published (decision 195).
   */
  async getProduct(
    id: string,
    lang: Lang,
    currency: CurrencyCode,
    color?: string,
    preview?: { familyId: string },
  ): Promise<ProductDetailWire | null> {
    const [found] = await this.db.select().from(products).where(eq(products.id, id)).limit(1)
    if (!found) return null
    const previewing = preview !== undefined && preview.familyId === found.familyId
    if (found.status !== 'published' && !previewing) return null
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
    const [variantRows, inStore, [category], [summary], matchWith, alsoLike, familySizes, bundles] = await Promise.all([
      this.db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.position)),
      this.db
        .selectDistinct({ sku: storeStock.sku })
        .from(storeStock)
        .innerJoin(variants, eq(variants.sku, storeStock.sku))
        .where(and(eq(variants.productId, id), gt(storeStock.quantity, 0))),
      this.db.select().from(categories).where(eq(categories.slug, row.categorySlug)),
      this.cards.summaries([row], lang, currency, { unpublished: previewing }),
      // Relations are kept per family.
      this.related(row, 'match', lang, currency),
      this.related(row, 'similar', lang, currency),
      this.db
        .select({ productId: variants.productId, size: variants.size })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(products.familyId, row.familyId))
        .orderBy(asc(variants.position)),
      row.tags.includes('mix_match') ? bundlePricesOf(this.db).then((prices) => bundlesIn(prices, currency)) : [],
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
      mix_match_bundles: bundles,
    }
  }

  async listCategories(lang: Lang) {
    const rows = await this.db
      // Families, as listings count them.
      .select({ category: categories, productCount: sql<number>`count(distinct ${products.familyId})::int` })
      .from(categories)
      .leftJoin(products, and(eq(products.categorySlug, categories.slug), eq(products.status, 'published')))
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
      .where(
        and(
          eq(products.status, 'published'),
          or(eq(variants.barcode, code), eq(sql`upper(${variants.sku})`, code.toUpperCase())),
        ),
      )
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
      .where(and(eq(products.id, code.toLowerCase()), eq(products.status, 'published')))
      .limit(1)
    return product
      ? { product_id: product.id, family_id: product.familyId, color_slug: product.colorSlug, size: null }
      : null
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
    db
      .select({ slug: editorials.slug })
      .from(editorials)
      .where(eq(editorials.status, 'published'))
      .orderBy(desc(editorials.publishedAt)),
    db.select({ slug: contentPages.slug }).from(contentPages),
    db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      // Family URLs only: the first colour's id is the family id.
      .where(and(eq(products.colorPosition, 0), eq(products.status, 'published')))
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
