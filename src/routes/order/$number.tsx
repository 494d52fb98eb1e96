import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { Fragment, lazy, Suspense, useId, type ReactNode } from 'react'
import { sessionQuery } from '~/account/session.functions'
import { orderQuery } from '~/checkout/checkout.functions'
import { BankTransferPanel, OnlinePaymentPanel } from '~/checkout/components/PaymentStatus'
import { TAX_INVOICE_REFUSAL_MESSAGES } from '~/checkout/tax-invoice-messages'
import { orderStatusLabel } from '~/checkout/status-labels'
import { discountLabel, shownDiscounts } from '~/checkout/discount-labels'
import { shippingReasonText } from '~/checkout/shipping-reasons'
import { isProductTag } from '~/domain/catalog'
import type { Order } from '~/checkout/types'
import { PageHeading } from '~/components/PageHeading'
import { PostalAddress } from '~/components/PostalAddress'
import { formatMoney } from '~/domain/money'
import { majorUnits, useTrackOnce } from '~/analytics/datalayer'
import { OrderActions } from '~/checkout/components/OrderActions'
import { ReturnRequestForm } from '~/checkout/components/ReturnRequestForm'
import { ReturnRequestList } from '~/checkout/components/ReturnRequestList'
import { Shipments } from '~/checkout/components/Shipments'
import { isPieceRefusal, isReturnRefusal, PIECE_REFUSAL_LABELS, RETURN_REFUSAL_LABELS } from '~/checkout/return-labels'
import { formatDate } from '~/i18n/dates'
import type { LocaleCode } from '~/i18n/locales'
import { useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'
import {
  CANCELLED_BY_SHOPPER_NOTE,
  DEADLINE_PASSED_NOTE,
  paymentOutcome,
  type PaymentOutcome,
} from '~/domain/payment-outcome'
import { shippingFeeReason } from '~/domain/shipping'

/** The transfer slip's upload (issue 31 item 6): loaded only on an unpaid bank transfer order's page. */
const SlipUpload = lazy(() => import('~/checkout/components/SlipUpload'))

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/
/** An order placed less than this long ago is thanked for (the confirmation after checkout). */
const CONFIRMATION_MS = 60 * 60 * 1000

/** The page's title per payment outcome (the heading says the same). */
const OUTCOME_TITLES: Partial<Record<PaymentOutcome, MessageDescriptor>> = {
  declined: msg`Payment declined`,
  cancelled: msg`Payment cancelled`,
  pending: msg`Waiting for your payment`,
  awaitingTransfer: msg`Please complete your payment`,
  expired: msg`Order cancelled`,
}

/** Event notes the API writes in English, in the shopper's words. */
const EVENT_NOTES: Record<string, MessageDescriptor> = {
  [DEADLINE_PASSED_NOTE]: msg`The payment deadline passed: the pieces went back on sale.`,
  [CANCELLED_BY_SHOPPER_NOTE]: msg`Cancelled by you.`,
}

/** While a payment is pending, the page asks for news this often (a webhook may settle it any moment). */
const PENDING_REFRESH_MS = 4000

const PAYMENT_METHOD_LABELS: Record<Order['paymentMethod'], MessageDescriptor> = {
  card: msg`Credit or debit card`,
  bank_transfer: msg`Bank transfer`,
  paypal: msg`PayPal`,
}

export const Route = createFileRoute('/order/$number')({
  loader: async ({ context, params, location }) => {
    const path = location.pathname
    if (!ORDER_NUMBER.test(params.number)) throw notFound({ data: { path } })
    const order = await context.queryClient.ensureQueryData(orderQuery(params.number, context.boot.locale))
    if (!order) throw notFound({ data: { path } })
    // One clock for the server's render and the browser's hydration (confirmation heading, return window).
    const viewedAt = new Date()
    return {
      viewedAt: viewedAt.toISOString(),
      outcome: paymentOutcome(order),
      justPlaced: viewedAt.getTime() - Date.parse(order.createdAt) < CONFIRMATION_MS,
    }
  },
  staleTime: 0,
  head: ({ match }) => {
    const outcome = match.loaderData?.outcome
    // A bank transfer order just placed is thanked for (its panel asks for the payment); later it asks in the title.
    const thanked = outcome === 'awaitingTransfer' && match.loaderData?.justPlaced
    const { meta } = pageHead(match.context.i18n, (outcome && !thanked && OUTCOME_TITLES[outcome]) || msg`Order`)
    return { meta: [...meta, { name: 'robots', content: 'noindex' }] }
  },
  component: OrderPage,
})

/** A time of day in Bangkok, like formatDate, so that server and browser agree. */
function formatTime(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso))
}

