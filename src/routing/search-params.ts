import { z } from 'zod/mini'
import { safeRedirectPath } from '~/account/safe-redirect'

/**
 * Builders of route search parameters. They use zod's tree-shakable `zod/mini` build because route
 * schemas run in the browser on every page: full zod alone would take a fifth of the page budget.
 * A malformed parameter is dropped, not fatal, and the route then redirects to the clean URL.
 */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined)
}

/** A page number; page 1 is the absence of the parameter. */
export const pageParam = () => lenient(z.pipe(z.coerce.number(), z.int().check(z.gte(2), z.lte(400))))

/** A size as products name them: M, 38, OS. */
export const SIZE_PATTERN = /^[A-Za-z0-9.]{1,6}$/
/**
 * A size. Shoe sizes are numbers, and `?size=39` as typed, printed on a tag or scanned reaches the router as the
 * number 39 (search values are read as JSON): it is taken as the size "39", not dropped.
 */
export const sizeParam = () =>
  lenient(
    z
      .pipe(
        z.union([z.string(), z.number().check(z.int(), z.gte(0), z.lte(999_999))]),
        z.transform((value) => String(value)),
      )
      .check(z.regex(SIZE_PATTERN)),
  )

/** A colour as products name it (`black`, `dark-olive`), as the listing's colour filter reads it. */
export const COLOR_PATTERN = /^[a-z][a-z-]{0,23}$/
export const colorParam = () => lenient(z.string().check(z.regex(COLOR_PATTERN)))

/** A URL slug: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const slugParam = () => lenient(z.string().check(z.maxLength(160), z.regex(SLUG_PATTERN)))

/** Where to go after logging in: a path on this site only (open-redirect protection). */
export const redirectParam = () =>
  z.pipe(
    z.catch(z.optional(z.string()), undefined),
    z.transform((value) => safeRedirectPath(value) ?? undefined),
  )

/** Free text such as a search query: trimmed, at most `max` characters, empty means absent. */
export const textParam = (max: number) =>
  z.pipe(
    lenient(z.string().check(z.maxLength(max))),
    z.transform((value) => {
      const text = value?.trim()
      return text ? text : undefined
    }),
  )

/**
 * Whether a path parameter can be a slug at all (at most 120 characters, as the catalogue's server functions
 * accept): anything else is a page that does not exist, never a 5xx.
 */
export const isSlug = (value: string) => value.length <= 120 && SLUG_PATTERN.test(value)

/** Whether a path parameter can be a product id (as getProduct accepts it: at most 160 characters). */
export const isProductId = (value: string) => value.length <= 160 && /^[a-z0-9-]+$/.test(value)
