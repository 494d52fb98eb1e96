import { z } from 'zod'
import {
  PaymentProviderError,
  PaymentWebhookError,
  type MoneyEvent,
  type PaymentProvider,
  type RefundState,
  type PaymentRequest,
  type PaymentState,
  type PaymentUpdate,
} from './provider'
import { networkErrorCode } from '~/api/providers/http-answer.server'

const PROVIDER = 'paypal'
/** PayPal's REST hosts (https://developer.paypal.com/api/rest/requests/). */
export const PAYPAL_SANDBOX_API_URL = 'https://api-m.sandbox.paypal.com'
const DEFAULT_TIMEOUT_MS = 10_000
/** A token is renewed this long before PayPal says it expires, so that no request goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000
/** PayPal order ids: 17 upper-case letters and digits today; a little room either way. */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{10,36}$/

/** `POST /v1/oauth2/token` (https://developer.paypal.com/api/rest/authentication/). */
const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
})

const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() })

/** A capture as the Orders and Payments APIs show it (https://developer.paypal.com/docs/api/payments/v2/#captures). */
const captureSchema = z.object({ id: z.string(), status: z.string() })

/** An order as far as we read it (https://developer.paypal.com/docs/api/orders/v2/#orders_get); unknown fields dropped. */
const orderSchema = z.object({
  id: z.string().regex(PAYPAL_ORDER_ID),
  status: z.string(),
  links: z.array(linkSchema).optional().catch(undefined),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(captureSchema).optional() }).optional() }))
    .optional()
    .catch(undefined),
})
type PaypalOrder = z.infer<typeof orderSchema>

/** Error body of the REST APIs (https://developer.paypal.com/api/rest/responses/) and of the OAuth endpoint. */
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
})
type PaypalErrorBody = z.infer<typeof errorSchema>

/** A webhook event (https://developer.paypal.com/api/rest/webhooks/event-names/): what we act on. */
const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.record(z.string(), z.unknown()),
})

const orderResourceSchema = z.object({ id: z.string().regex(PAYPAL_ORDER_ID) })
const captureResourceSchema = z.object({
  id: z.string(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().regex(PAYPAL_ORDER_ID) }) }),
})

/** The transmission headers PayPal sends with every webhook delivery. */
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const

export type PaypalProviderOptions = {
  /** The REST app's client id and secret (developer.paypal.com → Apps & Credentials). */
  clientId: string
  clientSecret: string
  /** The id PayPal gave the webhook registered for this shop's endpoint; verification checks against it. */
  webhookId: string
  /** Default the sandbox, https://api-m.sandbox.paypal.com; live: https://api-m.paypal.com */
  apiBaseUrl?: string
  /** Shown on PayPal's pages. */
  brandName?: string
  timeoutMs?: number
  /** The clock of the token cache (tests). */
  now?: () => number
  fetch?: typeof fetch
}

/** Minor units as PayPal's decimal string: 129000 → "1290.00" (THB and USD both have two decimals). */
export function paypalAmount(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive whole number')
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
}

/** The body of `POST /v2/checkout/orders` for one payment of one order. */
export function createOrderBody(request: PaymentRequest, brandName?: string) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: request.orderNumber,
        // Our references: the payment (one per attempt) and the order number the brand's accounts know.
        custom_id: request.paymentId,
        invoice_id: request.orderNumber,
        description: request.description.slice(0, 127),
        amount: { currency_code: request.currency.toUpperCase(), value: paypalAmount(request.amount) },
      },
    ],
    payment_source: {
      paypal: {
        ...(request.customerEmail ? { email_address: request.customerEmail } : {}),
        experience_context: {
          ...(brandName ? { brand_name: brandName.slice(0, 127) } : {}),
          locale: request.locale === 'th' ? 'th-TH' : 'en-US',
          payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
          // The shop delivers to the address of its own checkout (or a store): PayPal asks for none.
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
      },
    },
  }
}

