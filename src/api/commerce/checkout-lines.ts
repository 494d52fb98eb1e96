import { asc, eq, sql } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { cartItems, products, variants, type CurrencyCode } from '~/db/schema'
import { ApiError } from '~/api/errors'

/** The online stock of a size as the shop sells it: none while its model is not published (decision 195). */
export function publishedStock() {
  return sql<number>`(CASE WHEN ${products.status} = 'published' THEN ${variants.stockOnline} ELSE 0 END)`.mapWith(
    Number,
  )
}

/** What checkout reads of a cart's line: the line, and what pricing needs from the catalog. */
export const lineColumns = {
  sku: cartItems.sku,
  quantity: cartItems.quantity,
  currency: cartItems.currency,
  productId: products.id,
  category: products.categorySlug,
  tags: products.tags,
  priceThb: products.priceThb,
  priceUsd: products.priceUsd,
  nameTh: products.nameTh,
  nameEn: products.nameEn,
  size: variants.size,
  /** A model no longer published has nothing to sell (decision 195): its lines are out of stock. */
  stockOnline: publishedStock(),
}

/** The lines of a cart with what pricing needs from the catalog, in the order they were added. */
export function linesQuery(db: Db, cartId: string) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.sku, cartItems.sku))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.sku))
}

export type LineRow = Awaited<ReturnType<typeof linesQuery>>[number]

/** Lines as the pricing engine takes them, at today's catalog price; an empty or mixed-region cart is refused. */
export function pricedLines(rows: LineRow[], currency: CurrencyCode) {
  if (rows.length === 0) throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
  if (rows.some((row) => row.currency !== currency)) {
    throw new ApiError(409, 'REGION_MISMATCH', 'Invalid Region: Please remove product and try again')
  }
  return rows.map((row) => ({
    sku: row.sku,
    productId: row.productId,
    category: row.category,
    tags: row.tags,
    unitPrice: currency === 'thb' ? row.priceThb : row.priceUsd,
    quantity: row.quantity,
    nameTh: row.nameTh,
    nameEn: row.nameEn,
    size: row.size,
  }))
}

export type PricedLine = ReturnType<typeof pricedLines>[number]
