import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products, variants } from '~/db/schema'

/** A size the tests can order with no rule of its own in the way. */
export type PlainSize = { sku: string; productId: string; price: number; nameTh: string; nameEn: string }

/**
 * The `offset`-th size (by SKU) of a product without tags (not on sale, club or mix-and-match) that is not shoes,
 * its online stock set to `stock`. Files that share a database take different offsets for different tests.
 */
export async function plainSize(db: Database['db'], offset: number, stock: number): Promise<PlainSize> {
  const [row] = await db
    .select({
      sku: variants.sku,
      productId: products.id,
      price: products.priceThb,
      nameTh: products.nameTh,
      nameEn: products.nameEn,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(sql`cardinality(${products.tags}) = 0`, sql`${products.categorySlug} <> 'shoes'`))
    .orderBy(variants.sku)
    .limit(1)
    .offset(offset)
  if (!row) throw new Error('no plain product in the demo catalog')
  await db.update(variants).set({ stockOnline: stock }).where(eq(variants.sku, row.sku))
  return row
}
