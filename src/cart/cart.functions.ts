import { queryOptions } from '@tanstack/react-query'
import { CART_TOKEN_HEADER } from '~/contract/headers'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import type { AccountFailure, AccountResult } from '~/account/account-result'
import * as session from '~/account/session.server'
import { cartSchema, wishlistSchema } from '~/contract/commerce'
import { noContentSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import * as cartCookie from './cart-cookie.server'
import type { Cart, WishlistView } from './types'
import * as accountKeys from '~/account/account.keys'
import * as cartKeys from './cart.keys'
import { currencyOrDefaultInput, langOrDefaultInput, productIdInput } from '~/contract/common'

const lineId = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))
/** Built inside `.validator()` only, so the browser's code keeps no schema (decision 026). */
const where = () => ({ lang: langOrDefaultInput(), currency: currencyOrDefaultInput() })

function refusal(error: unknown): AccountFailure {
  if (!(error instanceof ProductApiError) || error.status >= 500) throw error
  return {
    ok: false,
    status: error.status,
    reason: typeof error.details.reason === 'string' ? error.details.reason : 'INVALID_INPUT',
    fields: error.fields,
  }
}

function emptyCart(currencyCode: 'thb' | 'usd'): Cart {
  return {
    id: null,
    currency: currencyCode,
    items: [],
    count: 0,
    subtotal: 0,
    mixMatchDiscount: 0,
    total: 0,
    pricesChanged: false,
    blocked: false,
    purchased: false,
  }
}

/** Keeps a newly started guest cart's token in its cookie and drops the token from what the browser sees. */
function settle(result: Cart & { cartToken?: string }): Cart {
  const { cartToken, ...cart } = result
  if (cartToken) cartCookie.writeCartCookie(cartToken)
  return cart
}

/** The shopper's cart, re-priced by the API; nothing to ask when there is neither session nor cart cookie. */
export const getCart = createServerFn({ method: 'GET' })
  .validator(z.object(where()))
  .handler(async ({ data }): Promise<Cart> => {
    const headers = cartCookie.cartHeaders()
    if (!headers.has('authorization') && !headers.has(CART_TOKEN_HEADER)) return emptyCart(data.currency)
    return settle(await productApi().send('GET', '/cart', cartSchema, { query: data, headers }))
  })

export const cartQuery = (langCode: 'th' | 'en', currencyCode: 'thb' | 'usd') =>
  queryOptions({
    queryKey: [...cartKeys.all, langCode, currencyCode],
    queryFn: () => getCart({ data: { lang: langCode, currency: currencyCode } }),
    staleTime: 10_000,
  })

export const addToCart = createServerFn({ method: 'POST' })
  .validator(z.object({ ...where(), sku: z.string().check(z.maxLength(80)), quantity: z._default(z.int(), 1) }))
  .handler(async ({ data }): Promise<AccountResult<{ cart: Cart }>> => {
    try {
      const cart = await productApi().send('POST', '/cart/items', cartSchema, {
        query: { lang: data.lang, currency: data.currency },
        body: { sku: data.sku, quantity: data.quantity },
        headers: cartCookie.cartHeaders(),
      })
      return { ok: true, cart: settle(cart) }
    } catch (error) {
      return refusal(error)
    }
  })

export const setCartQuantity = createServerFn({ method: 'POST' })
  .validator(z.object({ ...where(), id: lineId, quantity: z.int().check(z.gte(1), z.lte(10)) }))
  .handler(async ({ data }): Promise<AccountResult<{ cart: Cart }>> => {
    try {
      const cart = await productApi().send('PATCH', `/cart/items/${data.id}`, cartSchema, {
        query: { lang: data.lang, currency: data.currency },
        body: { quantity: data.quantity },
        headers: cartCookie.cartHeaders(),
      })
      return { ok: true, cart: settle(cart) }
    } catch (error) {
      return refusal(error)
    }
  })

export const removeCartLine = createServerFn({ method: 'POST' })
  .validator(z.object({ ...where(), id: lineId }))
  .handler(async ({ data }): Promise<AccountResult<{ cart: Cart }>> => {
    try {
      const cart = await productApi().send('DELETE', `/cart/items/${data.id}`, cartSchema, {
        query: { lang: data.lang, currency: data.currency },
        headers: cartCookie.cartHeaders(),
      })
      return { ok: true, cart: settle(cart) }
    } catch (error) {
      return refusal(error)
    }
  })

export const moveLineToWishlist = createServerFn({ method: 'POST' })
  .validator(z.object({ ...where(), id: lineId }))
  .handler(async ({ data }): Promise<AccountResult<{ cart: Cart }>> => {
    try {
      const cart = await productApi().send('POST', `/cart/items/${data.id}/wishlist`, cartSchema, {
        query: { lang: data.lang, currency: data.currency },
        headers: cartCookie.cartHeaders(),
      })
      return { ok: true, cart: settle(cart) }
    } catch (error) {
      return refusal(error)
    }
  })

/** The shopper saw the new prices (§8 warning): the cart takes them. */
export const acceptCartPrices = createServerFn({ method: 'POST' })
  .validator(z.object(where()))
  .handler(async ({ data }): Promise<Cart> =>
    settle(
      await productApi().send('POST', '/cart/accept-prices', cartSchema, {
        query: data,
        headers: cartCookie.cartHeaders(),
      }),
    ),
  )

/** Lines added under another region, added again in the shopper's currency at today's price (§5's remove and re-add). */
export const moveCartToRegion = createServerFn({ method: 'POST' })
  .validator(z.object(where()))
  .handler(async ({ data }): Promise<Cart> =>
    settle(
      await productApi().send('POST', '/cart/move-to-region', cartSchema, {
        query: data,
        headers: cartCookie.cartHeaders(),
      }),
    ),
  )

export const getWishlist = createServerFn({ method: 'GET' })
  .validator(z.object(where()))
  .handler(async ({ data }): Promise<WishlistView | null> => {
    if (!session.readSessionToken()) return null
    try {
      return await productApi().send('GET', '/me/wishlist', wishlistSchema, {
        query: data,
        headers: session.visitorHeaders(),
      })
    } catch (error) {
      if (error instanceof ProductApiError && error.status === 401) return null
      throw error
    }
  })

export const wishlistQuery = (langCode: 'th' | 'en', currencyCode: 'thb' | 'usd') =>
  queryOptions({
    queryKey: [...accountKeys.wishlists, langCode, currencyCode],
    queryFn: () => getWishlist({ data: { lang: langCode, currency: currencyCode } }),
    staleTime: 10_000,
  })

export const setWishlisted = createServerFn({ method: 'POST' })
  .validator(z.object({ productId: productIdInput(), wished: z.boolean() }))
  .handler(async ({ data }): Promise<AccountResult<object>> => {
    try {
      await productApi().send(
        data.wished ? 'PUT' : 'DELETE',
        `/me/wishlist/${encodeURIComponent(data.productId)}`,
        noContentSchema,
        { headers: session.visitorHeaders() },
      )
      return { ok: true }
    } catch (error) {
      return refusal(error)
    }
  })
