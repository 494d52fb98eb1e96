import type { LanguageStrategy } from '~/config/constants'
import { isLocaleCode, type LocaleCode } from './locales'

export type PathStrategy = {
  strategy: LanguageStrategy
  defaultLocale: LocaleCode
}

/** Splits a leading locale segment off a path: '/en/cart' → { prefix: 'en', path: '/cart' }. */
export function splitLocalePrefix(pathname: string): { prefix: LocaleCode | null; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const first = match?.[1]
  if (first && isLocaleCode(first)) {
    return { prefix: first, path: match?.[2] ?? '/' }
  }
  return { prefix: null, path: pathname }
}

/** Whether the strategy writes this locale into the path. */
export function hasPrefix(locale: LocaleCode, { strategy, defaultLocale }: PathStrategy): boolean {
  if (strategy === 'no_prefix') return false
  if (strategy === 'prefix') return true
  return locale !== defaultLocale
}

/** The public path of an internal (unprefixed) path in a locale. */
export function localizePath(path: string, locale: LocaleCode, options: PathStrategy): string {
  if (!hasPrefix(locale, options)) return path
  return path === '/' ? `/${locale}` : `/${locale}${path}`
}

/** The internal path of a public one: the locale segment removed when the strategy uses one. */
export function delocalizePath(pathname: string, options: PathStrategy): string {
  if (options.strategy === 'no_prefix') return pathname
  return splitLocalePrefix(pathname).path
}

/**
 * The router's rewrite (src/router.tsx, decision 001): the locale segment stripped from a public URL on the way in,
 * and the page's locale written into an internal one on the way out.
 */
export function languageRewrite(locale: LocaleCode, options: PathStrategy) {
  return {
    input: ({ url }: { url: URL }) => {
      url.pathname = delocalizePath(url.pathname, options)
      return url
    },
    output: ({ url }: { url: URL }) => {
      url.pathname = localizePath(url.pathname, locale, options)
      return url
    },
  }
}
