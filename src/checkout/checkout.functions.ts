import { queryOptions } from '@tanstack/react-query'
import { IDEMPOTENCY_KEY_HEADER, ORDER_TOKEN_HEADER } from '~/contract/headers'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import type { AccountFailure, AccountResult } from '~/account/account-result'
import { captchaPrompt } from '~/account/captcha-prompt'
import { CAPTCHA_SOLUTION_MAX_LENGTH } from '~/domain/captcha'
import { visitorHeaders } from '~/account/session.server'
import { historySchema, orderSchema, payAgainSchema, placedOrderSchema, quoteSchema } from '~/contract/commerce'
import { sendServerPixels } from '~/analytics/pixels.server'
import { cartHeaders } from '~/cart/cart-cookie.server'
import { addressInput } from '~/account/address.inputs'
import { MAX_AMOUNT } from '~/domain/money'
import { RETURN_NOTE_MAX, RETURN_REASONS } from '~/domain/returns'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { guestOrders, orderHeaders, rememberGuestOrder } from './order-access.server'
import type { Order, OrderHistory, Quote } from './types'
import { internalPath } from '~/routing/links'
import { currencyOrDefaultInput, langInput, langOrDefaultInput } from '~/contract/common'
import * as accountKeys from '~/account/account.keys'

/*
 * The validators' schemas are built by functions, called only inside `.validator()`: Start strips validators from
 * the browser's code, and a schema made at module level (zod's `.check()` is not known to be pure) would keep zod in
 * the checkout's first load (issue 29, item 24).
 */
const lang = langOrDefaultInput
const currency = currencyOrDefaultInput
const orderNumber = () => z.string().check(z.regex(/^[A-Z0-9-]{4,40}$/))
/** The language of an order's names on the page (the API's default would be the order's own). */
const orderLang = langInput

function refusal(error: unknown): AccountFailure {
  if (!(error instanceof ProductApiError) || error.status >= 500) throw error
  return {
    ok: false,
    status: error.status,
    reason: typeof error.details.reason === 'string' ? error.details.reason : 'INVALID_INPUT',
    fields: error.fields,
    captcha: captchaPrompt(error.details.captcha),
  }
}

/** What the cart costs with this destination, shipping and code: always the server's figures. */
export const quoteCheckout = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      lang: lang(),
      currency: currency(),
      country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
      shippingMethod: z.enum(['courier', 'pickup']),
      promotionCode: z.nullable(z.string().check(z.maxLength(40))),
    }),
  )
  .handler(async ({ data }): Promise<AccountResult<{ quote: Quote }>> => {
    try {
      const quote = await productApi().send('POST', '/checkout/quote', quoteSchema, {
        query: { lang: data.lang, currency: data.currency },
        body: { country: data.country, shippingMethod: data.shippingMethod, promotionCode: data.promotionCode },
        headers: cartHeaders(),
      })
      return { ok: true, quote }
    } catch (error) {
      return refusal(error)
    }
  })

export const placeOrder = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      lang: lang(),
      currency: currency(),
      idempotencyKey: z.string().check(z.regex(/^[\w-]{8,200}$/)),
      email: z.string().check(z.maxLength(254)),
      telephone: z.string().check(z.maxLength(40)),
      shippingMethod: z.enum(['courier', 'pickup']),
      storeId: z.nullable(z.string().check(z.maxLength(80))),
      address: z.nullable(addressInput()),
      promotionCode: z.nullable(z.string().check(z.maxLength(40))),
      paymentMethod: z.enum(['card', 'paypal', 'bank_transfer']),
      expectedTotal: z.nullable(z.int().check(z.gte(0), z.lte(MAX_AMOUNT))),
      /** The solved bot check, when the shop asked for one (a connection holding unpaid orders, issue 29). */
      captcha: z.optional(z.string().check(z.minLength(1), z.maxLength(CAPTCHA_SOLUTION_MAX_LENGTH))),
    }),
  )
  .handler(async ({ data }): Promise<AccountResult<{ number: string; redirectUrl: string | null }>> => {
    const { lang: language, currency: money, idempotencyKey, ...order } = data
    try {
      const headers = cartHeaders()
      headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey)
      const placed = await productApi().send('POST', '/orders', placedOrderSchema, {
        query: { lang: language, currency: money },
        body: order,
        headers,
      })
      if (placed.accessToken) rememberGuestOrder(placed.order.number, placed.accessToken)
      if (!placed.replayed && placed.accessToken) {
        await sendServerPixels({
          name: 'purchase',
          eventId: placed.order.number,
          orderToken: placed.accessToken,
          sourcePath: internalPath({ to: '/checkout' }),
          customData: {
            orderId: placed.order.number,
            value: placed.order.total / 100,
            currency: placed.order.currency.toUpperCase(),
            contentIds: placed.order.items.map((item) => item.productId),
            contentType: 'product',
            numItems: placed.order.items.reduce((sum, item) => sum + item.quantity, 0),
          },
        })
      }
      return { ok: true, number: placed.order.number, redirectUrl: placed.redirectUrl }
    } catch (error) {
      return refusal(error)
    }
  })

