/**
 * The contract every payment provider meets (the built-in test provider, Stripe, PayPal): start a payment and send
 * the shopper to the provider, read verified webhooks, and ask for a payment's state. Types and errors only, no I/O.
 */

/** What the shop asks a provider to collect; amounts are in minor units (satang, cents). */
export type PaymentRequest = {
  /** Our `payments.id`: the provider's idempotency key and its reference back to us. */
  paymentId: string
  orderNumber: string
  /** Minor units of `currency`. */
  amount: number
  currency: 'thb' | 'usd'
  /** What the shopper sees on the provider's page (e.g. "Order AS-2611-00042"). */
  description: string
  customerEmail: string
  /** Where the shopper comes back; the provider appends nothing, the shop looks the payment up by id. */
  returnUrl: string
  /** Where the shopper goes when giving up on the provider's page. */
  cancelUrl: string
  locale: 'th' | 'en'
}

/** A started payment: the provider's reference (stored in `payments.provider_ref`) and where to send the shopper. */
export type PaymentStart = { providerRef: string; redirectUrl: string }

/** A payment's state as the shop records it (`payments.status`, less 'authorized'). */
export type PaymentState = 'paid' | 'failed' | 'cancelled' | 'pending'

/**
 * A state change reported by the provider; `eventId` lets the caller ignore a webhook delivered twice.
 * 'approved' means the payer approved the payment and the shop must now complete it (`complete`, PayPal's capture).
 */
export type PaymentUpdate = {
  providerRef: string
  status: PaymentState | 'approved'
  eventId: string
}

export interface PaymentProvider {
  /** Stored in `payments.provider` (e.g. 'test', 'stripe'). */
  readonly id: string
  start(request: PaymentRequest): Promise<PaymentStart>
  /**
   * A verified webhook → its update (a payment's, or a refund's or dispute's: MoneyEvent), or null for events we
   * ignore; throws PaymentWebhookError on a bad signature.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentUpdate | MoneyEvent | null>
  /** Asks the provider for the current state (for a shopper who came back before the webhook did). */
  status(providerRef: string): Promise<PaymentState>
  /**
   * Finishes a payment the payer approved on the provider's page, where the provider leaves that to the shop
   * (PayPal: capture the order), and reports the result. Idempotent. Absent where the provider finishes alone.
   */
  complete?(providerRef: string): Promise<PaymentState>
  /** Gives money back on a paid payment (issue 31 item 7); idempotent on the request's refund id. */
  refund?(request: RefundRequest): Promise<RefundResult>
  /** The refunds the provider holds for a capture (a refund made in its dashboard too). */
  refundsOf?(captureRef: string): Promise<ProviderRefund[]>
  /** The payment (our `providerRef`: Stripe's Checkout Session, PayPal's order) a capture belongs to, or null. */
  paymentOfCapture?(captureRef: string): Promise<string | null>
}

/** A refund the shop asks of a provider; amounts in minor units. */
export type RefundRequest = {
  /** Our `refunds.id`: the provider's idempotency key and its reference back to us. */
  refundId: string
  orderNumber: string
  /** The payment's `providerRef` (Stripe's Checkout Session, PayPal's order). */
  providerRef: string
  /** What the provider refunds, when the shop already knows it (`payments.capture_ref`). */
  captureRef: string | null
  amount: number
  currency: 'thb' | 'usd'
}

export type RefundState = 'pending' | 'succeeded' | 'failed'

/** The provider's answer: its refund id, where it stands, and the capture it refunded (kept on the payment). */
export type RefundResult = { refundRef: string; status: RefundState; captureRef: string }

/** A refund as the provider lists it or a webhook carries it. */
export type ProviderRefund = {
  refundRef: string
  amount: number
  status: RefundState
  /** Ours when the shop asked for it (the metadata or custom id it sent); null for one made in the dashboard. */
  refundId: string | null
}

/**
 * A refund or a dispute reported by a provider's webhook (issue 31 item 7). `captureRef` names the payment as the
 * provider's money does (PaymentIntent, PayPal capture); `orderNumber` where the event carries ours.
 */
export type MoneyEvent =
  | ({ kind: 'refund'; eventId: string; captureRef: string | null; orderNumber: string | null } & ProviderRefund)
  /** The refunds of a capture changed (Stripe's charge.refunded): the shop asks the provider for the list. */
  | { kind: 'refunds_changed'; eventId: string; captureRef: string }
  | {
      kind: 'dispute'
      eventId: string
      captureRef: string | null
      orderNumber: string | null
      disputeRef: string
      amount: number
      currency: 'thb' | 'usd' | null
      reason: string
      status: string
      open: boolean
    }

/** Whether a webhook's update is a refund's or a dispute's rather than a payment's. */
export function isMoneyEvent(update: PaymentUpdate | MoneyEvent): update is MoneyEvent {
  return 'kind' in update
}

/** A provider call that failed, with what the caller needs to decide on a retry; never holds card data or keys. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError'
  readonly provider: string
  /** HTTP status from the provider, when there was a response. */
  readonly status?: number
  readonly retryable: boolean

  constructor(message: string, details: { provider: string; status?: number; retryable: boolean; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.provider = details.provider
    this.status = details.status
    this.retryable = details.retryable
  }
}

/** A webhook that cannot be trusted (missing or wrong signature, too old) or cannot be read: answer 400. */
export class PaymentWebhookError extends Error {
  override readonly name = 'PaymentWebhookError'
}
