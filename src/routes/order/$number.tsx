import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { sessionQuery } from '~/account/session.functions'
import { orderQuery, payOrderAgain } from '~/checkout/checkout.functions'
import { PromptPayQr } from '~/checkout/components/PromptPayQr'
import { orderStatusLabel } from '~/checkout/status-labels'
import type { Order } from '~/checkout/types'
import { PageHeading } from '~/components/PageHeading'
import { countryName } from '~/domain/countries'
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

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/
/** An order placed less than this long ago is thanked for (the confirmation after checkout). */
const CONFIRMATION_MS = 60 * 60 * 1000

const PAYMENT_METHOD_LABELS: Record<Order['paymentMethod'], MessageDescriptor> = {
  card: msg`Credit or debit card`,
  bank_transfer: msg`Bank transfer`,
  paypal: msg`PayPal`,
}

export const Route = createFileRoute('/order/$number')({
  loader: async ({ context, params }) => {
    const path = `/order/${params.number}`
    if (!ORDER_NUMBER.test(params.number)) throw notFound({ data: { path } })
    const order = await context.queryClient.ensureQueryData(orderQuery(params.number))
    if (!order) throw notFound({ data: { path } })
    // One clock for the server's render and the browser's hydration (confirmation heading, return window).
    return { viewedAt: new Date().toISOString() }
  },
  staleTime: 0,
  head: ({ match }) => {
    const { meta } = pageHead(match.context.i18n, msg`Order`)
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
  const { data: order } = useSuspenseQuery(orderQuery(number))
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
  // The exchange and return box only when some piece can be asked for, or requests were made (§4: after receipt).
  const returnsOpen = order.returnWindow.until !== null
  const showReturns = returnsOpen || order.returns.length > 0

  return (
    <div className="account-page order-page">
      <PageHeading lead={<Trans>Order number: {orderNumber}</Trans>}>
        {justPlaced ? <Trans>Thank you for your order</Trans> : <Trans>Order {orderNumber}</Trans>}
      </PageHeading>
      <p className="order-page__status">
        <Trans>
          Status: <strong>{statusText}</strong>
        </Trans>
      </p>

      {order.status === 'awaiting_payment' && order.paymentMethod === 'bank_transfer' && order.bankTransfer ? (
        <BankTransfer bank={order.bankTransfer} amount={money(order.total)} />
      ) : null}
      {order.status === 'awaiting_payment' && order.paymentMethod === 'card' ? <CardPayment order={order} /> : null}

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
          <Delivery order={order} locale={locale} />
        </Section>
        <Section title={t`Payment method`}>
          <p>{i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])}</p>
        </Section>
      </div>

      {order.events.length > 0 ? (
        <Section title={t`Order status`}>
          <ol className="order-timeline">
            {order.events.map((event, index) => {
              const eventLabel = orderStatusLabel(event.status)
              return (
                <li key={`${event.at}-${index}`} className="order-timeline__event">
                  <strong>{typeof eventLabel === 'string' ? eventLabel : i18n._(eventLabel)}</strong>
                  <time dateTime={event.at}>
                    {formatDate(event.at, locale)} {formatTime(event.at, locale)}
                  </time>
                  {event.note ? <p className="account-muted">{event.note}</p> : null}
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

function BankTransfer({ bank, amount }: { bank: NonNullable<Order['bankTransfer']>; amount: string }) {
  const { t } = useLingui()
  return (
    <Section title={t`Bank transfer`}>
      <p>
        <Trans>Please transfer {amount} to this account:</Trans>
      </p>
      <dl className="account-facts">
        <dt>
          <Trans>Bank</Trans>
        </dt>
        <dd>{bank.bankName}</dd>
        <dt>
          <Trans>Account name</Trans>
        </dt>
        <dd>{bank.accountName}</dd>
        <dt>
          <Trans>Account number</Trans>
        </dt>
        <dd>{bank.accountNumber}</dd>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd>{amount}</dd>
      </dl>
      {bank.promptpayPayload ? (
        <div className="promptpay">
          <PromptPayQr payload={bank.promptpayPayload} amount={amount} />
          <p className="account-muted">
            <Trans>Or scan this PromptPay QR code with your banking app.</Trans>
          </p>
        </div>
      ) : null}
      <p>
        <Trans>Your order is kept for you until we receive the payment.</Trans>
      </p>
    </Section>
  )
}

/** A card order awaiting payment: continue a pending payment, or start a new one after a failure. */
function CardPayment({ order }: { order: Order }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState(false)
  const payment = order.payment
  const pendingUrl = payment?.status === 'pending' ? payment.redirectUrl : null
  const didNotGoThrough = payment?.status === 'failed' || payment?.status === 'cancelled'

  async function payAgain() {
    setBusy(true)
    setProblem(false)
    try {
      const url = await payOrderAgain({ data: { number: order.number } })
      if (url) {
        window.location.assign(url)
        return
      }
      setProblem(true)
      await queryClient.invalidateQueries({ queryKey: orderQuery(order.number).queryKey })
    } catch {
      setProblem(true)
    }
    setBusy(false)
  }

  return (
    <Section title={t`Payment`}>
      {didNotGoThrough ? (
        <p className="form-alert" role="alert">
          <Trans>The payment did not go through.</Trans>
        </p>
      ) : null}
      {problem ? (
        <p className="form-alert" role="alert">
          <Trans>The payment could not be started. Please try again later.</Trans>
        </p>
      ) : null}
      <p className="form-actions">
        {pendingUrl ? (
          <a className="button button--solid" href={pendingUrl}>
            <Trans>Pay now</Trans>
          </a>
        ) : (
          <button
            type="button"
            className="button button--solid"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void payAgain()}
          >
            <Trans>Pay now</Trans>
          </button>
        )}
      </p>
    </Section>
  )
}

function Totals({ order, money }: { order: Order; money: (amount: number) => string }) {
  const { t } = useLingui()
  const id = useId()
  const code = order.promotionCode
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
        {order.discount > 0 ? (
          <>
            <dt>{code ? <Trans>Discount ({code})</Trans> : <Trans>Discount</Trans>}</dt>
            <dd>−{money(order.discount)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Shipping</Trans>
        </dt>
        <dd>{order.shippingFee === 0 ? t`Free` : money(order.shippingFee)}</dd>
        <dt className="summary-total">
          <Trans>Total</Trans>
        </dt>
        <dd className="summary-total">{money(order.total)}</dd>
      </dl>
      <p className="account-muted">
        <Trans>including VAT {vat}</Trans>
      </p>
    </section>
  )
}

function Delivery({ order, locale }: { order: Order; locale: LocaleCode }) {
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
  const place = [address.subDistrict, address.district, address.province].filter(Boolean).join(', ')
  return (
    <>
      <address className="account-address">
        {`${address.firstname} ${address.lastname}`.trim()}
        <br />
        {address.address}
        {address.address2 ? (
          <>
            <br />
            {address.address2}
          </>
        ) : null}
        <br />
        {[place, address.postcode].filter(Boolean).join(' ')}
        <br />
        {countryName(address.country, locale)}
        <br />
        {address.telephoneNumber}
      </address>
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
