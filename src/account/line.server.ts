import { env } from '../../app.config'
import { lineGrantSchema, lineStartSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { LOCALE_COOKIE, type LocaleCode } from '~/i18n/locales'
import { localizePath } from '~/i18n/paths'
import { routePath, routeUrl, type LinkSite } from '~/routing/links'
import { readCookie } from '~/server/cookies'
import { mergeGuestCart } from '~/cart/cart-cookie.server'
import { safeRedirectPath } from './safe-redirect'
import { readSessionToken, sessionCookieHeader, visitorHeaders } from './session.server'

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
  reason: 'failed' | 'unavailable' | 'cancelled',
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
    return new Response(null, { status: 302, headers: { Location: authorizationUrl, 'Cache-Control': 'no-store' } })
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
    const target = safeRedirectPath(grant.redirectPath) ?? routePath({ to: '/account' }, site(cookieLanguage(request)))
    return new Response(null, {
      status: 302,
      headers: {
        Location: target,
        'Cache-Control': 'no-store',
        'Set-Cookie': sessionCookieHeader(grant.token, grant.expiresAt),
      },
    })
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
    return loginPage(request, error.status === 503 ? 'unavailable' : 'failed', null)
  }
}
