import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { modelsMatching } from './model-search.server'
import { products, stockMovements, stockTransferLines, stockTransfers, stores, storeStock, variants } from '~/db/schema'
import {
  ONLINE_LOCATION,
  type StockAdjustReason,
  type StockMovementReason,
  type StockTransferStatus,
} from '~/domain/stock'
import { ApiError } from '~/api/errors'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

type Lang = 'th' | 'en'
type Location = { id: string; name: string }

export type AdjustInput = {
  location: string
  sku: string
  reason: StockAdjustReason
  note: string
  delta?: number
  counted?: number
}

export type TransferInput = {
  from: string
  to: string
  note: string
  lines: Array<{ sku: string; quantity: number }>
}

const invalid = (fields: Record<string, string>) =>
  new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })

/**
 * Stock in the back office (issue 32 item 3, decision 191): the count of each size at each location (the online
 * warehouse, `variants.stock_online`, and each store, `store_stock`), changed by adjustments with a reason and by
 * transfers between locations. Every change is one transaction with its ledger lines (stock_movements) and its audit
 * entry; a count never goes below zero (a conditional update, so two changes at once cannot both take the last piece).
 */
export class AdminStock {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  /** The online warehouse, then the stores in their order, named in `lang`. */
  async locations(lang: Lang, db: Pick<Db, 'select'> = this.db): Promise<Location[]> {
    const rows = await db
      .select({ id: stores.id, nameTh: stores.nameTh, nameEn: stores.nameEn })
      .from(stores)
      .orderBy(asc(stores.position))
    return [
      { id: ONLINE_LOCATION, name: lang === 'th' ? 'คลังสินค้าออนไลน์' : 'Online warehouse' },
      ...rows.map((row) => ({ id: row.id, name: lang === 'th' ? row.nameTh : row.nameEn })),
    ]
  }

  private async locationOf(tx: Pick<Db, 'select'>, id: string, lang: Lang = 'en'): Promise<Location | null> {
    return (await this.locations(lang, tx)).find((place) => place.id === id) ?? null
  }

  /** Models whose name (either language), SKU or barcode holds `q`, with their pieces online and in the stores. */
  async search(q: string | undefined, lang: Lang) {
    const ids = await modelsMatching(this.db, q)
    if (ids.length === 0) return { items: [] }
    const rows = await this.db
      .select({
        familyId: products.familyId,
        colorPosition: products.colorPosition,
        nameTh: products.nameTh,
        nameEn: products.nameEn,
        productId: products.id,
        sku: variants.sku,
        online: variants.stockOnline,
        inStores: sql<number>`(SELECT COALESCE(SUM(${storeStock.quantity}), 0)::int FROM ${storeStock} WHERE ${storeStock.sku} = ${variants.sku})`,
      })
      .from(products)
      .innerJoin(variants, eq(variants.productId, products.id))
      .where(inArray(products.familyId, ids))
      .orderBy(asc(products.familyId), asc(products.colorPosition), asc(variants.position))
    return {
      items: ids.map((familyId) => {
        const of = rows.filter((row) => row.familyId === familyId)
        const first = of[0]
        return {
          familyId,
          name: first ? (lang === 'th' ? first.nameTh : first.nameEn) : familyId,
          colours: new Set(of.map((row) => row.productId)).size,
          sizes: of.length,
          online: of.reduce((sum, row) => sum + row.online, 0),
          inStores: of.reduce((sum, row) => sum + Number(row.inStores), 0),
        }
      }),
    }
  }

