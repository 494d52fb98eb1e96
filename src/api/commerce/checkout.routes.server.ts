import { createRoute } from '@hono/zod-openapi'
import { IDEMPOTENCY_KEY_HEADER } from '~/contract/headers'
import { security, body, createSubApp, json, refused, requestContext } from '~/api/http.server'
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
import { orderWire, type BankAccount } from './order-wire'

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
        {
          currency,
          subtotal: quote.subtotal,
          mix_match_discount: quote.mixMatchDiscount,
          promotion: quote.promotion,
          promotion_rejected: quote.promotionRejected,
          discounts: quote.discounts,
          shipping_fee: quote.shippingFee,
          shipping_reason: quote.shippingReason,
          courier: {
            fee: quote.courier.fee,
            reason: quote.courier.reason,
            assumed_domestic: quote.courier.assumedDomestic,
          },
          total: quote.total,
          vat_included: quote.vatIncluded,
          duty: quote.duty,
          blocked: quote.blocked,
        },
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
          address: input.address
            ? {
                firstname: input.address.firstname,
                lastname: input.address.lastname,
                telephoneNumber: input.address.telephone_number,
                email: input.address.email,
                taxId: input.address.tax_id,
                address: input.address.address,
                address2: input.address.address2,
                country: input.address.country,
                postcode: input.address.postcode,
                subDistrict: input.address.sub_district,
                district: input.address.district,
                province: input.address.province,
              }
            : null,
          promotionCode: input.promotion_code,
          paymentMethod: input.payment_method,
          expectedTotal: input.expected_total,
        },
        placement,
      )
      c.header('Cache-Control', 'private, no-store')
      const result = {
        order: orderWire(placed.order, lang, bank),
        access_token: placed.accessToken,
        redirect_url: placed.redirectUrl,
        replayed: placed.replayed,
      }
      return placed.replayed ? c.json(result, 200) : c.json(result, 201)
    },
  )
  return app
}
