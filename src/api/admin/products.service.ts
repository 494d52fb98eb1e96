import { and, asc, desc, eq, inArray, lte, max, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  cartItems,
  categories,
  collectionProducts,
  collections,
  orderItems,
  productRelations,
  products,
  returnReplacementItems,
  stockMovements,
  stockTransferLines,
  storeStock,
  variants,
  type ProductRow,
  type SizeChart,
  type VariantRow,
} from '~/db/schema'
import { indexProducts, unindexProducts } from '~/db/search-index.server'
import { ApiError } from '~/api/errors'
import { isUniqueViolation } from '~/api/accounts/members.server'
import type { PreviewTokens } from '~/api/catalog/preview-tokens.server'
import { loggableError } from '~/db/error-details'
import { PRODUCT_TAGS, type Gender, type ProductStatus, type ProductTag } from '~/domain/catalog'
import { colourIdOf, skuFor, slugify, TAG_RULES } from '~/domain/product-editor'
import { STAFF_PERMISSIONS, type StaffLanguage } from '~/domain/staff-permissions'
import { systemActor, type AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

/** The worker's actor in the audit log: a scheduled model published by itself. */
export const PRODUCT_SCHEDULE_ACTOR: AuditContext = {
  actor: systemActor('product-schedules', STAFF_PERMISSIONS),
  ip: null,
  requestId: null,
}

export type VariantInput = { size: string; sku: string; barcode: string | null }
export type ColourInput = {
  id?: string
  slug: string
  nameTh: string
  nameEn: string
  hex: string
  variants: VariantInput[]
}

/** A model as the admin API takes it (snake_case turned to camelCase by the routes). */
export type ModelInput = {
  category: string
  gender: Gender
  nameTh: string
  nameEn: string
  descriptionTh: string
  descriptionEn: string
  materialTh: string
  materialEn: string
  careTh: string[]
  careEn: string[]
  sizeChart: SizeChart | null
  tags: ProductTag[]
  collections: string[]
  matchWith: string[]
  colours: ColourInput[]
}

export type CreateInput = ModelInput & { slug: string; priceThb: number; priceUsd: number }

export type ListQuery = {
  q?: string
  status?: ProductStatus
  category?: string
  page: number
  pageSize: number
}

function invalid(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'INVALID_INPUT', 'Invalid request', { fields })
}

