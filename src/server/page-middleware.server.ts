import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { env } from '../../app.config'
import { AB_COOKIE, AB_COOKIE_MAX_AGE_SECONDS, isAbVariant, pickAbVariant } from '~/analytics/ab'
import { localeCookie, resolveLocale, type LocaleSettings } from '~/i18n/detect'
import { isLocaleCode, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '~/i18n/locales'
import { delocalizePath } from '~/i18n/paths'
import { ipInfoSchema } from '~/contract/catalog'
import { productApi } from '~/product-api/server-client.server'
import { COUNTRY_HEADERS, DEFAULT_REGION, isCountryCode, REGION_COOKIE, regionForCountry } from '~/region/region'
import { CHECKOUT_RESUME_COOKIE } from '~/checkout/resume'
import { turnstileEnabled } from '~/config/schema'
import { securityHeaders } from '~/security/headers'
import { normalisedPagePath } from '~/routing/normalise-path'
import { CONSENT_PREFS_COOKIE, parseConsent } from '~/consent/consent'
import { ResponseCache } from '~/product-api/client'
import { processGlobal } from '~/process-global'
import { catalogGeneration, catalogWatched, onCatalogChange, watchCatalog } from './catalog-changes.server'
import { compressPage, pageEncoding } from './compress.server'
import { readCookie, serializeCookie } from './cookies'
import {
  compressWhole,
  joinWithNonce,
  keepCopy,
  MAX_PAGE_BYTES,
  PageCache,
  pageCacheKey,
  splitOnNonce,
  storableHeaders,
  type StoredPage,
} from './page-cache.server'
import { clientErrorOf, isPersonal, setRequestState, wasServiceUnavailable } from './request-state.server'
import { internalPath } from '~/routing/links'
import { isNobodysDataPage } from '~/routing/shared-pages'
import { sessionCookieName } from '~/account/session.server'

const localeSettings: LocaleSettings = {
  strategy: env.LANGUAGE_STRATEGY,
  defaultLocale: env.DEFAULT_LOCALE,
  domains: env.LOCALE_DOMAINS,
}

/** Paths that are not pages: no language decision, region or A/B cookies (the LINE hops keep the language cookie). */
const MACHINE_PATHS = [
  '/api/',
  '/images/',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
  internalPath({ to: '/account/line' }),
]

const REGION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * The shared page cache of this process (decision 027): on when it has a size and this process owns the database
 * whose changes it hears (not with a remote API_URL), emptied by every change to the catalog.
 */
const shared = processGlobal('page-cache', () => {
  const cache = new PageCache(env.PAGE_CACHE_MB * 1024 * 1024, env.PAGE_CACHE_SECONDS * 1000)
  onCatalogChange(() => cache.clear())
  return { cache, rendering: new Map<string, Promise<void>>(), enabled: env.PAGE_CACHE_MB > 0 && !env.API_URL }
})

/** Country lookups kept by address and CDN header, for COUNTRY_LOOKUP_SECONDS each (failures are not kept). */
const countryLookups = processGlobal('country-lookups', () => new ResponseCache(10_000))

function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || request.headers.get('x-real-ip') || ''
}

/** Headers the location lookup needs: the CDN's country and the visitor's address. */
const LOCATION_HEADERS = [...COUNTRY_HEADERS, 'x-forwarded-for', 'x-real-ip']

/**
 * The visitor's country from the product API's /ip-api/info (§3, §4, §7), asked once and then kept in a
 * cookie; null when the lookup fails, which means Thailand (§4).
 */
async function lookUpCountry(request: Request): Promise<string | null> {
  const cacheKey = LOCATION_HEADERS.map((name) => request.headers.get(name) ?? '').join('\n')
  const known = countryLookups.get(cacheKey)
  if (typeof known === 'string' || known === null) return known
  const country = await askCountry(request)
  // A failed lookup is not kept: the next page asks again.
  if (country !== null) countryLookups.set(cacheKey, country, COUNTRY_LOOKUP_SECONDS)
  return country
}

/** A visitor's country is asked again after this long (a shopper's address rarely changes country). */
const COUNTRY_LOOKUP_SECONDS = 3600

async function askCountry(request: Request): Promise<string | null> {
  const headers = new Headers()
  for (const name of LOCATION_HEADERS) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  try {
    const info = await productApi().getFor('/ip-api/info', ipInfoSchema, headers)
    return isCountryCode(info.countryCode) ? info.countryCode : null
  } catch (error) {
    console.error('Location lookup failed; using Thailand', error instanceof Error ? error.message : error)
    return null
  }
}

