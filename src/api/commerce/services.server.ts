import type { Db } from '~/db/client.server'
import type { CartService } from './cart.service'
import { CheckoutService, type CheckoutServiceOptions } from './checkout.service'
import { OrdersService, type OrdersServiceOptions } from './orders.service'
import { PaymentDeadlines, type PaymentDeadlinesOptions } from './payment-deadlines.server'
import { PaymentsService, type PaymentsServiceOptions } from './payments.service'
import { ReturnDecisionsService, type ReturnDecisionsOptions } from './return-decisions.service'
import { ReturnRequestsService } from './return-requests.service'
import { ReturnViews } from './return-views'
import { ShipmentsService } from './shipments.service'
import { StoreNames } from './store-names'

/** What the order services are built from: each service's own options but the services it is given. */
export type OrderServiceOptions = { db: Db; carts: CartService } & Pick<
  OrdersServiceOptions,
  'membership' | 'pushLine' | 'orderPage'
> &
  Pick<ReturnDecisionsOptions, 'onReturnAccepted'> &
  Pick<PaymentsServiceOptions, 'cardProvider' | 'paypalProvider' | 'returnUrl' | 'providerReturn'> &
  Pick<CheckoutServiceOptions, 'unpaidHolds' | 'botCheck' | 'now'> &
  Pick<PaymentDeadlinesOptions, 'bankTransfer' | 'onPaymentReminder'>

/**
 * The order services of the shop, one job each (issue 30), wired together: orders once placed (views, status,
 * history), their exchange and return requests, the back office's decisions on them, their parcels, their payments,
 * the bank transfer deadlines, and checkout (quotes and placement).
 */
export function createOrderServices(options: OrderServiceOptions) {
  const stores = new StoreNames(options.db)
  const returnViews = new ReturnViews(options.db)
  const returnDecisions = new ReturnDecisionsService({
    db: options.db,
    views: returnViews,
    onReturnAccepted: options.onReturnAccepted,
  })
  const orders = new OrdersService({
    db: options.db,
    stores,
    membership: options.membership,
    pushLine: options.pushLine,
    orderPage: options.orderPage,
    returnRequests: new ReturnRequestsService(options.db),
    returnViews,
    shipments: new ShipmentsService(options.db),
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
    now: options.now,
  })
  return { orders, returnViews, returnDecisions, payments, paymentDeadlines, checkout }
}
