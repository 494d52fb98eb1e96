import { deleteCookie, setCookie } from '@tanstack/react-start/server'
import { CART_TOKEN_HEADER } from '~/contract/headers'
import { getPersonalCookie } from '~/server/personal-cookie.server'
import { env } from '../../app.config'
import { visitorHeaders } from '~/account/session.server'
import { cartSchema } from '~/contract/commerce'
import { productApi } from '~/product-api/server-client.server'

/** A guest's cart token: HttpOnly, so that page scripts never see it; carts survive restarts in the database. */
const CART_COOKIE = 'cart_token'
const CART_COOKIE_SECONDS = 90 * 24 * 60 * 60

export function readCartToken(): string | null {
  const token = getPersonalCookie(CART_COOKIE)
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null
}

export function writeCartCookie(token: string): void {
  setCookie(CART_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.SECURE_COOKIES,
    path: '/',
    maxAge: CART_COOKIE_SECONDS,
  })
}

export function clearCartCookie(): void {
  deleteCookie(CART_COOKIE, { path: '/', secure: env.SECURE_COOKIES, httpOnly: true, sameSite: 'lax' })
}

/** The visitor's session and cart token for a cart call. */
export function cartHeaders(): Headers {
  const headers = visitorHeaders()
  const token = readCartToken()
  if (token) headers.set(CART_TOKEN_HEADER, token)
  return headers
}

/** At login: the guest cart joins the member's (its cookie is then dropped). Never fails the login. */
export async function mergeGuestCart(sessionToken: string): Promise<void> {
  const token = readCartToken()
  if (!token) return
  try {
    const headers = visitorHeaders(false)
    headers.set('authorization', `Bearer ${sessionToken}`)
    await productApi().send('POST', '/cart/merge', cartSchema, { body: { cartToken: token }, headers })
    clearCartCookie()
  } catch (error) {
    console.error('Cart merge at login failed:', error instanceof Error ? error.message : error)
  }
}
