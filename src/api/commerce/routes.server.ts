import type { AccountServices } from '~/api/accounts/services.server'
import type { CatalogService } from '~/api/catalog/catalog.service'
import { createSubApp } from '~/api/http.server'
import type { Lang } from '~/contract/catalog'
import type { StorefrontLinks } from '~/contract/links'
import type { OutboundMessage } from '~/api/providers/messages'
import type { PaymentProvider } from '~/api/payments/provider'
import {
  createTestPaymentProvider,
  createTestPaymentRoutes,
  TEST_PROVIDER_ID,
} from '~/api/payments/test-provider.server'
import type { MembershipService } from '~/api/accounts/membership.service'
import { enqueueOrderMail, OrderMailService } from '~/api/emails/order-mails.server'
import type { SellerDetails } from '~/config/schema'
import type { Db } from '~/db/client.server'
import { CartService } from './cart.service'
import { createOrderServices, type OrderServiceOptions } from './services.server'
import { TaxInvoiceService } from './tax-invoice.service'
import { ShelfService } from './shelf.service'
import { WishlistService } from './wishlist.service'
import type { BankAccount } from './order-wire'
import { commerceCallers } from './callers.server'
import type { OperatorAccess } from './operator.server'
import { AuditLog } from '~/api/admin/audit.server'
import { RefundsService } from './refunds.service'
import { createCartRoutes } from './cart.routes.server'
import { createCheckoutRoutes } from './checkout.routes.server'
import { createOrderRoutes } from './orders.routes.server'
import { createCreditNoteRoutes } from './credit-notes.routes.server'
import { createReturnRoutes } from './returns.routes.server'
import { createShelfRoutes } from './shelf.routes.server'
import { createPaymentRoutes } from './payments.routes.server'

export type { BankAccount } from './order-wire'

export type CommerceRoutesOptions = {
  db: Db
  accounts: AccountServices
  catalog: CatalogService
  /** Public origin of the storefront: the API's public address under it, where PayPal sends shoppers back. */
  siteUrl: string
  /** The storefront's pages: payment providers send shoppers back to the order page; the e-mails link to it. */
  links: StorefrontLinks
  /** Public base of this API ({siteUrl}/api/public/{storeKey} when mounted in the storefront). */
  apiBaseUrl: string
  /** Signs the return links of the built-in test payment page. */
  paymentSecret: string
  /**
   * Card payments through Stripe when configured; the built-in test provider and its page otherwise. With
   * Stripe the test page is not mounted at all (live mode always has Stripe: docs/decisions/077).
   */
  stripe: PaymentProvider | null
  /**
   * PayPal through its Orders API when configured. Without it PayPal goes to the built-in test page where that page
   * exists (the demo without a card gateway), and is not offered anywhere else (docs/decisions/102).
   */
  paypal?: PaymentProvider | null
  /** The brand's account for bank transfers and PromptPay. */
  bank: BankAccount
  /** Who may make the back office's calls (`/operator/…`): API keys, and the deprecated OPERATOR_TOKEN while set. */
  operator: OperatorAccess
  /** The e-mail channel of the order e-mails (SMTP, or the outbox in the demo). */
  deliver: (message: OutboundMessage) => Promise<void>
  /** The seller named on tax invoices (SELLER_*; the demo company in demo mode). */
  seller: SellerDetails
  pushLine?: ((to: string, text: string) => Promise<void>) | null
  membership?: MembershipService | null
  /** The bank transfer deadline and its reminder (issue 17); 24 h and 6 h before it by default. */
  bankTransfer?: OrderServiceOptions['bankTransfer']
  /** What unpaid orders may hold per connection and contact (issue 29; the domain's limits by default). */
  unpaidHolds?: OrderServiceOptions['unpaidHolds']
  onPaymentReminder?: OrderServiceOptions['onPaymentReminder']
  /** Told when the back office accepts an exchange or return (the shopper's e-mail). */
  onReturnAccepted?: OrderServiceOptions['onReturnAccepted']
  /** The clock the shop's discount codes' dates are read by (the system's by default). */
  now?: () => Date
  /** The audit log refunds and the providers' refund and dispute webhooks write to (the admin API's). */
  audit?: Pick<AuditLog, 'record'>
}

/** The path of a URL on the shop's own site, for a way back within it. */
function sitePath(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search + parsed.hash
}

