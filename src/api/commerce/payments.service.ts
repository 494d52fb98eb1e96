import { and, desc, eq } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { orders, payments, type OrderRow } from '~/db/schema'
import type { PaymentMethod } from '~/domain/orders'
import type { PaymentProvider, PaymentState, PaymentUpdate } from '~/api/payments/provider'
import type { OrdersService } from './orders.service'

export type PaymentsServiceOptions = {
  db: Db
  /** A payment settled as paid moves its order to paid. */
  orders: OrdersService
  /** Card payments (the built-in test provider by default, Stripe when configured). */
  cardProvider: PaymentProvider
  /**
   * PayPal: PayPal's Orders API when configured, the built-in test provider in the demo, or null where PayPal is not
   * offered (an order asking for it is refused).
   */
  paypalProvider?: PaymentProvider | null
  /** Where a provider sends the shopper back: the storefront's order page for this number. */
  returnUrl: (orderNumber: string, lang: 'th' | 'en') => string
  /**
   * Where a provider that needs the shop to finish the payment sends the shopper back instead (PayPal: the API's
   * return and cancel endpoints, which capture or cancel, then send the shopper on to the order page).
   */
  providerReturn?: (providerId: string) => { returnUrl: string; cancelUrl: string } | null
}

/**
 * The payment attempts of orders paid by card or PayPal (issue 5, docs/decisions/021): opened with their provider,
 * paid again after a failure, finished (PayPal's capture) or abandoned when the shopper comes back, and settled by the
 * provider's verdict (hosted test page, webhooks). Bank transfers have no provider: the back office marks them paid.
 */
export class PaymentsService {
  private readonly db: Db
  constructor(private readonly options: PaymentsServiceOptions) {
    this.db = options.db
  }

  /** The provider that takes payments by this method, or null (bank transfers; PayPal where it is not offered). */
  providerFor(method: PaymentMethod): PaymentProvider | null {
    if (method === 'card') return this.options.cardProvider
    if (method === 'paypal') return this.options.paypalProvider ?? null
    return null
  }

  private providerById(id: string): PaymentProvider | null {
    const { cardProvider, paypalProvider } = this.options
    return [cardProvider, paypalProvider].find((provider) => provider?.id === id) ?? null
  }

  /**
   * Opens the order's pending payment with its provider (card or PayPal); a failure leaves the order awaiting
   * payment (pay again later).
   */
  async startPayment(order: OrderRow): Promise<string | null> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
      .orderBy(desc(payments.createdAt))
      .limit(1)
    if (!payment) return null
    if (payment.redirectUrl) return payment.redirectUrl
    const provider = this.providerById(payment.provider)
    if (!provider) return null
    const lang = order.locale === 'en' ? 'en' : 'th'
    const orderPage = this.options.returnUrl(order.number, lang)
    const urls = this.options.providerReturn?.(provider.id) ?? { returnUrl: orderPage, cancelUrl: orderPage }
    try {
      const started = await provider.start({
        paymentId: payment.id,
        orderNumber: order.number,
        amount: order.total,
        currency: order.currency,
        description: `Order ${order.number}`,
        customerEmail: order.email,
        returnUrl: urls.returnUrl,
        cancelUrl: urls.cancelUrl,
        locale: lang,
      })
      await this.db
        .update(payments)
        .set({ providerRef: started.providerRef, redirectUrl: started.redirectUrl, updatedAt: new Date() })
        .where(eq(payments.id, payment.id))
      return started.redirectUrl
    } catch (error) {
      console.error('Payment could not start:', error instanceof Error ? error.message : error)
      return null
    }
  }

  /**
   * Pay again after a declined, cancelled or abandoned card or PayPal payment: a new attempt on the same order. A
   * pending attempt with a provider the shop no longer uses (PayPal configured since) gives way to a new one.
   */
  async retryPayment(order: OrderRow): Promise<string | null> {
    if (order.status !== 'awaiting_payment' || order.paymentMethod === 'bank_transfer') return null
    const provider = this.providerFor(order.paymentMethod)
    if (!provider) return null
    const pending = await this.db
      .select({ id: payments.id, provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    const stale = pending.filter((row) => row.provider !== provider.id)
    for (const row of stale) {
      await this.db
        .update(payments)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    }
    if (pending.length === stale.length) {
      await this.db.insert(payments).values({
        orderId: order.id,
        provider: provider.id,
        method: order.paymentMethod,
        amount: order.total,
        currency: order.currency,
      })
    }
    return this.startPayment(order)
  }

  /** The pending-or-settled payment of a provider's reference, with its order's number and language. */
  private async paymentOf(provider: string, providerRef: string) {
    const [row] = await this.db
      .select({ status: payments.status, number: orders.number, locale: orders.locale })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
      .limit(1)
    return row ?? null
  }

  /**
   * The shopper came back from the provider's page having approved the payment, or the provider reported the
   * approval: the shop finishes it (PayPal's capture) and records the result. Only a pending payment is finished, so a
   * duplicate webhook or a second return changes nothing; a provider that cannot be reached leaves it pending (the
   * webhook, PayPal's retries of it, or the next return finish it). Null when the reference is unknown.
   */
  async completePayment(provider: string, providerRef: string): Promise<{ number: string; lang: 'th' | 'en' } | null> {
    const payment = await this.paymentOf(provider, providerRef)
    if (!payment) return null
    const found = { number: payment.number, lang: payment.locale === 'en' ? ('en' as const) : ('th' as const) }
    const adapter = this.providerById(provider)
    if (payment.status !== 'pending' || !adapter?.complete) return found
    try {
      await this.settlePayment(provider, providerRef, await adapter.complete(providerRef))
    } catch (error) {
      console.error('Payment could not be completed:', error instanceof Error ? error.message : error)
    }
    return found
  }

  /**
   * The shopper gave up on the provider's page: the attempt is cancelled (pay again starts a new one), unless the
   * provider says it was paid or declined after all. Null when the reference is unknown.
   */
  async abandonPayment(provider: string, providerRef: string): Promise<{ number: string; lang: 'th' | 'en' } | null> {
    const payment = await this.paymentOf(provider, providerRef)
    if (!payment) return null
    const found = { number: payment.number, lang: payment.locale === 'en' ? ('en' as const) : ('th' as const) }
    if (payment.status !== 'pending') return found
    let state: PaymentState = 'pending'
    try {
      state = (await this.providerById(provider)?.status(providerRef)) ?? 'pending'
    } catch (error) {
      console.error('Payment state unknown:', error instanceof Error ? error.message : error)
    }
    await this.settlePayment(provider, providerRef, state === 'pending' ? 'cancelled' : state)
    return found
  }

  /** A verified webhook's update: an approval is completed (captured), any other state is recorded. */
  async applyUpdate(provider: string, update: PaymentUpdate): Promise<void> {
    if (update.status === 'approved') await this.completePayment(provider, update.providerRef)
    else await this.settlePayment(provider, update.providerRef, update.status)
  }

  /** A provider's verdict on a payment (hosted test page, webhooks, PayPal's capture). Paid moves the order to paid once. */
  async settlePayment(provider: string, providerRef: string, status: PaymentState) {
    if (status === 'pending') return
    const [payment] = await this.db
      .update(payments)
      .set({ status, updatedAt: new Date() })
      .where(
        and(eq(payments.provider, provider), eq(payments.providerRef, providerRef), eq(payments.status, 'pending')),
      )
      .returning()
    if (!payment || status !== 'paid') return
    await this.options.orders.changeStatus(payment.orderId, 'paid', null)
  }
}
