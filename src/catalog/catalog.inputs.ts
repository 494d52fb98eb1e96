import { z } from 'zod/mini'
import { GENDERS, LISTING_SORTS, LISTING_TAGS } from './listing-search'
import { currencyInput, langInput } from '~/contract/common'

/**
 * The catalogue's server-function inputs, checked on the server. A module of their own: in the browser the
 * server functions are calls without their validators, so nothing imports these there and zod stays out of
 * the first load (decision 120).
 */
export const lang = langInput()
export const currency = currencyInput()
/** Validators run on the server; zod/mini keeps them small where the browser loads this module. */
export const slug = z.string().check(z.maxLength(120), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/))
export const text = (max: number) => z.string().check(z.maxLength(max))
export const query = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))
export const pageNumber = z.int().check(z.gte(1), z.lte(400))
export const localised = { lang, currency }

export const listingInput = z.object({
  ...localised,
  category: z.optional(slug),
  collection: z.optional(slug),
  gender: z.optional(z.enum(GENDERS)),
  tag: z.optional(z.enum(LISTING_TAGS)),
  size: z.optional(text(6)),
  color: z.optional(text(24)),
  min: z.optional(z.int().check(z.gte(0))),
  max: z.optional(z.int().check(z.gte(0))),
  available: z.optional(z.boolean()),
  sort: z.optional(z.enum(LISTING_SORTS)),
  page: z.optional(pageNumber),
  pageSize: z.optional(z.int().check(z.gte(1), z.lte(100))),
})
export type ListingInput = z.infer<typeof listingInput>
