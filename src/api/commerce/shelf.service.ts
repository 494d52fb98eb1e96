import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { products, stockMovements, variants } from '~/db/schema'
import type { AuditContext } from '~/api/admin/actor'
import { ONLINE_LOCATION } from '~/domain/stock'
import type { ChangeRecorder } from './operator.server'

/** The ledger's note on a count set through the product API's operator route. */
export const OPERATOR_STOCK_NOTE = 'Set through the product API (PUT /operator/variants/{sku}/stock)'

/**
 * The back office's writes to the shelf: a product's prices in both currencies (carts show the change) and the
 * online stock of a size. Each says whether the product or size exists, and records the change (before and after)
 * through its own transaction when given a recorder (the audit log, decision 174).
 */
export class ShelfService {
  constructor(private readonly db: Db) {}

  async setPrices(
    productId: string,
    prices: { priceThb: number; priceUsd: number; compareAtThb: number | null; compareAtUsd: number | null },
    record?: ChangeRecorder,
  ): Promise<boolean> {
    const columns = {
      priceThb: products.priceThb,
      priceUsd: products.priceUsd,
      compareAtThb: products.compareAtThb,
      compareAtUsd: products.compareAtUsd,
    }
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select(columns).from(products).where(eq(products.id, productId)).for('update')
      if (!before) return false
      const [after] = await tx
        .update(products)
        .set({
          priceThb: prices.priceThb,
          priceUsd: prices.priceUsd,
          compareAtThb: prices.compareAtThb,
          compareAtUsd: prices.compareAtUsd,
        })
        .where(eq(products.id, productId))
        .returning(columns)
      await record?.(tx, { before, after })
      return true
    })
  }

  /**
   * Sets the online stock of a size. With `by` (who asked), a change is also a line of the size's stock ledger
   * (stock_movements, decision 191), as a count, so the back office's history of the size shows it.
   */
  async setStock(sku: string, stockOnline: number, record?: ChangeRecorder, by?: AuditContext): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ stockOnline: variants.stockOnline })
        .from(variants)
        .where(eq(variants.sku, sku))
        .for('update')
      if (!before) return false
      await tx.update(variants).set({ stockOnline }).where(eq(variants.sku, sku))
      if (by && stockOnline !== before.stockOnline) {
        await tx.insert(stockMovements).values({
          at: new Date(),
          actorType: by.actor.type,
          actorId: by.actor.id,
          actorLabel: by.actor.label,
          location: ONLINE_LOCATION,
          sku,
          delta: stockOnline - before.stockOnline,
          quantityAfter: stockOnline,
          reason: 'count',
          note: OPERATOR_STOCK_NOTE,
        })
      }
      await record?.(tx, { before, after: { stockOnline } })
      return true
    })
  }
}
