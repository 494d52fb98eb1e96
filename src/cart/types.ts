import type { ProductSummary } from '~/catalog/types'

/** A cart line as the cart page shows it (the API's CartLine, camelCase). */
export type CartLine = {
  id: string
  sku: string
  productId: string
  /** The product's family and colour, for the link to its page. */
  familyId: string
  colorSlug: string
  name: string
  size: string
  image: { path: string; width: number; height: number; alt: string } | null
  category: string
  tags: Array<'sale' | 'club' | 'mix_match' | 'new'>
  quantity: number
  unitPrice: number
  addedPrice: number
  compareAt: number | null
  currency: 'thb' | 'usd'
  lineTotal: number
  available: number
  priceChanged: boolean
  outOfStock: boolean
  regionMismatch: boolean
}

export type Cart = {
  id: string | null
  currency: 'thb' | 'usd'
  items: CartLine[]
  count: number
  /** What can be paid now (not sizes out of stock, not lines of another region). */
  subtotal: number
  mixMatchDiscount: number
  /** subtotal − mixMatchDiscount, before delivery and codes. */
  total: number
  pricesChanged: boolean
  blocked: boolean
  purchased: boolean
}

export type WishlistView = { items: ProductSummary[]; productIds: string[] }
