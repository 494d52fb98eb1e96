import { randomBytes } from 'node:crypto'
import { env } from '../../app.config'
import { AB_COOKIE, AB_COOKIE_MAX_AGE_SECONDS, isAbVariant, pickAbVariant } from '~/analytics/ab'
import { localeCookie, resolveLocale, type LocaleSettings } from '~/i18n/detect'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '~/i18n/locales'
import { delocalizePath } from '~/i18n/paths'
import { ipInfoSchema } from '~/api/schemas'
import { productApi } from '~/product-api/server-client.server'
import { COUNTRY_HEADERS, DEFAULT_REGION, isCountryCode, REGION_COOKIE, regionForCountry } from '~/region/region'
import { CHECKOUT_RESUME_COOKIE } from '~/checkout/resume'
import { turnstileEnabled } from '~/config/schema'
import { securityHeaders } from '~/security/headers'
import { normalisedPagePath } from '~/routing/normalise-path'
import { compressPage } from './compress.server'
import { readCookie, serializeCookie } from './cookies'
import { clientErrorOf, setRequestState, wasServiceUnavailable } from './request-state.server'

const localeSettings: LocaleSettings = {
  strategy: env.LANGUAGE_STRATEGY,
  defaultLocale: env.DEFAULT_LOCALE,
  domains: env.LOCALE_DOMAINS,
}

/** Paths that are not pages: no language decision, region or A/B cookies (the LINE hops keep the language cookie). */
const MACHINE_PATHS = ['/api/', '/images/', '/sitemap.xml', '/robots.txt', '/account/line']

const REGION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

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
  if (path === '/checkout' && readCookie(request.headers.get('cookie'), CHECKOUT_RESUME_COOKIE) === '1') return path
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
    // The product API, images, sitemap and robots: no language, region or A/B cookies, only the headers.
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
  const nonce = randomBytes(16).toString('base64')
  const cookieHeader = request.headers.get('cookie')
  const secure = env.SECURE_COOKIES
  const setCookies: string[] = []
  // A shopper may change region: ?region=XX sets the cached country and comes back without it.
  const requestedRegion = url.searchParams.get('region')?.toUpperCase() ?? null
  if (requestedRegion !== null) url.searchParams.delete('region')

  const decision = resolveLocale(
    {
      pathname: url.pathname,
      search: url.search,
      host: request.headers.get('host'),
      cookie: readCookie(cookieHeader, LOCALE_COOKIE),
      acceptLanguage: request.headers.get('accept-language'),
    },
    localeSettings,
  )
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

  setRequestState(request, {
    locale: decision.locale,
    defaultLocale: decision.defaultLocale,
    nonce,
    refererPath: refererPath(request, url, decision.defaultLocale),
    region,
    abVariant,
  })

  let result = await next()
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
  for (const [name, value] of Object.entries(headers)) result.response.headers.set(name, value)
  result.response.headers.delete('X-Powered-By')
  // Member pages and server-function answers are one person's: never stored by a shared cache.
  if (/\/(account|dev)(\/|$)|^\/_serverFn\//.test(url.pathname)) {
    result.response.headers.set('Cache-Control', 'private, no-store')
  }
  for (const cookie of setCookies) result.response.headers.append('Set-Cookie', cookie)
  const vary = result.response.headers.get('Vary')
  result.response.headers.set('Vary', vary ? `${vary}, Cookie, Accept-Language` : 'Cookie, Accept-Language')
  return { ...result, response: compressPage(request, result.response) }
}
