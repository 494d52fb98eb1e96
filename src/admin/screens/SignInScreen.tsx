import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { z } from 'zod'
import * as adminApi from '../api'
import type { AdminLocale } from '../locale'
import { getPasskey, passkeysSupported } from '../passkey'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

/** The calls the sign-in makes (api.ts; a test gives its own). */
export type SignInApi = Pick<
  typeof adminApi,
  'startSignIn' | 'verifySignInCode' | 'finishSignIn' | 'signInPasskeyOptions' | 'finishSignInWithPasskey'
>

/** Refusals after which this sign-in cannot go on (locked connection, ended or spent sign-in): back to the e-mail. */
const START_AGAIN = ['LOCKED', 'VERIFY_FAILED', 'OTP_EXPIRED']

/** An e-mail code or an authenticator app's code. */
const SIX_DIGITS = /^\d{6}$/

/** Each step's field: what it accepts. */
export const signInFields = {
  email: z.string().trim().pipe(z.email()),
  code: z.string().trim().regex(SIX_DIGITS),
  // An authenticator app's 6 digits, or a recovery code (the contract's 10 to 20 letters, digits, dashes and spaces;
  // the API's are two groups of five, `abcde-23456`).
  factor: z
    .string()
    .trim()
    .regex(/^(?:\d{6}|[A-Za-z0-9][A-Za-z0-9 -]{9,19})$/),
}

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; signInToken: string; reference: string }
  | { name: 'factor'; signInToken: string; factors: adminApi.SecondFactorKind[] }

export type FieldProps = {
  label: ReactNode
  hint?: ReactNode
  error: ReactNode | null
  value: string
  onChange: (value: string) => void
  type: 'email' | 'text'
  autoComplete: string
  inputMode?: 'email' | 'numeric' | 'text'
  inputRef: React.RefObject<HTMLInputElement | null>
}

/** A labelled input with its hint and its error, tied to it for screen readers. */
export function Field({ label, hint, error, value, onChange, type, autoComplete, inputMode, inputRef }: FieldProps) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A step's one field (what it asks for, how it helps, what it says when the value is wrong) and its button. */
function stepView(step: Step): Pick<FieldProps, 'label' | 'hint' | 'type' | 'autoComplete' | 'inputMode'> & {
  wrong: ReactNode
  submitLabel: ReactNode
} {
  switch (step.name) {
    case 'email':
      return {
        label: <Trans>Work e-mail address</Trans>,
        wrong: <Trans>Enter an e-mail address such as name@example.com.</Trans>,
        type: 'email',
        autoComplete: 'username',
        inputMode: 'email',
        submitLabel: <Trans>Send code</Trans>,
      }
    case 'code': {
      const { email, reference } = step
      return {
        label: <Trans>Code from the e-mail</Trans>,
        hint: (
          <Trans>
            We sent a 6-digit code to {email} (reference {reference}).
          </Trans>
        ),
        wrong: <Trans>Enter the 6 digits of the code.</Trans>,
        type: 'text',
        autoComplete: 'one-time-code',
        inputMode: 'numeric',
        submitLabel: <Trans>Check code</Trans>,
      }
    }
    case 'factor':
      return {
        label: <Trans>Second factor</Trans>,
        hint: <Trans>The 6-digit code of your authenticator app, or one of your recovery codes.</Trans>,
        wrong: <Trans>Enter 6 digits or a recovery code.</Trans>,
        type: 'text',
        autoComplete: 'one-time-code',
        inputMode: 'text',
        submitLabel: <Trans>Sign in</Trans>,
      }
  }
}

/**
 * Staff sign-in (DESIGN.md §8): the e-mail address, then the code sent to it, then the second factor the staff member
 * has (an authenticator app's code or a recovery code typed in, or a passkey). One field a step; a wrong value is said
 * under its field and the focus goes back to it. A refusal that ends the sign-in (a locked connection, a sign-in ended or
 * already used) goes back to the first step with the API's message.
 */
