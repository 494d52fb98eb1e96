import { z } from '@hono/zod-openapi'
import { nullable } from './nullable'
import { IDEMPOTENCY_KEY_HEADER } from './headers'
import { PRODUCT_TAGS } from '~/domain/catalog'
import { CURRENCIES, MAX_AMOUNT, MAX_UNIT_PRICE } from '~/domain/money'
import { CAPTCHA_SOLUTION_MAX_LENGTH } from '~/domain/captcha'
import { DISCOUNT_KINDS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPPING_METHODS } from '~/domain/orders'
import { RETURN_KINDS, RETURN_NOTE_MAX, RETURN_REASONS, RETURN_STATUSES } from '~/domain/returns'
import { CARRIER_IDS } from '~/domain/carriers'
import { postalAddressSchema } from '~/contract/accounts'
import { mixMatchBundleSchema, productSummarySchema } from '~/contract/catalog'
import { LANGS, currencyQuery, langQuery, productId } from '~/contract/common'
import { TAX_INVOICE_REFUSALS } from '~/domain/tax-invoice'
import { SHIPPING_FEE_REASONS } from '~/domain/shipping'

export const cartQuery = z.object({ lang: langQuery, currency: currencyQuery })

export const cartLineSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    product_id: z.string(),
    family_id: z.string(),
    color_slug: z.string(),
    name: z.string(),
    size: z.string(),
    image: z.object({ path: z.string(), width: z.int(), height: z.int(), alt: z.string() }).nullable(),
    category: z.string(),
    tags: z.array(z.enum(PRODUCT_TAGS)),
    quantity: z.int(),
    unit_price: z.int(),
    added_price: z.int(),
    compare_at: z.int().nullable(),
    currency: z.enum(CURRENCIES),
    line_total: z.int(),
    available: z.int(),
    price_changed: z.boolean(),
    out_of_stock: z.boolean(),
    region_mismatch: z.boolean(),
  })
  .openapi('CartLine')

export const cartSchema = z
  .object({
    id: z.string().nullable(),
    currency: z.enum(CURRENCIES),
    items: z.array(cartLineSchema),
    count: z.int(),
    /** The pieces that can be paid now: a size out of stock or a line of another region is not counted. */
    subtotal: z.int(),
    /** The mix-and-match saving on the counted pieces. */
    mix_match_discount: z.int(),
    /** subtotal − mix_match_discount, before delivery and any code. */
    total: z.int(),
    /** The bundle prices in the cart's currency, as checkout charges them (empty for an empty cart). */
    mix_match_bundles: z.array(mixMatchBundleSchema),
    prices_changed: z.boolean(),
    blocked: z.boolean(),
    purchased: z.boolean(),
    /** Only when this call started a guest cart: the storefront keeps it in an HttpOnly cookie. */
    cart_token: z.string().optional(),
  })
  .openapi('Cart')

export const addItemBody = z
  .object({ sku: z.string().min(1).max(80), quantity: z.int().min(1).max(10).default(1) })
  .openapi('AddToCart')
export const quantityBody = z.object({ quantity: z.int().min(1).max(10) }).openapi('SetQuantity')
export const lineParam = z.object({ id: z.string().max(64) })
export const mergeBody = z.object({ cart_token: z.string().min(16).max(200) }).openapi('MergeCart')

export const wishlistSchema = z
  .object({ items: z.array(productSummarySchema), product_ids: z.array(z.string()) })
  .openapi('Wishlist')
export const wishlistParam = z.object({ product_id: productId })

export type CartWire = z.infer<typeof cartSchema>

export const quoteBody = z
  .object({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .nullable()
      .default(null),
    shipping_method: z.enum(SHIPPING_METHODS).default('courier'),
    promotion_code: z.string().trim().max(40).nullable().default(null),
  })
  .openapi('QuoteRequest')

/** One discount on its own line (issue 29 item 7): its kind, its code (null for mix-and-match), its amount. */
export const discountLineSchema = z
  .object({ kind: z.enum(DISCOUNT_KINDS), code: z.string().nullable(), amount: z.int() })
  .openapi('DiscountLine')