/**
 * The commerce area of the product API: its services, and its endpoints mounted in the order of the OpenAPI
 * document (cart and wishlist, checkout, orders, exchanges and returns, the shelf, the payment providers' calls).
 */
export function createCommerceRoutes(options: CommerceRoutesOptions) {
  const carts = new CartService(options.db)
  const app = createSubApp()
  const cardProvider =
    options.stripe ??
    createTestPaymentProvider({ db: options.db, baseUrl: options.apiBaseUrl, secret: options.paymentSecret })
  // The built-in test page exists only without a card gateway (docs/decisions/077); it stands in for PayPal too.
  const testProvider = options.stripe ? null : cardProvider
  const paypal = options.paypal ?? null
  // The API as the outside world reaches it (PayPal sends shoppers back to it): absolute, or under the site.
  const publicApiUrl = /^https?:\/\//.test(options.apiBaseUrl)
    ? options.apiBaseUrl
    : `${options.siteUrl}${options.apiBaseUrl}`
  const orderPage = (number: string, lang: Lang) => options.links.order(number, lang)
  const { orders, returnViews, returnDecisions, payments, paymentDeadlines, checkout } = createOrderServices({
    db: options.db,
    carts,
    cardProvider,
    paypalProvider: paypal ?? testProvider,
    // Stripe needs an absolute address; the built-in page sends the shopper back within this site.
    returnUrl: (number, lang) => (options.stripe ? orderPage(number, lang) : sitePath(orderPage(number, lang))),
    // PayPal leaves the capture to the shop: the shopper comes back to the API, which captures (or cancels) first.
    providerReturn: (id) =>
      paypal && id === paypal.id
        ? {
            returnUrl: `${publicApiUrl}/payments/paypal/return`,
            cancelUrl: `${publicApiUrl}/payments/paypal/cancel`,
          }
        : null,
    pushLine: options.pushLine ?? null,
    orderPage,
    membership: options.membership ?? null,
    bankTransfer: options.bankTransfer,
    unpaidHolds: options.unpaidHolds,
    now: options.now,
    botCheck: (answer, ip) => options.accounts.botCheck.passBotCheck(answer, { ip, locale: 'th' }),
    onPaymentReminder: options.onPaymentReminder ?? null,
    // The shopper's e-mail about an accepted exchange or return, queued once per request in the decision's transaction.
    onReturnAccepted:
      options.onReturnAccepted ??
      (async (tx, order, request) => {
        await enqueueOrderMail(tx, { kind: 'return_accepted', orderId: order.id, data: { request } })
      }),
  })
  const taxInvoices = new TaxInvoiceService({ db: options.db, seller: options.seller })
  if (!options.stripe) {
    app.route(
      '/',
      createTestPaymentRoutes({
        db: options.db,
        secret: options.paymentSecret,
        onResult: (ref, status) => payments.settlePayment(TEST_PROVIDER_ID, ref, status),
      }),
    )
  }
  // Refunds (issue 31 item 7) through the provider each payment was made with; the back office asks for them.
  const refunds = new RefundsService({
    db: options.db,
    audit: options.audit ?? new AuditLog(options.db, () => new Date()),
    provider: (id) => [cardProvider, paypal ?? testProvider].find((provider) => provider?.id === id) ?? null,
  })
  const callers = commerceCallers(options.accounts, options.operator)
  const bank = options.bank
  app.route(
    '/',
    createCartRoutes({ carts, wishlist: new WishlistService(options.db), catalog: options.catalog, callers }),
  )
  app.route('/', createCheckoutRoutes({ checkout, bank, callers }))
  app.route('/', createOrderRoutes({ orders, payments, taxInvoices, bank, callers }))
  app.route('/', createReturnRoutes({ orders, returnViews, returnDecisions, bank, callers }))
  app.route('/', createCreditNoteRoutes({ db: options.db, orders, callers }))
  app.route('/', createShelfRoutes({ shelf: new ShelfService(options.db), callers }))
  app.route(
    '/',
    createPaymentRoutes({ payments, refunds, stripe: options.stripe, paypal, links: options.links, orderPage }),
  )

  // The order e-mails queued by the order services, sent by the worker the server starts (startOrderMailDelivery).
  const mails = new OrderMailService(options.db, {
    deliver: options.deliver,
    bank: options.bank,
    links: options.links,
  })
  return Object.assign(app, {
    carts,
    orders,
    paymentDeadlines,
    taxInvoices,
    mails,
    refunds,
    returnDecisions,
    returnViews,
  })
}
