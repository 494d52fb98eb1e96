import { deleteCookie, getRequestHeader, getRequestIP, setCookie } from '@tanstack/react-start/server'
import { getPersonalCookie } from '~/server/personal-cookie.server'
import { env } from '../../app.config'
import { memberSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { serializeCookie } from '~/server/cookies'
import { productApi } from '~/product-api/server-client.server'
import { COUNTRY_HEADERS, isCountryCode } from '~/region/region'

/** A logged-in member as the storefront sees it (the API's member, camelCase). */
export type SessionMember = {
  id: string
  fullname: string
  email: string | null
  /** Confirmed by a code sent to it (issue 29): only then does it log in. */
  emailVerified: boolean
  telephone: string | null
  telephoneVerified: boolean
  gender: 'male' | 'female' | 'others' | null
  birthdate: string | null
  tier: 'member' | 'vip' | 'vvip'
  totalSpending: number
  tierExpiresAt: string | null
  lineLinked: boolean
}

/** DESIGN.md §5: `__Host-` (Secure, Path=/, no Domain) when served over HTTPS. */
export function sessionCookieName(): string {
  return env.SECURE_COOKIES ? '__Host-session' : 'session'
}

/** The browser's pending one-time-code request: binds the confirm screen to the request that sent the code. */
const CHALLENGE_COOKIE = 'otp_challenge'
const CHALLENGE_COOKIE_SECONDS = 30 * 60

export function readSessionToken(): string | null {
  const token = getPersonalCookie(sessionCookieName())
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null
}

export function writeSessionCookie(token: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000))
  setCookie(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.SECURE_COOKIES,
    path: '/',
    maxAge,
  })
}

/** The same cookie as a Set-Cookie header value, for responses built by hand (server routes). */
export function sessionCookieHeader(token: string, expiresAt: string): string {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000))
  return serializeCookie(sessionCookieName(), token, {
    maxAgeSeconds: maxAge,
    secure: env.SECURE_COOKIES,
    httpOnly: true,
  })
}

export function clearSessionCookie(): void {
  deleteCookie(sessionCookieName(), { path: '/', secure: env.SECURE_COOKIES, httpOnly: true, sameSite: 'lax' })
}

export function readChallengeToken(): string | null {
  const token = getPersonalCookie(CHALLENGE_COOKIE)
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null
}

export function writeChallengeCookie(token: string): void {
  setCookie(CHALLENGE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.SECURE_COOKIES,
    path: '/',
    maxAge: CHALLENGE_COOKIE_SECONDS,
  })
}

export function clearChallengeCookie(): void {
  deleteCookie(CHALLENGE_COOKIE, { path: '/', secure: env.SECURE_COOKIES, httpOnly: true, sameSite: 'lax' })
}

/**
 * Headers of a call on behalf of this visitor: their session, their IP (the API counts code sends per IP) and the
 * CDN's country header, the one the shop trusts for regions (the API keeps it per session, issue 15).
 */
export function visitorHeaders(withSession = true): Headers {
  const headers = new Headers()
  const ip = getRequestIP({ xForwardedFor: env.TRUST_PROXY })
  if (ip) headers.set('x-forwarded-for', ip)
  const agent = getRequestHeader('user-agent')
  if (agent) headers.set('user-agent', agent.slice(0, 300))
  for (const name of COUNTRY_HEADERS) {
    const country = getRequestHeader(name)?.trim().toUpperCase()
    if (isCountryCode(country)) {
      headers.set(name, country)
      break
    }
  }
  const token = withSession ? readSessionToken() : null
  if (token) headers.set('authorization', `Bearer ${token}`)
  return headers
}

/** The member of the current request, or null for a guest (an unknown or expired session is cleared). */
export async function currentMember(): Promise<SessionMember | null> {
  const token = readSessionToken()
  if (!token) return null
  try {
    return await productApi().send('GET', '/me', memberSchema, { headers: visitorHeaders() })
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 401) {
      clearSessionCookie()
      return null
    }
    throw error
  }
}
