import { safeRedirectPath } from '~/account/safe-redirect'

/**
 * Readers of route search parameters (decision 120, superseding 005 for the browser): plain functions, because
 * route search schemas run in the browser on every page and zod, even zod/mini, was about 6.6 KB brotli of
 * every first load. A reader takes the value as the router parsed it (a string, or a number or boolean read
 * as JSON) and returns it checked, or undefined: a malformed parameter is dropped, not fatal, and the route
 * then redirects to the clean URL.
 */
export type Param<T> = (value: unknown) => T | undefined

type Shape = Record<string, Param<unknown>>
/** What a route's search holds after validation: every parameter of the shape, each possibly absent. */
export type SearchOf<S extends Shape> = { [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined> }

/** A route's validateSearch: each parameter of `shape` read on its own; unknown parameters are left out. */
export function searchParams<S extends Shape>(shape: S): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const result: Record<string, unknown> = {}
    for (const [key, read] of Object.entries(shape)) result[key] = read(search[key])
    return result as SearchOf<S>
  }
}

/** A string matching `pattern`, at most `max` characters. */
export const stringParam =
  (pattern?: RegExp, max = Infinity): Param<string> =>
  (value) =>
    typeof value === 'string' && value.length <= max && (!pattern || pattern.test(value)) ? value : undefined

/** One of the given values. */
export const oneOf =
  <const T extends string>(values: readonly T[]): Param<T> =>
  (value) =>
    values.find((candidate) => candidate === value)

/** `true` only (a flag such as `?available=true`). */
export const trueParam: Param<true> = (value) => (value === true ? true : undefined)

/** A whole number from `min` to `max`, from a number or a numeric string (as `Number()` reads it). */
export const intParam =
  (min: number, max: number): Param<number> =>
  (value) => {
    let number: number
    try {
      number = Number(value)
    } catch {
      return undefined // a symbol
    }
    return Number.isInteger(number) && number >= min && number <= max ? number : undefined
  }

/** A page number; page 1 is the absence of the parameter. */
export const pageParam = () => intParam(2, 400)

/** A size as products name them: M, 38, OS. */
export const SIZE_PATTERN = /^[A-Za-z0-9.]{1,6}$/
/**
 * A size. Shoe sizes are numbers, and `?size=39` as typed, printed on a tag or scanned reaches the router as the
 * number 39 (search values are read as JSON): it is taken as the size "39", not dropped.
 */
export const sizeParam = (): Param<string> => (value) => {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 999_999
        ? String(value)
        : undefined
  return text !== undefined && SIZE_PATTERN.test(text) ? text : undefined
}

/** A colour as products name it (`black`, `dark-olive`), as the listing's colour filter reads it. */
export const COLOR_PATTERN = /^[a-z][a-z-]{0,23}$/
export const colorParam = () => stringParam(COLOR_PATTERN)

/** A URL slug: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const slugParam = () => stringParam(SLUG_PATTERN, 160)

/** Where to go after logging in: a path on this site only (open-redirect protection). */
export const redirectParam = (): Param<string> => (value) =>
  typeof value === 'string' ? (safeRedirectPath(value) ?? undefined) : undefined

/** Free text such as a search query: trimmed, at most `max` characters, empty means absent. */
export const textParam =
  (max: number): Param<string> =>
  (value) => {
    if (typeof value !== 'string' || value.length > max) return undefined
    const text = value.trim()
    return text ? text : undefined
  }

/**
 * Whether a path parameter can be a slug at all (at most 120 characters, as the catalogue's server functions
 * accept): anything else is a page that does not exist, never a 5xx.
 */
export const isSlug = (value: string) => value.length <= 120 && SLUG_PATTERN.test(value)

/** Whether a path parameter can be a product id (as getProduct accepts it: at most 160 characters). */
export const isProductId = (value: string) => value.length <= 160 && /^[a-z0-9-]+$/.test(value)

/** A product a guest wanted to keep (the wishlist's "log in first"), carried through login, registration and LINE. */
const WISH_PATTERN = /^[a-z0-9-]+$/
export const wishParam = () => stringParam(WISH_PATTERN, 120)
export const isWish = (value: string | null): value is string =>
  value !== null && value.length <= 120 && WISH_PATTERN.test(value)
