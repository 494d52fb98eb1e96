import { setCookie } from '@tanstack/react-start/server'
import { ORDER_TOKEN_HEADER } from '~/contract/headers'
import { getPersonalCookie } from '~/server/personal-cookie.server'
import { env } from '../../app.config'
import { visitorHeaders } from '~/account/session.server'

/** A guest reaches their orders with tokens kept in this HttpOnly cookie (number:token, newest first). */
export const ORDER_COOKIE = 'guest_orders'

/** The orders this browser placed as a guest, with their access tokens. */
export function guestOrders(): Array<[string, string]> {
  const raw = getPersonalCookie(ORDER_COOKIE) ?? ''
  return raw
    .split('|')
    .map((pair) => pair.split(':') as [string, string])
    .filter((pair) => pair.length === 2 && /^[A-Z0-9-]{4,40}$/.test(pair[0]) && /^[\w-]{16,200}$/.test(pair[1]))
}

/** Headers that show the API who asks for an order: the session, and the guest token this browser keeps for it. */
export function orderHeaders(number: string): Headers {
  const headers = visitorHeaders()
  const token = guestOrders().find(([known]) => known === number)?.[1]
  if (token) headers.set(ORDER_TOKEN_HEADER, token)
  return headers
}

const ORDER_COOKIE_SECONDS = 180 * 24 * 60 * 60
const ORDERS_REMEMBERED = 5

/** Keeps a guest's new order (and its token) in the cookie, newest first, at most ORDERS_REMEMBERED. */
export function rememberGuestOrder(number: string, token: string): void {
  const kept = [[number, token] as [string, string], ...guestOrders().filter(([known]) => known !== number)]
  setCookie(
    ORDER_COOKIE,
    kept
      .slice(0, ORDERS_REMEMBERED)
      .map((pair) => pair.join(':'))
      .join('|'),
    {
      httpOnly: true,
      sameSite: 'lax',
      secure: env.SECURE_COOKIES,
      path: '/',
      maxAge: ORDER_COOKIE_SECONDS,
    },
  )
}
