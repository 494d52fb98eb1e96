import type { RegisteredRouter } from '@tanstack/react-router'
import type { LocaleCode } from '~/i18n/locales'
import { localizePath, type PathStrategy } from '~/i18n/paths'
import { stringifySearch } from './search-string'

/**
 * Typed links for everything outside React (decision 034): e-mails, LINE messages, the sitemap, structured data,
 * sharing tags, server redirects and pages the server writes by hand. A link names a route of the registered route
 * tree, exactly that route's path parameters and its validated search, like a router `<Link>`; the helper writes
 * the URL the router would (same parameter encoding, same sorted search, the language by the configured strategy),
 * so a renamed route or parameter breaks every link to it at the type check.
 *
 * Only types come from the route tree: this module is cheap to import on the server and in the API's host.
 */

type FileRoutes = RegisteredRouter['routeTree']['types']['fileRouteTypes']

/** Every path a link may name: the route tree's `to` paths ('/product/$id', '/cart', '/account', …). */
export type RoutePath = FileRoutes['to']
/** Every route id of the tree ('/product/$id', '/product/', '/account/_member/', …), as matches name them. */
export type RouteId = FileRoutes['id']

type RouteAt<P extends RoutePath> = FileRoutes['fileRoutesByTo'][P]
/** The path parameters of a route (`{ id: string }` for '/product/$id'; `{}` for '/cart'). */
export type RouteParams<P extends RoutePath> = RouteAt<P>['types']['allParams']
/** The search a route validates, as a link writes it (every parameter optional in this shop). */
export type RouteSearch<P extends RoutePath> = RouteAt<P>['types']['fullSearchSchemaInput']

type Optional<T> = Record<never, never> extends T ? true : false
/** A route without parameters (or search) takes none: `{}` would take any object. */
type Given<T> = [keyof T] extends [never] ? Record<string, never> : T
type ParamsOption<P extends RoutePath> =
  Optional<RouteParams<P>> extends true ? { params?: Given<RouteParams<P>> } : { params: RouteParams<P> }
type SearchOption<P extends RoutePath> =
  Optional<RouteSearch<P>> extends true ? { search?: Given<RouteSearch<P>> } : { search: RouteSearch<P> }

/** A link to one route: its path, its parameters (required when the route has parameters), its search and a fragment. */
export type RouteLink<P extends RoutePath> = { to: P; hash?: string } & ParamsOption<P> & SearchOption<P>

/** A link to any route of the tree (a union discriminated by `to`). */
export type RouteTarget = { [P in RoutePath]: RouteLink<P> }[RoutePath]

/** The language of a link and how the shop writes languages into paths (LANGUAGE_STRATEGY, DEFAULT_LOCALE). */
export type LinkLanguage = PathStrategy & { lang: LocaleCode }
/** The same, with the public origin of the shop (SITE_URL) for absolute URLs. */
export type LinkSite = LinkLanguage & { siteUrl: string }

/** A base that only parses: the router builds its URLs against its own origin and keeps the path. */
const BASE = 'http://internal.invalid'

/** A path parameter as the router encodes it (router-core `encodeParam`): a splat keeps its slashes. */
function encodeParam(key: string, value: unknown): string {
  if (typeof value !== 'string') return String(value)
  const splat = key === '_splat'
  if (splat && /^[a-zA-Z0-9\-._~!/]*$/.test(value)) return value
  const encoded = encodeURIComponent(value)
  return splat ? encoded.replaceAll('%2F', '/') : encoded
}

/**
 * The router decodes what it interpolated (router-core `decodePath`) and the URL encodes it again: the net change to
 * what `encodeURIComponent` wrote is that `[`, `]`, `^` and `|` end up bare (reserved characters, `%`, `\\`, spaces,
 * Thai letters and the URL's unsafe characters come out encoded as before).
 */
const decodeBuiltPath = (path: string) => path.replace(/%(5B|5D|5E|7C)/gi, (escape) => decodeURIComponent(escape))

/** The route's path with its parameters filled in: '/product/$id' + { id: 'a b' } → '/product/a%20b'. */
function interpolate(to: string, params: Record<string, unknown>): string {
  const filled = to
    .split('/')
    .map((segment) => {
      if (segment === '$') {
        const splat = params['_splat']
        return splat === undefined || splat === null ? '' : encodeParam('_splat', splat)
      }
      return segment.startsWith('$') ? encodeParam(segment.slice(1), params[segment.slice(1)]) : segment
    })
    .join('/')
  // No trailing slash (the router's `trailingSlash: 'never'`), except the home page.
  const trimmed = filled.length > 1 ? filled.replace(/\/+$/, '') : filled
  return decodeBuiltPath(trimmed || '/')
}

/**
 * The public path of a route in a language, with its search and fragment: what `<Link>` puts in `href`.
 * `routePath({ to: '/order/$number', params: { number } }, { lang: 'en', strategy, defaultLocale })`.
 */
export function routePath(target: RouteTarget, language: LinkLanguage): string {
  const params: Record<string, unknown> = 'params' in target && target.params ? target.params : {}
  const search: Record<string, unknown> = 'search' in target && target.search ? target.search : {}
  const searchText = stringifySearch(search)
  const hash = target.hash ? `#${target.hash}` : ''
  // Parsed once as the router parses what it built: the URL's own encoding of spaces, Thai letters and fragments.
  const url = new URL(`${interpolate(target.to, params)}${searchText}${hash}`, BASE)
  url.pathname = localizePath(url.pathname, language.lang, language)
  return url.pathname + url.search + url.hash
}

/**
 * The path of a route without a language: what the router's location holds (a `redirect` search parameter, the page
 * being left), and the address of machine routes that never carry a language (LINE Login's hops).
 */
export function internalPath(target: RouteTarget): string {
  return routePath(target, { lang: 'th', strategy: 'no_prefix', defaultLocale: 'th' })
}

/** The absolute URL of a route in a language, on the shop's public origin (SITE_URL). */
export function routeUrl(target: RouteTarget, site: LinkSite): string {
  return `${site.siteUrl.replace(/\/+$/, '')}${routePath(target, site)}`
}
