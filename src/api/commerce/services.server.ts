import type { Db } from '~/db/client.server'
import type { OrderRow } from '~/db/schema'
import type { UnpaidHoldLimits } from '~/domain/unpaid-holds'
import type { PaymentProvider } from '~/api/payments/provider'
import type { MembershipService } from '~/api/accounts/membership.service'
import type { CartService } from './cart.service'
import type { AcceptedReturn } from './returns.service'
import { CheckoutService } from './checkout.service'
import { OrdersService } from './orders.service'
import { PaymentDeadlines } from './payment-deadlines.server'
import { PaymentsService } from './payments.service'
import { StoreNames } from './store-names'

export type OrderServiceOptions = {
  db: Db
  carts: CartService
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
  /** Tiers and member codes (issue 6). */
  membership?: MembershipService | null
  /** LINE messages to members linked to LINE (when a Messaging API channel is configured). */
  pushLine?: ((to: string, text: string) => Promise<void>) | null
  /** The storefront's order page, which a LINE message links to (absolute; decision 034). */
  orderPage?: ((orderNumber: string, lang: 'th' | 'en') => string) | null
  /**
   * What unpaid orders may hold per connection and per contact, and the bot check asked of a connection that holds
   * some already (issue 29 item 3; the domain's limits by default).
   */
  unpaidHolds?: UnpaidHoldLimits
  /** The shop's bot check: passes, or throws 428 CAPTCHA_REQUIRED with a challenge (none: never asked). */
  botCheck?: ((answer: string | null, ip: string) => Promise<void>) | null
  /** How long a bank transfer order waits for its money (default 24 h), and when before the end it is reminded (6 h). */
  bankTransfer?: { payWithinMs: number; remindBeforeMs: number }
  /**
   * Told when a bank transfer reminder is owed, in the transaction that marks the order reminded and queues the
   * reminder e-mail (for more channels, or a test's eyes).
   */
  onPaymentReminder?: ((tx: Db, order: OrderRow) => Promise<void>) | null
  /**
   * Told when the back office accepts an exchange or return (after it is stored; its failures are logged and
   * change nothing): the shopper's e-mail is sent from here.
   */
  onReturnAccepted?: (order: OrderRow, request: AcceptedReturn) => Promise<void>
}

/**
 * The order services of the shop, one job each (issue 30), wired together: orders once placed (views, status,
 * history, returns), their payments, the bank transfer deadlines, and checkout (quotes and placement).
 */
export function createOrderServices(options: OrderServiceOptions) {
  const stores = new StoreNames(options.db)
  const orders = new OrdersService({
    db: options.db,
    stores,
    membership: options.membership,
    pushLine: options.pushLine,
    orderPage: options.orderPage,
    onReturnAccepted: options.onReturnAccepted,
  })
  const payments = new PaymentsService({
    db: options.db,
    orders,
    cardProvider: options.cardProvider,
    paypalProvider: options.paypalProvider,
    returnUrl: options.returnUrl,
    providerReturn: options.providerReturn,
  })
  const paymentDeadlines = new PaymentDeadlines({
    db: options.db,
    orders,
    bankTransfer: options.bankTransfer,
    onPaymentReminder: options.onPaymentReminder,
  })
  const checkout = new CheckoutService({
    db: options.db,
    carts: options.carts,
    orders,
    payments,
    stores,
    membership: options.membership,
    unpaidHolds: options.unpaidHolds,
    botCheck: options.botCheck,
    bankTransfer: options.bankTransfer,
  })
  return { orders, payments, paymentDeadlines, checkout }
}