export const quoteSchema = z
  .object({
    currency: z.enum(CURRENCIES),
    subtotal: z.int(),
    mix_match_discount: z.int(),
    promotion: z.object({ code: z.string(), discount: z.int() }).nullable(),
    /** A code refused; `minimum` (minor units) when the cart is under that code's own minimum. */
    promotion_rejected: z.object({ code: z.string(), reason: z.string(), minimum: z.int().optional() }).nullable(),
    /** Each discount on its own line, as the order will keep it. */
    discounts: z.array(discountLineSchema),
    shipping_fee: z.int(),
    /** Why the shipping fee is charged: a club item, a sale item under the threshold, abroad (null: no fee). */
    shipping_reason: z.enum(SHIPPING_FEE_REASONS).nullable(),
    /** What the courier costs to the destination (Thailand while no address is chosen), and why. */
    courier: z.object({
      fee: z.int(),
      reason: z.enum(SHIPPING_FEE_REASONS).nullable(),
      assumed_domestic: z.boolean(),
    }),
    total: z.int(),
    vat_included: z.int(),
    duty: z.enum(['paid', 'unpaid']),
    /** What stops the order as it is, naming the piece (in the asked language), so checkout can say so early. */
    blocked: z.array(
      z.union([
        z.object({
          reason: z.enum(['shoesInternational', 'regionMismatch']),
          sku: z.string(),
          name: z.string(),
          size: z.string(),
        }),
        z.object({
          reason: z.literal('outOfStock'),
          sku: z.string(),
          name: z.string(),
          size: z.string(),
          available: z.int(),
        }),
        z.object({ reason: z.literal('pickupInternational') }),
      ]),
    ),
  })
  .openapi('Quote')

const addressWire = z.object({
  firstname: z.string().max(200).default(''),
  lastname: z.string().max(200).default(''),
  telephone_number: z.string().max(40).default(''),
  email: z.string().max(254).default(''),
  tax_id: z.string().max(40).default(''),
  address: z.string().max(300).default(''),
  address2: z.string().max(300).default(''),
  country: z.string().max(2).default(''),
  postcode: z.string().max(20).default(''),
  sub_district: z.string().max(200).default(''),
  district: z.string().max(200).default(''),
  province: z.string().max(200).default(''),
})

export const placeOrderBody = z
  .object({
    email: z.string().max(254).default(''),
    telephone: z.string().max(40).default(''),
    shipping_method: z.enum(SHIPPING_METHODS),
    store_id: z.string().max(80).nullable().default(null),
    address: nullable(addressWire).default(null),
    promotion_code: z.string().trim().max(40).nullable().default(null),
    /** 'paypal' only where PayPal is offered (PayPal configured, or the demo's test page); else 400 PAYMENT_UNAVAILABLE. */
    payment_method: z.enum(PAYMENT_METHODS),
    expected_total: z.int().min(0).max(MAX_AMOUNT).nullable().default(null),
    /** The solved bot check, once a 428 CAPTCHA_REQUIRED asked for it (a connection holding unpaid orders, issue 29). */
    captcha: z.string().min(1).max(CAPTCHA_SOLUTION_MAX_LENGTH).optional(),
  })
  .openapi('PlaceOrder')

/** The order's full tax invoice (issue 17 item 8): issued, available to download, or why not. */
export const taxInvoiceStateSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('issued'), number: z.string(), issued_at: z.string() }),
    z.object({ status: z.literal('available') }),
    z.object({ status: z.literal('unavailable'), reason: z.enum(TAX_INVOICE_REFUSALS) }),
  ])
  .openapi('TaxInvoiceState')

export const returnRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(RETURN_KINDS),
    reason: z.enum(RETURN_REASONS),
    note: z.string().nullable(),
    status: z.enum(RETURN_STATUSES),
    /** The back office's word on its decision, for the shopper. */
    decision_note: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    items: z.array(
      z.object({
        position: z.int(),
        sku: z.string(),
        name: z.string(),
        size: z.string(),
        quantity: z.int(),
        exchange_size: z.string().nullable(),
      }),
    ),
  })
  .openapi('ReturnRequest')

