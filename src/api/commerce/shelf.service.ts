import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { products, variants } from '~/db/schema'

/**
 * The back office's writes to the shelf: a product's prices in both currencies (carts show the change) and the
 * online stock of a size. Each says whether the product or size exists.
 */
export class ShelfService {
  constructor(private readonly db: Db) {}

  async setPrices(
    productId: string,
    prices: { priceThb: number; priceUsd: number; compareAtThb: number | null; compareAtUsd: number | null },
  ): Promise<boolean> {
    const updated = await this.db
      .update(products)
      .set({
        priceThb: prices.priceThb,
        priceUsd: prices.priceUsd,
        compareAtThb: prices.compareAtThb,
        compareAtUsd: prices.compareAtUsd,
      })
      .where(eq(products.id, productId))
      .returning({ id: products.id })
    return updated.length > 0
  }

  async setStock(sku: string, stockOnline: number): Promise<boolean> {
    const updated = await this.db
      .update(variants)
      .set({ stockOnline })
      .where(eq(variants.sku, sku))
      .returning({ sku: variants.sku })
    return updated.length > 0
  }
}
