import type * as StripeModule from 'stripe'
import type { Stripe } from 'stripe'
import { z } from 'zod'
import {
  PaymentProviderError,
  PaymentWebhookError,
  type MoneyEvent,
  type PaymentProvider,
  type ProviderRefund,
  type RefundState,
  type PaymentRequest,
  type PaymentState,
  type PaymentUpdate,
} from './provider'

const PROVIDER = 'stripe'
const DEFAULT_API_BASE_URL = 'https://api.stripe.com'
/** A shopper waits on `start`: well under the SDK's own 80 s. */
const DEFAULT_TIMEOUT_MS = 10_000
/**
 * One more attempt after a network error, a 409 or a 5xx (the SDK waits 0.5–1 s first), with the same
 * Idempotency-Key, so a retried create gives back the same session (docs/decisions/031).
 */
const DEFAULT_MAX_NETWORK_RETRIES = 1
/** Stripe's own tolerance for webhook signatures (replay protection), also the SDK's default. */
const DEFAULT_TOLERANCE_SECONDS = 300
const SESSION_ID = /^cs_[A-Za-z0-9_]+$/

/**
 * The API version sent as `Stripe-Version` on every request: the one stripe@23.1.0 is typed for. Typed against the
 * SDK, so an SDK upgrade that moves the version fails the type check until this line (and the webhook endpoint's
 * version in the Dashboard) are moved with it.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive'

/**
 * The SDK, loaded on first use: about 0.6 MB of server code (some 100 ms to load) that a shop without Stripe keys,
 * such as every demo, never needs.
 */
let sdk: Promise<typeof StripeModule> | undefined
const loadSdk = () => (sdk ??= import('stripe'))

/** A Checkout Session as far as we read it; unknown fields are allowed and dropped. */
const sessionSchema = z.object({
  id: z.string().regex(SESSION_ID),
  url: z.string().nullish(),
  status: z.enum(['open', 'complete', 'expired']).nullish().catch(null),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']).nullish().catch(null),
  /** A PaymentIntent id, or the object itself when expanded. */
  payment_intent: z
    .union([z.string(), z.object({ id: z.string(), status: z.string() })])
    .nullish()
    .catch(null),
})
type Session = z.infer<typeof sessionSchema>

/** An event as delivered to a webhook endpoint (https://docs.stripe.com/api/events/object). */
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.object({ id: z.string().min(1), payment_status: z.string().nullish() }) }),
})

export type StripeProviderOptions = {
  /** `sk_live_…`, `sk_test_…` or a restricted `rk_…` key allowed to write Checkout Sessions. */
  secretKey: string
  /** The endpoint's signing secret, `whsec_…`. */
  webhookSecret: string
  /** An origin only (the SDK adds /v1/…); default https://api.stripe.com. Tests point it at a loopback fake. */
  apiBaseUrl?: string
  /** Per attempt; default 10 000. */
  timeoutMs?: number
  /** Attempts after the first on a network error, 409 or 5xx; default 1. */
  maxNetworkRetries?: number
  /** Seconds a webhook signature stays valid; default 300. */
  toleranceSeconds?: number
  /** The clock that judges webhook timestamps (tests). */
  now?: () => Date
}

/**
 * Makes provider-supplied text safe to put in an error: masks e-mail addresses Stripe may echo, long digit runs
 * and anything that looks like a key, and keeps it short.
 */
function scrub(text: string): string {
  return text
    .replace(/[^\s@'"]+@[^\s@'"]+/g, '[email]')
    .replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_]+/g, '$1_[redacted]')
    .replace(/\d{6,}/g, '[digits]')
    .slice(0, 200)
}

