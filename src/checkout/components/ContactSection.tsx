import { Trans } from '@lingui/react/macro'
import { useId, type Ref } from 'react'
import type { CheckoutForm } from '~/checkout/use-checkout-form'

/** The shopper's e-mail and telephone; marked invalid when the order is refused for them. */
export function ContactSection({
  form,
  fieldProblems,
  emailRef,
}: {
  form: CheckoutForm
  fieldProblems: Record<string, string>
  /** The first field: focused once the shopper goes on as a guest. */
  emailRef: Ref<HTMLInputElement>
}) {
  const ids = { email: useId(), telephone: useId() }
  return (
    <section className="checkout-section" aria-labelledby="contact-title">
      <h2 id="contact-title">
        <Trans>Contact</Trans>
      </h2>
      <form.Field name="email">
        {(field) => (
          <div className="field">
            <label htmlFor={ids.email}>
              <Trans>E-mail</Trans> <span aria-hidden="true">*</span>
            </label>
            <input
              ref={emailRef}
              id={ids.email}
              type="email"
              autoComplete="email"
              value={field.state.value}
              aria-invalid={fieldProblems.email ? true : undefined}
              onChange={(event) => field.handleChange(event.target.value)}
            />
          </div>
        )}
      </form.Field>
      <form.Field name="telephone">
        {(field) => (
          <div className="field">
            <label htmlFor={ids.telephone}>
              <Trans>Telephone</Trans> <span aria-hidden="true">*</span>
            </label>
            <input
              id={ids.telephone}
              type="tel"
              autoComplete="tel"
              value={field.state.value}
              aria-invalid={fieldProblems.telephone ? true : undefined}
              onChange={(event) => field.handleChange(event.target.value)}
            />
          </div>
        )}
      </form.Field>
    </section>
  )
}
