import { z } from 'zod/mini'
import { lenient, pageParam, sizeParam } from '~/routing/search-params'

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const
export const GENDERS = ['men', 'women'] as const
export const LISTING_TAGS = ['sale', 'new'] as const

const price = () => lenient(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(10_000_000))))

/**
 * Search parameters of every product listing (category, collection, all products): the canonical
 * whitelist of those routes. Page size is fixed at 25 (§9), so it is not a parameter.
 */
export const listingSearchSchema = z.object({
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
export type ListingSearch = z.infer<typeof listingSearchSchema>
