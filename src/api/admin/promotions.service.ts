import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { categories, mixMatchPrices, products, promotionCodes, type PromotionCodeRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import { shopCodeOf } from '~/api/commerce/shop-codes.server'
import type { ProductTag } from '~/domain/catalog'
import type { Currency } from '~/domain/money'
import { codeProblems, codeState, normaliseCode, type CodeState, type ShopCode } from '~/domain/promotion-codes'
import type { MixMatchBundlePrices, MixMatchBundleSize } from '~/domain/mix-match-prices'
import { bundlePricesOf } from '~/api/commerce/mix-match-prices.server'
import type { StaffLanguage } from '~/domain/staff-permissions'
import type { AuditContext } from './actor'
import type { AuditLog } from './audit.server'

type Rules = { amount: number | null; minimum: number } | null

/** A code as the admin API takes it (snake_case turned to camelCase by the routes). */
export type CodeInput = {
  code: string
  kind: 'amount' | 'percent'
  percent: number | null
  thb: Rules
  usd: Rules
  excludeTags: ProductTag[]
  excludeCategories: string[]
  startsAt: string | null
  endsAt: string | null
  usesPerMember: number | null
  usesTotal: number | null
  active: boolean
}

/** A code as the admin API shows it: what was given, with its id, its uses so far, its state and its times. */
export type CodeView = CodeInput & {
  id: string
  uses: number
  state: CodeState
  createdAt: string
  updatedAt: string
}

export type BundlePrice = { size: MixMatchBundleSize; thb: number; usd: number }

function invalid(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'INVALID_INPUT', 'Invalid request', { fields })
}

/** The columns of a code's rules, from the domain's code. */
function columnsOf(code: ShopCode) {
  const rules = (currency: Currency) => code.currencies[currency] ?? null
  const thb = rules('thb')
  const usd = rules('usd')
  const amount = code.kind === 'amount'
  return {
    code: code.code,
    kind: code.kind,
    percent: amount ? null : code.percent,
    amountThb: amount ? (thb?.amount ?? null) : null,
    amountUsd: amount ? (usd?.amount ?? null) : null,
    capThb: amount ? null : (thb?.amount ?? null),
    capUsd: amount ? null : (usd?.amount ?? null),
    minThb: thb?.minimum ?? null,
    minUsd: usd?.minimum ?? null,
    excludeTags: [...new Set(code.excludeTags)],
    excludeCategories: [...new Set(code.excludeCategories)],
    startsAt: code.startsAt,
    endsAt: code.endsAt,
    usesPerMember: code.usesPerMember,
    usesTotal: code.usesTotal,
    active: code.active,
  }
}

/**
 * Promotions in the back office (issue 32 item 5, decision 193): the shop's discount codes, the mix-and-match bundle
 * prices, and nothing else written. Each write and its audit entry in one transaction; bad input a 400 naming the
 * field, a code's text taken a 409.
 */
export class AdminPromotions {
  constructor(
    private readonly db: Db,
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly now: () => Date,
  ) {}

