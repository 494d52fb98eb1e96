import { z } from 'zod/mini'
import { lenient, pageParam, sizeParam } from '~/routing/search-params'

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const
export const GENDERS = ['men', 'women'] as const
export const LISTING_TAGS = ['sale', 'new', 'mix_match'] as const

const price = () => lenient(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(10_000_000))))

const listingFields = z.object({
  page: pageParam(),
  sort: lenient(z.enum(LISTING_SORTS)),
  size: sizeParam(),
  color: lenient(z.string().check(z.regex(/^[a-z][a-z-]{0,23}$/))),
  min: price(),
  max: price(),
  available: lenient(z.literal(true)),
  gender: lenient(z.enum(GENDERS)),
  tag: lenient(z.enum(LISTING_TAGS)),
})

/**
 * Search parameters of every product listing (category, collection, all products): the canonical
 * whitelist of those routes. Page size is fixed at 25 (§9), so it is not a parameter. A price range the
 * wrong way round (min above max, which the product API refuses) is swapped, so the listing never asks
 * for an impossible range and the route redirects to the canonical URL.
 */
export const listingSearchSchema = z.pipe(
  listingFields,
  z.transform((search) =>
    search.min !== undefined && search.max !== undefined && search.min > search.max
      ? { ...search, min: search.max, max: search.min }
      : search,
  ),
)
export type ListingSearch = z.infer<typeof listingSearchSchema>
