import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { orderQuery, payOrderAgain } from '~/checkout/checkout.functions'
import { PromptPayQr } from '~/checkout/components/PromptPayQr'
import type { Order } from '~/checkout/types'
import type { PaymentOutcome } from '~/domain/payment-outcome'
import { formatDateTime } from '~/i18n/dates'
import type { LocaleCode } from '~/i18n/locales'

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="account-card payment-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** The bank account, the PromptPay code and the deadline of a bank transfer order. */
export function BankTransferPanel({
  bank,
  amount,
  dueAt,
  locale,
}: {
  bank: NonNullable<Order['bankTransfer']>
  amount: string
  dueAt: string | null
  locale: LocaleCode
}) {
  const { t } = useLingui()
  const deadline = dueAt ? formatDateTime(dueAt, locale) : null
  return (
    <Panel title={t`Bank transfer`}>
      {deadline ? (
        <p className="payment-deadline" data-testid="payment-deadline">
          <Trans>
            Please pay by <strong>{deadline}</strong> (Bangkok time). Unpaid then, the order is cancelled and its pieces
            go back on sale.
          </Trans>
        </p>
      ) : null}
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
      {deadline ? null : (
        <p>
          <Trans>Your order is kept for you until we receive the payment.</Trans>
        </p>
      )}
    </Panel>
  )
}

/**
 * A card (or PayPal) order not paid yet: after a decline or a cancelled payment page, a new attempt; while a payment
 * is pending, the way back to it (the page meanwhile asks for news by itself).
 */
export function OnlinePaymentPanel({
  order,
  outcome,
}: {
  order: Order
  outcome: Extract<PaymentOutcome, 'declined' | 'cancelled' | 'pending'>
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState(false)
  const pendingUrl = order.payment?.status === 'pending' ? order.payment.redirectUrl : null

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
      // Every language's copy of the order.
      await queryClient.invalidateQueries({ queryKey: orderQuery(order.number, 'th').queryKey.slice(0, 3) })
    } catch {
      setProblem(true)
    }
    setBusy(false)
  }

  return (
    <Panel title={t`Payment`}>
      {outcome === 'declined' ? (
        <p className="form-alert" role="alert">
          <Trans>
            The payment was declined and nothing was charged. Please try again, with the same card or another one.
          </Trans>
        </p>
      ) : outcome === 'cancelled' ? (
        <p className="form-alert" role="status">
          <Trans>You left the payment page before paying. Nothing was charged; your order is kept for you.</Trans>
        </p>
      ) : (
        <p role="status">
          <Trans>
            If you have paid, we are confirming it with the payment provider: this page updates by itself. If you have
            not paid yet, continue to the payment page.
          </Trans>
        </p>
      )}
      {problem ? (
        <p className="form-alert" role="alert">
          <Trans>The payment could not be started. Please try again later.</Trans>
        </p>
      ) : null}
      <p className="form-actions">
        {pendingUrl ? (
          <a className="button button--solid" href={pendingUrl}>
            {order.paymentMethod === 'paypal' ? <Trans>Pay with PayPal</Trans> : <Trans>Continue to payment</Trans>}
          </a>
        ) : (
          <button
            type="button"
            className="button button--solid"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void payAgain()}
          >
            {order.paymentMethod === 'paypal' ? (
              <Trans>Pay with PayPal</Trans>
            ) : outcome === 'declined' ? (
              <Trans>Try again</Trans>
            ) : (
              <Trans>Pay now</Trans>
            )}
          </button>
        )}
      </p>
    </Panel>
  )
}
