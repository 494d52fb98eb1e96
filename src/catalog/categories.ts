import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { CategorySlug } from './category-slugs'

export { CATEGORY_SLUGS, isCategorySlug, type CategorySlug } from './category-slugs'

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
