import { intParam, oneOf, pageParam, searchParams, sizeParam, stringParam, trueParam } from '~/routing/search-params'

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const
export const GENDERS = ['men', 'women'] as const
export const LISTING_TAGS = ['sale', 'new', 'mix_match'] as const

const price = () => intParam(0, 10_000_000)

const listingFields = searchParams({
  page: pageParam(),
  sort: oneOf(LISTING_SORTS),
  size: sizeParam(),
  color: stringParam(/^[a-z][a-z-]{0,23}$/),
  min: price(),
  max: price(),
  available: trueParam,
  gender: oneOf(GENDERS),
  tag: oneOf(LISTING_TAGS),
})
export type ListingSearch = ReturnType<typeof listingFields>

/**
 * Search parameters of every product listing (category, collection, all products): the canonical
 * whitelist of those routes. Page size is fixed at 25 (§9), so it is not a parameter. A price range the
 * wrong way round (min above max, which the product API refuses) is swapped, so the listing never asks
 * for an impossible range and the route redirects to the canonical URL.
 */
export function listingSearchSchema(raw: Record<string, unknown>): ListingSearch {
  const search = listingFields(raw)
  return search.min !== undefined && search.max !== undefined && search.min > search.max
    ? { ...search, min: search.max, max: search.min }
    : search
}
