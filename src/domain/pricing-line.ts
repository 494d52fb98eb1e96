import type { ProductTag } from './catalog'

/** A cart line at the current server price (minor units of the cart's currency, VAT included). */
export type PricingLine = {
  sku: string
  productId: string
  category: string
  tags: readonly ProductTag[]
  unitPrice: number
  quantity: number
}

/** A line priced: `lineTotal` = unitPrice × quantity before any discount; its share of the mix-and-match saving. */
export type PricedLine = PricingLine & { lineTotal: number; mixMatchDiscount: number }