/** The order after checkout and from the order history (§4, §9): payment, items, totals, delivery, returns. */
function OrderPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const { number } = Route.useParams()
  const { viewedAt } = Route.useLoaderData()
  const { data: order } = useSuspenseQuery({
    ...orderQuery(number, locale),
    refetchInterval: (query) =>
      query.state.data && paymentOutcome(query.state.data) === 'pending' ? PENDING_REFRESH_MS : false,
  })
  const { data: member } = useQuery(sessionQuery())
  const orderId = order?.number ?? null
  useTrackOnce(orderId, 'purchase', () => {
    // The purchase is reported once per order in this browser (a reload of the page is not a second sale).
    const key = `purchase-tracked:${orderId ?? ''}`
    if (!order || window.sessionStorage.getItem(key)) return null
    window.sessionStorage.setItem(key, '1')
    return {
      ecommerce: {
        transaction_id: order.number,
        currency: order.currency.toUpperCase(),
        value: majorUnits(order.total),
        shipping: majorUnits(order.shippingFee),
        tax: majorUnits(order.vatIncluded),
        coupon: order.promotionCode ?? undefined,
        items: order.items.map((item) => ({
          item_id: item.productId,
          item_name: item.name,
          item_variant: item.size,
          item_category: item.category,
          price: majorUnits(item.unitPrice),
          quantity: item.quantity,
        })),
      },
    }
  })
  if (!order) return null

  const now = new Date(viewedAt)
  const money = (amount: number) => formatMoney(amount, order.currency, locale)
  const justPlaced =
    (order.status === 'awaiting_payment' || order.status === 'paid') &&
    now.getTime() - Date.parse(order.createdAt) < CONFIRMATION_MS
  const label = orderStatusLabel(order.status)
  const statusText = typeof label === 'string' ? label : i18n._(label)
  const orderNumber = order.number
  const outcome = paymentOutcome(order)
  const outcomeTitle = outcome === 'awaitingTransfer' && justPlaced ? undefined : OUTCOME_TITLES[outcome]
  // The exchange and return box only when some piece can be asked for, or requests were made (§4: after receipt).
  const returnsOpen = order.returnWindow.until !== null
  const showReturns = returnsOpen || order.returns.length > 0

  return (
    <div className="account-page order-page" data-outcome={outcome}>
      <PageHeading lead={<Trans>Order number: {orderNumber}</Trans>}>
        {outcomeTitle ? (
          i18n._(outcomeTitle)
        ) : justPlaced ? (
          <Trans>Thank you for your order</Trans>
        ) : (
          <Trans>Order {orderNumber}</Trans>
        )}
      </PageHeading>
      <p className="order-page__status">
        <Trans>
          Status: <strong>{statusText}</strong>
        </Trans>
      </p>

      {outcome === 'awaitingTransfer' && order.bankTransfer ? (
        <BankTransferPanel
          bank={order.bankTransfer}
          amount={money(order.total)}
          dueAt={order.paymentDueAt}
          locale={locale}
        />
      ) : null}
      {outcome === 'awaitingTransfer' && order.bankTransfer ? (
        <Suspense fallback={null}>
          <SlipUpload number={order.number} locale={locale} />
        </Suspense>
      ) : null}
      {outcome === 'declined' || outcome === 'cancelled' || outcome === 'pending' ? (
        <OnlinePaymentPanel order={order} outcome={outcome} />
      ) : null}
      {outcome === 'expired' ? (
        <p className="form-alert" role="status">
          <Trans>
            The payment did not arrive before the deadline, so this order was cancelled and its pieces went back on
            sale. You are welcome to order them again.
          </Trans>
        </p>
      ) : null}

      <div className="order-page__grid">
        <Section title={t`Items`}>
          <ul className="order-items">
            {order.items.map((item) => {
              const size = item.size === 'OS' ? t`One size` : item.size
              const quantity = item.quantity
              const never = item.returnable.reason
              // A piece that can never be exchanged or returned says so (sale, excluded category), once received.
              const neverReturnable =
                order.status === 'received' && (never === 'saleItem' || never === 'excludedCategory') ? never : null
              return (
                <li key={item.position} className="order-items__line">
                  <div>
                    <p className="order-items__name">{item.name}</p>
                    <p className="account-muted">
                      <Trans>
                        Size {size} · Quantity {quantity}
                      </Trans>
                    </p>
                    {neverReturnable && isPieceRefusal(neverReturnable) ? (
                      <p className="account-muted">{i18n._(PIECE_REFUSAL_LABELS[neverReturnable])}</p>
                    ) : null}
                  </div>
                  <p className="order-items__total">{money(item.lineTotal)}</p>
                </li>
              )
            })}
          </ul>
        </Section>
        <Totals order={order} money={money} />
      </div>

      <div className="order-page__grid">
        <Section title={t`Delivery`}>
          <Delivery order={order} />
        </Section>
        <Section title={t`Payment method`}>
          <p>{i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])}</p>
        </Section>
      </div>

      <TaxInvoice order={order} />
      <CreditNotes order={order} />

      {order.events.length > 0 ? (
        <Section title={t`Order status`}>
          <ol className="order-timeline">
            {order.events.map((event, index) => {
              const eventLabel = orderStatusLabel(event.status)
              const note = event.note ? (EVENT_NOTES[event.note] ?? null) : null
              return (
                <li key={`${event.at}-${index}`} className="order-timeline__event">
                  <strong>{typeof eventLabel === 'string' ? eventLabel : i18n._(eventLabel)}</strong>
                  <time dateTime={event.at}>
                    {formatDate(event.at, locale)} {formatTime(event.at, locale)}
                  </time>
                  {event.note ? <p className="account-muted">{note ? i18n._(note) : event.note}</p> : null}
                </li>
              )
            })}
          </ol>
        </Section>
      ) : null}

      {order.shipments.length > 0 ? (
        <Section title={t`Tracking`}>
          <Shipments shipments={order.shipments} />
        </Section>
      ) : null}

      <OrderActions order={order} />

      {showReturns ? (
        <Section title={t`Exchange and return`}>
          <ReturnInfo order={order} locale={locale} />
          <ReturnRequestList requests={order.returns} />
          <ReturnRequestForm order={order} />
        </Section>
      ) : null}

      <p className="form-actions order-page__links">
        <Link to="/product" className="button button--solid">
          <Trans>Shop more</Trans>
        </Link>
        {member ? (
          <Link to="/account/order-history" className="button">
            <Trans>Order history</Trans>
          </Link>
        ) : null}
      </p>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/**
 * The full tax invoice (issue 17 item 8): a download when the order has one or may have one, else why not — for a
 * shopper who asked for one (gave a tax ID), or whose paid order cannot have one.
 */
