import { queryOptions } from '@tanstack/react-query'
import { CART_TOKEN_HEADER } from '~/contract/headers'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import * as session from '~/account/session.server'
import { cartSchema, wishlistSchema } from '~/contract/commerce'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import * as cartCookie from './cart-cookie.server'
import { settle } from './cart-answers.server'
import type { Cart, WishlistView } from './types'
import * as accountKeys from '~/account/account.keys'
import { where } from './cart.inputs'
import * as cartKeys from './cart.keys'

function emptyCart(currencyCode: 'thb' | 'usd'): Cart {
  return {
    id: null,
    currency: currencyCode,
    items: [],
    count: 0,
    subtotal: 0,
    mixMatchDiscount: 0,
    total: 0,
    mixMatchBundles: [],
    pricesChanged: false,
    blocked: false,
    purchased: false,
  }
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
