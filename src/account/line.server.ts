import { env } from '../../app.config'
import { lineGrantSchema, lineStartSchema, noContentSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { LOCALE_COOKIE, type LocaleCode } from '~/i18n/locales'
import { localizePath } from '~/i18n/paths'
import { internalPath, routePath, routeUrl, type LinkSite } from '~/routing/links'
import { readCookie, serializeCookie } from '~/server/cookies'
import { mergeGuestCart } from '~/cart/cart-cookie.server'
import { isWish } from '~/routing/search-params'
import { safeRedirectPath } from './safe-redirect'
import { readSessionToken, sessionCookieHeader, visitorHeaders } from './session.server'

/**
 * The product a guest wanted to keep, held across LINE's authorisation page (issue 29 item 12): set when the
 * shopper leaves for LINE, read and cleared when LINE sends them back. Only these two paths ever see it.
 */
const WISH_COOKIE = 'line_wish'
const WISH_COOKIE_SECONDS = 30 * 60

function wishCookie(productId: string | null): string {
  return serializeCookie(WISH_COOKIE, productId ?? '', {
    maxAgeSeconds: productId ? WISH_COOKIE_SECONDS : 0,
    // The start and the callback only: machine paths, never prefixed with a language.
    path: internalPath({ to: '/account/line' }),
    httpOnly: true,
    secure: env.SECURE_COOKIES,
  })
}

/** The wished product of the round trip to LINE, or null. */
function wishOf(request: Request): string | null {
  const value = readCookie(request.headers.get('cookie'), WISH_COOKIE)
  return isWish(value) ? value : null
}

/** Adds the wished product to the new member's wishlist; a failure (a product since removed) never fails the login. */
async function keepWish(productId: string, token: string): Promise<void> {
  const headers = visitorHeaders(false)
  headers.set('authorization', `Bearer ${token}`)
  try {
    await productApi().send('PUT', `/me/wishlist/${encodeURIComponent(productId)}`, noContentSchema, { headers })
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
  }
}

/** The shop's links in a language, as the configuration writes languages into paths. */
function site(lang: LocaleCode): LinkSite {
  return { lang, strategy: env.LANGUAGE_STRATEGY, defaultLocale: env.DEFAULT_LOCALE, siteUrl: env.SITE_URL }
}

/** The shopper's language by the language cookie (LINE's redirects carry no language of ours). */
function cookieLanguage(request: Request): LocaleCode {
  return readCookie(request.headers.get('cookie'), LOCALE_COOKIE) === 'en' ? 'en' : 'th'
}

/**
 * Where LINE sends the shopper back: registered as the channel's callback URL, so one address in every language
 * (a machine path, which the page middleware never prefixes).
 */
export function lineCallbackUrl(): string {
  return routeUrl({ to: '/account/line/callback' }, { ...site(env.DEFAULT_LOCALE), strategy: 'no_prefix' })
}

function loginPage(
  request: Request,
  reason: 'failed' | 'unavailable' | 'cancelled' | 'blocked',
  redirect: string | null,
): Response {
  // Back to the login page in the shopper's language (the language cookie; LINE knows nothing of it).
  const lang = cookieLanguage(request)
  const location = routePath(
    { to: '/account/login', search: { line: reason, redirect: redirect ?? undefined } },
    site(lang),
  )
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } })
}

/** GET /account/line: off to LINE's authorisation page (PKCE, state and nonce kept by the API). */
export async function startLineLogin(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const redirect = safeRedirectPath(url.searchParams.get('redirect'))
  // Not `lang`: that query parameter is the language switch of the page middleware.
  const lang = url.searchParams.get('locale') === 'en' ? 'en' : 'th'
  const wish = url.searchParams.get('wish')
  const wished = isWish(wish) ? wish : null
  try {
    const { authorizationUrl } = await productApi().send('POST', '/auth/line/start', lineStartSchema, {
      // The way back is the public path in the shopper's language (the router's paths carry no locale).
      body: {
        redirectUri: lineCallbackUrl(),
        redirectPath: redirect ? localizePath(redirect, lang, site(lang)) : routePath({ to: '/account' }, site(lang)),
        lang,
      },
      headers: visitorHeaders(false),
    })
    const headers = new Headers({ Location: authorizationUrl, 'Cache-Control': 'no-store' })
    headers.append('Set-Cookie', wishCookie(wished))
    return new Response(null, { status: 302, headers })
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
    return loginPage(request, error.status === 503 ? 'unavailable' : 'failed', redirect)
  }
}

/** GET /account/line/callback: the code is exchanged by the API; the browser gets a new session. */
export async function finishLineLogin(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const code = url.searchParams.get('code')
  const state = url.searchParams.get('state')
  if (url.searchParams.get('error')) return loginPage(request, 'cancelled', null)
  if (!code || !state) return loginPage(request, 'failed', null)
  try {
    const previous = readSessionToken()
    const grant = await productApi().send('POST', '/auth/line/callback', lineGrantSchema, {
      body: { state, code, redirectUri: lineCallbackUrl(), ...(previous ? { previousSession: previous } : {}) },
      headers: visitorHeaders(false),
    })
    await mergeGuestCart(grant.token)
    const wish = wishOf(request)
    if (wish) await keepWish(wish, grant.token)
    const target = safeRedirectPath(grant.redirectPath) ?? routePath({ to: '/account' }, site(cookieLanguage(request)))
    const headers = new Headers({ Location: target, 'Cache-Control': 'no-store' })
    headers.append('Set-Cookie', sessionCookieHeader(grant.token, grant.expiresAt))
    if (wish) headers.append('Set-Cookie', wishCookie(null))
    return new Response(null, { status: 302, headers })
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
    // A member blocked by staff (issue 33 item 1): "contact us", and no more.
    if (error.details.reason === 'ACCOUNT_BLOCKED') return loginPage(request, 'blocked', null)
    return loginPage(request, error.status === 503 ? 'unavailable' : 'failed', null)
  }
}