  /** A model's colour × size matrix: each size's count at each location and its low-stock threshold. */
  async matrix(id: string, lang: Lang) {
    const [found] = await this.db
      .select({ familyId: products.familyId })
      .from(products)
      .leftJoin(variants, eq(variants.productId, products.id))
      .where(or(eq(products.id, id), eq(products.familyId, id), eq(variants.sku, id)))
      .limit(1)
    if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    const colours = await this.db
      .select()
      .from(products)
      .where(eq(products.familyId, found.familyId))
      .orderBy(asc(products.colorPosition), asc(products.id))
    const sizes = await this.db
      .select()
      .from(variants)
      .where(
        inArray(
          variants.productId,
          colours.map((colour) => colour.id),
        ),
      )
      .orderBy(asc(variants.position))
    const inStores =
      sizes.length === 0
        ? []
        : await this.db
            .select()
            .from(storeStock)
            .where(
              inArray(
                storeStock.sku,
                sizes.map((size) => size.sku),
              ),
            )
    const locations = await this.locations(lang)
    const first = colours[0]
    return {
      familyId: found.familyId,
      name: first ? (lang === 'th' ? first.nameTh : first.nameEn) : found.familyId,
      locations,
      colours: colours.map((colour) => ({
        productId: colour.id,
        colour: lang === 'th' ? colour.colorNameTh : colour.colorNameEn,
        colourHex: colour.colorHex,
        sizes: sizes
          .filter((size) => size.productId === colour.id)
          .map((size) => ({
            sku: size.sku,
            size: size.size,
            barcode: size.barcode,
            lowStockThreshold: size.lowStockThreshold,
            quantities: locations.map((place) => ({
              location: place.id,
              quantity:
                place.id === ONLINE_LOCATION
                  ? size.stockOnline
                  : (inStores.find((row) => row.sku === size.sku && row.storeId === place.id)?.quantity ?? 0),
            })),
          })),
      })),
    }
  }

  /** The count of a size at a location, its row locked until the transaction ends (a store's row made at 0). */
  private async lockCount(tx: Tx, location: string, sku: string): Promise<number> {
    if (location === ONLINE_LOCATION) {
      const [row] = await tx
        .select({ quantity: variants.stockOnline })
        .from(variants)
        .where(eq(variants.sku, sku))
        .for('update')
      if (!row) throw invalid({ sku: 'unknown' })
      return row.quantity
    }
    await tx.insert(storeStock).values({ storeId: location, sku, quantity: 0 }).onConflictDoNothing()
    const [row] = await tx
      .select({ quantity: storeStock.quantity })
      .from(storeStock)
      .where(and(eq(storeStock.storeId, location), eq(storeStock.sku, sku)))
      .for('update')
    return row?.quantity ?? 0
  }

