import type { Db } from '~/db/client.server'
import type { CartService } from './cart.service'
import { CheckoutService, type CheckoutServiceOptions } from './checkout.service'
import { OrdersService, type OrdersServiceOptions } from './orders.service'
import { PaymentDeadlines, type PaymentDeadlinesOptions } from './payment-deadlines.server'
import { PaymentsService, type PaymentsServiceOptions } from './payments.service'
import { StoreNames } from './store-names'

/** What the order services are built from: each service's own options but the services it is given. */
export type OrderServiceOptions = { db: Db; carts: CartService } & Pick<
  OrdersServiceOptions,
  'membership' | 'pushLine' | 'orderPage' | 'onReturnAccepted'
> &
  Pick<PaymentsServiceOptions, 'cardProvider' | 'paypalProvider' | 'returnUrl' | 'providerReturn'> &
  Pick<CheckoutServiceOptions, 'unpaidHolds' | 'botCheck'> &
  Pick<PaymentDeadlinesOptions, 'bankTransfer' | 'onPaymentReminder'>

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
