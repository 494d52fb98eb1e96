import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { security, body, createSubApp, json, refused } from '~/api/http.server'
import type { Lang } from '~/contract/catalog'
import type { StorefrontLinks } from '~/contract/links'
import {
  paypalReturnQuery,
  paypalWebhookEvent,
  stripeWebhookEvent,
  stripeWebhookHeaders,
  webhookReceivedSchema,
} from '~/contract/commerce'
import { errorSchema } from '~/contract/errors'
import { isMoneyEvent, PaymentProviderError, PaymentWebhookError, type PaymentProvider } from '~/api/payments/provider'
import { PAYPAL_ORDER_ID } from '~/api/payments/paypal.server'
import type { PaymentsService } from './payments.service'
import type { RefundsService } from './refunds.service'
import { unknownPaypalReturn } from './paypal-return-page.server'

/** What a way back from PayPal answers: 303 to the order page, or a page saying the link is unknown. */
function paypalWayBack(toOrderPage: string) {
  return {
    303: {
      description: toOrderPage,
      headers: { Location: { description: 'The order page', required: true, schema: { type: 'string' as const } } },
    },
    404: {
      description: 'No payment with this PayPal order id (a page in Thai and English)',
      content: { 'text/html': { schema: { type: 'string' as const } } },
    },
  }
}

/**
 * Where the payment providers call the shop: Stripe's webhook, and PayPal's ways back for the shopper (return,
 * cancel) and its webhook. Each is mounted only where its provider is configured.
 */
export function createPaymentRoutes({
  payments,
  refunds,
  stripe,
  paypal,
  links,
  orderPage,
}: {
  payments: PaymentsService
  /** Refund and dispute events (issue 31 item 7) are recorded by the refunds; absent, they are ignored. */
  refunds?: RefundsService
  stripe: PaymentProvider | null
  paypal: PaymentProvider | null
  links: StorefrontLinks
  orderPage: (number: string, lang: Lang) => string
}) {
  const app = createSubApp()

  if (stripe) {
    // Documented only: the handler reads the raw body, which the signature covers, and answers a bad one itself.
    app.openAPIRegistry.registerPath({
      method: 'post',
      path: '/payments/stripe/webhook',
      operationId: 'receiveStripeWebhook',
      summary:
        'Stripe webhooks, signed (Stripe-Signature): Checkout Sessions settle payments; refund.*, charge.refunded and charge.dispute.* record refunds and disputes',
      security: security.none,
      request: {
        headers: stripeWebhookHeaders,
        body: { content: { 'application/json': { schema: stripeWebhookEvent } }, required: true },
      },
      responses: {
        200: json(webhookReceivedSchema, 'Received (also for events the shop ignores, and for duplicates)'),
        400: json(errorSchema, 'Not signed by Stripe with this endpoint’s secret'),
      },
    })
    app.post('/payments/stripe/webhook', async (c) => {
      const raw = await c.req.text()
      try {
        const update = await stripe.parseWebhook(raw, c.req.raw.headers)
        if (update && isMoneyEvent(update)) await refunds?.applyEvent(stripe, update)
        else if (update) await payments.applyUpdate(stripe.id, update)
        return c.json({ received: true }, 200)
      } catch (error) {
        if (error instanceof PaymentWebhookError) return c.json({ code: 400, message: 'Bad signature' }, 400)
        throw error
      }
    })
  }

  if (paypal) {
    /** Where the shopper goes after PayPal: the order page, or a page saying the link is unknown. */
    const afterPaypal = (c: Context, found: { number: string; lang: 'th' | 'en' } | null) => {
      c.header('Cache-Control', 'no-store')
      c.header('Referrer-Policy', 'no-referrer')
      if (found) return c.redirect(orderPage(found.number, found.lang), 303)
      return c.html(unknownPaypalReturn(links), 404)
    }
    const validToken = (token: string | undefined) => (token && PAYPAL_ORDER_ID.test(token) ? token : null)

    app.openapi(
      createRoute({
        method: 'get',
        path: '/payments/paypal/return',
        operationId: 'returnFromPaypal',
        security: security.none,
        summary:
          'PayPal sends the shopper back here after approving: the order is captured, then 303 to its order page',
        request: { query: paypalReturnQuery },
        responses: paypalWayBack('To the order page (paid, failed, or still pending when PayPal could not be reached)'),
      }),
      async (c) => {
        const token = validToken(c.req.valid('query').token)
        return afterPaypal(c, token ? await payments.completePayment(paypal.id, token) : null)
      },
    )

    app.openapi(
      createRoute({
        method: 'get',
        path: '/payments/paypal/cancel',
        operationId: 'cancelAtPaypal',
        security: security.none,
        summary: 'PayPal sends the shopper back here after cancelling: the attempt is cancelled, then 303 to the order',
        request: { query: paypalReturnQuery },
        responses: paypalWayBack('To the order page, where the shopper may pay again'),
      }),
      async (c) => {
        const token = validToken(c.req.valid('query').token)
        return afterPaypal(c, token ? await payments.abandonPayment(paypal.id, token) : null)
      },
    )

    app.openapi(
      createRoute({
        method: 'post',
        path: '/payments/paypal/webhook',
        operationId: 'receivePaypalWebhook',
        security: security.none,
        summary:
          'PayPal webhooks, verified by PayPal (verify-webhook-signature): CHECKOUT.ORDER.APPROVED captures; PAYMENT.CAPTURE.COMPLETED, DENIED and DECLINED settle; PAYMENT.CAPTURE.REFUNDED and CUSTOMER.DISPUTE.* record refunds and disputes',
        request: { ...body(paypalWebhookEvent) },
        responses: {
          200: json(webhookReceivedSchema, 'Received (also for events the shop ignores, and for duplicates)'),
          400: refused('Not verified by PayPal, or not an event'),
          503: refused('PayPal could not be reached to verify it: PayPal delivers it again later'),
        },
      }),
      async (c) => {
        const raw = await c.req.text()
        try {
          const update = await paypal.parseWebhook(raw, c.req.raw.headers)
          if (update && isMoneyEvent(update)) await refunds?.applyEvent(paypal, update)
          else if (update) await payments.applyUpdate(paypal.id, update)
          return c.json({ received: true as const }, 200)
        } catch (error) {
          if (error instanceof PaymentWebhookError) {
            return c.json({ code: 400, message: 'Webhook not verified', reason: 'INVALID_INPUT' as const }, 400)
          }
          if (error instanceof PaymentProviderError) {
            console.error('PayPal webhook not verified:', error.message)
            return c.json({ code: 503, message: 'PayPal could not be reached', reason: 'PAYMENT_FAILED' as const }, 503)
          }
          throw error
        }
      },
    )
  }

  return app
}