export const shipmentSchema = z
  .object({
    carrier: z.string(),
    carrier_name: z.string(),
    tracking_number: z.string(),
    url: z.string().nullable(),
    created_at: z.string(),
    latest: z
      .object({ description: z.string(), location: z.string().nullable(), occurred_at: z.string() })
      .nullable()
      .openapi({ description: 'What the carrier said last of the parcel (its tracking), or null' }),
  })
  .openapi('Shipment')

export const orderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    currency: z.enum(CURRENCIES),
    email: z.string(),
    telephone: z.string(),
    subtotal: z.int(),
    /** The sum of `discounts`. */
    discount: z.int(),
    /** Each discount on its own line: mix-and-match, the code, a member's tier or birth-month code. */
    discounts: z.array(discountLineSchema),
    shipping_fee: z.int(),
    total: z.int(),
    vat_included: z.int(),
    promotion_code: z.string().nullable(),
    shipping_method: z.enum(SHIPPING_METHODS),
    store: z.object({ id: z.string(), name: z.string() }).nullable(),
    address: nullable(postalAddressSchema),
    payment_method: z.enum(PAYMENT_METHODS),
    payment: z.object({ status: z.enum(PAYMENT_STATUSES), redirect_url: z.string().nullable() }).nullable(),
    items: z.array(
      z.object({
        position: z.int(),
        sku: z.string(),
        product_id: z.string(),
        name: z.string(),
        size: z.string(),
        quantity: z.int(),
        /** The shelf price of one piece when the order was placed. */
        unit_price: z.int(),
        /** unit_price × quantity, before the order's discounts. */
        line_total: z.int(),
        tags: z.array(z.string()),
        category: z.string(),
        /** How many can still be asked for in an exchange or return; reason when none (saleItem, windowClosed …). */
        returnable: z.object({ quantity: z.int(), reason: z.string().nullable() }),
        exchange_sizes: z.array(z.string()),
      }),
    ),
    events: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().nullable() })),
    created_at: z.string(),
    received_at: z.string().nullable(),
    /** A bank transfer's deadline while the order waits for it: unpaid then, it is cancelled (null otherwise). */
    payment_due_at: z.string().nullable(),
    international: z.boolean(),
    return_window: z.object({ until: z.string().nullable(), reason: z.string().nullable() }),
    returns: z.array(returnRequestSchema),
    shipments: z.array(shipmentSchema),
    tax_invoice: taxInvoiceStateSchema,
    credit_notes: z
      .array(z.object({ number: z.string(), issued_at: z.string() }))
      .openapi({ description: 'Credit notes of refunded returns (GET /orders/{number}/credit-notes/{credit})' }),
    bank_transfer: z
      .object({
        bank_name: z.string(),
        account_name: z.string(),
        account_number: z.string(),
        promptpay_payload: z.string(),
      })
      .nullable(),
  })
  .openapi('Order')

export const placedOrderSchema = z
  .object({
    order: orderSchema,
    access_token: z.string().nullable(),
    redirect_url: z.string().nullable(),
    replayed: z.boolean(),
  })
  .openapi('PlacedOrder')

export const orderNumberParam = z.object({ number: z.string().regex(/^[A-Z0-9-]{4,40}$/) })
export const historyQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) })
export const historySchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        created_at: z.string(),
        total: z.int(),
        currency: z.enum(CURRENCIES),
        status: z.enum(ORDER_STATUSES),
      }),
    ),
    total: z.int(),
    page: z.int(),
    page_size: z.int(),
  })
  .openapi('OrderHistory')
export const statusBody = z
  .object({
    status: z.enum(['paid', 'packed', 'in_transit', 'received', 'cancelled', 'returned']),
    note: z.string().max(500).nullable().default(null),
  })
  .openapi('StatusChange')
export const payAgainSchema = z.object({ redirect_url: z.string().nullable() }).openapi('PayAgain')

/** Where PayPal sends the shopper back (https://developer.paypal.com/docs/checkout/standard/customize/): its order id. */
export const paypalReturnQuery = z.object({
  // Anything else (a repeated parameter, say) is treated as no token: the shopper gets the page, not a JSON error.
  token: z
    .string()
    .optional()
    .catch(undefined)
    .openapi({ type: 'string', description: 'The PayPal order id', example: '5O190127TN364715T' }),
  PayerID: z
    .string()
    .optional()
    .catch(undefined)
    .openapi({ type: 'string', description: 'The payer (after approval); not used' }),
})

