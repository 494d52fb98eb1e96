import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useTryCode, type QuoteInput } from '~/checkout/checkout.queries'
import { promotionCodeMessage } from '~/checkout/code-messages'
import type { Quote } from '~/checkout/types'
import { formatWholeUnits } from '~/domain/whole-units'
import { PROMOTION_MINIMUM_THB } from '~/domain/promotions'
import type { CheckoutForm } from '~/checkout/use-checkout-form'

/**
 * The discount code: tried against a quote before it is applied, so a code that does not apply is said at once (and
 * the code applied stays); an empty code takes the code off.
 */
export function DiscountCode({
  form,
  quoteInput,
  rejected,
}: {
  form: CheckoutForm
  /** The quote as it stands, to try the code with. */
  quoteInput: Omit<QuoteInput, 'promotionCode'>
  /** The applied code, refused by the current quote (e.g. the cart went under the minimum). */
  rejected: Quote['promotionRejected']
}) {
  const { t, i18n } = useLingui()
  const minimum = formatWholeUnits(PROMOTION_MINIMUM_THB)
  const minimumOf = (refused: NonNullable<Quote['promotionRejected']>) =>
    refused.minimum === undefined ? undefined : { amount: refused.minimum, currency: quoteInput.currency }
  const id = useId()
  const [checking, tryCode] = useTryCode()
  const [codeProblem, setCodeProblem] = useState<string | null>(null)

  async function apply(entered: string) {
    const candidate = entered.trim().toUpperCase()
    setCodeProblem(null)
    if (!candidate) {
      form.setFieldValue('code', null)
      return
    }
    const result = await tryCode({ ...quoteInput, promotionCode: candidate })
    if (!result.ok) {
      setCodeProblem(promotionCodeMessage(i18n, result.fields?.promotionCode))
      return
    }
    const refused = result.quote.promotionRejected
    if (refused) {
      setCodeProblem(promotionCodeMessage(i18n, refused.reason, minimumOf(refused)))
      return
    }
    form.setFieldValue('code', candidate)
  }

  return (
    <>
      <form
        className="form-actions"
        onSubmit={(event) => {
          event.preventDefault()
          void apply(form.getFieldValue('codeInput'))
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t`Discount code`}
        </label>
        <form.Field name="codeInput">
          {(field) => (
            <input
              id={id}
              className="promo-input"
              placeholder={t`Discount code`}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
            />
          )}
        </form.Field>
        <button type="submit" className="button" disabled={checking} aria-busy={checking || undefined}>
          <Trans>Apply</Trans>
        </button>
      </form>
      <p className="account-muted">
        <Trans>Codes are valid for purchases of {minimum} THB or more, not for sale items.</Trans>
      </p>
      {codeProblem ? (
        <p className="field-error" role="alert">
          {codeProblem}
        </p>
      ) : rejected ? (
        <p className="field-error" role="alert">
          {promotionCodeMessage(i18n, rejected.reason, minimumOf(rejected))}
        </p>
      ) : null}
    </>
  )
}
