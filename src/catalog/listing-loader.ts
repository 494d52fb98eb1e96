import type { BootState } from '~/boot-state'
import type { ListingInput } from './catalog.functions'
import type { ListingSearch } from './listing-search'

/** §9: a listing shows 25 products a page. */
export const LISTING_PAGE_SIZE = 25

/** The product API query of a listing route: its search parameters plus what the route fixes. */
export function listingInput(
  search: ListingSearch,
  boot: BootState,
  fixed: Pick<ListingInput, 'category' | 'collection'> = {},
): ListingInput {
  return {
    lang: boot.locale,
    currency: boot.region.ISOCurrencyCode,
    ...fixed,
    gender: search.gender,
    tag: search.tag,
    size: search.size,
    color: search.color,
    min: search.min,
    max: search.max,
    available: search.available,
    sort: search.sort,
    page: search.page,
    pageSize: LISTING_PAGE_SIZE,
  }
}

/**
 * Where a listing asked past its last page (`page=99` of 2) goes instead: the last page (undefined for page 1, which
 * has no parameter); null when the page exists or the listing is empty (its one page says so).
 */
export function pageInstead(asked: number | undefined, totalPages: number): number | undefined | null {
  if (asked === undefined || totalPages < 1 || asked <= totalPages) return null
  return totalPages > 1 ? totalPages : undefined
}