function TaxInvoice({ order }: { order: Order }) {
  const { t, i18n } = useLingui()
  const state = order.taxInvoice
  const gaveTaxId = Boolean(order.address?.taxId)
  if (state.status === 'unavailable') {
    const shown = state.reason === 'noTaxId' || state.reason === 'pickup' || (gaveTaxId && state.reason !== 'closed')
    if (!shown) return null
    return (
      <Section title={t`Tax invoice`}>
        <p>{i18n._(TAX_INVOICE_REFUSAL_MESSAGES[state.reason])}</p>
      </Section>
    )
  }
  const invoiceNumber = state.status === 'issued' ? state.number : null
  return (
    <Section title={t`Tax invoice`}>
      <p>
        {invoiceNumber ? (
          <Trans>Full tax invoice {invoiceNumber}, with the VAT shown separately, as a PDF.</Trans>
        ) : (
          <Trans>Your full tax invoice, with the VAT shown separately, is ready as a PDF.</Trans>
        )}
      </p>
      <p className="form-actions">
        <Link
          className="button button--solid"
          to="/order/$number/tax-invoice"
          params={{ number: order.number }}
          reloadDocument
          download
        >
          <Trans>Download tax invoice</Trans>
        </Link>
      </p>
    </Section>
  )
}

function Totals({ order, money }: { order: Order; money: (amount: number) => string }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const id = useId()
  // Why the order paid for delivery (issue 29 item 8), from its pieces and where it went.
  const shippingReason =
    order.shippingFee > 0
      ? shippingFeeReason(
          order.currency,
          order.items.map((item) => ({ ...item, tags: item.tags.filter(isProductTag) })),
          { country: order.address?.country ?? 'TH' },
          order.subtotal - order.discount,
        )
      : null
  const vat = money(order.vatIncluded)
  return (
    <section className="cart-summary" aria-labelledby={id}>
      <h2 id={id}>
        <Trans>Summary</Trans>
      </h2>
      <dl>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{money(order.subtotal)}</dd>
        {/* Each discount on its own line with its name (issue 29 item 7). */}
        {shownDiscounts(order).map((discount, index) => (
          <Fragment key={`${discount.kind ?? 'sum'}-${index}`}>
            <dt>{discountLabel(i18n, discount)}</dt>
            <dd data-testid={`order-discount-${discount.kind ?? 'sum'}`}>−{money(discount.amount)}</dd>
          </Fragment>
        ))}
        <dt>
          <Trans>Shipping</Trans>
        </dt>
        <dd>{order.shippingFee === 0 ? t`Free` : money(order.shippingFee)}</dd>
        {shippingReason ? (
          <dd className="account-muted" data-testid="shipping-reason">
            {shippingReasonText(i18n, shippingReason, order.currency, locale)}
          </dd>
        ) : null}
        <dt className="summary-total">
          <Trans>Total</Trans>
        </dt>
        <dd className="summary-total">{money(order.total)}</dd>
      </dl>
      {order.international ? (
        <p className="account-muted">
          <Trans>No Thai VAT: duties and import taxes are paid by the buyer on delivery.</Trans>
        </p>
      ) : (
        <p className="account-muted">
          <Trans>including VAT {vat}</Trans>
        </p>
      )}
    </section>
  )
}