function taken(fields: Record<string, string>): ApiError {
  return new ApiError(409, 'PRODUCT_CODE_TAKEN', 'Another product has this SKU, barcode or slug', { fields })
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === ''

/**
 * Products in the back office (issue 32 item 1, decision 195): models (one row per colour, decision 019) listed,
 * read, made, changed, duplicated, published, unpublished and scheduled. Each write and its audit entry in one
 * transaction; bad input a 400 naming each field, a SKU, barcode or slug another model has a 409. A published model is
 * in the search index, any other is not; the shop reads `status = 'published'` only.
 */
export class AdminProducts {
  constructor(
    private readonly db: Db,
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly now: () => Date,
    private readonly previews: PreviewTokens,
    private readonly shopUrl: (familyId: string, token: string, language: StaffLanguage) => string,
  ) {}

  async list(query: ListQuery) {
    const term = (query.q ?? '').trim().toLowerCase()
    const conditions: SQL[] = [eq(products.colorPosition, 0)]
    if (query.status) conditions.push(eq(products.status, query.status))
    if (query.category) conditions.push(eq(products.categorySlug, query.category))
    if (term) {
      const like = `%${escapeLike(term)}%`
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${products} c LEFT JOIN ${variants} v ON v.product_id = c.id WHERE c.family_id = ${products.familyId} AND (lower(c.name_th) LIKE ${like} OR lower(c.name_en) LIKE ${like} OR c.id LIKE ${like} OR lower(v.sku) LIKE ${like} OR v.barcode LIKE ${like}))`,
      )
    }
    const where = and(...conditions)
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(products)
        .where(where)
        .orderBy(desc(products.updatedAt), asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(where),
    ])
    const total = counted?.total ?? 0
    const familyIds = rows.map((row) => row.familyId)
    const [colourRows, sizeCounts] = familyIds.length
      ? await Promise.all([
          this.db
            .select({
              id: products.id,
              familyId: products.familyId,
              nameTh: products.colorNameTh,
              nameEn: products.colorNameEn,
              hex: products.colorHex,
            })
            .from(products)
            .where(inArray(products.familyId, familyIds))
            .orderBy(asc(products.colorPosition)),
          this.db
            .select({ familyId: products.familyId, count: sql<number>`count(${variants.sku})::int` })
            .from(products)
            .innerJoin(variants, eq(variants.productId, products.id))
            .where(inArray(products.familyId, familyIds))
            .groupBy(products.familyId),
        ])
      : [[], []]
    return {
      items: rows.map((row) => ({
        id: row.familyId,
        nameTh: row.nameTh,
        nameEn: row.nameEn,
        category: row.categorySlug,
        status: row.status,
        publishAt: row.publishAt?.toISOString() ?? null,
        colours: colourRows
          .filter((colour) => colour.familyId === row.familyId)
          .map(({ id, nameTh, nameEn, hex }) => ({ id, nameTh, nameEn, hex })),
        sizes: sizeCounts.find((entry) => entry.familyId === row.familyId)?.count ?? 0,
        priceThb: row.priceThb,
        priceUsd: row.priceUsd,
        image: row.images[0]?.path ?? null,
        updatedAt: row.updatedAt.toISOString(),
      })),
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    }
  }

  /** What the editor offers: the categories, the collections and the tags with what each does. */
  async choices() {
    const [categoryRows, collectionRows] = await Promise.all([
      this.db.select().from(categories).orderBy(asc(categories.position)),
      this.db.select().from(collections).orderBy(asc(collections.position), asc(collections.slug)),
    ])
    return {
      categories: categoryRows.map((row) => ({ slug: row.slug, nameTh: row.nameTh, nameEn: row.nameEn })),
      collections: collectionRows.map((row) => ({ slug: row.slug, nameTh: row.nameTh, nameEn: row.nameEn })),
      tags: PRODUCT_TAGS.map((tag) => ({
        tag,
        section: TAG_RULES[tag].section,
        ruleTh: TAG_RULES[tag].th,
        ruleEn: TAG_RULES[tag].en,
      })),
    }
  }

  /** A model whole: its colours in order with their sizes, its collections and "match with". */
  async get(familyId: string, executor: Pick<Db, 'select'> = this.db) {
    const rows = await executor
      .select()
      .from(products)
      .where(eq(products.familyId, familyId))
      .orderBy(asc(products.colorPosition))
    const first = rows[0]
    if (!first || first.id !== familyId) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    const ids = rows.map((row) => row.id)
    const [variantRows, inCollections, matches] = await Promise.all([
      executor.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.position)),
      executor
        .select({ slug: collectionProducts.collectionSlug })
        .from(collectionProducts)
        .where(eq(collectionProducts.productId, familyId))
        .orderBy(asc(collectionProducts.collectionSlug)),
      executor
        .select({ id: products.id, nameTh: products.nameTh, nameEn: products.nameEn })
        .from(productRelations)
        .innerJoin(products, eq(products.id, productRelations.relatedId))
        .where(and(eq(productRelations.productId, familyId), eq(productRelations.kind, 'match')))
        .orderBy(asc(productRelations.position)),
    ])
    return this.view(
      rows,
      variantRows,
      inCollections.map((entry) => entry.slug),
      matches,
    )
  }

  private view(
    rows: ProductRow[],
    variantRows: VariantRow[],
    inCollections: string[],
    matches: Array<{ id: string; nameTh: string; nameEn: string }>,
  ) {
    const first = rows[0]
    if (!first) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    return {
      id: first.familyId,
      status: first.status,
      publishAt: first.publishAt?.toISOString() ?? null,
      category: first.categorySlug,
      gender: first.gender,
      nameTh: first.nameTh,
      nameEn: first.nameEn,
      descriptionTh: first.descriptionTh,
      descriptionEn: first.descriptionEn,
      materialTh: first.materialTh,
      materialEn: first.materialEn,
      careTh: first.careTh,
      careEn: first.careEn,
      sizeChart: first.sizeChart,
      tags: first.tags,
      collections: inCollections,
      matchWith: matches,
      colours: rows.map((row) => ({
        id: row.id,
        slug: row.colorSlug,
        nameTh: row.colorNameTh,
        nameEn: row.colorNameEn,
        hex: row.colorHex,
        priceThb: row.priceThb,
        priceUsd: row.priceUsd,
        images: row.images.map((image) => ({
          path: image.path,
          width: image.width,
          height: image.height,
          altTh: image.altTh,
          altEn: image.altEn,
        })),
        variants: variantRows
          .filter((variant) => variant.productId === row.id)
          .map((variant) => ({ size: variant.size, sku: variant.sku, barcode: variant.barcode })),
      })),
      createdAt: first.createdAt.toISOString(),
      updatedAt: first.updatedAt.toISOString(),
    }
  }

  /**
   * The input's own problems by field (400): unknown category, collections or models to match, a colour slug or a
   * size twice, a SKU or barcode twice within the model. What other models hold is checked in the transaction (409).
   */
  private async checked(input: ModelInput, familyId: string, executor: Pick<Db, 'select'>) {
    const problems: Record<string, string> = {}
    const [category] = await executor
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.slug, input.category))
    if (!category) problems.category = 'unknown'
    const wantedCollections = [...new Set(input.collections)]
    if (wantedCollections.length > 0) {
      const known = await executor
        .select({ slug: collections.slug })
        .from(collections)
        .where(inArray(collections.slug, wantedCollections))
      if (known.length !== wantedCollections.length) problems.collections = 'unknown'
    }
    const wantedMatches = [...new Set(input.matchWith)]
    if (wantedMatches.includes(familyId)) problems.match_with = 'self'
    else if (wantedMatches.length > 0) {
      const known = await executor
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, wantedMatches), eq(products.colorPosition, 0)))
      if (known.length !== wantedMatches.length) problems.match_with = 'unknown'
    }
    if (input.sizeChart) {
      const columns = input.sizeChart.columns.length
      input.sizeChart.rows.forEach((row, index) => {
        if (row.values.length !== columns) problems[`size_chart.rows.${index}.values`] = 'invalid'
      })
    }
    const slugs = new Set<string>()
    const skus = new Map<string, string>()
    const barcodes = new Map<string, string>()
    input.colours.forEach((colour, c) => {
      if (slugs.has(colour.slug)) problems[`colours.${c}.slug`] = 'duplicate'
      slugs.add(colour.slug)
      const sizes = new Set<string>()
      colour.variants.forEach((variant, v) => {
        const at = `colours.${c}.variants.${v}`
        if (sizes.has(variant.size)) problems[`${at}.size`] = 'duplicate'
        sizes.add(variant.size)
        if (!blank(variant.sku)) {
          if (skus.has(variant.sku)) problems[`${at}.sku`] = 'duplicate'
          skus.set(variant.sku, at)
        }
        if (!blank(variant.barcode) && variant.barcode) {
          if (barcodes.has(variant.barcode)) problems[`${at}.barcode`] = 'duplicate'
          barcodes.set(variant.barcode, at)
        }
      })
    })
    if (Object.keys(problems).length > 0) throw invalid(problems)
  }

  /** Every colour's row and sizes, as the input says, for a model of this id (existing colours keep their ids). */
  private planned(
    familyId: string,
    input: ModelInput,
    existing: Map<string, ProductRow>,
    prices: { priceThb: number; priceUsd: number },
  ) {
    const taken = new Set<string>()
    return input.colours.map((colour, position) => {
      const kept = colour.id ? existing.get(colour.id) : undefined
      let id = kept?.id ?? colourIdOf(familyId, colour.slug, position)
      // A new colour at the first place of an existing model still needs an id of its own.
      if (!kept && (existing.has(id) || taken.has(id))) id = `${familyId}-${colour.slug}`
      taken.add(id)
      return {
        id,
        kept,
        position,
        colour,
        prices: kept ? { priceThb: kept.priceThb, priceUsd: kept.priceUsd } : prices,
        variants: colour.variants.map((variant, index) => ({
          size: variant.size,
          sku: blank(variant.sku) ? skuFor(id, variant.size) : variant.sku,
          barcode: blank(variant.barcode) ? null : variant.barcode,
          position: index,
        })),
      }
    })
  }

  /**
   * The SKUs among these that have a history: sold (an order or a replacement names it), in the stock ledger or a
   * transfer, or with stock online or in a store. A size with none may be removed from its model; one with any stays
   * in the records (its stock can be counted to 0 and the model unpublished instead).
   */
  private async usedSkus(tx: Tx, skus: string[]): Promise<Set<string>> {
    if (skus.length === 0) return new Set()
    const found = await Promise.all([
      tx.selectDistinct({ sku: orderItems.sku }).from(orderItems).where(inArray(orderItems.sku, skus)),
      tx
        .selectDistinct({ sku: returnReplacementItems.sku })
        .from(returnReplacementItems)
        .where(inArray(returnReplacementItems.sku, skus)),
      tx.selectDistinct({ sku: stockMovements.sku }).from(stockMovements).where(inArray(stockMovements.sku, skus)),
      tx
        .selectDistinct({ sku: stockTransferLines.sku })
        .from(stockTransferLines)
        .where(inArray(stockTransferLines.sku, skus)),
      tx
        .selectDistinct({ sku: storeStock.sku })
        .from(storeStock)
        .where(and(inArray(storeStock.sku, skus), sql`${storeStock.quantity} > 0`)),
      tx
        .select({ sku: variants.sku })
        .from(variants)
        .where(and(inArray(variants.sku, skus), sql`${variants.stockOnline} > 0`)),
    ])
    return new Set(found.flat().map((row) => row.sku))
  }

  /** Refuses (409) SKUs, barcodes and colour ids other models hold; `own` are this model's own colour ids. */
  private async assertFree(tx: Tx, plan: ReturnType<AdminProducts['planned']>, own: string[]) {
    const fields: Record<string, string> = {}
    const skus = plan.flatMap((colour) => colour.variants.map((variant) => variant.sku))
    const barcodes = plan.flatMap((colour) => colour.variants.flatMap((variant) => variant.barcode ?? []))
    const ids = plan.map((colour) => colour.id)
    const notOwn = (column: typeof variants.productId) => (own.length ? sql`${column} NOT IN ${own}` : undefined)
    const [skuRows, barcodeRows, idRows] = await Promise.all([
      skus.length
        ? tx
            .select({ sku: variants.sku })
            .from(variants)
            .where(and(inArray(sql`upper(${variants.sku})`, skus), notOwn(variants.productId)))
        : [],
      barcodes.length
        ? tx
            .select({ barcode: variants.barcode })
            .from(variants)
            .where(and(inArray(variants.barcode, barcodes), notOwn(variants.productId)))
        : [],
      tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), own.length ? sql`${products.id} NOT IN ${own}` : undefined)),
    ])
    const takenSkus = new Set(skuRows.map((row) => row.sku.toUpperCase()))
    const takenBarcodes = new Set(barcodeRows.map((row) => row.barcode))
    const takenIds = new Set(idRows.map((row) => row.id))
    plan.forEach((colour, c) => {
      if (takenIds.has(colour.id)) fields[c === 0 && own.length === 0 ? 'slug' : `colours.${c}.slug`] = 'taken'
      colour.variants.forEach((variant, v) => {
        if (takenSkus.has(variant.sku.toUpperCase())) fields[`colours.${c}.variants.${v}.sku`] = 'taken'
        if (variant.barcode && takenBarcodes.has(variant.barcode))
          fields[`colours.${c}.variants.${v}.barcode`] = 'taken'
      })
    })
    if (Object.keys(fields).length > 0) throw taken(fields)
  }

  /** The columns every colour of a model shares, from the input. */
  private shared(input: ModelInput, categoryNames: { th: string; en: string }) {
    return {
      categorySlug: input.category,
      gender: input.gender,
      nameTh: input.nameTh,
      nameEn: input.nameEn,
      descriptionTh: input.descriptionTh,
      descriptionEn: input.descriptionEn,
      materialTh: input.materialTh,
      materialEn: input.materialEn,
      careTh: input.careTh,
      careEn: input.careEn,
      sizeChart: input.sizeChart,
      tags: [...new Set(input.tags)],
      categoryNames,
    }
  }

  private async categoryNames(tx: Pick<Db, 'select'>, slug: string) {
    const [row] = await tx.select().from(categories).where(eq(categories.slug, slug))
    return { th: row?.nameTh ?? slug, en: row?.nameEn ?? slug }
  }

  /** Writes the plan's rows and sizes (new ones inserted, kept ones updated) and the model's links. */
  private async write(
    tx: Tx,
    familyId: string,
    input: ModelInput,
    plan: ReturnType<AdminProducts['planned']>,
    state: { status: ProductStatus; publishAt: Date | null; createdAt: Date },
  ) {
    const now = this.now()
    const { categoryNames, ...common } = this.shared(input, await this.categoryNames(tx, input.category))
    for (const entry of plan) {
      const { colour } = entry
      const values = {
        ...common,
        familyId,
        colorPosition: entry.position,
        colorSlug: colour.slug,
        colorNameTh: colour.nameTh,
        colorNameEn: colour.nameEn,
        colorHex: colour.hex.toLowerCase(),
        searchText: [
          input.nameTh,
          input.nameEn,
          categoryNames.th,
          categoryNames.en,
          colour.nameTh,
          colour.nameEn,
          input.materialTh,
          input.materialEn,
        ]
          .join(' ')
          .toLowerCase(),
        status: state.status,
        publishAt: state.publishAt,
        updatedAt: now,
      }
      if (entry.kept) {
        await tx.update(products).set(values).where(eq(products.id, entry.id))
      } else {
        await tx.insert(products).values({
          ...values,
          id: entry.id,
          priceThb: entry.prices.priceThb,
          priceUsd: entry.prices.priceUsd,
          images: [],
          createdAt: state.createdAt,
        })
      }
      const current = entry.kept
        ? await tx.select().from(variants).where(eq(variants.productId, entry.id))
        : ([] as VariantRow[])
      for (const variant of entry.variants) {
        const existing = current.find((row) => row.size === variant.size)
        if (existing) {
          if (existing.sku !== variant.sku) {
            // A SKU is the key orders and stock point at: a size keeps the one it has.
            throw invalid({ [`colours.${entry.position}.variants.${variant.position}.sku`]: 'fixed' })
          }
          await tx
            .update(variants)
            .set({ barcode: variant.barcode, position: variant.position })
            .where(eq(variants.sku, existing.sku))
        } else {
          await tx.insert(variants).values({
            sku: variant.sku,
            productId: entry.id,
            size: variant.size,
            position: variant.position,
            barcode: variant.barcode,
            stockOnline: 0,
          })
        }
      }
    }
    await tx.delete(collectionProducts).where(eq(collectionProducts.productId, familyId))
    for (const slug of [...new Set(input.collections)]) {
      const [last] = await tx
        .select({ position: max(collectionProducts.position) })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionSlug, slug))
      await tx
        .insert(collectionProducts)
        .values({ collectionSlug: slug, productId: familyId, position: (last?.position ?? -1) + 1 })
    }
    await tx
      .delete(productRelations)
      .where(and(eq(productRelations.productId, familyId), eq(productRelations.kind, 'match')))
    const matches = [...new Set(input.matchWith)]
    if (matches.length > 0) {
      await tx
        .insert(productRelations)
        .values(
          matches.map((relatedId, position) => ({ productId: familyId, relatedId, kind: 'match' as const, position })),
        )
    }
    await this.reindex(tx, familyId, state.status)
  }

  /** A published model's colours in the search index, any other's out of it. */
  private async reindex(tx: Tx, familyId: string, status: ProductStatus) {
    const rows = await tx.select().from(products).where(eq(products.familyId, familyId))
    if (status === 'published') await indexProducts(tx, rows)
    else
      await unindexProducts(
        tx,
        rows.map((row) => row.id),
      )
  }

  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      // Two staff members saving the same SKU at once: the database's unique index decides, the loser gets a 409.
      if (isUniqueViolation(error)) throw taken({ request: 'taken' })
      throw error
    }
  }

  /** A new model, a draft: nothing of it shows in the shop until it is published. */
  async create(input: CreateInput, context: AuditContext) {
    return this.guarded(() => this.db.transaction((tx) => this.createIn(tx, input, context)))
  }

  /**
   * `create` within a transaction the caller holds (the CSV import's, all or nothing); the import may make a model
   * published or unpublished at once (its file says so), in the search index as `setStatus` would put it.
   */
  async createIn(
    tx: Tx,
    input: CreateInput,
    context: AuditContext,
    status: Exclude<ProductStatus, 'scheduled'> = 'draft',
  ) {
    const familyId = input.slug
    await this.checked(input, familyId, tx)
    const plan = this.planned(familyId, input, new Map(), { priceThb: input.priceThb, priceUsd: input.priceUsd })
    await this.assertFree(tx, plan, [])
    await this.write(tx, familyId, input, plan, { status, publishAt: null, createdAt: this.now() })
    const after = await this.get(familyId, tx)
    await this.audit.record(tx, context, {
      action: 'product.create',
      entityType: 'product',
      entityId: familyId,
      after,
    })
    return after
  }

  /** A model changed whole; colours and sizes given are kept (by id, by size) or added, none removed. */
  async update(familyId: string, input: ModelInput, context: AuditContext) {
    return this.guarded(() => this.db.transaction((tx) => this.updateIn(tx, familyId, input, context)))
  }

  /** `update` within a transaction the caller holds (the CSV import's, all or nothing). */
  async updateIn(tx: Tx, familyId: string, input: ModelInput, context: AuditContext) {
    const rows = await tx
      .select()
      .from(products)
      .where(eq(products.familyId, familyId))
      .orderBy(asc(products.colorPosition))
      .for('update')
    const first = rows[0]
    if (!first || first.id !== familyId) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    await this.checked(input, familyId, tx)
    const existing = new Map(rows.map((row) => [row.id, row]))
    const unknown = input.colours.findIndex((colour) => colour.id !== undefined && !existing.has(colour.id))
    if (unknown >= 0) throw invalid({ [`colours.${unknown}.id`]: 'unknown' })
    if (input.colours[0]?.id !== familyId) throw invalid({ 'colours.0.id': 'first' })
    const named = new Set(input.colours.flatMap((colour) => colour.id ?? []))
    const plan = this.planned(familyId, input, existing, { priceThb: first.priceThb, priceUsd: first.priceUsd })
    // A colour left out, or a size left out of a colour kept, is removed: only while nothing points at it.
    const droppedColours = rows.filter((row) => !named.has(row.id)).map((row) => row.id)
    const had = await tx
      .select({ sku: variants.sku, productId: variants.productId, size: variants.size })
      .from(variants)
      .where(inArray(variants.productId, [...existing.keys()]))
    const keptSizes = new Set(plan.flatMap((entry) => entry.variants.map((variant) => `${entry.id} ${variant.size}`)))
    const droppedColourSkus = had.filter((row) => droppedColours.includes(row.productId)).map((row) => row.sku)
    const droppedSizeSkus = had
      .filter((row) => !droppedColours.includes(row.productId) && !keptSizes.has(`${row.productId} ${row.size}`))
      .map((row) => row.sku)
    const used = await this.usedSkus(tx, [...droppedColourSkus, ...droppedSizeSkus])
    if (droppedColourSkus.some((sku) => used.has(sku))) throw invalid({ colours: 'in_use' })
    if (droppedSizeSkus.some((sku) => used.has(sku))) throw invalid({ sizes: 'in_use' })
    const before = await this.get(familyId, tx)
    const removedSkus = [...droppedColourSkus, ...droppedSizeSkus]
    if (removedSkus.length > 0) {
      // Never sold, counted or stocked: no order, return or ledger line names them; a cart may still hold one.
      await tx.delete(cartItems).where(inArray(cartItems.sku, removedSkus))
      await tx.delete(variants).where(inArray(variants.sku, removedSkus))
    }
    if (droppedColours.length > 0) await tx.delete(products).where(inArray(products.id, droppedColours))
    await this.assertFree(
      tx,
      plan,
      rows.map((row) => row.id),
    )
    await this.write(tx, familyId, input, plan, {
      status: first.status,
      publishAt: first.publishAt,
      createdAt: first.createdAt,
    })
    const after = await this.get(familyId, tx)
    await this.audit.record(tx, context, {
      action: 'product.update',
      entityType: 'product',
      entityId: familyId,
      before,
      after,
    })
    return after
  }

  /**
   * Draft, published, scheduled (at a future `publishAt`, published by the worker) or unpublished; every colour of the
   * model together. A published model goes into the search index, any other out of it: the shop shows the change on
   * its next answer (the products trigger's `catalog_changed`).
   */
  async setStatus(familyId: string, status: ProductStatus, publishAt: string | null, context: AuditContext) {
    const when = publishAt === null ? null : new Date(publishAt)
    if (status === 'scheduled') {
      if (!when) throw invalid({ publish_at: 'required' })
      if (when.getTime() <= this.now().getTime()) throw invalid({ publish_at: 'past' })
    } else if (when) throw invalid({ publish_at: 'invalid' })
    return this.db.transaction((tx) => this.setStatusIn(tx, familyId, status, when, context))
  }

  /** `setStatus` within a transaction the caller holds (the CSV import's); `when` checked by the caller. */
  async setStatusIn(tx: Tx, familyId: string, status: ProductStatus, when: Date | null, context: AuditContext) {
    const rows = await tx.select().from(products).where(eq(products.familyId, familyId)).for('update')
    const first = rows.find((row) => row.id === familyId)
    if (!first) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    const before = { status: first.status, publishAt: first.publishAt?.toISOString() ?? null }
    await tx
      .update(products)
      .set({ status, publishAt: when, updatedAt: this.now() })
      .where(eq(products.familyId, familyId))
    await this.reindex(tx, familyId, status)
    const after = { status, publishAt: when?.toISOString() ?? null }
    await this.audit.record(tx, context, {
      action: `product.${status === 'published' ? 'publish' : status === 'scheduled' ? 'schedule' : status === 'draft' ? 'draft' : 'unpublish'}`,
      entityType: 'product',
      entityId: familyId,
      before,
      after,
    })
    return this.get(familyId, tx)
  }

  /**
   * A copy of a model to start a new one: a draft with the same words, category, tags, collections, "match with",
   * colours and sizes; a new id (`…-copy`, `…-copy-2` …), SKUs from the pattern, no barcodes and no pictures.
   */
  async duplicate(familyId: string, context: AuditContext) {
    return this.guarded(() =>
      this.db.transaction(async (tx) => {
        const source = await this.get(familyId, tx)
        const base = `${slugify(familyId).slice(0, 70)}-copy`
        const similar = await tx
          .select({ id: products.id })
          .from(products)
          .where(or(eq(products.id, base), sql`${products.id} LIKE ${`${escapeLike(base)}-%`}`))
        const used = new Set(similar.map((row) => row.id))
        let copyId = base
        for (let n = 2; used.has(copyId); n++) copyId = `${base}-${n}`
        const first = source.colours[0]
        const input: CreateInput = {
          slug: copyId,
          category: source.category,
          gender: source.gender,
          nameTh: source.nameTh,
          nameEn: source.nameEn,
          descriptionTh: source.descriptionTh,
          descriptionEn: source.descriptionEn,
          materialTh: source.materialTh,
          materialEn: source.materialEn,
          careTh: source.careTh,
          careEn: source.careEn,
          sizeChart: source.sizeChart,
          tags: source.tags,
          collections: source.collections,
          matchWith: source.matchWith.map((match) => match.id),
          colours: source.colours.map((colour) => ({
            slug: colour.slug,
            nameTh: colour.nameTh,
            nameEn: colour.nameEn,
            hex: colour.hex,
            variants: colour.variants.map((variant) => ({ size: variant.size, sku: '', barcode: null })),
          })),
          priceThb: first?.priceThb ?? 0,
          priceUsd: first?.priceUsd ?? 0,
        }
        const plan = this.planned(copyId, input, new Map(), { priceThb: input.priceThb, priceUsd: input.priceUsd })
        await this.assertFree(tx, plan, [])
        await this.write(tx, copyId, input, plan, { status: 'draft', publishAt: null, createdAt: this.now() })
        const after = await this.get(copyId, tx)
        await this.audit.record(tx, context, {
          action: 'product.duplicate',
          entityType: 'product',
          entityId: copyId,
          after: { ...after, duplicatedFrom: familyId },
        })
        return after
      }),
    )
  }

  /**
   * A signed, short-lived link to the shop's page of a model in any status (decision 195). Audited: whoever holds the
   * link sees the model until it expires.
   */
  async preview(familyId: string, context: AuditContext) {
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, familyId), eq(products.familyId, familyId)))
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    const { token, expiresAt } = await this.previews.issue(familyId, context.actor.id)
    await this.db.transaction((tx) =>
      this.audit.record(tx, context, {
        action: 'product.preview',
        entityType: 'product',
        entityId: familyId,
        after: { expiresAt: expiresAt.toISOString() },
      }),
    )
    return { token, url: this.shopUrl(familyId, token, context.actor.language), expiresAt: expiresAt.toISOString() }
  }

  /**
   * Publishes one scheduled model whose time has come, claimed so that no other instance does. The claim is the
   * model's first colour (whose id is the family id): a claim of any colour let two instances lock two colours of one
   * model and then wait on each other's when each published the whole model (PostgreSQL: deadlock detected).
   */
  private async publishOne(): Promise<boolean> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ familyId: products.familyId, publishAt: products.publishAt })
        .from(products)
        .where(and(eq(products.id, products.familyId), eq(products.status, 'scheduled'), lte(products.publishAt, now)))
        .orderBy(asc(products.publishAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!row) return false
      await tx
        .update(products)
        .set({ status: 'published', publishAt: null, updatedAt: now })
        .where(and(eq(products.familyId, row.familyId), eq(products.status, 'scheduled')))
      await this.reindex(tx, row.familyId, 'published')
      await this.audit.record(tx, PRODUCT_SCHEDULE_ACTOR, {
        action: 'product.publish',
        entityType: 'product',
        entityId: row.familyId,
        before: { status: 'scheduled', publishAt: row.publishAt?.toISOString() ?? null },
        after: { status: 'published', publishAt: null },
      })
      return true
    })
  }

  /** One tick of the worker: every scheduled model whose time has come published, each in its own transaction. */
  async tick(limit = 20): Promise<{ published: number }> {
    let published = 0
    while (published < limit && (await this.publishOne())) published++
    return { published }
  }
}

/**
 * Publishes scheduled models every `everyMs` in this process (PRICE_SCHEDULE_CHECK_SECONDS, as the sales' worker).
 * Several instances may: each model is claimed (FOR UPDATE SKIP LOCKED) and published once.
 */
export function startProductSchedules(
  products: Pick<AdminProducts, 'tick'>,
  options: { everyMs?: number } = {},
): () => Promise<void> {
  let running: Promise<unknown> | null = null
  let stopped = false
  const run = () => {
    if (running || stopped) return
    running = products
      .tick()
      .then(({ published }) => {
        if (published > 0) console.info(`Product schedules: ${published} published`)
      })
      .catch((error: unknown) => console.error('Scheduled products not published', loggableError(error)))
      .finally(() => {
        running = null
      })
  }
  run()
  const timer = setInterval(run, options.everyMs ?? 5_000)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
