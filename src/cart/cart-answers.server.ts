import type { AccountFailure } from '~/account/account-result'
import { ProductApiError } from '~/product-api/client'
import * as cartCookie from './cart-cookie.server'
import type { Cart } from './types'

/* How the cart's server functions (cart, add and lines .functions.ts) hand the API's answers to the page. */

/** A refusal of the API as the screens need it; a server error (5xx) or anything else is thrown on. */
export function refusal(error: unknown): AccountFailure {
  if (!(error instanceof ProductApiError) || error.status >= 500) throw error
  return {
    ok: false,
    status: error.status,
    reason: typeof error.details.reason === 'string' ? error.details.reason : 'INVALID_INPUT',
    fields: error.fields,
  }
}

/** Keeps a newly started guest cart's token in its cookie and drops the token from what the browser sees. */
export function settle(result: Cart & { cartToken?: string }): Cart {
  const { cartToken, ...cart } = result
  if (cartToken) cartCookie.writeCartCookie(cartToken)
  return cart
}