function refererPath(request: Request, url: URL, defaultLocale: LocaleSettings['defaultLocale']): string | null {
  const path = delocalizePath(url.pathname, { strategy: localeSettings.strategy, defaultLocale })
  // A reload of checkout during the checkout journey (see src/checkout/resume.ts) comes from checkout itself.
  if (
    path === internalPath({ to: '/checkout' }) &&
    readCookie(request.headers.get('cookie'), CHECKOUT_RESUME_COOKIE) === '1'
  )
    return path
  const referer = request.headers.get('referer')
  if (!referer) return null
  try {
    const from = new URL(referer)
    if (from.origin !== url.origin) return null
    return delocalizePath(from.pathname, { strategy: localeSettings.strategy, defaultLocale })
  } catch {
    return null
  }
}

/**
 * Runs before every request the Start handler sees: a per-request CSP nonce and security headers,
 * the language decision (redirect to the localised path, language cookie), the region and the A/B
 * flag, stored for the router built for this request.
 */
export async function handlePageRequest<Result extends { response: Response }>(
  request: Request,
  next: () => Result | Promise<Result>,
): Promise<Response | Result> {
  const url = new URL(request.url)
  if (MACHINE_PATHS.some((prefix) => url.pathname.startsWith(prefix))) {
    // The product API, images, sitemap, robots and manifest: no language, region or A/B cookies, only the headers.
    const result = await next()
    for (const [name, value] of Object.entries(securityHeaders({ nonce: null, secure: env.SECURE_COOKIES }))) {
      if (!result.response.headers.has(name)) result.response.headers.set(name, value)
    }
    return result
  }
  const normalised = normalisedPagePath(url.pathname)
  if (normalised !== null) {
    return new Response(null, {
      status: 302,
      headers: { Location: normalised + url.search, 'Cache-Control': 'no-store' },
    })
  }
  // URL-safe base64 (valid in CSP): the same bytes wherever the page carries it, so a kept page can swap it.
  const nonce = randomBytes(16).toString('base64url')
  const cookieHeader = request.headers.get('cookie')
  const secure = env.SECURE_COOKIES
  const setCookies: string[] = []
  // A shopper may change region: ?region=XX sets the cached country and comes back without it.
  const requestedRegion = url.searchParams.get('region')?.toUpperCase() ?? null
  if (requestedRegion !== null) url.searchParams.delete('region')

  const localeCookieValue = readCookie(cookieHeader, LOCALE_COOKIE)
  const pageDecision = resolveLocale(
    {
      pathname: url.pathname,
      search: url.search,
      host: request.headers.get('host'),
      cookie: localeCookieValue,
      acceptLanguage: request.headers.get('accept-language'),
    },
    localeSettings,
  )
  // A server-function call is not a page: its URL carries no language, so it keeps the shopper's (their cookie)
  // and never sets the language cookie or redirects. It used to decide Thai from the unprefixed /_serverFn path:
  // an English shopper's header asking for the cart turned their language cookie Thai.
  const decision = url.pathname.startsWith('/_serverFn/')
    ? {
        ...pageDecision,
        locale: isLocaleCode(localeCookieValue) ? localeCookieValue : pageDecision.locale,
        redirect: null,
        setCookie: false,
      }
    : pageDecision
  for (const warning of decision.warnings) console.warn(warning)
  if (decision.setCookie) setCookies.push(localeCookie(decision.locale, secure, LOCALE_COOKIE_MAX_AGE_SECONDS))

  let redirect = decision.redirect
  if (requestedRegion !== null) {
    if (isCountryCode(requestedRegion)) {
      setCookies.push(
        serializeCookie(REGION_COOKIE, requestedRegion, { maxAgeSeconds: REGION_COOKIE_MAX_AGE_SECONDS, secure }),
      )
    }
    redirect ??= url.pathname + url.search
  }

  // With a container configured, the tag manager and Google Analytics may load and report (after consent).
  const tagOrigins = env.GTM_ID ? ['https://www.googletagmanager.com'] : []
  const beaconOrigins = env.GTM_ID
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : []
  // With a LIFF app, LINE's SDK (bundled, loaded only inside LINE) talks to LINE's API and login.
  const lineOrigins =
    env.LIFF_ID || env.LIFF_ID_CHATBOT
      ? ['https://api.line.me', 'https://access.line.me', 'https://liff.line.me', 'https://liffsdk.line-scdn.net']
      : []
  const headers = securityHeaders({
    nonce,
    secure,
    scriptOrigins: tagOrigins,
    connectOrigins: [...beaconOrigins, ...lineOrigins],
    imageOrigins: beaconOrigins,
    // With Turnstile configured, the account forms load Cloudflare's widget (script and iframe).
    turnstile: turnstileEnabled(env),
  })
  if (redirect) {
    const response = new Response(null, {
      status: 302,
      headers: { Location: redirect, 'Cache-Control': 'no-store', ...headers },
    })
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie)
    return response
  }

  const cachedCountry = readCookie(cookieHeader, REGION_COOKIE)
  const ip = clientIp(request)
  const country = isCountryCode(cachedCountry) ? cachedCountry : await lookUpCountry(request)
  const region = country ? regionForCountry(country, ip) : { ...DEFAULT_REGION, clientIp: ip }
  if (country && country !== cachedCountry) {
    setCookies.push(serializeCookie(REGION_COOKIE, country, { maxAgeSeconds: REGION_COOKIE_MAX_AGE_SECONDS, secure }))
  }

  const abCookie = readCookie(cookieHeader, AB_COOKIE)
  const abVariant = isAbVariant(abCookie) ? abCookie : pickAbVariant()
  if (abVariant !== abCookie) {
    setCookies.push(serializeCookie(AB_COOKIE, abVariant, { maxAgeSeconds: AB_COOKIE_MAX_AGE_SECONDS, secure }))
  }

  const consent = parseConsent(readCookie(cookieHeader, CONSENT_PREFS_COOKIE))
  const nobodys = isNobodysDataPage(
    delocalizePath(url.pathname, { strategy: localeSettings.strategy, defaultLocale: decision.defaultLocale }),
    readCookie(cookieHeader, sessionCookieName()) !== null,
  )
  // A staff preview of a model not yet published (decision 195): never kept, never answered from the cache.
  const preview = url.searchParams.has('preview')
  const sharedKey =
    request.method === 'GET' && shared.enabled && nobodys && !preview
      ? pageCacheKey({
          path: url.pathname,
          search: url.search,
          locale: decision.locale,
          region,
          abVariant,
          consent,
          // With a domain per language the host decides the language; it is in the key all the same.
          host: localeSettings.domains ? request.headers.get('host') : null,
        })
      : null
  // The one render of a missing page the others wait for (a stampede of renders after every change otherwise).
  let rendering: { finish: () => void } | null = null
  if (sharedKey !== null) {
    watchCatalog()
    let stored = catalogWatched() ? shared.cache.get(sharedKey) : undefined
    const pending = stored || !catalogWatched() ? undefined : shared.rendering.get(sharedKey)
    if (pending) {
      await Promise.race([pending, sleep(RENDER_WAIT_MS, undefined, { ref: false })])
      stored = catalogWatched() ? shared.cache.get(sharedKey) : undefined
    }
    if (stored) return answerFromCache(request, stored, nonce, headers, setCookies)
    if (!shared.rendering.has(sharedKey)) rendering = startRendering(sharedKey)
  }
  const generation = catalogGeneration()

  setRequestState(request, {
    locale: decision.locale,
    defaultLocale: decision.defaultLocale,
    nonce,
    refererPath: refererPath(request, url, decision.defaultLocale),
    region,
    abVariant,
    shared: nobodys,
  })

  const rendered = next()
  let result = await Promise.resolve(rendered).catch((error: unknown) => {
    rendering?.finish()
    throw error
  })
  if (result.response.status >= 500 && wasServiceUnavailable(request)) {
    // The database could not be reached: the error screen says 503 and when to try again, never a 500.
    const headers503 = new Headers(result.response.headers)
    headers503.set('Retry-After', '5')
    headers503.set('Cache-Control', 'no-store')
    result = {
      ...result,
      response: new Response(result.response.body, {
        status: 503,
        statusText: 'Service Unavailable',
        headers: headers503,
      }),
    }
  }
  const refused = clientErrorOf(request)
  if (result.response.status === 500 && refused !== undefined) {
    // The product API refused what the page asked (a 4xx): the error screen says so, with that status.
    result = {
      ...result,
      response: new Response(result.response.body, { status: refused, headers: result.response.headers }),
    }
  }
  const keepable =
    sharedKey !== null &&
    result.response.status === 200 &&
    result.response.body !== null &&
    !result.response.headers.has('Set-Cookie') &&
    (result.response.headers.get('Content-Type') ?? '').startsWith('text/html')
  const keptHeaders = keepable ? storableHeaders(result.response.headers, SECURITY_HEADER_NAMES) : []
  for (const [name, value] of Object.entries(headers)) result.response.headers.set(name, value)
  result.response.headers.delete('X-Powered-By')
  if (isPrivatePath(url.pathname) || preview) result.response.headers.set('Cache-Control', 'private, no-store')
  if (preview) result.response.headers.set('X-Robots-Tag', 'noindex')
  for (const cookie of setCookies) result.response.headers.append('Set-Cookie', cookie)
  const vary = result.response.headers.get('Vary')
  result.response.headers.set('Vary', vary ? `${vary}, Cookie, Accept-Language` : 'Cookie, Accept-Language')
  if (keepable && sharedKey !== null && result.response.body) {
    const { status } = result.response
    // Kept once the whole page was sent, if it was rendered from nobody's data and nothing in the catalog
    // changed meanwhile (else it may show what was just changed).
    const body = keepCopy(result.response.body, MAX_PAGE_BYTES, (html) => {
      if (!isPersonal(request) && generation === catalogGeneration() && catalogWatched()) {
        shared.cache.set(sharedKey, {
          parts: splitOnNonce(html, nonce),
          status,
          headers: keptHeaders,
          bytes: html.length,
        })
      }
      rendering?.finish()
    })
    result.response.headers.set('X-Page-Cache', 'miss')
    result = {
      ...result,
      response: new Response(body, {
        status,
        statusText: result.response.statusText,
        headers: result.response.headers,
      }),
    }
  } else rendering?.finish()
  return { ...result, response: compressPage(request, result.response) }
}