/** A PayPal webhook event (https://developer.paypal.com/api/rest/webhooks/event-names/), verified with PayPal. */
export const paypalWebhookEvent = z
  .looseObject({
    id: z.string(),
    event_type: z.string(),
    resource: z.record(z.string(), z.unknown()),
  })
  .openapi('PaypalWebhookEvent')

/** A Stripe webhook event (https://docs.stripe.com/api/events/object), signed with the endpoint's secret. */
export const stripeWebhookEvent = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.record(z.string(), z.unknown()) }) })
  .openapi('StripeWebhookEvent')

/** Stripe signs each delivery: `t=<timestamp>,v1=<HMAC-SHA256 of "t.body">`. */
export const stripeWebhookHeaders = z.object({ 'stripe-signature': z.string() })

export const webhookReceivedSchema = z.object({ received: z.literal(true) }).openapi('WebhookReceived')

export const returnRequestBody = z
  .object({
    kind: z.enum(RETURN_KINDS),
    /** Required: a missing reason is refused with the other field codes of the request, all at once. */
    reason: z.enum(RETURN_REASONS).nullable().default(null),
    /** Required with the reason `other`. */
    note: z.string().trim().max(RETURN_NOTE_MAX).nullable().default(null),
    /** The pieces: order lines by position, how many, and for an exchange the size wanted (default: the same). */
    items: z
      .array(
        z.object({
          position: z.int().min(0).max(999),
          quantity: z.int().min(1).max(99),
          exchange_size: z.string().trim().min(1).max(20).nullable().default(null),
        }),
      )
      .max(50),
  })
  .openapi('NewReturnRequest')

export const operatorReturnSchema = returnRequestSchema
  .extend({
    order: z.object({
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      email: z.string(),
      telephone: z.string(),
      received_at: z.string().nullable(),
    }),
  })
  .openapi('OperatorReturnRequest')
export const operatorReturnListSchema = z
  .object({ items: z.array(operatorReturnSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .openapi('OperatorReturnRequests')
export const operatorReturnsQuery = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  lang: langQuery,
})
export const returnIdParam = z.object({ id: z.uuid() })
/** The language of an order's names (items, store, bank); the order's own language when not given (issue 29). */
export const orderViewQuery = z.object({
  lang: z.enum(LANGS).optional().openapi({ description: 'Language of the names; default: the order’s' }),
})
export const returnDecisionBody = z
  .object({ note: z.string().trim().max(RETURN_NOTE_MAX).nullable().default(null) })
  .openapi('ReturnDecision')
export const shipmentBody = z
  .object({ carrier: z.enum(CARRIER_IDS), tracking_number: z.string().max(60) })
  .openapi('NewShipment')
export const priceBody = z
  .object({
    price_thb: z.int().min(0).max(MAX_UNIT_PRICE),
    price_usd: z.int().min(0).max(MAX_UNIT_PRICE),
    compare_at_thb: z.int().min(0).max(MAX_UNIT_PRICE).nullable().default(null),
    compare_at_usd: z.int().min(0).max(MAX_UNIT_PRICE).nullable().default(null),
  })
  // §2: the old price is shown struck through beside the price, so it is above it (the back office's rule too).
  .superRefine((value, context) => {
    for (const currency of ['thb', 'usd'] as const) {
      const old = value[`compare_at_${currency}`]
      if (old !== null && old <= value[`price_${currency}`])
        context.addIssue({ code: 'custom', path: [`compare_at_${currency}`], message: 'above the price' })
    }
  })
  .openapi('PriceChange')
export const stockBody = z.object({ stock_online: z.int().min(0).max(1_000_000) }).openapi('StockChange')
export const productParam = z.object({ id: productId })
export const skuParam = z.object({ sku: z.string().min(1).max(120) })

/** Placing an order takes a key of the caller's choosing: a replay with the same body answers the same order. */
export const placeOrderHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().min(8).max(200) })
