/** The 13 product categories of the menu (§2), by URL name. Free of Lingui so that scripts can use it. */
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

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as ReadonlyArray<string>).includes(value)
}