/** Host, port and scheme for the SDK from an origin such as `https://api.stripe.com` or `http://127.0.0.1:4242`. */
function sdkAddress(apiBaseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  let url: URL
  try {
    url = new URL(apiBaseUrl)
  } catch {
    throw new Error('Stripe: apiBaseUrl is not a URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Stripe: apiBaseUrl must be http(s)')
  if (url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash || url.username || url.password) {
    throw new Error('Stripe: apiBaseUrl must be an origin (the SDK adds /v1/…)')
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return {
    // IPv6 literals come bracketed from URL; node:http wants them bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  }
}

/** The parameters of `POST /v1/checkout/sessions` for one payment of one order. */
export function checkoutSessionParams(request: PaymentRequest): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    success_url: request.returnUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: request.paymentId,
    customer_email: request.customerEmail,
    locale: request.locale,
    // Cards only. Since API version 2026-09-30 Checkout has no `payment_method_types`; this filters the methods
    // the Dashboard enables instead.
    allowed_payment_method_types: ['card'],
    line_items: [
      {
        price_data: {
          currency: request.currency,
          unit_amount: request.amount,
          product_data: { name: request.description },
        },
        quantity: 1,
      },
    ],
    metadata: { order_number: request.orderNumber, payment_id: request.paymentId },
  }
}

/** A session's state as our payment status: paid only when Stripe says the money is collected. */
function sessionStatus(session: Session): PaymentState {
  if (session.payment_status === 'paid') return 'paid'
  if (session.status === 'expired') return 'cancelled'
  if (session.status === 'complete') {
    // Completed but unpaid: an asynchronous method (e.g. a bank debit) is still on its way, or it failed, which
    // sends the PaymentIntent back to requires_payment_method (https://docs.stripe.com/payments/paymentintents/lifecycle).
    const intent = session.payment_intent
    if (typeof intent === 'object' && intent !== null) {
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return 'failed'
    }
  }
  return 'pending'
}

/** The update a verified event carries, or null for events the shop does not act on. */
function eventUpdate(event: z.infer<typeof eventSchema>): PaymentUpdate | null {
  const update = (status: PaymentUpdate['status']) => ({ providerRef: event.data.object.id, status, eventId: event.id })
  switch (event.type) {
    case 'checkout.session.completed':
      // 'unpaid' means an asynchronous method is still on its way: async_payment_succeeded/failed follows.
      if (event.data.object.payment_status === 'paid') return update('paid')
      if (event.data.object.payment_status === 'unpaid') return update('pending')
      return null
    case 'checkout.session.async_payment_succeeded':
      return update('paid')
    case 'checkout.session.async_payment_failed':
      return update('failed')
    case 'checkout.session.expired':
      return update('cancelled')
    default:
      return null
  }
}

/**
 * Stripe Checkout (hosted payment page) through the official `stripe` SDK: the pinned API version, the payment id as
 * Idempotency-Key, the SDK's retries and timeout, and its webhook signature check (`webhooks.constructEvent`). What
 * the SDK throws becomes a PaymentProviderError or PaymentWebhookError, so the rest of the shop sees no SDK types.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  const now = options.now ?? (() => new Date())
  // Checked now, so that a wrong address stops start-up rather than the first payment.
  const address = sdkAddress(options.apiBaseUrl ?? DEFAULT_API_BASE_URL)
  let client: Promise<{ Stripe: typeof Stripe; stripe: Stripe }> | undefined
  const connect = () =>
    (client ??= loadSdk().then(({ Stripe }) => ({
      Stripe,
      stripe: new Stripe(options.secretKey, {
        apiVersion: STRIPE_API_VERSION,
        ...address,
        timeout: timeoutMs,
        maxNetworkRetries: options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES,
        // No latency reports, no OS details in the user agent, no telemetry id file written under the home directory.
        telemetry: false,
        typescript: true,
      }),
    })))

  const fail = (message: string, retryable: boolean, status?: number, cause?: unknown) =>
    new PaymentProviderError(message, {
      provider: PROVIDER,
      retryable,
      ...(status !== undefined ? { status } : {}),
      ...(cause !== undefined ? { cause } : {}),
    })

  /** What the SDK threw, as the shop's error: the same retry advice as Stripe gives, never the key or an e-mail. */
  function providerError(Stripe: typeof StripeModule.Stripe, error: unknown): PaymentProviderError {
    if (error instanceof Stripe.errors.StripeConnectionError) {
      // The SDK's own error holds nothing secret, but its detail is the socket error: keep only that as the cause.
      const detail = error.detail instanceof Error ? error.detail : undefined
      const code = detail && 'code' in detail && typeof detail.code === 'string' ? detail.code : undefined
      if (code === Stripe.HttpClient.TIMEOUT_ERROR_CODE) {
        return fail(`Stripe did not answer within ${timeoutMs} ms`, true, undefined, detail)
      }
      return fail(`Stripe request failed: network error${code ? ` (${code})` : ''}`, true, undefined, detail)
    }
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode
      // A body that is not JSON (a proxy's error page): no status from the SDK; such pages are mostly passing.
      if (status === undefined) return fail('Stripe answered with a body that is not JSON', true)
      const detail = [error.rawType, error.code, error.decline_code, error.message]
        .filter((part): part is string => part !== undefined && part !== '')
        .map(scrub)
        .join(' ')
      // Stripe says when a retry helps (Stripe-Should-Retry); otherwise 5xx, 429 (rate limit) and 409 (the same
      // idempotency key in flight) may pass later, any other 4xx fails again as sent.
      const advice = error.headers?.['stripe-should-retry']
      const retryable =
        advice === 'true' ? true : advice === 'false' ? false : status >= 500 || status === 429 || status === 409
      return fail(`Stripe answered HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable, status)
    }
    return fail('Stripe request failed', false)
  }

  /** Checks what the SDK returned (it passes the body through unchecked). */
  function readSession(body: unknown): Session {
    const parsed = sessionSchema.safeParse(body)
    if (!parsed.success) throw fail('Stripe answered with an unexpected body', false)
    return parsed.data
  }

  return {
    id: PROVIDER,

    async start(request) {
      if (!Number.isInteger(request.amount) || request.amount <= 0) {
        throw fail('Stripe: the amount must be a positive whole number of minor units', false)
      }
      const { Stripe, stripe } = await connect()
      let body: unknown
      try {
        body = await stripe.checkout.sessions.create(checkoutSessionParams(request), {
          idempotencyKey: request.paymentId,
        })
      } catch (error) {
        throw providerError(Stripe, error)
      }
      const session = readSession(body)
      if (!session.url) throw fail('Stripe created a Checkout Session without a hosted page URL', false)
      return { providerRef: session.id, redirectUrl: session.url }
    },

    async parseWebhook(rawBody, headers) {
      const { Stripe, stripe } = await connect()
      let json: unknown
      try {
        // Verifies `t=…,v1=…` (HMAC-SHA256 of `${t}.${rawBody}`, any of several v1 while a secret is rolled, in
        // constant time) and refuses a timestamp older than the tolerance; then parses the body.
        json = stripe.webhooks.constructEvent(
          rawBody,
          headers.get('stripe-signature') ?? '',
          options.webhookSecret,
          toleranceSeconds,
          undefined,
          now().getTime(),
        )
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new PaymentWebhookError(`Stripe webhook refused: ${error.message.split('\n')[0] ?? 'bad signature'}`)
        }
        // Correctly signed but not JSON (constructEvent parses after verifying), or a v2 event notification.
        throw new PaymentWebhookError(
          error instanceof SyntaxError ? 'Stripe webhook body is not JSON' : 'Stripe webhook body is not an event',
        )
      }
      // Only the fields we act on are checked: other event types may carry any object.
      const envelope = z.object({ id: z.string(), type: z.string() }).safeParse(json)
      if (!envelope.success) throw new PaymentWebhookError('Stripe webhook body is not an event')
      if (!envelope.data.type.startsWith('checkout.session.')) return moneyEvent(json)
      const event = eventSchema.safeParse(json)
      if (!event.success) throw new PaymentWebhookError('Stripe webhook event has no Checkout Session')
      return eventUpdate(event.data)
    },

    async refund(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        throw fail('Stripe: a refund must be a positive whole number of minor units', false)
      }
      const { Stripe, stripe } = await connect()
      let paymentIntent = request.captureRef
      let body: unknown
      try {
        if (!paymentIntent) {
          if (!SESSION_ID.test(request.providerRef)) throw fail('Stripe: not a Checkout Session id', false)
          const session = readSession(await stripe.checkout.sessions.retrieve(request.providerRef))
          paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : null
          paymentIntent ??= typeof session.payment_intent === 'object' ? (session.payment_intent?.id ?? null) : null
          if (!paymentIntent) throw fail('Stripe: the Checkout Session has no payment to refund', false)
        }
        // https://docs.stripe.com/api/refunds/create: our refund's id as Idempotency-Key and in its metadata, so that
        // a retry is one refund and its webhooks come back to it.
        body = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amount,
            metadata: { refund_id: request.refundId, order_number: request.orderNumber },
          },
          { idempotencyKey: `refund-${request.refundId}` },
        )
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error
        throw providerError(Stripe, error)
      }
      const refund = refundSchema.safeParse(body)
      if (!refund.success) throw fail('Stripe answered a refund with an unexpected body', false)
      return { refundRef: refund.data.id, status: refundState(refund.data.status), captureRef: paymentIntent }
    },

    async refundsOf(captureRef) {
      const { Stripe, stripe } = await connect()
      let body: unknown
      try {
        body = await stripe.refunds.list({ payment_intent: captureRef, limit: 100 })
      } catch (error) {
        throw providerError(Stripe, error)
      }
      const list = z.object({ data: z.array(refundSchema) }).safeParse(body)
      if (!list.success) throw fail('Stripe answered the refunds with an unexpected body', false)
      return list.data.data.map(providerRefund)
    },

    async paymentOfCapture(captureRef) {
      const { Stripe, stripe } = await connect()
      let body: unknown
      try {
        body = await stripe.checkout.sessions.list({ payment_intent: captureRef, limit: 1 })
      } catch (error) {
        throw providerError(Stripe, error)
      }
      const list = z.object({ data: z.array(z.object({ id: z.string() })) }).safeParse(body)
      if (!list.success) throw fail('Stripe answered the sessions with an unexpected body', false)
      return list.data.data[0]?.id ?? null
    },

    async status(providerRef) {
      if (!SESSION_ID.test(providerRef)) throw fail('Stripe: not a Checkout Session id', false)
      const { Stripe, stripe } = await connect()
      let body: unknown
      try {
        body = await stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent'] })
      } catch (error) {
        throw providerError(Stripe, error)
      }
      return sessionStatus(readSession(body))
    },
  }
}

/** A Refund as far as we read it (https://docs.stripe.com/api/refunds/object). */
const refundSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  status: z.string().nullish(),
  payment_intent: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
})

/** A Refund's status as ours: requires_action is still pending, canceled is as good as failed. */
function refundState(status: string | null | undefined): RefundState {
  if (status === 'succeeded') return 'succeeded'
  if (status === 'failed' || status === 'canceled') return 'failed'
  return 'pending'
}

function providerRefund(refund: z.infer<typeof refundSchema>): ProviderRefund {
  return {
    refundRef: refund.id,
    amount: refund.amount,
    status: refundState(refund.status),
    refundId: refund.metadata?.refund_id ?? null,
  }
}

/** A Dispute as far as we read it (https://docs.stripe.com/api/disputes/object). */
const disputeSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  payment_intent: z.string().nullish(),
  reason: z.string().nullish(),
  status: z.string(),
})

/** Dispute statuses after which nothing more happens. */
const CLOSED_DISPUTE = ['won', 'lost', 'warning_closed', 'prevented']

/**
 * A verified event of a refund or a dispute (issue 31 item 7): refund.created/updated/failed carry the Refund;
 * charge.refunded only says a charge's refunds changed (its refunds are not expanded in webhooks since 2022-11-15),
 * so the shop asks for the list; charge.dispute.* carry the Dispute. Null for every other event.
 */
function moneyEvent(json: unknown): MoneyEvent | null {
  const event = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }) }).safeParse(json)
  if (!event.success) throw new PaymentWebhookError('Stripe webhook body is not an event')
  const { id: eventId, type } = event.data
  const object = event.data.data.object
  if (type === 'refund.created' || type === 'refund.updated' || type === 'refund.failed') {
    const refund = refundSchema.safeParse(object)
    if (!refund.success) throw new PaymentWebhookError('Stripe refund event has no Refund')
    return {
      kind: 'refund',
      eventId,
      captureRef: refund.data.payment_intent ?? null,
      orderNumber: refund.data.metadata?.order_number ?? null,
      ...providerRefund(refund.data),
    }
  }
  if (type === 'charge.refunded') {
    const charge = z.object({ payment_intent: z.string().min(1) }).safeParse(object)
    return charge.success ? { kind: 'refunds_changed', eventId, captureRef: charge.data.payment_intent } : null
  }
  if (type.startsWith('charge.dispute.')) {
    const dispute = disputeSchema.safeParse(object)
    if (!dispute.success) throw new PaymentWebhookError('Stripe dispute event has no Dispute')
    const currency = dispute.data.currency.toLowerCase()
    return {
      kind: 'dispute',
      eventId,
      captureRef: dispute.data.payment_intent ?? null,
      orderNumber: null,
      disputeRef: dispute.data.id,
      amount: dispute.data.amount,
      currency: currency === 'thb' || currency === 'usd' ? currency : null,
      reason: dispute.data.reason ?? 'general',
      status: dispute.data.status,
      open: type !== 'charge.dispute.closed' && !CLOSED_DISPUTE.includes(dispute.data.status),
    }
  }
  return null
}