function Delivery({ order }: { order: Order }) {
  const address = order.address
  const store = order.store
  if (order.shippingMethod === 'pickup' || !address) {
    const storeName = store?.name ?? ''
    return (
      <p>
        <Trans>Pick up at the store: {storeName}</Trans>
      </p>
    )
  }
  return (
    <>
      <PostalAddress address={address} telephone={address.telephoneNumber} />
      {order.international ? (
        <p className="account-muted">
          <Trans>Duties and taxes of the destination country are paid by the buyer.</Trans>
        </p>
      ) : null}
    </>
  )
}

function ReturnInfo({ order, locale }: { order: Order; locale: LocaleCode }) {
  const { i18n } = useLingui()
  const returnWindow = order.returnWindow
  if (returnWindow.until) {
    const until = formatDate(returnWindow.until, locale)
    return (
      <>
        <p>
          <Trans>Exchange or return possible until {until}</Trans>
        </p>
        <p className="account-muted">
          <Trans>
            Pieces must be unworn, with their tags attached. A refund is made within 15 days through the way you paid.
          </Trans>
        </p>
      </>
    )
  }
  const reason = returnWindow.reason
  return reason && isReturnRefusal(reason) ? <p>{i18n._(RETURN_REFUSAL_LABELS[reason])}</p> : null
}

/** The credit notes (ใบลดหนี้) of the order's refunded returns, each a PDF download (issue 31 item 9). */
function CreditNotes({ order }: { order: Order }) {
  const { t } = useLingui()
  if (order.creditNotes.length === 0) return null
  return (
    <Section title={t`Credit notes`}>
      <ul>
        {order.creditNotes.map((note) => {
          const creditNumber = note.number
          return (
            <li key={creditNumber}>
              <Link
                to="/order/$number/credit-note/$credit"
                params={{ number: order.number, credit: creditNumber }}
                reloadDocument
                download
              >
                <Trans>Download credit note {creditNumber}</Trans>
              </Link>
            </li>
          )
        })}
      </ul>
    </Section>
  )
}
