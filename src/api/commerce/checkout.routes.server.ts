import { createRoute, type z } from '@hono/zod-openapi'
import type { AddressInput } from '~/domain/address'
import { IDEMPOTENCY_KEY_HEADER } from '~/contract/headers'
import { security, body, createSubApp, json, refused, requestContext, toWire } from '~/api/http.server'
import {
  cartQuery,
  placedOrderSchema,
  placeOrderBody,
  placeOrderHeaders,
  quoteBody,
  quoteSchema,
} from '~/contract/commerce'
import type { CheckoutService } from './checkout.service'
import type { CommerceCallers } from './callers.server'
import { orderWithBank, type BankAccount } from './order-wire'

/** The delivery address of an order request as checkout reads it (the wire's snake_case fields, one by one). */
function addressFromWire(address: NonNullable<z.output<typeof placeOrderBody>['address']>): AddressInput {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    telephoneNumber: address.telephone_number,
    email: address.email,
    taxId: address.tax_id,
    address: address.address,
    address2: address.address2,
    country: address.country,
    postcode: address.postcode,
    subDistrict: address.sub_district,
    district: address.district,
    province: address.province,
  }
}

/** Checkout's endpoints: the quote of the cart, and placing its order. */
export function createCheckoutRoutes({
  checkout,
  bank,
  callers,
}: {
  checkout: CheckoutService
  bank: BankAccount
  callers: CommerceCallers
}) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checkout/quote',
      operationId: 'quoteCheckout',
      summary: 'What the cart costs with this destination, shipping and code (recomputed on the server)',
      security: security.cart,
      request: { query: cartQuery, ...body(quoteBody) },
      responses: {
        200: json(quoteSchema, 'The prices'),
        400: refused('Unknown code'),
        409: refused('Empty cart'),
      },
    }),
    async (c) => {
      const { currency, lang } = c.req.valid('query')
      const input = c.req.valid('json')
      const quote = await checkout.quote(await callers.cartOwner(c), {
        currency,
        lang,
        country: input.country?.toUpperCase() ?? null,
        shippingMethod: input.shipping_method,
        promotionCode: input.promotion_code,
      })
      c.header('Cache-Control', 'private, no-store')
      return c.json(
        toWire(quoteSchema, {
          currency,
          subtotal: quote.subtotal,
          mixMatchDiscount: quote.mixMatchDiscount,
          promotion: quote.promotion,
          promotionRejected: quote.promotionRejected,
          discounts: quote.discounts,
          shippingFee: quote.shippingFee,
          shippingReason: quote.shippingReason,
          courier: quote.courier,
          total: quote.total,
          vatIncluded: quote.vatIncluded,
          duty: quote.duty,
          blocked: quote.blocked,
        }),
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders',
      operationId: 'placeOrder',
      summary: 'Place the order of the cart (Idempotency-Key header required; a replay returns the same order)',
      security: security.cart,
      request: {
        query: cartQuery,
        headers: placeOrderHeaders,
        ...body(placeOrderBody),
      },
      responses: {
        201: json(placedOrderSchema, 'Placed; redirect_url leads to the card payment page'),
        200: json(placedOrderSchema, 'The same order again (replayed key)'),
        400: refused('Field codes, or a wrong bot check (CAPTCHA_INCORRECT)'),
        409: refused(
          'Out of stock, prices changed, region, empty cart, a total above the largest order (CART_TOO_LARGE), or the key was used for another body',
        ),
        428: refused('This connection holds unpaid orders: solve the bot check first (captcha)'),
        429: refused(
          'Unpaid orders of this connection or contact are at their limit (UNPAID_LIMIT; fields.unpaid: connection, contact or units)',
        ),
        503: refused('The bot check could not be reached (CAPTCHA_UNAVAILABLE)'),
      },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const input = c.req.valid('json')
      const placement = { ip: requestContext(c, lang).ip, captcha: input.captcha ?? null }
      const placed = await checkout.place(
        await callers.cartOwner(c),
        c.req.valid('header')[IDEMPOTENCY_KEY_HEADER],
        {
          currency,
          lang,
          email: input.email,
          telephone: input.telephone,
          shippingMethod: input.shipping_method,
          storeId: input.store_id,
          address: input.address ? addressFromWire(input.address) : null,
          promotionCode: input.promotion_code,
          paymentMethod: input.payment_method,
          expectedTotal: input.expected_total,
        },
        placement,
      )
      c.header('Cache-Control', 'private, no-store')
      const result = toWire(placedOrderSchema, {
        order: orderWithBank(placed.order, lang, bank),
        accessToken: placed.accessToken,
        redirectUrl: placed.redirectUrl,
        replayed: placed.replayed,
      })
      return placed.replayed ? c.json(result, 200) : c.json(result, 201)
    },
  )
  return app
}
