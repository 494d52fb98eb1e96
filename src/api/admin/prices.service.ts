import { and, asc, desc, eq, gt, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import {
  collectionProducts,
  priceScheduleLines,
  priceSchedules,
  products,
  type PriceScheduleLineRow,
  type PriceScheduleRow,
} from '~/db/schema'
import type { ProductTag } from '~/domain/catalog'
import {
  applyBulkChange,
  firstPriceProblem,
  PRICE_CHANGE_MAX_PRODUCTS,
  PRICE_SCHEDULE_MIN_SECONDS,
  priceProblem,
  priceSetProblems,
  saleOn,
  type BulkChange,
  type PriceScheduleStatus,
  type PriceSet,
} from '~/domain/prices'
import { STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import { loggableError } from '~/db/error-details'
import { systemActor, type AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

/** Which colours a bulk change or a sale takes: a category, a collection, a tag and words of their names, all optional. */
export type PriceFilter = { category?: string; collection?: string; tag?: ProductTag; q?: string }

/** A colour with its prices, as the price screens list it. */
export type PricedProduct = PriceSet & {
  id: string
  familyId: string
  nameTh: string
  nameEn: string
  colorNameTh: string
  colorNameEn: string
  categorySlug: string
  tags: ProductTag[]
}

/** A row of a bulk change's preview: the colour, its prices now and after, and why it cannot change (or null). */
export type PricePreviewRow = { product: PricedProduct; after: PriceSet; problem: string | null }

export type ScheduleInput = {
  name: string
  startsAt: Date
  endsAt: Date
  lines: Array<{ productId: string; saleThb: number; saleUsd: number }>
}

export type ScheduleView = PriceScheduleRow & {
  lines: Array<PriceScheduleLineRow & { product: PricedProduct }>
}

/** The system as the audit log names it when a sale switches on or off by itself. */
export const PRICE_SCHEDULE_ACTOR: AuditContext = {
  actor: systemActor('price-schedules', STAFF_PERMISSIONS),
  ip: null,
  requestId: null,
}

const PRICED = {
  id: products.id,
  familyId: products.familyId,
  nameTh: products.nameTh,
  nameEn: products.nameEn,
  colorNameTh: products.colorNameTh,
  colorNameEn: products.colorNameEn,
  categorySlug: products.categorySlug,
  tags: products.tags,
  priceThb: products.priceThb,
  priceUsd: products.priceUsd,
  compareAtThb: products.compareAtThb,
  compareAtUsd: products.compareAtUsd,
}

const PRICE_SCHEDULE_COLUMNS = {
  id: priceSchedules.id,
  name: priceSchedules.name,
  startsAt: priceSchedules.startsAt,
  endsAt: priceSchedules.endsAt,
  status: priceSchedules.status,
  createdAt: priceSchedules.createdAt,
  createdBy: priceSchedules.createdBy,
  activatedAt: priceSchedules.activatedAt,
  endedAt: priceSchedules.endedAt,
}

const pricesOf = (product: PriceSet): PriceSet => ({
  priceThb: product.priceThb,
  priceUsd: product.priceUsd,
  compareAtThb: product.compareAtThb,
  compareAtUsd: product.compareAtUsd,
})

/** A LIKE pattern of typed words, its wildcards taken literally. */
function likePattern(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** 400 INVALID_INPUT naming each field's problem (the back office shows them by the fields). */
function invalid(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'INVALID_INPUT', 'Invalid prices', { fields })
}

/**
 * Prices in the back office (issue 32 item 4, decision 192): a colour's prices, bulk changes by filter (previewed,
 * then all or nothing) and sales planned ahead, which `tick` switches on and off by themselves. Every change is
 * audited in its own transaction; products' changes notify `catalog_changed` (migration 0014), so the shop shows them
 * on its next answer.
 */
export class PriceBook {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  private where(filter: PriceFilter): SQL | undefined {
    const conditions = [
      filter.category ? eq(products.categorySlug, filter.category) : undefined,
      filter.tag ? sql`${filter.tag} = any(${products.tags})` : undefined,
      filter.collection
        ? inArray(
            products.id,
            this.db
              .select({ id: collectionProducts.productId })
              .from(collectionProducts)
              .where(eq(collectionProducts.collectionSlug, filter.collection)),
          )
        : undefined,
      filter.q
        ? or(
            sql`${products.searchText} like ${likePattern(filter.q)} escape '\\'`,
            eq(products.id, filter.q.trim()),
            eq(products.familyId, filter.q.trim()),
          )
        : undefined,
    ].filter((condition): condition is SQL => condition !== undefined)
    return conditions.length > 0 ? and(...conditions) : undefined
  }

  /** The colours a filter takes, by model then colour, 25 a page (`page` 0: all, at most the change limit + 1). */
  async list(filter: PriceFilter, page: number): Promise<{ items: PricedProduct[]; total: number }> {
    const where = this.where(filter)
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where)
    const items = await this.db
      .select(PRICED)
      .from(products)
      .where(where)
      .orderBy(asc(products.familyId), asc(products.colorPosition))
      .limit(25)
      .offset((page - 1) * 25)
    return { items, total: count?.total ?? 0 }
  }

  /** A model's colours with their prices (any colour's id names the model), or 404. */
  async family(productId: string): Promise<PricedProduct[]> {
    const [found] = await this.db
      .select({ familyId: products.familyId })
      .from(products)
      .where(eq(products.id, productId))
    if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    return this.db
      .select(PRICED)
      .from(products)
      .where(eq(products.familyId, found.familyId))
      .orderBy(asc(products.colorPosition))
  }

  /** A colour's prices set; 400 naming each bad field, 404 for no such colour; audited `product.set_price`. */
  async setPrices(productId: string, prices: PriceSet, context: AuditContext): Promise<PricedProduct> {
    const problems = priceSetProblems(prices)
    if (Object.keys(problems).length > 0) throw invalid(problems)
    return this.db.transaction((tx) => this.setPricesIn(tx, productId, prices, context))
  }

  /** `setPrices` within a transaction the caller holds (the CSV import's, all or nothing). */
  async setPricesIn(tx: Tx, productId: string, prices: PriceSet, context: AuditContext): Promise<PricedProduct> {
    const problems = priceSetProblems(prices)
    if (Object.keys(problems).length > 0) throw invalid(problems)
    const [before] = await tx.select(PRICED).from(products).where(eq(products.id, productId)).for('update')
    if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    const [after] = await tx.update(products).set(prices).where(eq(products.id, productId)).returning(PRICED)
    if (!after) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    await this.audit.record(tx, context, {
      action: 'product.set_price',
      entityType: 'product',
      entityId: productId,
      before: pricesOf(before),
      after: pricesOf(after),
    })
    return after
  }

  /** What a bulk change would make of each colour the filter takes (nothing written). */
  async preview(filter: PriceFilter, change: BulkChange, tx: Tx = this.db, lock = false): Promise<PricePreviewRow[]> {
    const query = tx
      .select(PRICED)
      .from(products)
      .where(this.where(filter))
      .orderBy(asc(products.familyId), asc(products.colorPosition))
      .limit(PRICE_CHANGE_MAX_PRODUCTS + 1)
    const rows = lock ? await query.for('update') : await query
    if (rows.length > PRICE_CHANGE_MAX_PRODUCTS) {
      throw invalid({ filter: `more than ${PRICE_CHANGE_MAX_PRODUCTS} products: narrow the filter` })
    }
    return rows.map((product) => {
      const after = applyBulkChange(product, change)
      return { product, after, problem: firstPriceProblem(after) }
    })
  }

  /**
   * A bulk change applied all or nothing: the filter's colours locked and priced again; any row with a problem refuses
   * the whole (400, `fields["rows.{id}"]`) and nothing changes; else each colour's new prices with its audit entry.
   */
  async applyBulk(filter: PriceFilter, change: BulkChange, context: AuditContext): Promise<PricePreviewRow[]> {
    return this.db.transaction(async (tx) => {
      const rows = await this.preview(filter, change, tx, true)
      if (rows.length === 0) throw invalid({ filter: 'no products match' })
      const bad = rows.filter((row) => row.problem !== null)
      if (bad.length > 0) {
        throw invalid(Object.fromEntries(bad.map((row) => [`rows.${row.product.id}`, row.problem ?? 'invalid'])))
      }
      for (const row of rows) {
        await tx.update(products).set(row.after).where(eq(products.id, row.product.id))
        await this.audit.record(tx, context, {
          action: 'product.bulk_price',
          entityType: 'product',
          entityId: row.product.id,
          before: pricesOf(row.product),
          after: { ...row.after, change },
        })
      }
      return rows
    })
  }

  // ── sales planned ahead ─────────────────────────────────────────────────────────────────────────

  async schedules(status?: PriceScheduleStatus): Promise<Array<PriceScheduleRow & { products: number }>> {
    return this.db
      .select({
        ...PRICE_SCHEDULE_COLUMNS,
        products: sql<number>`(select count(*)::int from ${priceScheduleLines} where ${priceScheduleLines.scheduleId} = ${priceSchedules.id})`,
      })
      .from(priceSchedules)
      .where(status ? eq(priceSchedules.status, status) : undefined)
      .orderBy(desc(priceSchedules.startsAt))
      .limit(200)
  }

  async schedule(id: string, tx: Tx = this.db): Promise<ScheduleView> {
    const [row] = await tx.select().from(priceSchedules).where(eq(priceSchedules.id, id))
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such sale')
    const lines = await tx
      .select({ line: priceScheduleLines, product: PRICED })
      .from(priceScheduleLines)
      .innerJoin(products, eq(products.id, priceScheduleLines.productId))
      .where(eq(priceScheduleLines.scheduleId, id))
      .orderBy(asc(products.familyId), asc(products.colorPosition))
    return { ...row, lines: lines.map(({ line, product }) => ({ ...line, product })) }
  }

  /**
   * The input's own problems (dates, each line's prices, each colour once and existing, below its price now), the
   * colours locked so that two plans of one colour cannot both pass the overlap check; then a sale of the same colour
   * planned or running at an overlapping time refuses it (409 SCHEDULE_OVERLAP, `fields["lines.{id}"]`).
   */
  private async check(tx: Tx, input: ScheduleInput, self: string | null): Promise<void> {
    const fields: Record<string, string> = {}
    const now = this.now()
    if (input.endsAt.getTime() - input.startsAt.getTime() < PRICE_SCHEDULE_MIN_SECONDS * 1000) {
      fields.ends_at = 'not_after_start'
    }
    if (input.endsAt.getTime() <= now.getTime()) fields.ends_at = 'in_the_past'
    if (input.lines.length === 0) fields.lines = 'empty'
    if (input.lines.length > PRICE_CHANGE_MAX_PRODUCTS) fields.lines = 'too_many'
    const ids = input.lines.map((line) => line.productId)
    const found = ids.length
      ? await tx.select(PRICED).from(products).where(inArray(products.id, ids)).for('update')
      : []
    const byId = new Map(found.map((product) => [product.id, product]))
    const seen = new Set<string>()
    for (const line of input.lines) {
      const key = `lines.${line.productId}`
      const product = byId.get(line.productId)
      if (seen.has(line.productId)) fields[key] = 'duplicate'
      else if (!product) fields[key] = 'unknown_product'
      else {
        const problem =
          priceProblem(line.saleThb) ??
          priceProblem(line.saleUsd) ??
          (line.saleThb >= product.priceThb || line.saleUsd >= product.priceUsd ? 'not_below_price' : null)
        if (problem) fields[key] = problem
      }
      seen.add(line.productId)
    }
    if (Object.keys(fields).length > 0) throw invalid(fields)
    const clashes = await tx
      .select({ productId: priceScheduleLines.productId, name: priceSchedules.name })
      .from(priceScheduleLines)
      .innerJoin(priceSchedules, eq(priceSchedules.id, priceScheduleLines.scheduleId))
      .where(
        and(
          inArray(priceScheduleLines.productId, ids),
          inArray(priceSchedules.status, ['planned', 'active']),
          lt(priceSchedules.startsAt, input.endsAt),
          gt(priceSchedules.endsAt, input.startsAt),
          self ? ne(priceSchedules.id, self) : undefined,
        ),
      )
    if (clashes.length > 0) {
      throw new ApiError(409, 'SCHEDULE_OVERLAP', 'A sale of these products overlaps this one', {
        fields: Object.fromEntries(clashes.map((clash) => [`lines.${clash.productId}`, clash.name])),
      })
    }
  }

  /** A sale planned (400 for bad input, 409 for an overlap); audited `price_schedule.create`. */
  async createSchedule(input: ScheduleInput, context: AuditContext): Promise<ScheduleView> {
    return this.db.transaction(async (tx) => {
      await this.check(tx, input, null)
      const [row] = await tx
        .insert(priceSchedules)
        .values({
          name: input.name,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          status: 'planned',
          createdAt: this.now(),
          createdBy: context.actor.label,
        })
        .returning()
      if (!row) throw new Error('the sale was not stored')
      await tx.insert(priceScheduleLines).values(input.lines.map((line) => ({ scheduleId: row.id, ...line })))
      await this.audit.record(tx, context, {
        action: 'price_schedule.create',
        entityType: 'price_schedule',
        entityId: row.id,
        after: scheduleAudit(input),
      })
      return this.schedule(row.id, tx)
    })
  }

  /** A planned sale changed whole (its lines replaced); 409 NOT_ALLOWED once it has switched on or ended. */
  async updateSchedule(id: string, input: ScheduleInput, context: AuditContext): Promise<ScheduleView> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockSchedule(tx, id)
      if (before.status !== 'planned') throw new ApiError(409, 'NOT_ALLOWED', 'Only a planned sale can be changed')
      const beforeLines = await tx.select().from(priceScheduleLines).where(eq(priceScheduleLines.scheduleId, id))
      await this.check(tx, input, id)
      await tx
        .update(priceSchedules)
        .set({ name: input.name, startsAt: input.startsAt, endsAt: input.endsAt })
        .where(eq(priceSchedules.id, id))
      await tx.delete(priceScheduleLines).where(eq(priceScheduleLines.scheduleId, id))
      await tx.insert(priceScheduleLines).values(input.lines.map((line) => ({ scheduleId: id, ...line })))
      await this.audit.record(tx, context, {
        action: 'price_schedule.update',
        entityType: 'price_schedule',
        entityId: id,
        before: scheduleAudit({ ...before, lines: beforeLines }),
        after: scheduleAudit(input),
      })
      return this.schedule(id, tx)
    })
  }

  /** A sale called off: a planned one never switches on, a running one is switched off at once; 409 once ended. */
  async cancelSchedule(id: string, context: AuditContext): Promise<ScheduleView> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockSchedule(tx, id)
      if (row.status === 'ended' || row.status === 'cancelled') {
        throw new ApiError(409, 'NOT_ALLOWED', 'This sale has ended already')
      }
      const restored = row.status === 'active' ? await this.restore(tx, id) : []
      await tx.update(priceSchedules).set({ status: 'cancelled', endedAt: this.now() }).where(eq(priceSchedules.id, id))
      await this.audit.record(tx, context, {
        action: 'price_schedule.cancel',
        entityType: 'price_schedule',
        entityId: id,
        before: { status: row.status },
        after: { status: 'cancelled', restored },
      })
      return this.schedule(id, tx)
    })
  }

  private async lockSchedule(tx: Tx, id: string): Promise<PriceScheduleRow> {
    const [row] = await tx.select().from(priceSchedules).where(eq(priceSchedules.id, id)).for('update')
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such sale')
    return row
  }

  /**
   * The regular prices put back on a sale's colours: each currency whose price is still the sale's gets its price and
   * old price from before the sale; one staff changed meanwhile keeps the staff's. What was put back, per colour.
   */
  private async restore(tx: Tx, id: string): Promise<Array<{ productId: string } & PriceSet>> {
    const lines = await tx.select().from(priceScheduleLines).where(eq(priceScheduleLines.scheduleId, id))
    const ids = lines.map((line) => line.productId)
    if (ids.length === 0) return []
    const current = await tx.select(PRICED).from(products).where(inArray(products.id, ids)).for('update')
    const byId = new Map(current.map((product) => [product.id, product]))
    const restored: Array<{ productId: string } & PriceSet> = []
    for (const line of lines) {
      const product = byId.get(line.productId)
      if (!product || line.regularThb === null || line.regularUsd === null) continue
      const thb = product.priceThb === line.saleThb
      const usd = product.priceUsd === line.saleUsd
      if (!thb && !usd) continue
      const prices: PriceSet = {
        priceThb: thb ? line.regularThb : product.priceThb,
        compareAtThb: thb ? line.regularCompareAtThb : product.compareAtThb,
        priceUsd: usd ? line.regularUsd : product.priceUsd,
        compareAtUsd: usd ? line.regularCompareAtUsd : product.compareAtUsd,
      }
      await tx.update(products).set(prices).where(eq(products.id, line.productId))
      restored.push({ productId: line.productId, ...prices })
    }
    return restored
  }

  /** Switches on one planned sale whose start has come, claimed so that no other instance does. */
  private async startOne(): Promise<boolean> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(priceSchedules)
        .where(and(eq(priceSchedules.status, 'planned'), lte(priceSchedules.startsAt, now)))
        .orderBy(asc(priceSchedules.startsAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!row) return false
      // A sale whose whole time passed while no instance ran ends without ever switching on.
      if (row.endsAt.getTime() <= now.getTime()) {
        await tx.update(priceSchedules).set({ status: 'ended', endedAt: now }).where(eq(priceSchedules.id, row.id))
        await this.audit.record(tx, PRICE_SCHEDULE_ACTOR, {
          action: 'price_schedule.missed',
          entityType: 'price_schedule',
          entityId: row.id,
          before: { status: 'planned' },
          after: { status: 'ended' },
        })
        return true
      }
      const lines = await tx.select().from(priceScheduleLines).where(eq(priceScheduleLines.scheduleId, row.id))
      const ids = lines.map((line) => line.productId)
      const current = ids.length
        ? await tx.select(PRICED).from(products).where(inArray(products.id, ids)).for('update')
        : []
      const byId = new Map(current.map((product) => [product.id, product]))
      const switched: Array<{ productId: string } & PriceSet> = []
      for (const line of lines) {
        const product = byId.get(line.productId)
        if (!product) continue
        const prices = saleOn(product, { thb: line.saleThb, usd: line.saleUsd })
        await tx
          .update(priceScheduleLines)
          .set({
            regularThb: product.priceThb,
            regularUsd: product.priceUsd,
            regularCompareAtThb: product.compareAtThb,
            regularCompareAtUsd: product.compareAtUsd,
          })
          .where(and(eq(priceScheduleLines.scheduleId, row.id), eq(priceScheduleLines.productId, line.productId)))
        await tx.update(products).set(prices).where(eq(products.id, line.productId))
        switched.push({ productId: line.productId, ...prices })
      }
      await tx.update(priceSchedules).set({ status: 'active', activatedAt: now }).where(eq(priceSchedules.id, row.id))
      await this.audit.record(tx, PRICE_SCHEDULE_ACTOR, {
        action: 'price_schedule.start',
        entityType: 'price_schedule',
        entityId: row.id,
        before: { status: 'planned' },
        after: { status: 'active', prices: switched },
      })
      return true
    })
  }

  /** Switches off one running sale whose end has come, claimed so that no other instance does. */
  private async endOne(): Promise<boolean> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(priceSchedules)
        .where(and(eq(priceSchedules.status, 'active'), lte(priceSchedules.endsAt, now)))
        .orderBy(asc(priceSchedules.endsAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!row) return false
      const restored = await this.restore(tx, row.id)
      await tx.update(priceSchedules).set({ status: 'ended', endedAt: now }).where(eq(priceSchedules.id, row.id))
      await this.audit.record(tx, PRICE_SCHEDULE_ACTOR, {
        action: 'price_schedule.end',
        entityType: 'price_schedule',
        entityId: row.id,
        before: { status: 'active' },
        after: { status: 'ended', prices: restored },
      })
      return true
    })
  }

  /**
   * One tick of the worker: every sale whose end has come switched off, then every one whose start has come switched
   * on, each in its own transaction with its audit entry (at most `limit` of each a tick).
   */
  async tick(limit = 20): Promise<{ started: number; ended: number }> {
    let ended = 0
    while (ended < limit && (await this.endOne())) ended++
    let started = 0
    while (started < limit && (await this.startOne())) started++
    return { started, ended }
  }
}

function scheduleAudit(input: {
  name: string
  startsAt: Date
  endsAt: Date
  lines: Array<{ productId: string; saleThb: number; saleUsd: number }>
}) {
  return {
    name: input.name,
    startsAt: input.startsAt.toISOString(),
    endsAt: input.endsAt.toISOString(),
    lines: input.lines.map((line) => ({ productId: line.productId, saleThb: line.saleThb, saleUsd: line.saleUsd })),
  }
}

/**
 * Runs the sales' switches every `everyMs` in this process. Several instances may: each switch is claimed (FOR UPDATE
 * SKIP LOCKED) and happens once. A tick still running is not started again; stopping waits for it.
 */
export function startPriceSchedules(book: PriceBook, options: { everyMs?: number } = {}): () => Promise<void> {
  let running: Promise<unknown> | null = null
  let stopped = false
  const run = () => {
    if (running || stopped) return
    running = book
      .tick()
      .then(({ started, ended }) => {
        if (started + ended > 0) console.info(`Price schedules: ${started} switched on, ${ended} switched off`)
      })
      .catch((error: unknown) => console.error('Price schedules not switched', loggableError(error)))
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