  /**
   * Adds `delta` to a size's count at a location unless that takes it below zero (then null): one conditional
   * statement, so that of two changes at once taking the last pieces one finds them gone.
   */
  private async move(tx: Tx, location: string, sku: string, delta: number): Promise<number | null> {
    if (location === ONLINE_LOCATION) {
      const [row] = await tx
        .update(variants)
        .set({ stockOnline: sql`${variants.stockOnline} + ${delta}` })
        .where(and(eq(variants.sku, sku), sql`${variants.stockOnline} + ${delta} >= 0`))
        .returning({ after: variants.stockOnline })
      return row?.after ?? null
    }
    if (delta > 0) {
      const [row] = await tx
        .insert(storeStock)
        .values({ storeId: location, sku, quantity: delta })
        .onConflictDoUpdate({
          target: [storeStock.storeId, storeStock.sku],
          set: { quantity: sql`${storeStock.quantity} + ${delta}` },
        })
        .returning({ after: storeStock.quantity })
      return row?.after ?? null
    }
    const [row] = await tx
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} + ${delta}` })
      .where(
        and(eq(storeStock.storeId, location), eq(storeStock.sku, sku), sql`${storeStock.quantity} + ${delta} >= 0`),
      )
      .returning({ after: storeStock.quantity })
    return row?.after ?? null
  }

  private async ledger(
    tx: Tx,
    context: AuditContext,
    line: {
      location: string
      sku: string
      delta: number
      quantityAfter: number
      reason: StockMovementReason
      note: string
      transferId?: string
    },
    at: Date,
  ) {
    const [row] = await tx
      .insert(stockMovements)
      .values({
        at,
        actorType: context.actor.type,
        actorId: context.actor.id,
        actorLabel: context.actor.label,
        location: line.location,
        sku: line.sku,
        delta: line.delta,
        quantityAfter: line.quantityAfter,
        reason: line.reason,
        note: line.note,
        transferId: line.transferId ?? null,
      })
      .returning()
    if (!row) throw new Error('The ledger did not answer')
    return row
  }

  /**
   * A size's count at a location changed with a reason: by `delta`, or set to `counted` (a stock count). Never below
   * zero (409 STOCK_SHORT). The ledger line and the audit entry in the same transaction.
   */
  async adjust(input: AdjustInput, context: AuditContext) {
    const fields: Record<string, string> = {}
    if ((input.delta === undefined) === (input.counted === undefined)) fields.delta = 'delta_or_counted'
    if (input.delta === 0) fields.delta = 'zero'
    if (input.reason === 'other' && input.note.trim() === '') fields.note = 'required'
    if (Object.keys(fields).length > 0) throw invalid(fields)
    return this.db.transaction((tx) => this.adjustIn(tx, input, context))
  }

  /**
   * A count sheet: the sizes counted at one location, each set to what was found, all or nothing in one transaction
   * (each a `count` line in the ledger, audited as an adjustment is). A size named twice, or unknown, is refused by its
   * line (`lines.{n}.sku`), and nothing is written.
   */
  async count(
    input: { location: string; note: string; lines: Array<{ sku: string; counted: number }> },
    context: AuditContext,
  ) {
    const seen = new Set<string>()
    const fields: Record<string, string> = {}
    input.lines.forEach((line, index) => {
      if (seen.has(line.sku)) fields[`lines.${index}.sku`] = 'twice'
      seen.add(line.sku)
    })
    if (Object.keys(fields).length > 0) throw invalid(fields)
    return this.db.transaction(async (tx) => {
      const lines: Array<{ sku: string; quantity: number; delta: number }> = []
      for (const [index, line] of input.lines.entries()) {
        try {
          const adjusted = await this.adjustIn(
            tx,
            { location: input.location, sku: line.sku, reason: 'count', note: input.note, counted: line.counted },
            context,
          )
          lines.push({ sku: line.sku, quantity: adjusted.quantity, delta: adjusted.movement.delta })
        } catch (error) {
          const sku = error instanceof ApiError ? error.details.fields?.sku : undefined
          if (sku !== undefined) throw invalid({ [`lines.${index}.sku`]: sku })
          throw error
        }
      }
      return { location: input.location, lines }
    })
  }

  /** `adjust` within a transaction the caller holds (the CSV import's stock count, all or nothing). */
  async adjustIn(tx: Tx, input: AdjustInput, context: AuditContext) {
    const lang = context.actor.language
    const place = await this.locationOf(tx, input.location, lang)
    if (!place) throw invalid({ location: 'unknown' })
    const [size] = await tx.select({ sku: variants.sku }).from(variants).where(eq(variants.sku, input.sku))
    if (!size) throw invalid({ sku: 'unknown' })
    const before = await this.lockCount(tx, input.location, input.sku)
    const delta = input.counted !== undefined ? input.counted - before : (input.delta ?? 0)
    const after = before + delta < 0 ? null : await this.move(tx, input.location, input.sku, delta)
    if (after === null) {
      throw new ApiError(409, 'STOCK_SHORT', `Only ${before} there: the count cannot go below zero`, {
        fields: { delta: 'below_zero', available: String(before) },
      })
    }
    const at = this.now()
    const movement = await this.ledger(
      tx,
      context,
      {
        location: input.location,
        sku: input.sku,
        delta,
        quantityAfter: after,
        reason: input.reason,
        note: input.note,
      },
      at,
    )
    await this.audit.record(tx, context, {
      action: 'stock.adjust',
      entityType: 'stock',
      entityId: `${input.location}:${input.sku}`,
      before: { location: input.location, sku: input.sku, quantity: before },
      after: {
        location: input.location,
        sku: input.sku,
        quantity: after,
        delta,
        reason: input.reason,
        note: input.note,
      },
    })
    return {
      location: input.location,
      sku: input.sku,
      quantity: after,
      movement: this.movementView(movement, place.name),
    }
  }

  private movementView(row: typeof stockMovements.$inferSelect, locationName: string) {
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actorLabel,
      location: row.location,
      locationName,
      sku: row.sku,
      delta: row.delta,
      quantityAfter: row.quantityAfter,
      reason: row.reason,
      note: row.note,
      transferId: row.transferId,
    }
  }

  /** A size's staff-alert threshold (the online order path alerts when it takes the stock below it). */
  async setThreshold(sku: string, threshold: number, context: AuditContext) {
    return this.db.transaction((tx) => this.setThresholdIn(tx, sku, threshold, context))
  }

  /** `setThreshold` within a transaction the caller holds (the CSV import's). */
  async setThresholdIn(tx: Tx, sku: string, threshold: number, context: AuditContext) {
    const [before] = await tx
      .select({ threshold: variants.lowStockThreshold })
      .from(variants)
      .where(eq(variants.sku, sku))
      .for('update')
    if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such size')
    await tx.update(variants).set({ lowStockThreshold: threshold }).where(eq(variants.sku, sku))
    await this.audit.record(tx, context, {
      action: 'stock.threshold',
      entityType: 'variant',
      entityId: sku,
      before: { lowStockThreshold: before.threshold },
      after: { lowStockThreshold: threshold },
    })
    return { sku, lowStockThreshold: threshold }
  }

  /** The ledger of a size, newest first, 25 a page. */
  async movements(sku: string, page: number, lang: Lang, pageSize = 25) {
    const [size] = await this.db
      .select({ size: variants.size, nameTh: products.nameTh, nameEn: products.nameEn })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(variants.sku, sku))
    if (!size) throw new ApiError(404, 'NOT_FOUND', 'No such size')
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.sku, sku))
    const rows = await this.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.sku, sku))
      .orderBy(desc(stockMovements.at), desc(stockMovements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    const locations = await this.locations(lang)
    return {
      sku,
      name: lang === 'th' ? size.nameTh : size.nameEn,
      size: size.size,
      items: rows.map((row) =>
        this.movementView(row, locations.find((place) => place.id === row.location)?.name ?? row.location),
      ),
      total: Number(total),
      page,
      pageSize,
    }
  }

  /** Transfers of a status (the open ones, `sent`, first), newest first, 25 a page. */
  async transfers(status: StockTransferStatus, page: number, lang: Lang, pageSize = 25) {
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(stockTransfers)
      .where(eq(stockTransfers.status, status))
    const rows = await this.db
      .select({ id: stockTransfers.id })
      .from(stockTransfers)
      .where(eq(stockTransfers.status, status))
      .orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    const items = await this.transferViews(
      this.db,
      rows.map((row) => row.id),
      lang,
    )
    return { items, total: Number(total), page, pageSize }
  }

  async transfer(id: string, lang: Lang) {
    const [view] = await this.transferViews(this.db, [id], lang)
    if (!view) throw new ApiError(404, 'NOT_FOUND', 'No such transfer')
    return view
  }

  private async transferViews(db: Pick<Db, 'select'>, ids: string[], lang: Lang) {
    if (ids.length === 0) return []
    const [rows, lines, locations] = await Promise.all([
      db.select().from(stockTransfers).where(inArray(stockTransfers.id, ids)),
      db
        .select({
          transferId: stockTransferLines.transferId,
          sku: stockTransferLines.sku,
          quantity: stockTransferLines.quantity,
          size: variants.size,
          position: variants.position,
          nameTh: products.nameTh,
          nameEn: products.nameEn,
          colourTh: products.colorNameTh,
          colourEn: products.colorNameEn,
        })
        .from(stockTransferLines)
        .innerJoin(variants, eq(variants.sku, stockTransferLines.sku))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(inArray(stockTransferLines.transferId, ids))
        .orderBy(asc(products.id), asc(variants.position)),
      this.locations(lang, db),
    ])
    const place = (id: string) => locations.find((candidate) => candidate.id === id) ?? { id, name: id }
    return ids.flatMap((id) => {
      const row = rows.find((candidate) => candidate.id === id)
      if (!row) return []
      return [
        {
          id: row.id,
          from: place(row.fromLocation),
          to: place(row.toLocation),
          status: row.status,
          note: row.note,
          sentAt: row.sentAt.toISOString(),
          sentBy: row.sentBy,
          closedAt: row.closedAt?.toISOString() ?? null,
          closedBy: row.closedBy,
          lines: lines
            .filter((line) => line.transferId === id)
            .map((line) => ({
              sku: line.sku,
              name: lang === 'th' ? line.nameTh : line.nameEn,
              colour: lang === 'th' ? line.colourTh : line.colourEn,
              size: line.size,
              quantity: line.quantity,
            })),
        },
      ]
    })
  }

  /**
   * A transfer sent: its pieces leave `from` now (each line never more than `from` holds: 409 STOCK_SHORT, nothing
   * taken), and arrive at `to` when it is received.
   */
  async send(input: TransferInput, context: AuditContext): Promise<string> {
    const fields: Record<string, string> = {}
    if (input.from === input.to) fields.to = 'same_as_from'
    const seen = new Set<string>()
    input.lines.forEach((line, index) => {
      if (seen.has(line.sku)) fields[`lines.${index}.sku`] = 'twice'
      seen.add(line.sku)
    })
    if (Object.keys(fields).length > 0) throw invalid(fields)
    return this.db.transaction(async (tx) => {
      const locations = await this.locations('en', tx)
      if (!locations.some((place) => place.id === input.from)) fields.from = 'unknown'
      if (!locations.some((place) => place.id === input.to)) fields.to = 'unknown'
      const known = await tx
        .select({ sku: variants.sku })
        .from(variants)
        .where(
          inArray(
            variants.sku,
            input.lines.map((line) => line.sku),
          ),
        )
      input.lines.forEach((line, index) => {
        if (!known.some((row) => row.sku === line.sku)) fields[`lines.${index}.sku`] = 'unknown'
      })
      if (Object.keys(fields).length > 0) throw invalid(fields)
      const at = this.now()
      const [transfer] = await tx
        .insert(stockTransfers)
        .values({
          fromLocation: input.from,
          toLocation: input.to,
          status: 'sent',
          note: input.note,
          sentAt: at,
          sentBy: context.actor.label,
        })
        .returning({ id: stockTransfers.id })
      if (!transfer) throw new Error('The transfer was not stored')
      await tx.insert(stockTransferLines).values(input.lines.map((line) => ({ transferId: transfer.id, ...line })))
      const short: Record<string, string> = {}
      const stock: Array<{ sku: string; before: number; after: number }> = []
      // In the order of the sizes, so that two transfers sharing sizes lock them in the same order.
      const ordered = input.lines
        .map((line, index) => ({ ...line, index }))
        .toSorted((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
      for (const line of ordered) {
        const after = await this.move(tx, input.from, line.sku, -line.quantity)
        if (after === null) {
          short[`lines.${line.index}.quantity`] = 'short'
          continue
        }
        stock.push({ sku: line.sku, before: after + line.quantity, after })
        await this.ledger(
          tx,
          context,
          {
            location: input.from,
            sku: line.sku,
            delta: -line.quantity,
            quantityAfter: after,
            reason: 'transfer_sent',
            note: input.note,
            transferId: transfer.id,
          },
          at,
        )
      }
      if (Object.keys(short).length > 0) {
        throw new ApiError(409, 'STOCK_SHORT', 'Some lines name more pieces than the location holds', {
          fields: short,
        })
      }
      await this.audit.record(tx, context, {
        action: 'stock_transfer.send',
        entityType: 'stock_transfer',
        entityId: transfer.id,
        before: { location: input.from, stock: stock.map(({ sku, before }) => ({ sku, quantity: before })) },
        after: {
          status: 'sent',
          from: input.from,
          to: input.to,
          note: input.note,
          lines: input.lines,
          stock: stock.map(({ sku, after }) => ({ sku, quantity: after })),
        },
      })
      return transfer.id
    })
  }

  /** A sent transfer received (its pieces added at `to`) or cancelled (put back at `from`): once. */
  async close(id: string, outcome: 'received' | 'cancelled', context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [transfer] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update')
      if (!transfer) throw new ApiError(404, 'NOT_FOUND', 'No such transfer')
      if (transfer.status !== 'sent') {
        throw new ApiError(409, 'TRANSFER_CLOSED', `This transfer was ${transfer.status} already`)
      }
      const lines = await tx
        .select()
        .from(stockTransferLines)
        .where(eq(stockTransferLines.transferId, id))
        .orderBy(asc(stockTransferLines.sku))
      const location = outcome === 'received' ? transfer.toLocation : transfer.fromLocation
      const at = this.now()
      const stock: Array<{ sku: string; before: number; after: number }> = []
      for (const line of lines) {
        const after = await this.move(tx, location, line.sku, line.quantity)
        if (after === null) throw new Error('Adding pieces did not answer')
        stock.push({ sku: line.sku, before: after - line.quantity, after })
        await this.ledger(
          tx,
          context,
          {
            location,
            sku: line.sku,
            delta: line.quantity,
            quantityAfter: after,
            reason: outcome === 'received' ? 'transfer_received' : 'transfer_cancelled',
            note: transfer.note,
            transferId: id,
          },
          at,
        )
      }
      await tx
        .update(stockTransfers)
        .set({ status: outcome, closedAt: at, closedBy: context.actor.label })
        .where(eq(stockTransfers.id, id))
      await this.audit.record(tx, context, {
        action: outcome === 'received' ? 'stock_transfer.receive' : 'stock_transfer.cancel',
        entityType: 'stock_transfer',
        entityId: id,
        before: { status: 'sent', location, stock: stock.map(({ sku, before }) => ({ sku, quantity: before })) },
        after: { status: outcome, location, stock: stock.map(({ sku, after }) => ({ sku, quantity: after })) },
      })
    })
  }
}
