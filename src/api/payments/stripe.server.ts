import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import {
  PaymentProviderError,
  PaymentWebhookError,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  type PaymentUpdate,
} from './provider'

const PROVIDER = 'stripe'
const DEFAULT_API_BASE_URL = 'https://api.stripe.com'
const DEFAULT_TIMEOUT_MS = 10_000
/** Stripe's own libraries reject signatures older than five minutes (replay protection). */
const DEFAULT_TOLERANCE_SECONDS = 300
const SESSION_ID = /^cs_[A-Za-z0-9_]+$/

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

/** Error body of any non-2xx answer (https://docs.stripe.com/api/errors). */
const errorSchema = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
  }),
})

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
  /** Default https://api.stripe.com */
  apiBaseUrl?: string
  timeoutMs?: number
  /** Pins `Stripe-Version`; without it the account's default API version applies. */
  apiVersion?: string
  /** Seconds a webhook signature stays valid; default 300. */
  toleranceSeconds?: number
  /** The clock that judges webhook timestamps (tests). */
  now?: () => Date
  fetch?: typeof fetch
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

function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined
  return typeof code === 'string' ? code : undefined
}

async function readJson(response: Response): Promise<unknown> {
  const body = await response.text()
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

/** The form body of `POST /v1/checkout/sessions`, in Stripe's bracket notation. */
export function checkoutSessionForm(request: PaymentRequest): URLSearchParams {
  return new URLSearchParams([
    ['mode', 'payment'],
    ['success_url', request.returnUrl],
    ['cancel_url', request.cancelUrl],
    ['client_reference_id', request.paymentId],
    ['customer_email', request.customerEmail],
    ['locale', request.locale],
    ['payment_method_types[0]', 'card'],
    ['line_items[0][price_data][currency]', request.currency],
    ['line_items[0][price_data][unit_amount]', String(request.amount)],
    ['line_items[0][price_data][product_data][name]', request.description],
    ['line_items[0][quantity]', '1'],
    ['metadata[order_number]', request.orderNumber],
    ['metadata[payment_id]', request.paymentId],
  ])
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

/**
 * Verifies a `Stripe-Signature` header as Stripe documents it (https://docs.stripe.com/webhooks#verify-manually):
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`; the expected signature is the hex HMAC-SHA256 of `${t}.${rawBody}` keyed
 * with the endpoint secret, compared in constant time against every v1 (several while a secret is being rolled).
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  options: { now: Date; toleranceSeconds: number },
): void {
  if (header === null || header === '') throw new PaymentWebhookError('Stripe webhook without a Stripe-Signature')
  let timestamp: number | undefined
  const signatures: Buffer[] = []
  for (const item of header.split(',')) {
    const separator = item.indexOf('=')
    if (separator < 0) continue
    const key = item.slice(0, separator).trim()
    const value = item.slice(separator + 1).trim()
    if (key === 't' && timestamp === undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'))
  }
  if (timestamp === undefined) throw new PaymentWebhookError('Stripe-Signature has no timestamp')
  if (signatures.length === 0) throw new PaymentWebhookError('Stripe-Signature has no v1 signature')

  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest()
  // Every candidate is compared, so the time taken does not tell which one was close.
  let valid = false
  for (const signature of signatures) {
    if (signature.length === expected.length && timingSafeEqual(signature, expected)) valid = true
  }
  if (!valid) throw new PaymentWebhookError('Stripe webhook signature does not match')

  const ageSeconds = Math.abs(options.now.getTime() / 1000 - timestamp)
  if (ageSeconds > options.toleranceSeconds) {
    throw new PaymentWebhookError('Stripe webhook timestamp is outside the tolerance')
  }
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
 * Stripe Checkout (hosted payment page) through Stripe's REST API: form-encoded requests with the secret key as a
 * Bearer token, the payment id as Idempotency-Key, and signed webhooks. `apiBaseUrl` and `fetch` are injectable
 * so tests can point it at a loopback fake.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const apiBaseUrl = (options.apiBaseUrl ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  const now = options.now ?? (() => new Date())

  const fail = (message: string, retryable: boolean, status?: number, cause?: unknown) =>
    new PaymentProviderError(message, {
      provider: PROVIDER,
      retryable,
      ...(status !== undefined ? { status } : {}),
      ...(cause !== undefined ? { cause } : {}),
    })

  async function call(
    method: 'GET' | 'POST',
    path: string,
    extra: { form?: URLSearchParams; idempotencyKey?: string },
  ): Promise<Session> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.secretKey}`,
      accept: 'application/json',
    }
    if (options.apiVersion) headers['stripe-version'] = options.apiVersion
    if (extra.form) headers['content-type'] = 'application/x-www-form-urlencoded'
    if (extra.idempotencyKey) headers['idempotency-key'] = extra.idempotencyKey

    const doFetch = options.fetch ?? fetch
    let response: Response
    let body: unknown
    try {
      response = await doFetch(`${apiBaseUrl}${path}`, {
        method,
        headers,
        ...(extra.form ? { body: extra.form.toString() } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      body = await readJson(response)
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw fail(`Stripe did not answer within ${timeoutMs} ms`, true, undefined, error)
      }
      const code = networkErrorCode(error)
      throw fail(`Stripe request failed: network error${code ? ` (${code})` : ''}`, true, undefined, error)
    }

    const { status } = response
    if (status < 200 || status > 299) {
      const parsed = errorSchema.safeParse(body)
      const detail = parsed.success
        ? [parsed.data.error.type, parsed.data.error.code, parsed.data.error.decline_code, parsed.data.error.message]
            .filter((part): part is string => part !== undefined && part !== '')
            .map(scrub)
            .join(' ')
        : ''
      // Stripe says when a retry helps (Stripe-Should-Retry); otherwise 5xx, 429 (rate limit) and 409 (the same
      // idempotency key in flight) may pass later, any other 4xx fails again as sent.
      const advice = response.headers.get('stripe-should-retry')
      const retryable =
        advice === 'true' ? true : advice === 'false' ? false : status >= 500 || status === 429 || status === 409
      throw fail(`Stripe answered HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable, status)
    }

    const parsed = sessionSchema.safeParse(body)
    if (!parsed.success) throw fail(`Stripe answered HTTP ${status} with an unexpected body`, false, status)
    return parsed.data
  }

  return {
    id: PROVIDER,

    async start(request) {
      if (!Number.isInteger(request.amount) || request.amount <= 0) {
        throw fail('Stripe: the amount must be a positive whole number of minor units', false)
      }
      const session = await call('POST', '/v1/checkout/sessions', {
        form: checkoutSessionForm(request),
        idempotencyKey: request.paymentId,
      })
      if (!session.url) throw fail('Stripe created a Checkout Session without a hosted page URL', false)
      return { providerRef: session.id, redirectUrl: session.url }
    },

    async parseWebhook(rawBody, headers) {
      verifyStripeSignature(rawBody, headers.get('stripe-signature'), options.webhookSecret, {
        now: now(),
        toleranceSeconds,
      })
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new PaymentWebhookError('Stripe webhook body is not JSON')
      }
      // Only the fields we act on are checked: other event types may carry any object.
      const envelope = z.object({ id: z.string(), type: z.string() }).safeParse(json)
      if (!envelope.success) throw new PaymentWebhookError('Stripe webhook body is not an event')
      if (!envelope.data.type.startsWith('checkout.session.')) return null
      const event = eventSchema.safeParse(json)
      if (!event.success) throw new PaymentWebhookError('Stripe webhook event has no Checkout Session')
      return eventUpdate(event.data)
    },

    async status(providerRef) {
      if (!SESSION_ID.test(providerRef)) throw fail('Stripe: not a Checkout Session id', false)
      const query = new URLSearchParams([['expand[]', 'payment_intent']])
      const session = await call('GET', `/v1/checkout/sessions/${providerRef}?${query.toString()}`, {})
      return sessionStatus(session)
    },
  }
}
