import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { CheckoutForm } from '~/checkout/use-checkout-form'

/** How the shopper pays: a card, a bank transfer or PromptPay, and PayPal where it is offered. */
export function PaymentSection({ form, paypalOffered }: { form: CheckoutForm; paypalOffered: boolean }) {
  const { t } = useLingui()
  const ids = { paypalName: useId(), paypalNote: useId() }
  return (
    <section className="checkout-section" aria-labelledby="payment-title">
      <h2 id="payment-title">
        <Trans>Payment</Trans>
      </h2>
      <form.Field name="payment">
        {(field) => (
          <fieldset className="choice-list">
            <legend className="visually-hidden">{t`Payment method`}</legend>
            <label className="choice">
              <input
                type="radio"
                name="payment"
                checked={field.state.value === 'card'}
                onChange={() => field.handleChange('card')}
              />
              <span>
                <Trans>Card (Visa, Mastercard)</Trans>
              </span>
            </label>
            <label className="choice">
              <input
                type="radio"
                name="payment"
                checked={field.state.value === 'bank_transfer'}
                onChange={() => field.handleChange('bank_transfer')}
              />
              <span>
                <Trans>Bank transfer or PromptPay</Trans>
              </span>
            </label>
            {paypalOffered ? (
              <label className="choice">
                <input
                  type="radio"
                  name="payment"
                  checked={field.state.value === 'paypal'}
                  aria-labelledby={ids.paypalName}
                  aria-describedby={ids.paypalNote}
                  onChange={() => field.handleChange('paypal')}
                />
                <span>
                  <strong id={ids.paypalName}>
                    <Trans>PayPal</Trans>
                  </strong>
                  <br />
                  <span className="account-muted" id={ids.paypalNote}>
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