/** An order of this member, or of this browser's guest orders; null when neither. */
export const getOrder = createServerFn({ method: 'GET' })
  .validator(z.object({ number: orderNumber(), lang: orderLang() }))
  .handler(async ({ data }): Promise<Order | null> => {
    const headers = visitorHeaders()
    const token = guestOrders().find(([number]) => number === data.number)?.[1]
    if (token) headers.set(ORDER_TOKEN_HEADER, token)
    try {
      return await productApi().send('GET', `/orders/${data.number}`, orderSchema, {
        headers,
        query: { lang: data.lang },
      })
    } catch (error) {
      if (error instanceof ProductApiError && error.status === 404) return null
      throw error
    }
  })

/** An order with its names (items, store, bank) in the page's language, whatever language it was placed in. */
export const orderQuery = (number: string, lang: 'th' | 'en') =>
  queryOptions({
    queryKey: [...accountKeys.all, 'order', number, lang],
    queryFn: () => getOrder({ data: { number, lang } }),
    staleTime: 0,
  })

export const payOrderAgain = createServerFn({ method: 'POST' })
  .validator(z.object({ number: orderNumber() }))
  .handler(async ({ data }): Promise<string | null> => {
    const headers = visitorHeaders()
    const token = guestOrders().find(([number]) => number === data.number)?.[1]
    if (token) headers.set(ORDER_TOKEN_HEADER, token)
    const { redirectUrl } = await productApi().send('POST', `/orders/${data.number}/pay`, payAgainSchema, { headers })
    return redirectUrl
  })

export const getOrderHistory = createServerFn({ method: 'GET' })
  .validator(z.object({ page: z._default(z.int().check(z.gte(1), z.lte(1000)), 1) }))
  .handler(async ({ data }): Promise<OrderHistory> =>
    productApi().send('GET', '/me/orders', historySchema, { query: data, headers: visitorHeaders() }),
  )

export const orderHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'orders', page],
    queryFn: () => getOrderHistory({ data: { page } }),
    staleTime: 0,
  })

/** The shopper cancels an order that is not packed yet. */
export const cancelOrder = createServerFn({ method: 'POST' })
  .validator(z.object({ number: orderNumber(), lang: orderLang() }))
  .handler(async ({ data }): Promise<AccountResult<{ order: Order }>> => {
    try {
      const order = await productApi().send('POST', `/orders/${data.number}/cancel`, orderSchema, {
        headers: orderHeaders(data.number),
        query: { lang: data.lang },
      })
      return { ok: true, order }
    } catch (error) {
      return refusal(error)
    }
  })

/**
 * An exchange or return of some pieces, with a reason, asked for after receipt. The API checks everything (the
 * pieces' eligibility, quantities, sizes, the reason and its note) and answers with a code per field.
 */
export const requestReturn = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      number: orderNumber(),
      lang: orderLang(),
      kind: z.enum(['exchange', 'return']),
      reason: z.nullable(z.enum(RETURN_REASONS)),
      note: z.nullable(z.string().check(z.maxLength(RETURN_NOTE_MAX))),
      items: z
        .array(
          z.object({
            position: z.int().check(z.gte(0), z.lte(999)),
            quantity: z.int().check(z.gte(1), z.lte(99)),
            exchangeSize: z.nullable(z.string().check(z.maxLength(20))),
          }),
        )
        .check(z.maxLength(50)),
    }),
  )
  .handler(async ({ data }): Promise<AccountResult<{ order: Order }>> => {
    const { number, lang, ...request } = data
    try {
      const order = await productApi().send('POST', `/orders/${number}/return-requests`, orderSchema, {
        body: request,
        query: { lang },
        headers: orderHeaders(number),
      })
      return { ok: true, order }
    } catch (error) {
      return refusal(error)
    }
  })