/** Provider text made safe for an error: no e-mail addresses, long digit runs or tokens, and short. */
function scrub(text: string): string {
  return text
    .replace(/[^\s@'"]+@[^\s@'"]+/g, '[email]')
    .replace(/\b(A21AA|Bearer\s+|Basic\s+)[A-Za-z0-9._~+/=-]+/g, '$1[redacted]')
    .replace(/\d{6,}/g, '[digits]')
    .slice(0, 200)
}

function firstIssue(body: PaypalErrorBody | null): string | undefined {
  return body?.details?.find((detail) => detail.issue)?.issue
}

/**
 * An order's state as our payment status: paid when its capture completed, failed when the capture was declined,
 * cancelled when PayPal voided it; anything before a capture (created, approved, payer action) is still pending.
 */
export function orderState(order: PaypalOrder): PaymentState {
  if (order.status === 'VOIDED') return 'cancelled'
  const captures = order.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []) ?? []
  const capture = captures.at(-1)
  if (capture) {
    if (['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(capture.status)) return 'paid'
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') return 'failed'
    return 'pending'
  }
  return 'pending'
}

/**
 * PayPal Checkout through the Orders v2 REST API, written against PayPal's documentation with `fetch` (see
 * docs/decisions/021 for why not the SDK): an OAuth2 client-credentials token kept until shortly before it expires,
 * an order created with intent CAPTURE (PayPal-Request-Id = our payment id), the shopper sent to its payer-action
 * link, the order captured when the shopper comes back or when PayPal reports the approval, and webhooks verified
 * by PayPal's own `POST /v1/notifications/verify-webhook-signature`. `apiBaseUrl` and `fetch` are injectable so that
 * tests can point it at a loopback fake.
 */
export function createPaypalProvider(options: PaypalProviderOptions): PaymentProvider {
  const apiBaseUrl = (options.apiBaseUrl ?? PAYPAL_SANDBOX_API_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const now = options.now ?? (() => Date.now())
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`, 'utf8').toString('base64')

  let token: { value: string; renewAt: number } | null = null
  let pendingToken: Promise<string> | null = null

  const fail = (message: string, retryable: boolean, status?: number, cause?: unknown) =>
    new PaymentProviderError(message, {
      provider: PROVIDER,
      retryable,
      ...(status !== undefined ? { status } : {}),
      ...(cause !== undefined ? { cause } : {}),
    })

  /** One HTTP exchange: the parsed JSON body (or null) and the status; network trouble and time-outs throw. */
  async function exchange(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const doFetch = options.fetch ?? fetch
    try {
      const response = await doFetch(`${apiBaseUrl}${path}`, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await response.text()
      let body: unknown = null
      try {
        body = text ? (JSON.parse(text) as unknown) : null
      } catch {
        body = null
      }
      return { status: response.status, body }
    } catch (error) {
      // The cause is not kept: a fetch error's cause may carry the request, and with it the Authorization header.
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw fail(`PayPal did not answer within ${timeoutMs} ms`, true)
      }
      const code = networkErrorCode(error)
      throw fail(`PayPal request failed: network error${code ? ` (${code})` : ''}`, true)
    }
  }

  function refusal(what: string, status: number, body: unknown): PaymentProviderError {
    const parsed = errorSchema.safeParse(body)
    const error = parsed.success ? parsed.data : null
    const detail = [error?.name, firstIssue(error), error?.error, error?.error_description, error?.debug_id]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .map(scrub)
      .join(' ')
    // 5xx and 429 (rate limit) may pass later; 409 is the same PayPal-Request-Id still in flight.
    const retryable = status >= 500 || status === 429 || status === 409
    return fail(`PayPal ${what} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable, status)
  }

  async function fetchToken(): Promise<string> {
    const { status, body } = await exchange('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    if (status < 200 || status > 299) throw refusal('token', status, body)
    const parsed = tokenSchema.safeParse(body)
    if (!parsed.success) throw fail(`PayPal token answered HTTP ${status} with an unexpected body`, false, status)
    const lifetime = parsed.data.expires_in * 1000
    token = { value: parsed.data.access_token, renewAt: now() + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2) }
    return parsed.data.access_token
  }

  /** The cached token, or a new one (requests that need one at the same time share one token request). */
  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null
    })
    return pendingToken
  }

  /** A call with the Bearer token; a 401 (a token PayPal revoked early) gets one new token and one more try. */
  async function call(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    extra: { json?: string; requestId?: string; prefer?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken()
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: 'application/json' }
      if (method === 'POST') headers['content-type'] = 'application/json'
      if (extra.requestId) headers['paypal-request-id'] = extra.requestId
      if (extra.prefer) headers.prefer = extra.prefer
      const answer = await exchange(path, {
        method,
        headers,
        ...(extra.json !== undefined ? { body: extra.json } : {}),
      })
      if (answer.status === 401 && attempt === 0) {
        token = null
        continue
      }
      if (answer.status < 200 || answer.status > 299) {
        const parsed = errorSchema.safeParse(answer.body)
        if (answer.status === 422 && parsed.success) return answer
        throw refusal(what, answer.status, answer.body)
      }
      return answer
    }
  }

  function readOrder(what: string, status: number, body: unknown): PaypalOrder {
    const parsed = orderSchema.safeParse(body)
    if (!parsed.success) throw fail(`PayPal ${what} answered HTTP ${status} with an unexpected body`, false, status)
    return parsed.data
  }

  async function getOrder(orderId: string): Promise<PaypalOrder> {
    const { status, body } = await call('order', 'GET', `/v2/checkout/orders/${orderId}`)
    if (status === 422) throw refusal('order', status, body)
    return readOrder('order', status, body)
  }

  async function status(providerRef: string): Promise<PaymentState> {
    if (!PAYPAL_ORDER_ID.test(providerRef)) throw fail('PayPal: not an order id', false)
    return orderState(await getOrder(providerRef))
  }

  return {
    id: PROVIDER,

    async start(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        throw fail('PayPal: the amount must be a positive whole number of minor units', false)
      }
      const { status: httpStatus, body } = await call('create order', 'POST', '/v2/checkout/orders', {
        json: JSON.stringify(createOrderBody(request, options.brandName)),
        requestId: request.paymentId,
        prefer: 'return=minimal',
      })
      if (httpStatus === 422) throw refusal('create order', httpStatus, body)
      const order = readOrder('create order', httpStatus, body)
      const link = order.links?.find((candidate) => candidate.rel === 'payer-action' || candidate.rel === 'approve')
      if (!link || !/^https?:\/\//.test(link.href)) {
        throw fail('PayPal created an order without a payer-action link', false, httpStatus)
      }
      return { providerRef: order.id, redirectUrl: link.href }
    },

    async complete(providerRef) {
      if (!PAYPAL_ORDER_ID.test(providerRef)) throw fail('PayPal: not an order id', false)
      const { status: httpStatus, body } = await call(
        'capture',
        'POST',
        `/v2/checkout/orders/${providerRef}/capture`,
        // The same capture asked twice (return and webhook, or a retry) is one capture: PayPal answers the first.
        { requestId: `capture-${providerRef}`, prefer: 'return=representation' },
      )
      if (httpStatus === 422) {
        const issue = firstIssue(errorSchema.parse(body))
        switch (issue) {
          case 'INSTRUMENT_DECLINED':
          case 'TRANSACTION_REFUSED':
          case 'PAYER_CANNOT_PAY':
            return 'failed'
          case 'ORDER_ALREADY_CAPTURED':
            return status(providerRef)
          case 'ORDER_NOT_APPROVED':
          case 'PAYER_ACTION_REQUIRED':
          case 'ORDER_COMPLETION_IN_PROGRESS':
            return 'pending'
          default:
            throw refusal('capture', httpStatus, body)
        }
      }
      return orderState(readOrder('capture', httpStatus, body))
    },

    async parseWebhook(rawBody, headers) {
      const transmission: Record<string, string> = {}
      for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
        const value = headers.get(header)
        if (!value) throw new PaymentWebhookError(`PayPal webhook without ${header}`)
        transmission[field] = value
      }
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new PaymentWebhookError('PayPal webhook body is not JSON')
      }
      const event = eventSchema.safeParse(json)
      if (!event.success) throw new PaymentWebhookError('PayPal webhook body is not an event')

      // PayPal checks its signature over the bytes it sent: the event goes back exactly as it came, not re-serialised
      // (JSON.stringify would rewrite numbers and escapes, and the verification would fail).
      const envelope = JSON.stringify({ ...transmission, webhook_id: options.webhookId })
      const verifyBody = `${envelope.slice(0, -1)},"webhook_event":${rawBody}}`
      const { status: httpStatus, body } = await call(
        'webhook verification',
        'POST',
        '/v1/notifications/verify-webhook-signature',
        { json: verifyBody },
      )
      if (httpStatus === 422) throw refusal('webhook verification', httpStatus, body)
      const verdict = z.object({ verification_status: z.string() }).safeParse(body)
      if (!verdict.success) {
        throw fail(`PayPal webhook verification answered HTTP ${httpStatus} with an unexpected body`, false, httpStatus)
      }
      if (verdict.data.verification_status !== 'SUCCESS') {
        throw new PaymentWebhookError('PayPal did not verify the webhook signature')
      }
      return eventUpdate(event.data) ?? moneyEvent(event.data)
    },

    status,

    async refund(request) {
      let captureId = request.captureRef
      if (!captureId) {
        if (!PAYPAL_ORDER_ID.test(request.providerRef)) throw fail('PayPal: not an order id', false)
        const order = await getOrder(request.providerRef)
        const captures = order.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []) ?? []
        captureId =
          captures.findLast((capture) => capture.status !== 'DECLINED' && capture.status !== 'FAILED')?.id ?? null
        if (!captureId) throw fail('PayPal: the order has no capture to refund', false)
      }
      if (!PAYPAL_CAPTURE_ID.test(captureId)) throw fail('PayPal: not a capture id', false)
      // https://developer.paypal.com/docs/api/payments/v2/#captures_refund: our refund's id as PayPal-Request-Id (a
      // retry is one refund) and as custom_id (its webhook comes back to it).
      const { status: httpStatus, body } = await call('refund', 'POST', `/v2/payments/captures/${captureId}/refund`, {
        json: JSON.stringify({
          amount: { value: paypalAmount(request.amount), currency_code: request.currency.toUpperCase() },
          custom_id: request.refundId,
          invoice_id: `${request.orderNumber}-R-${request.refundId.slice(0, 8)}`,
        }),
        requestId: `refund-${request.refundId}`,
        prefer: 'return=representation',
      })
      if (httpStatus === 422) throw refusal('refund', httpStatus, body)
      const refund = refundResourceSchema.safeParse(body)
      if (!refund.success) throw fail(`PayPal refund answered HTTP ${httpStatus} with an unexpected body`, false)
      return { refundRef: refund.data.id, status: refundState(refund.data.status), captureRef: captureId }
    },

    async paymentOfCapture(captureRef) {
      if (!PAYPAL_CAPTURE_ID.test(captureRef)) return null
      const { status: httpStatus, body } = await call('capture', 'GET', `/v2/payments/captures/${captureRef}`)
      if (httpStatus === 422) throw refusal('capture', httpStatus, body)
      const capture = captureResourceSchema.safeParse(body)
      return capture.success ? capture.data.supplementary_data.related_ids.order_id : null
    },
  }
}

