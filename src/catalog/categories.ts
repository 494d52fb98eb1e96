import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The 13 product categories of the menu (§2), by URL name. */
export const CATEGORY_SLUGS = [
  'tops',
  'shorts',
  'skirts',
  'trousers',
  'sets',
  'dresses',
  'jumpsuits',
  'outerwear',
  'knitwear',
  'tote-bags',
  'shoes',
  'accessories',
  'jewelry',
] as const
export type CategorySlug = (typeof CATEGORY_SLUGS)[number]

export const CATEGORY_LABELS: Record<CategorySlug, MessageDescriptor> = {
  tops: msg`Tops`,
  shorts: msg`Shorts`,
  skirts: msg`Skirts`,
  trousers: msg`Trousers`,
  sets: msg`Sets`,
  dresses: msg`Dresses`,
  jumpsuits: msg`Jumpsuits`,
  outerwear: msg`Outerwear`,
  knitwear: msg`Knitwear`,
  'tote-bags': msg`Tote bags`,
  shoes: msg`Shoes`,
  accessories: msg`Accessories`,
  jewelry: msg`Jewelry`,
}

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as ReadonlyArray<string>).includes(value)
}
