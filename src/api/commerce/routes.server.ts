import { timingSafeEqual } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AccountServices } from '~/api/accounts/services.server'
import type { CatalogService } from '~/api/catalog/catalog.service'
import { CART_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER, ORDER_TOKEN_HEADER } from '~/contract/headers'
import { security, bearerToken, body, createSubApp, json, refused, requestContext, wire } from '~/api/http.server'
import { DEFAULT_PAGE_SIZE, langOnlyQuery, type Lang } from '~/contract/catalog'
import type { InLanguages } from '~/domain/thai-banks'
import type { StorefrontLinks } from '~/contract/links'
import { ApiError } from '~/api/errors'
import type { OutboundMessage } from '~/api/providers/messages'
import { PaymentProviderError, PaymentWebhookError, type PaymentProvider } from '~/api/payments/provider'
import {
  createTestPaymentProvider,
  createTestPaymentRoutes,
  TEST_PROVIDER_ID,
} from '~/api/payments/test-provider.server'
import { products, variants } from '~/db/schema'
import { promptPayPayload } from '~/domain/promptpay'
import { eq as eqSql } from 'drizzle-orm'
import type { MembershipService } from '~/api/accounts/membership.service'
import { enqueueOrderMail, OrderMailService } from '~/api/emails/order-mails.server'
import { PAYPAL_ORDER_ID } from '~/api/payments/paypal.server'
import { OrderService, type OrderServiceOptions, type OrderView } from './order.service'
import { TaxInvoiceService } from './tax-invoice.service'
import type { SellerDetails } from '~/config/schema'
import type { Db } from '~/db/client.server'
import { CartService, type CartOwner, type CartView } from './cart.service'
import {
  addItemBody,
  cartQuery,
  cartSchema,
  lineParam,
  mergeBody,
  orderNumberParam,
  priceBody,
  productParam,
  returnRequestBody,
  operatorReturnListSchema,
  operatorReturnSchema,
  operatorReturnsQuery,
  returnDecisionBody,
  returnIdParam,
  shipmentBody,
  skuParam,
  stockBody,
  orderSchema,
  payAgainSchema,
  paypalReturnQuery,
  paypalWebhookEvent,
  webhookReceivedSchema,
  placedOrderSchema,
  placeOrderBody,
  quantityBody,
  quoteBody,
  quoteSchema,
  historyQuery,
  historySchema,
  statusBody,
  orderViewQuery,
  wishlistParam,
  wishlistSchema,
  type CartWire,
  placeOrderHeaders,
  stripeWebhookEvent,
  stripeWebhookHeaders,
} from '~/contract/commerce'
import { errorSchema } from '~/contract/errors'

/** The shop's account for bank transfers; the bank's and the holder's names per language (issue 29). */
export type BankAccount = {
  bankName: InLanguages
  accountName: InLanguages
  accountNumber: string
  promptPayId: string
}

export type CommerceRoutesOptions = {
  db: Db
  accounts: AccountServices
  catalog: CatalogService
  /** Public origin of the storefront: the API's public address under it, where PayPal sends shoppers back. */
  siteUrl: string
  /** The storefront's pages: payment providers send shoppers back to the order page; the e-mails link to it. */
  links: StorefrontLinks
  /** Public base of this API ({siteUrl}/api/public/{storeKey} when mounted in the storefront). */
  apiBaseUrl: string
  /** Signs the return links of the built-in test payment page. */
  paymentSecret: string
  /**
   * Card payments through Stripe when configured; the built-in test provider and its page otherwise. With
   * Stripe the test page is not mounted at all (live mode always has Stripe: docs/decisions/077).
   */
  stripe: PaymentProvider | null
  /**
   * PayPal through its Orders API when configured. Without it PayPal goes to the built-in test page where that page
   * exists (the demo without a card gateway), and is not offered anywhere else (docs/decisions/102).
   */
  paypal?: PaymentProvider | null
  /** The brand's account for bank transfers and PromptPay. */
  bank: BankAccount
  /** The back office's token for status changes; without it the operator endpoint is closed. */
  operatorToken: string | null
  /** The e-mail channel of the order e-mails (SMTP, or the outbox in the demo). */
  deliver: (message: OutboundMessage) => Promise<void>
  /** The seller named on tax invoices (SELLER_*; the demo company in demo mode). */
  seller: SellerDetails
  pushLine?: ((to: string, text: string) => Promise<void>) | null
  membership?: MembershipService | null
  /** The bank transfer deadline and its reminder (issue 17); 24 h and 6 h before it by default. */
  bankTransfer?: OrderServiceOptions['bankTransfer']
  /** What unpaid orders may hold per connection and contact (issue 29; the domain's limits by default). */
  unpaidHolds?: OrderServiceOptions['unpaidHolds']
  onPaymentReminder?: OrderServiceOptions['onPaymentReminder']
  /** Told when the back office accepts an exchange or return (the shopper's e-mail). */
  onReturnAccepted?: OrderServiceOptions['onReturnAccepted']
}

