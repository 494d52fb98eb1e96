/** Who a product is cut for (§2). */
export const GENDERS = ['men', 'women', 'unisex'] as const
export type Gender = (typeof GENDERS)[number]

/** Tags of §2/§9: sale (special price), club items, mix-and-match, new arrivals. */
export const PRODUCT_TAGS = ['sale', 'club', 'mix_match', 'new'] as const
export type ProductTag = (typeof PRODUCT_TAGS)[number]

/** Whether a string read from elsewhere (an order's stored tags) is one of the product tags. */
export function isProductTag(tag: string): tag is ProductTag {
  return (PRODUCT_TAGS as readonly string[]).includes(tag)
}

/**
 * A model's status (issue 32 item 1, decision 195): a draft is being made, a scheduled model is published by itself
 * at its time, a published one is in the shop, an unpublished one was taken out of it. Shoppers see published only.
 */
export const PRODUCT_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
