import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { CheckoutForm } from '~/checkout/use-checkout-form'

/** How the shopper pays: a card, a bank transfer or PromptPay, and PayPal where it is offered. */
export function PaymentSection({ form, paypalOffered }: { form: CheckoutForm; paypalOffered: boolean }) {
  const { t } = useLingui()
  const paypalName = useId()
  const paypalNote = useId()
  return (
    <section className="checkout-section" aria-labelledby="payment-title">
      <h2 id="payment-title">
        <Trans>Payment</Trans>
      </h2>
      <form.Field name="payment">
        {(field) => (
          <fieldset className="choice-list">
            <legend className="visually-hidden">{t`Payment method`}</legend>
            {(['card', 'bank_transfer'] as const).map((method) => (
              <label key={method} className="choice">
                <input
                  type="radio"
                  name="payment"
                  checked={field.state.value === method}
                  onChange={() => field.handleChange(method)}
                />
                <span>
                  {method === 'card' ? (
                    <Trans>Card (Visa, Mastercard)</Trans>
                  ) : (
                    <Trans>Bank transfer or PromptPay</Trans>
                  )}
                </span>
              </label>
            ))}
            {paypalOffered ? (
              <label className="choice">
                <input
                  type="radio"
                  name="payment"
                  checked={field.state.value === 'paypal'}
                  aria-labelledby={paypalName}
                  aria-describedby={paypalNote}
                  onChange={() => field.handleChange('paypal')}
                />
                <span>
                  <strong id={paypalName}>
                    <Trans>PayPal</Trans>
                  </strong>
                  <br />
                  <span className="account-muted" id={paypalNote}>
                    <Trans>You will be taken to PayPal to pay, then back to your order.</Trans>
                  </span>
                </span>
              </label>
            ) : null}
          </fieldset>
        )}
      </form.Field>
    </section>
  )
}
