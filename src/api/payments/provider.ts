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
  /** A verified webhook → its update, or null for events we ignore; throws PaymentWebhookError on a bad signature. */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentUpdate | null>
  /** Asks the provider for the current state (for a shopper who came back before the webhook did). */
  status(providerRef: string): Promise<PaymentState>
  /**
   * Finishes a payment the payer approved on the provider's page, where the provider leaves that to the shop
   * (PayPal: capture the order), and reports the result. Idempotent. Absent where the provider finishes alone.
   */
  complete?(providerRef: string): Promise<PaymentState>
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