/** PayPal capture ids: upper-case letters and digits. */
const PAYPAL_CAPTURE_ID = /^[A-Z0-9]{10,36}$/

/** A refund (https://developer.paypal.com/docs/api/payments/v2/#refunds_get) as far as we read it. */
const refundResourceSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.object({ value: z.string(), currency_code: z.string() }).optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  links: z.array(linkSchema).optional().catch(undefined),
})

function refundState(status: string): RefundState {
  if (status === 'COMPLETED') return 'succeeded'
  if (status === 'CANCELLED' || status === 'FAILED') return 'failed'
  return 'pending'
}

/** PayPal's decimal string as minor units: "1290.00" → 129000; null when it is not one. */
export function minorUnitsOf(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** A dispute (https://developer.paypal.com/docs/api/customer-disputes/v1/) as far as we read it. */
const disputeResourceSchema = z.object({
  dispute_id: z.string().min(1),
  reason: z.string().optional(),
  status: z.string(),
  dispute_amount: z.object({ value: z.string(), currency_code: z.string() }).optional(),
  disputed_transactions: z
    .array(z.object({ seller_transaction_id: z.string().optional(), invoice_number: z.string().optional() }))
    .optional(),
})

/**
 * A verified refund or dispute event (issue 31 item 7): PAYMENT.CAPTURE.REFUNDED (and REVERSED) carry the refund,
 * its capture in its `up` link; CUSTOMER.DISPUTE.* the dispute with the capture as the seller's transaction.
 */
function moneyEvent(event: z.infer<typeof eventSchema>): MoneyEvent | null {
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' || event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
    const refund = refundResourceSchema.safeParse(event.resource)
    const amount = refund.success && refund.data.amount ? minorUnitsOf(refund.data.amount.value) : null
    if (!refund.success || amount === null) throw new PaymentWebhookError('PayPal refund event has no refund')
    const up = refund.data.links?.find((link) => link.rel === 'up')?.href
    const captureRef = up ? (/\/captures\/([A-Z0-9]+)$/.exec(up)?.[1] ?? null) : null
    // The invoice id the shop sends is "<order>-R-<refund>"; one made in PayPal's dashboard may carry the order's.
    const invoice = refund.data.invoice_id ?? null
    return {
      kind: 'refund',
      eventId: event.id,
      captureRef,
      orderNumber: invoice ? invoice.replace(/-R-[0-9a-f]{8}$/, '') : null,
      refundRef: refund.data.id,
      amount,
      status: refundState(refund.data.status),
      refundId: refund.data.custom_id && /^[0-9a-f-]{36}$/.test(refund.data.custom_id) ? refund.data.custom_id : null,
    }
  }
  if (event.event_type.startsWith('CUSTOMER.DISPUTE.')) {
    const dispute = disputeResourceSchema.safeParse(event.resource)
    if (!dispute.success) throw new PaymentWebhookError('PayPal dispute event has no dispute')
    const transaction = dispute.data.disputed_transactions?.[0]
    const currency = dispute.data.dispute_amount?.currency_code.toLowerCase()
    return {
      kind: 'dispute',
      eventId: event.id,
      captureRef: transaction?.seller_transaction_id ?? null,
      orderNumber: transaction?.invoice_number ?? null,
      disputeRef: dispute.data.dispute_id,
      amount: dispute.data.dispute_amount ? (minorUnitsOf(dispute.data.dispute_amount.value) ?? 0) : 0,
      currency: currency === 'thb' || currency === 'usd' ? currency : null,
      reason: dispute.data.reason ?? 'OTHER',
      status: dispute.data.status,
      open: event.event_type !== 'CUSTOMER.DISPUTE.RESOLVED' && dispute.data.status !== 'RESOLVED',
    }
  }
  return null
}

/** What a verified event asks of the shop, or null for events it does not act on. */
function eventUpdate(event: z.infer<typeof eventSchema>): PaymentUpdate | null {
  const forOrder = (status: PaymentUpdate['status']) => {
    const order = orderResourceSchema.safeParse(event.resource)
    return order.success ? { providerRef: order.data.id, status, eventId: event.id } : null
  }
  const forCapture = (status: PaymentUpdate['status']) => {
    const capture = captureResourceSchema.safeParse(event.resource)
    if (!capture.success) return null
    return { providerRef: capture.data.supplementary_data.related_ids.order_id, status, eventId: event.id }
  }
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return forOrder('approved')
    case 'PAYMENT.CAPTURE.COMPLETED':
      return forCapture('paid')
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return forCapture('failed')
    case 'PAYMENT.CAPTURE.PENDING':
      return forCapture('pending')
    default:
      return null
  }
}
