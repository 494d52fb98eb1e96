import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import type { AccountResult } from '~/account/account-result'
import * as session from '~/account/session.server'
import { noContentSchema } from '~/contract/accounts'
import { cartSchema } from '~/contract/commerce'
import { productIdInput } from '~/contract/common'
import { productApi } from '~/product-api/server-client.server'
import * as cartCookie from './cart-cookie.server'
import { refusal, settle } from './cart-answers.server'
import { where } from './cart.inputs'
import type { Cart } from './types'

/*
 * A piece kept: into the cart, or into (or out of) the member's wishlist. The product page's, the wishlist's and
 * the login code's calls, made through the hooks of cart.mutations.ts, apart from the cart's reads
 * (cart.functions.ts), which every page loads: each server function is a call with a 64-character id, a few dozen
 * bytes of every first load that holds it.
 */

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