export function SignInFlow({
  api,
  language,
  onSignedIn,
}: {
  api: SignInApi
  language: AdminLocale
  onSignedIn: (me: adminApi.Me) => void
}) {
  const { t } = useLingui()
  const [step, setStep] = useState<Step>({ name: 'email' })
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const next = (to: Step) => {
    setStep(to)
    setValue('')
    setInvalid(false)
  }

  const refused = (error: unknown) => {
    if (step.name !== 'email' && adminApi.isRefusal(error, ...START_AGAIN)) next({ name: 'email' })
    setFailure(error)
    input.current?.focus()
  }

  const signInWithPasskey = async () => {
    if (busy || step.name !== 'factor') return
    setFailure(null)
    setBusy(true)
    try {
      const options = await api.signInPasskeyOptions(step.signInToken)
      const credential = await getPasskey(options)
      onSignedIn(await api.finishSignInWithPasskey(step.signInToken, credential))
    } catch (error) {
      refused(error)
    } finally {
      setBusy(false)
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const parsed = signInFields[step.name].safeParse(value)
    setFailure(null)
    if (!parsed.success) {
      setInvalid(true)
      input.current?.focus()
      return
    }
    setInvalid(false)
    setBusy(true)
    try {
      if (step.name === 'email') {
        const started = await api.startSignIn({ email: parsed.data, language })
        next({ name: 'code', email: parsed.data, signInToken: started.sign_in_token, reference: started.ref_code })
      } else if (step.name === 'code') {
        const { factors } = await api.verifySignInCode({ signInToken: step.signInToken, code: parsed.data })
        next({ name: 'factor', signInToken: step.signInToken, factors })
      } else {
        const kind = SIX_DIGITS.test(parsed.data) ? 'totp' : 'recovery_code'
        onSignedIn(await api.finishSignIn({ signInToken: step.signInToken, factor: { kind, code: parsed.data } }))
      }
    } catch (error) {
      refused(error)
    } finally {
      setBusy(false)
    }
  }

  const { wrong, submitLabel, ...field } = stepView(step)
  // The typed field, unless the staff member's only second factor is a passkey.
  const typed = step.name !== 'factor' || step.factors.some((factor) => factor !== 'passkey')
  const passkey = step.name === 'factor' && step.factors.includes('passkey')
  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t`Sign in`}>
      {typed ? (
        <>
          <Field {...field} error={invalid ? wrong : null} value={value} onChange={setValue} inputRef={input} />
          <button type="submit" className="admin-button" disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </button>
        </>
      ) : null}
      {passkey ? (
        passkeysSupported() ? (
          <button
            type="button"
            className={typed ? 'admin-button admin-button--secondary' : 'admin-button'}
            disabled={busy}
            onClick={() => void signInWithPasskey()}
          >
            <Trans>Use a passkey</Trans>
          </button>
        ) : (
          <p className="admin-notice">
            <Trans>This browser cannot use passkeys. Sign in with a browser that can, or with a recovery code.</Trans>
          </p>
        )
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </form>
  )
}

const route = getRouteApi('/sign-in')

/** The sign-in screen; once signed in, the page asked for (`?redirect=`) or home. */
export function SignInScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Sign in`)
  const { place } = useRouteContext({ from: '__root__' })
  const { redirect } = route.useSearch()
  return (
    <section aria-labelledby="admin-sign-in-title" className="admin-narrow">
      <h1 id="admin-sign-in-title">
        <Trans>Staff sign-in</Trans>
      </h1>
      <SignInFlow
        api={adminApi}
        language={place.locale}
        // A full load: the app starts again with the new session's cookie and nothing of the signed-out state.
        onSignedIn={() => window.location.replace(`${place.basepath}${redirect === '/' ? '' : (redirect ?? '')}`)}
      />
    </section>
  )
}
