import { bundlesIn, type MixMatchBundle, type MixMatchBundlePrices } from '~/domain/mix-match-prices'
import { sql } from 'drizzle-orm'
import { publishedStock } from './checkout-lines'
import { type cartItems, products, variants, type CatalogImage, type CurrencyCode, type ProductRow } from '~/db/schema'
import type { ProductTag } from '~/domain/catalog'
import { mixMatchDiscounts } from '~/domain/mix-match'

// A cart as the shopper sees it (§5, §8): each line re-priced from the catalog, what blocks payment flagged, and the
// sums of what can be paid now. Types and pure functions; the cart service (cart.service.ts) reads the rows.

/** A line of the cart, at today's price. */
export type CartLineView = {
  id: string
  sku: string
  productId: string
  familyId: string
  colorSlug: string
  name: string
  size: string
  image: { path: string; width: number; height: number; alt: string } | null
  category: string
  tags: ProductTag[]
  quantity: number
  /** The price now, in the line's currency. */
  unitPrice: number
  /** The price when the shopper added it. */
  addedPrice: number
  compareAt: number | null
  currency: CurrencyCode
  lineTotal: number
  /** Units that can still be sold online. */
  available: number
  priceChanged: boolean
  outOfStock: boolean
  /** Added under another region: cannot be paid until removed and added again (§5). */
  regionMismatch: boolean
}

export type CartView = {
  id: string | null
  currency: CurrencyCode
  items: CartLineView[]
  count: number
  /**
   * The pieces that can be paid now, at today's prices (issue 29 item 10): a size out of stock or a line of another
   * region is not counted (the cart marks it so).
   */
  subtotal: number
  /** The mix-and-match saving on the counted pieces, as checkout will give it. */
  mixMatchDiscount: number
  /** subtotal − mixMatchDiscount: to pay before delivery and any code (both worked out at checkout). */
  total: number
  /** The bundle prices in the cart's currency, as checkout charges them (none for an empty cart). */
  mixMatchBundles: MixMatchBundle[]
  pricesChanged: boolean
  /** Payment is blocked: an item out of stock or of another region. */
  blocked: boolean
  /** The cart the shopper holds was paid already (§8: 'You have purchased items in this shopping cart'). */
  purchased: boolean
}

export type Lang = 'th' | 'en'

/** The view of no cart, or of one that is no longer open (`purchased`: it was ordered). */
export function emptyView(currency: CurrencyCode, purchased = false): CartView {
  return {
    id: null,
    currency,
    items: [],
    count: 0,
    subtotal: 0,
    mixMatchDiscount: 0,
    total: 0,
    mixMatchBundles: [],
    pricesChanged: false,
    blocked: false,
    purchased,
  }
}

/** A stored line of a cart. */
export type CartItemRow = typeof cartItems.$inferSelect
type VariantRow = Pick<typeof variants.$inferSelect, 'size' | 'stockOnline'>

/**
 * The product columns a cart line shows: a cart is read on every page of a shopper who has one, and the whole row
 * (descriptions, care, size chart, search text) was most of what PGlite parsed for it (issue 29's profile).
 */
export const LINE_PRODUCT = {
  id: products.id,
  familyId: products.familyId,
  colorSlug: products.colorSlug,
  nameTh: products.nameTh,
  nameEn: products.nameEn,
  categorySlug: products.categorySlug,
  tags: products.tags,
  /** The first picture only (jsonb `->` 0): the row holds every picture with its alt texts. */
  image: sql<CatalogImage | null>`${products.images} -> 0`,
  priceThb: products.priceThb,
  priceUsd: products.priceUsd,
  compareAtThb: products.compareAtThb,
  compareAtUsd: products.compareAtUsd,
}
type LineProduct = Pick<ProductRow, Exclude<keyof typeof LINE_PRODUCT, 'image'>> & { image: CatalogImage | null }
export const LINE_VARIANT = { size: variants.size, stockOnline: publishedStock() }

/** A line as the cart shows it: re-priced from the catalog, with what blocks payment flagged. */
export function lineView(
  item: CartItemRow,
  product: LineProduct,
  variant: VariantRow,
  currency: CurrencyCode,
  lang: Lang,
): CartLineView {
  const unitPrice = item.currency === 'thb' ? product.priceThb : product.priceUsd
  const compareAt = item.currency === 'thb' ? product.compareAtThb : product.compareAtUsd
  const { image } = product
  return {
    id: item.id,
    sku: item.sku,
    productId: product.id,
    familyId: product.familyId,
    colorSlug: product.colorSlug,
    name: lang === 'th' ? product.nameTh : product.nameEn,
    size: variant.size,
    image: image
      ? {
          path: image.path,
          width: image.width,
          height: image.height,
          alt: lang === 'th' ? image.altTh : image.altEn,
        }
      : null,
    category: product.categorySlug,
    tags: product.tags,
    quantity: item.quantity,
    unitPrice,
    addedPrice: item.unitPrice,
    compareAt,
    currency: item.currency,
    lineTotal: unitPrice * item.quantity,
    available: variant.stockOnline,
    priceChanged: unitPrice !== item.unitPrice,
    outOfStock: variant.stockOnline < item.quantity,
    regionMismatch: item.currency !== currency,
  }
}

/** The cart of these lines: what counts towards its sums, and whether anything blocks payment. */
export function cartView(
  id: string,
  currency: CurrencyCode,
  items: CartLineView[],
  bundlePrices: MixMatchBundlePrices,
): CartView {
  // Only what can be paid now counts: not a size out of stock, not a line priced in another currency.
  const counted = items.filter((item) => !item.regionMismatch && !item.outOfStock)
  const subtotal = counted.reduce((sum, item) => sum + item.lineTotal, 0)
  const mixMatchDiscount = mixMatchDiscounts(currency, counted, bundlePrices).reduce((sum, part) => sum + part, 0)
  return {
    id,
    currency,
    items,
    count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    mixMatchDiscount,
    total: subtotal - mixMatchDiscount,
    mixMatchBundles: bundlesIn(bundlePrices, currency),
    pricesChanged: items.some((item) => item.priceChanged && !item.regionMismatch),
    blocked: items.some((item) => item.outOfStock || item.regionMismatch),
    purchased: false,
  }
}
