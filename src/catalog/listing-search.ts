import { z } from 'zod'

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const
export const GENDERS = ['men', 'women'] as const
export const LISTING_TAGS = ['sale', 'new'] as const

/** A field that is dropped, not fatal, when malformed: the route then redirects to the clean URL. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

/**
 * Search parameters of every product listing (category, collection, all products): the canonical
 * whitelist of those routes. Page size is fixed at 25 (§9), so it is not a parameter.
 */
export const listingSearchSchema = z.object({
  page: optional(z.coerce.number().int().min(2).max(400)),
  sort: optional(z.enum(LISTING_SORTS)),
  size: optional(z.string().regex(/^[A-Za-z0-9.]{1,6}$/)),
  color: optional(z.string().regex(/^[a-z][a-z-]{0,23}$/)),
  min: optional(z.coerce.number().int().min(0).max(10_000_000)),
  max: optional(z.coerce.number().int().min(0).max(10_000_000)),
  available: optional(z.literal(true)),
  gender: optional(z.enum(GENDERS)),
  tag: optional(z.enum(LISTING_TAGS)),
})
export type ListingSearch = z.infer<typeof listingSearchSchema>