  view(row: PromotionCodeRow): CodeView {
    const code = shopCodeOf(row)
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      percent: row.percent,
      thb: code.currencies.thb ?? null,
      usd: code.currencies.usd ?? null,
      excludeTags: row.excludeTags,
      excludeCategories: row.excludeCategories,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      usesPerMember: row.usesPerMember,
      usesTotal: row.usesTotal,
      uses: row.uses,
      active: row.active,
      state: codeState(row, this.now()),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async list(language: StaffLanguage) {
    const rows = await this.db
      .select()
      .from(promotionCodes)
      .orderBy(desc(promotionCodes.active), desc(promotionCodes.createdAt))
    const shelves = await this.db.select().from(categories).orderBy(asc(categories.position))
    return {
      items: rows.map((row) => this.view(row)),
      categories: shelves.map((row) => ({ slug: row.slug, name: language === 'th' ? row.nameTh : row.nameEn })),
    }
  }

  async get(id: string): Promise<CodeView> {
    const [row] = await this.db.select().from(promotionCodes).where(eq(promotionCodes.id, id))
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such code')
    return this.view(row)
  }

  /** The input as the domain's code, checked: every problem by field (400), categories the shop has. */
  private async checked(input: CodeInput, uses: number, executor: Pick<Db, 'select'> = this.db): Promise<ShopCode> {
    const date = (value: string | null) => (value === null ? null : new Date(value))
    const code: ShopCode = {
      code: normaliseCode(input.code),
      kind: input.kind,
      percent: input.percent,
      currencies: { ...(input.thb ? { thb: input.thb } : {}), ...(input.usd ? { usd: input.usd } : {}) },
      excludeTags: input.excludeTags,
      excludeCategories: input.excludeCategories,
      startsAt: date(input.startsAt),
      endsAt: date(input.endsAt),
      usesPerMember: input.usesPerMember,
      usesTotal: input.usesTotal,
      uses,
      active: input.active,
    }
    const problems = codeProblems(code)
    if (input.excludeCategories.length > 0) {
      const known = await executor
        .select({ slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, input.excludeCategories))
      if (known.length !== new Set(input.excludeCategories).size) problems.exclude_categories = 'unknown'
    }
    if (Object.keys(problems).length > 0) throw invalid(problems)
    return code
  }

  private async assertFree(tx: Pick<Db, 'select'>, text: string, except: string | null): Promise<void> {
    const [taken] = await tx
      .select({ id: promotionCodes.id })
      .from(promotionCodes)
      .where(and(eq(sql`upper(${promotionCodes.code})`, text), except ? ne(promotionCodes.id, except) : undefined))
    if (taken) throw new ApiError(409, 'CODE_EXISTS', 'A code with this text exists', { fields: { code: 'taken' } })
  }

  async create(input: CodeInput, context: AuditContext): Promise<CodeView> {
    const code = await this.checked(input, 0)
    const row = await this.db.transaction(async (tx) => {
      await this.assertFree(tx, code.code, null)
      const [created] = await tx
        .insert(promotionCodes)
        .values({ ...columnsOf(code), createdAt: this.now(), updatedAt: this.now() })
        .onConflictDoNothing()
        .returning()
      if (!created)
        throw new ApiError(409, 'CODE_EXISTS', 'A code with this text exists', { fields: { code: 'taken' } })
      await this.audit.record(tx, context, {
        action: 'promotion_code.create',
        entityType: 'promotion_code',
        entityId: created.id,
        after: this.view(created),
      })
      return created
    })
    return this.view(row)
  }

  /** A code changed whole; its text only while no order has taken it (the orders name it). */
  async update(id: string, input: CodeInput, context: AuditContext): Promise<CodeView> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotionCodes).where(eq(promotionCodes.id, id)).for('update')
      if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such code')
      const code = await this.checked(input, before.uses, tx)
      if (code.code !== before.code && before.uses > 0) {
        throw new ApiError(409, 'NOT_ALLOWED', 'Orders have taken this code: its text stays', {
          fields: { code: 'used' },
        })
      }
      await this.assertFree(tx, code.code, id)
      const [after] = await tx
        .update(promotionCodes)
        .set({ ...columnsOf(code), updatedAt: this.now() })
        .where(eq(promotionCodes.id, id))
        .returning()
      if (!after) throw new ApiError(404, 'NOT_FOUND', 'No such code')
      await this.audit.record(tx, context, {
        action: 'promotion_code.update',
        entityType: 'promotion_code',
        entityId: id,
        before: this.view(before),
        after: this.view(after),
      })
      return after
    })
    return this.view(row)
  }

  /** Switched off: checkout refuses it from now on; the code, its uses and its orders stay. */
  async deactivate(id: string, context: AuditContext): Promise<CodeView> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotionCodes).where(eq(promotionCodes.id, id)).for('update')
      if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such code')
      if (!before.active) return before
      const [after] = await tx
        .update(promotionCodes)
        .set({ active: false, updatedAt: this.now() })
        .where(eq(promotionCodes.id, id))
        .returning()
      if (!after) throw new ApiError(404, 'NOT_FOUND', 'No such code')
      await this.audit.record(tx, context, {
        action: 'promotion_code.deactivate',
        entityType: 'promotion_code',
        entityId: id,
        before: { active: true },
        after: { active: false },
      })
      return after
    })
    return this.view(row)
  }

  /** The bundle prices (the constants where a row is missing) and the pieces carrying the tag. */
  async mixMatch(language: StaffLanguage) {
    const rows = await this.db.select().from(mixMatchPrices)
    const prices = await bundlePricesOf(this.db)
    const pieces = await this.db
      .select({
        id: products.id,
        nameTh: products.nameTh,
        nameEn: products.nameEn,
        colourTh: products.colorNameTh,
        colourEn: products.colorNameEn,
      })
      .from(products)
      .where(sql`'mix_match' = any(${products.tags})`)
      .orderBy(asc(products.nameEn), asc(products.colorPosition))
    return {
      prices: bundleList(prices),
      updatedAt:
        rows
          .reduce<Date | null>((latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest), null)
          ?.toISOString() ?? null,
      products: pieces.map((piece) => ({
        id: piece.id,
        name: language === 'th' ? piece.nameTh : piece.nameEn,
        colour: language === 'th' ? piece.colourTh : piece.colourEn,
      })),
    }
  }

  /** New bundle prices: both sizes in both currencies, the bundle of 5 dearer than the bundle of 3 in each. */
  async setMixMatch(prices: BundlePrice[], context: AuditContext): Promise<void> {
    const bySize = new Map(prices.map((price) => [price.size, price]))
    const three = bySize.get(3)
    const five = bySize.get(5)
    if (!three || !five) throw invalid({ prices: 'bothSizes' })
    const problems: Record<string, string> = {}
    for (const currency of ['thb', 'usd'] as const) {
      if (five[currency] <= three[currency]) problems[`5.${currency}`] = 'aboveThree'
    }
    if (Object.keys(problems).length > 0) throw invalid(problems)
    await this.db.transaction(async (tx) => {
      const before = bundleList(await bundlePricesOf(tx))
      const now = this.now()
      const values = [three, five].flatMap((bundle) =>
        (['thb', 'usd'] as const).map((currency) => ({
          size: bundle.size,
          currency,
          price: bundle[currency],
          updatedAt: now,
        })),
      )
      await tx
        .insert(mixMatchPrices)
        .values(values)
        .onConflictDoUpdate({
          target: [mixMatchPrices.size, mixMatchPrices.currency],
          set: { price: sql`excluded.price`, updatedAt: now },
        })
      await this.audit.record(tx, context, {
        action: 'mix_match.prices',
        entityType: 'mix_match',
        entityId: 'prices',
        before,
        after: [three, five],
      })
    })
  }
}

/** Bundle prices as the wire lists them: per size, both currencies. */
function bundleList(prices: MixMatchBundlePrices): BundlePrice[] {
  return ([3, 5] as const).map((size) => ({ size, thb: prices[size].thb, usd: prices[size].usd }))
}