/** How long a request waits for another's render of the same missing page before rendering it itself. */
const RENDER_WAIT_MS = 2_000

/**
 * Marks `key` as being rendered: requests for it wait (at most RENDER_WAIT_MS) and are then answered from the
 * cache. Finished when the page was kept or turned out not to be keepable, and after a while in any case (a browser
 * that stops reading never ends the render's stream).
 */
function startRendering(key: string): { finish: () => void } {
  let resolve: () => void = () => undefined
  const done = new Promise<void>((settle) => (resolve = settle))
  shared.rendering.set(key, done)
  const finish = () => {
    clearTimeout(timer)
    if (shared.rendering.get(key) === done) shared.rendering.delete(key)
    resolve()
  }
  const timer = setTimeout(finish, RENDER_WAIT_MS * 2)
  timer.unref()
  return { finish }
}

/** Names of the headers every page answer sets for itself (lower case). */
const SECURITY_HEADER_NAMES: ReadonlySet<string> = new Set(
  Object.keys(securityHeaders({ nonce: 'n', secure: true, turnstile: true })).map((name) => name.toLowerCase()),
)

/**
 * Member pages (the account's, login and registration included) and server-function answers are one person's or
 * lead to one person's: never stored by a shared cache (a CDN, a proxy), even when this server kept the page.
 */
function isPrivatePath(pathname: string): boolean {
  return /\/(account|dev)(\/|$)|^\/_serverFn\//.test(pathname)
}

/**
 * A kept page answered again: this answer's nonce in the HTML and the policy, this visitor's cookies, compressed
 * whole for the browser in one call.
 */
function answerFromCache(
  request: Request,
  stored: StoredPage,
  nonce: string,
  security: Record<string, string>,
  setCookies: string[],
): Response {
  const headers = new Headers(stored.headers)
  for (const [name, value] of Object.entries(security)) headers.set(name, value)
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  headers.set('Vary', 'Cookie, Accept-Language, Accept-Encoding')
  headers.set('X-Page-Cache', 'hit')
  if (isPrivatePath(new URL(request.url).pathname)) headers.set('Cache-Control', 'private, no-store')
  const html = joinWithNonce(stored.parts, nonce)
  const encoding = pageEncoding(request.headers.get('accept-encoding'))
  const body = encoding ? compressWhole(html, encoding) : html
  if (encoding) headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(body.length))
  return new Response(new Uint8Array(body), { status: stored.status, headers })
}
