import { Trans } from '@lingui/react/macro'
import { useId, type ReactNode, type Ref } from 'react'
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
  return (
    <section className="checkout-section" aria-labelledby="contact-title">
      <h2 id="contact-title">
        <Trans>Contact</Trans>
      </h2>
      {(['email', 'telephone'] as const).map((name) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <ContactField
              label={name === 'email' ? <Trans>E-mail</Trans> : <Trans>Telephone</Trans>}
              type={name === 'email' ? 'email' : 'tel'}
              value={field.state.value}
              invalid={Boolean(fieldProblems[name])}
              inputRef={name === 'email' ? emailRef : undefined}
              onChange={field.handleChange}
            />
          )}
        </form.Field>
      ))}
    </section>
  )
}

/** A required contact field: its type is also its autofill token (`email`, `tel`). */
function ContactField({
  label,
  type,
  value,
  invalid,
  inputRef,
  onChange,
}: {
  label: ReactNode
  type: 'email' | 'tel'
  value: string
  invalid: boolean
  inputRef?: Ref<HTMLInputElement>
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        autoComplete={type}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
