import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import type { AccountResult } from '~/account/account-result'
import { cartSchema } from '~/contract/commerce'
import { productApi } from '~/product-api/server-client.server'
import * as cartCookie from './cart-cookie.server'
import { refusal, settle } from './cart-answers.server'
import { lineId, where } from './cart.inputs'
import type { Cart } from './types'

/*
 * The cart's lines changed: a quantity, a line removed or moved to the wishlist, new prices taken, lines of another
 * region added again. The cart page's and checkout's calls, made through the hook of lines.mutations.ts, apart from
 * the cart's reads (cart.functions.ts), which every page loads.
 */

export const setCartQuantity = createServerFn({ method: 'POST' })
  .validator(z.object({ ...where(), id: lineId(), quantity: z.int().check(z.gte(1), z.lte(10)) }))
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
  .validator(z.object({ ...where(), id: lineId() }))
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
  .validator(z.object({ ...where(), id: lineId() }))
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