/** The answer to a PayPal return or cancel link that names no payment of this shop: both languages, no script. */
function unknownPaypalReturn(links: StorefrontLinks): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  return `<!doctype html>
<html lang="th">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>ไม่พบรายการชำระเงิน / Payment not found</title></head>
<body><main>
<h1>ไม่พบรายการชำระเงิน</h1>
<p>ไม่พบการชำระเงินผ่าน PayPal ตามลิงก์นี้ กรุณาดูสถานะคำสั่งซื้อในประวัติคำสั่งซื้อ <a href="${escape(links.home('th'))}">กลับไปที่ร้าน</a></p>
<h1 lang="en">Payment not found</h1>
<p lang="en">This PayPal link does not match a payment of this shop. Your order history shows the state of your orders. <a href="${escape(links.home('en'))}">Back to the shop</a></p>
</main></body>
</html>
`
}

/** The path of a URL on the shop's own site, for a way back within it. */
function sitePath(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search + parsed.hash
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The cart, wishlist and (later) checkout endpoints of the product API. */
export function createCommerceRoutes(options: CommerceRoutesOptions) {
  const carts = new CartService(options.db)
  const app = createSubApp()
  const cardProvider =
    options.stripe ??
    createTestPaymentProvider({ db: options.db, baseUrl: options.apiBaseUrl, secret: options.paymentSecret })
  // The built-in test page exists only without a card gateway (docs/decisions/077); it stands in for PayPal too.
  const testProvider = options.stripe ? null : cardProvider
  const paypal = options.paypal ?? null
  // The API as the outside world reaches it (PayPal sends shoppers back to it): absolute, or under the site.
  const publicApiUrl = /^https?:\/\//.test(options.apiBaseUrl)
    ? options.apiBaseUrl
    : `${options.siteUrl}${options.apiBaseUrl}`
  const orderPage = (number: string, lang: Lang) => options.links.order(number, lang)
  const orders = new OrderService({
    db: options.db,
    carts,
    cardProvider,
    paypalProvider: paypal ?? testProvider,
    // Stripe needs an absolute address; the built-in page sends the shopper back within this site.
    returnUrl: (number, lang) => (options.stripe ? orderPage(number, lang) : sitePath(orderPage(number, lang))),
    // PayPal leaves the capture to the shop: the shopper comes back to the API, which captures (or cancels) first.
    providerReturn: (id) =>
      paypal && id === paypal.id
        ? {
            returnUrl: `${publicApiUrl}/payments/paypal/return`,
            cancelUrl: `${publicApiUrl}/payments/paypal/cancel`,
          }
        : null,
    pushLine: options.pushLine ?? null,
    orderPage,
    membership: options.membership ?? null,
    bankTransfer: options.bankTransfer,
    unpaidHolds: options.unpaidHolds,
    botCheck: (answer, ip) => options.accounts.botCheck.passBotCheck(answer, { ip, locale: 'th' }),
    onPaymentReminder: options.onPaymentReminder ?? null,
    // The shopper's e-mail about an accepted exchange or return, queued once per request.
    onReturnAccepted:
      options.onReturnAccepted ??
      (async (order, request) => {
        await enqueueOrderMail(options.db, { kind: 'return_accepted', orderId: order.id, data: { request } })
      }),
  })
  const taxInvoices = new TaxInvoiceService({ db: options.db, seller: options.seller })
  if (!options.stripe) {
    app.route(
      '/',
      createTestPaymentRoutes({
        db: options.db,
        secret: options.paymentSecret,
        onResult: (ref, status) => orders.settlePayment(TEST_PROVIDER_ID, ref, status),
      }),
    )
  }

  async function owner(c: Context): Promise<CartOwner> {
    const member = await options.accounts.sessions.memberForSession(bearerToken(c))
    const token = c.req.header(CART_TOKEN_HEADER) ?? null
    return { memberId: member?.id ?? null, token: token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null }
  }

  function cartBody(c: Context, view: CartView, cartToken?: string | null): CartWire {
    c.header('Cache-Control', 'private, no-store')
    return { ...wire<CartWire>(view), ...(cartToken ? { cart_token: cartToken } : {}) }
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cart',
      operationId: 'getCart',
      summary: 'The cart, re-priced: changed prices, sold-out sizes and items of another region flagged',
      security: security.cart,
      request: { query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart (empty when there is none)') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      return c.json(cartBody(c, await carts.view(await owner(c), currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/items',
      operationId: 'addCartItem',
      summary: 'Add a size to the cart (a guest cart is started and its token returned once)',
      security: security.cart,
      request: { query: cartQuery, ...body(addItemBody) },
      responses: {
        201: json(cartSchema, 'The cart'),
        400: refused('Invalid input'),
        404: refused('Unknown size'),
        409: refused('Out of stock, or the cart is full'),
      },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const input = c.req.valid('json')
      const who = await owner(c)
      const added = await carts.add(who, { sku: input.sku, quantity: input.quantity, currency, lang })
      const view = added.view ?? (await carts.viewOf(added.cart, currency, lang))
      const newToken = added.newToken
      return c.json(cartBody(c, view, newToken), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cart/items/{id}',
      operationId: 'setCartItemQuantity',
      summary: 'Change the quantity of a line',
      security: security.cart,
      request: { params: lineParam, query: cartQuery, ...body(quantityBody) },
      responses: { 200: json(cartSchema, 'The cart'), 404: refused('No such line'), 409: refused('Not enough stock') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const who = await owner(c)
      await carts.setQuantity(who, c.req.valid('param').id, c.req.valid('json').quantity)
      return c.json(cartBody(c, await carts.view(who, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cart/items/{id}',
      operationId: 'removeCartItem',
      summary: 'Remove a line',
      security: security.cart,
      request: { params: lineParam, query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart'), 404: refused('No such line') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const who = await owner(c)
      await carts.remove(who, c.req.valid('param').id)
      return c.json(cartBody(c, await carts.view(who, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/items/{id}/wishlist',
      operationId: 'moveCartItemToWishlist',
      summary: 'Move a line to the wishlist (members)',
      security: security.member,
      request: { params: lineParam, query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart'), 401: refused('Log in first'), 404: refused('No such line') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const who = await owner(c)
      await carts.moveToWishlist(who, c.req.valid('param').id)
      return c.json(cartBody(c, await carts.view(who, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/accept-prices',
      operationId: 'acceptCartPrices',
      summary: 'The shopper saw the current prices: the lines take them',
      security: security.cart,
      request: { query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const who = await owner(c)
      await carts.acceptPrices(who)
      return c.json(cartBody(c, await carts.view(who, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/move-to-region',
      operationId: 'moveCartToRegion',
      summary: 'Lines added under another region are added again in this currency, at today’s price (§5)',
      security: security.cart,
      request: { query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const who = await owner(c)
      await carts.moveToRegion(who, currency)
      return c.json(cartBody(c, await carts.view(who, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/merge',
      operationId: 'mergeCart',
      summary: 'At login: the guest cart of this token joins the member’s cart',
      security: security.member,
      request: { query: cartQuery, ...body(mergeBody) },
      responses: { 200: json(cartSchema, 'The member’s cart'), 401: refused('Log in first') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const member = await options.accounts.sessions.requireMember(bearerToken(c))
      await carts.mergeGuestCart(member.id, c.req.valid('json').cart_token)
      return c.json(cartBody(c, await carts.view({ memberId: member.id, token: null }, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/wishlist',
      operationId: 'getWishlist',
      summary: 'The member’s wishlist, newest first',
      security: security.member,
      request: { query: cartQuery },
      responses: { 200: json(wishlistSchema, 'Wishlist'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.accounts.sessions.requireMember(bearerToken(c))
      const { lang, currency } = c.req.valid('query')
      const rows = await carts.wishlist(member.id)
      c.header('Cache-Control', 'private, no-store')
      return c.json(
        {
          items: await options.catalog.summaries(rows, lang, currency),
          product_ids: rows.map((row) => row.id),
        } as z.infer<typeof wishlistSchema>,
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/me/wishlist/{product_id}',
      operationId: 'addToWishlist',
      summary: 'Keep a product in the wishlist',
      security: security.member,
      request: { params: wishlistParam, query: langOnlyQuery },
      responses: { 204: { description: 'Kept' }, 401: refused('Log in first'), 404: refused('Unknown product') },
    }),
    async (c) => {
      const member = await options.accounts.sessions.requireMember(bearerToken(c))
      await carts.addToWishlist(member.id, c.req.valid('param').product_id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/wishlist/{product_id}',
      operationId: 'removeFromWishlist',
      summary: 'Take a product out of the wishlist',
      security: security.member,
      request: { params: wishlistParam },
      responses: { 204: { description: 'Removed' }, 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.accounts.sessions.requireMember(bearerToken(c))
      await carts.removeFromWishlist(member.id, c.req.valid('param').product_id)
      return c.body(null, 204)
    },
  )

  const orderLang = (order: { locale: string }): Lang => (order.locale === 'en' ? 'en' : 'th')

  /** An order on the wire, its bank's and account holder's names in `lang` (the language of its view). */
  function orderWire(view: OrderView, lang: Lang) {
    const bank =
      view.paymentMethod === 'bank_transfer' && view.currency === 'thb'
        ? {
            bank_name: options.bank.bankName[lang],
            account_name: options.bank.accountName[lang],
            account_number: options.bank.accountNumber,
            promptpay_payload: promptPayPayload({ target: options.bank.promptPayId, amount: view.total }),
          }
        : view.paymentMethod === 'bank_transfer'
          ? {
              bank_name: options.bank.bankName[lang],
              account_name: options.bank.accountName[lang],
              account_number: options.bank.accountNumber,
              promptpay_payload: '',
            }
          : null
    return { ...wire<z.infer<typeof orderSchema>>(view), bank_transfer: bank }
  }

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
      const quote = await orders.quote(await owner(c), {
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
      const placed = await orders.place(
        await owner(c),
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
        order: orderWire(placed.order, lang),
        access_token: placed.accessToken,
        redirect_url: placed.redirectUrl,
        replayed: placed.replayed,
      }
      return placed.replayed ? c.json(result, 200) : c.json(result, 201)
    },
  )

  async function viewer(c: Context) {
    const member = await options.accounts.sessions.memberForSession(bearerToken(c))
    const token = c.req.header(ORDER_TOKEN_HEADER) ?? null
    return { memberId: member?.id ?? null, accessToken: token && token.length <= 200 ? token : null }
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{number}',
      operationId: 'getOrder',
      summary: 'An order: its member, or a guest with the order token (X-Order-Token)',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery },
      responses: {
        200: json(orderSchema, 'The order'),
        400: refused('Not a language of the shop'),
        404: refused('No such order (or not yours)'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await viewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      c.header('Cache-Control', 'private, no-store')
      return c.json(orderWire(await orders.view(order, undefined, undefined, lang), lang), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{number}/tax-invoice',
      operationId: 'getTaxInvoice',
      summary:
        'The order’s full tax invoice as a PDF (Thai with English): issued at the first request, the same invoice after',
      description:
        'For a paid order (paid, packed, in transit, received) in THB, delivered in Thailand, whose address carries a ' +
        '13-digit Thai tax ID. Invoice numbers form one gapless series (TI0000001 …). Same access as the order: its ' +
        'member, or a guest with the order token (X-Order-Token). Refusals are 409 TAX_INVOICE_UNAVAILABLE with ' +
        'fields.tax_invoice one of notPaid, closed, currency, pickup, international, noTaxId.',
      security: security.order,
      request: { params: orderNumberParam },
      responses: {
        200: {
          description: 'The tax invoice (A4 PDF); Content-Disposition names the invoice number',
          content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
          headers: {
            'Content-Disposition': {
              description: '`attachment; filename="tax-invoice-{number}.pdf"`',
              required: true,
              schema: { type: 'string' },
            },
            'X-Tax-Invoice-Number': {
              description: 'The invoice’s number in the gapless series (TI0000001 …)',
              required: true,
              schema: { type: 'string' },
            },
          },
        },
        404: refused('No such order (or not yours)'),
        409: refused('No tax invoice for this order: fields.tax_invoice says why'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await viewer(c))
      const invoice = await taxInvoices.issue(order)
      const { renderTaxInvoicePdf } = await import('./tax-invoice-pdf.server')
      const pdf = await renderTaxInvoicePdf(invoice)
      c.header('Cache-Control', 'private, no-store')
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Disposition', `attachment; filename="tax-invoice-${invoice.number}.pdf"`)
      c.header('X-Tax-Invoice-Number', invoice.number)
      return c.body(new Uint8Array(pdf), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/pay',
      operationId: 'payOrderAgain',
      summary: 'Pay a card or PayPal order again after a declined, cancelled or abandoned payment',
      security: security.order,
      request: { params: orderNumberParam },
      responses: { 200: json(payAgainSchema, 'Where to pay'), 404: refused('No such order') },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await viewer(c))
      return c.json({ redirect_url: await orders.retryPayment(order) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/orders',
      operationId: 'listMyOrders',
      summary: 'The member’s orders, newest first, 25 a page',
      security: security.member,
      request: { query: historyQuery },
      responses: { 200: json(historySchema, 'Orders'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.accounts.sessions.requireMember(bearerToken(c))
      c.header('Cache-Control', 'private, no-store')
      const history = await orders.history(member.id, c.req.valid('query').page, DEFAULT_PAGE_SIZE)
      return c.json(wire<z.infer<typeof historySchema>>(history), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/operator/orders/{number}/status',
      operationId: 'changeOrderStatus',
      summary: 'Back office: move an order to its next status (Bearer operator token)',
      security: security.operator,
      request: { params: orderNumberParam, ...body(statusBody) },
      responses: {
        200: json(orderSchema, 'The order'),
        401: refused('Wrong or missing operator token'),
        404: refused('No such order'),
        409: refused('Not a next status of this order'),
      },
    }),
    async (c) => {
      requireOperator(c)
      const order = await orders.byNumber(c.req.valid('param').number)
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      const input = c.req.valid('json')
      return c.json(orderWire(await orders.changeStatus(order.id, input.status, input.note), orderLang(order)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/cancel',
      operationId: 'cancelOrder',
      summary: 'Cancel an order before it is packed (the stock goes back)',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery },
      responses: {
        200: json(orderSchema, 'Cancelled'),
        400: refused('Not a language of the shop'),
        404: refused('No such order'),
        409: refused('Too late'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await viewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      return c.json(orderWire(await orders.cancelByShopper(order, lang), lang), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/return-requests',
      operationId: 'requestReturn',
      summary:
        'Ask for an exchange or return of some pieces, with a reason (after receipt, within 7 days, returnable pieces of a domestic order, each unit once)',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery, ...body(returnRequestBody) },
      responses: {
        201: json(orderSchema, 'Asked: the order with its requests'),
        400: refused('Field codes: no piece, a piece not of the order, more than bought, unknown size, note missing'),
        404: refused('No such order'),
        409: refused('Not possible: a reason per piece (notReceived, windowClosed, saleItem, alreadyRequested …)'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await viewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      const input = c.req.valid('json')
      const view = await orders.requestReturn(
        order,
        {
          kind: input.kind,
          reason: input.reason,
          note: input.note || null,
          items: input.items.map((item) => ({
            position: item.position,
            quantity: item.quantity,
            exchangeSize: item.exchange_size,
          })),
        },
        undefined,
        lang,
      )
      return c.json(orderWire(view, lang), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/operator/returns',
      operationId: 'listReturnRequests',
      summary: 'Back office: exchange and return requests, newest first, 25 a page, optionally of one status',
      security: security.operator,
      request: { query: operatorReturnsQuery },
      responses: {
        200: json(operatorReturnListSchema, 'Requests'),
        401: refused('Operator token required'),
      },
    }),
    async (c) => {
      requireOperator(c)
      const query = c.req.valid('query')
      const list = await orders.returns.list(query.status ?? null, query.page, DEFAULT_PAGE_SIZE, query.lang)
      c.header('Cache-Control', 'private, no-store')
      return c.json(wire<z.infer<typeof operatorReturnListSchema>>(list), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/operator/returns/{id}',
      operationId: 'getReturnRequest',
      summary: 'Back office: one exchange or return request with its order',
      security: security.operator,
      request: { params: returnIdParam, query: langOnlyQuery },
      responses: {
        200: json(operatorReturnSchema, 'The request'),
        401: refused('Operator token required'),
        404: refused('No such request'),
      },
    }),
    async (c) => {
      requireOperator(c)
      const view = await orders.returns.one(c.req.valid('param').id, c.req.valid('query').lang)
      c.header('Cache-Control', 'private, no-store')
      return c.json(wire<z.infer<typeof operatorReturnSchema>>(view), 200)
    },
  )

  const DECISIONS = [
    ['accept', 'accepted', 'Back office: accept a request (the shopper is told); an optional note'],
    ['reject', 'rejected', 'Back office: reject a request, with a note the shopper reads'],
    ['complete', 'completed', 'Back office: an accepted request is done (exchanged, or refunded)'],
  ] as const
  for (const [action, status, summary] of DECISIONS) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/operator/returns/{id}/${action}`,
        operationId: `${action}ReturnRequest`,
        summary,
        security: security.operator,
        request: { params: returnIdParam, query: langOnlyQuery, ...body(returnDecisionBody) },
        responses: {
          200: json(operatorReturnSchema, 'The request'),
          400: refused('A rejection needs a note'),
          401: refused('Operator token required'),
          404: refused('No such request'),
          409: refused('Not a next status of this request'),
        },
      }),
      async (c) => {
        requireOperator(c)
        const note = c.req.valid('json').note || null
        const view = await orders.returns.decide(c.req.valid('param').id, status, note, c.req.valid('query').lang)
        return c.json(wire<z.infer<typeof operatorReturnSchema>>(view), 200)
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/operator/orders/{number}/shipments',
      operationId: 'addShipment',
      summary: 'Back office: a parcel of the order with its carrier and tracking number (shown with a link)',
      security: security.operator,
      request: { params: orderNumberParam, ...body(shipmentBody) },
      responses: {
        201: json(orderSchema, 'Added'),
        200: json(orderSchema, 'This number was there already'),
        400: refused('Not a tracking number of this carrier'),
        401: refused('Operator token required'),
        404: refused('No such order'),
        409: refused('The order is unpaid or cancelled'),
      },
    }),
    async (c) => {
      requireOperator(c)
      const order = await orders.byNumber(c.req.valid('param').number)
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      const input = c.req.valid('json')
      const { added, order: view } = await orders.addShipment(order, input.carrier, input.tracking_number)
      const wired = orderWire(view, orderLang(order))
      return added ? c.json(wired, 201) : c.json(wired, 200)
    },
  )

  function requireOperator(c: Context) {
    const token = bearerToken(c)
    if (!options.operatorToken || !token || !sameSecret(token, options.operatorToken)) {
      throw new ApiError(401, 'UNAUTHENTICATED', 'Operator token required')
    }
  }

  app.openapi(
    createRoute({
      method: 'put',
      path: '/operator/products/{id}/price',
      operationId: 'setProductPrice',
      summary: 'Back office: a product’s prices in both currencies (carts show the change)',
      security: security.operator,
      request: { params: productParam, ...body(priceBody) },
      responses: {
        204: { description: 'Saved' },
        401: refused('Operator token required'),
        404: refused('No such product'),
      },
    }),
    async (c) => {
      requireOperator(c)
      const input = c.req.valid('json')
      const updated = await options.db
        .update(products)
        .set({
          priceThb: input.price_thb,
          priceUsd: input.price_usd,
          compareAtThb: input.compare_at_thb,
          compareAtUsd: input.compare_at_usd,
        })
        .where(eqSql(products.id, c.req.valid('param').id))
        .returning({ id: products.id })
      if (updated.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No such product')
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/operator/variants/{sku}/stock',
      operationId: 'setVariantStock',
      summary: 'Back office: the online stock of a size',
      security: security.operator,
      request: { params: skuParam, ...body(stockBody) },
      responses: {
        204: { description: 'Saved' },
        401: refused('Operator token required'),
        404: refused('No such size'),
      },
    }),
    async (c) => {
      requireOperator(c)
      const updated = await options.db
        .update(variants)
        .set({ stockOnline: c.req.valid('json').stock_online })
        .where(eqSql(variants.sku, c.req.valid('param').sku))
        .returning({ sku: variants.sku })
      if (updated.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No such size')
      return c.body(null, 204)
    },
  )

  const stripe = options.stripe
  if (stripe) {
    // Documented only: the handler reads the raw body, which the signature covers, and answers a bad one itself.
    app.openAPIRegistry.registerPath({
      method: 'post',
      path: '/payments/stripe/webhook',
      operationId: 'receiveStripeWebhook',
      summary: 'Stripe webhooks, signed (Stripe-Signature): payment intents succeeded, failed or cancelled settle',
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
        if (update) await orders.applyUpdate(stripe.id, update)
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
      return c.html(unknownPaypalReturn(options.links), 404)
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
        responses: {
          303: {
            description: 'To the order page (paid, failed, or still pending when PayPal could not be reached)',
            headers: { Location: { description: 'The order page', required: true, schema: { type: 'string' } } },
          },
          404: {
            description: 'No payment with this PayPal order id (a page in Thai and English)',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      }),
      async (c) => {
        const token = validToken(c.req.valid('query').token)
        return afterPaypal(c, token ? await orders.completePayment(paypal.id, token) : null)
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
        responses: {
          303: {
            description: 'To the order page, where the shopper may pay again',
            headers: { Location: { description: 'The order page', required: true, schema: { type: 'string' } } },
          },
          404: {
            description: 'No payment with this PayPal order id (a page in Thai and English)',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      }),
      async (c) => {
        const token = validToken(c.req.valid('query').token)
        return afterPaypal(c, token ? await orders.abandonPayment(paypal.id, token) : null)
      },
    )

    app.openapi(
      createRoute({
        method: 'post',
        path: '/payments/paypal/webhook',
        operationId: 'receivePaypalWebhook',
        security: security.none,
        summary:
          'PayPal webhooks, verified by PayPal (verify-webhook-signature): CHECKOUT.ORDER.APPROVED captures; PAYMENT.CAPTURE.COMPLETED, DENIED and DECLINED settle',
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
          if (update) await orders.applyUpdate(paypal.id, update)
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

  // The order e-mails queued by the order service, sent by the worker the server starts (startOrderMailDelivery).
  const mails = new OrderMailService(options.db, {
    deliver: options.deliver,
    bank: options.bank,
    links: options.links,
  })
  return Object.assign(app, { carts, orders, taxInvoices, mails })
}
