import type { BootState } from '~/boot-state'
import type { LocaleCode } from '~/i18n/locales'
import { localizePath } from '~/i18n/paths'
import type { LinkLanguage, LinkSite } from './links'
import { stringifySearch } from './search-string'

/**
 * The page on screen in another language, and the language and site of a page (decision 034). A module apart from
 * ./links.ts: every page's head and header use these, while route links built outside React are for the server and
 * for pages loaded later, so the first load of every page carries only this.
 */

/** A location the router resolved: the page on screen, its internal path and its (validated) search. */
export type ResolvedLocation = { pathname: string; search: Record<string, unknown> }

/**
 * The page on screen in a language, with its search as the router writes it: the canonical link and its hreflang
 * alternates (§2: the path with only the whitelisted parameters, which is what the route validated), the language
 * switch. Index routes match with a trailing slash; the public path has none.
 */
export function locationPath(location: ResolvedLocation, language: LinkLanguage): string {
  const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname
  const url = new URL(`${pathname}${stringifySearch(location.search)}`, 'http://internal.invalid')
  url.pathname = localizePath(url.pathname, language.lang, language)
  return url.pathname + url.search
}

/** The same, absolute on the shop's public origin. */
export function locationUrl(location: ResolvedLocation, site: LinkSite): string {
  return `${site.siteUrl.replace(/\/+$/, '')}${locationPath(location, site)}`
}

/** The language and site of the page being rendered, from the boot state (server and browser alike). */
export function bootSite(boot: BootState, lang: LocaleCode = boot.locale): LinkSite {
  return {
    lang,
    strategy: boot.config.languageStrategy,
    defaultLocale: boot.defaultLocale,
    siteUrl: boot.config.siteUrl,
  }
}
