import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { toString as qrSvg } from 'qrcode'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { z } from 'zod'
import * as adminApi from '../api'
import { ADMIN_BASEPATHS, ADMIN_LANGUAGE_NAMES, type AdminLocale } from '../locale'
import { createPasskey, passkeysSupported } from '../passkey'
import { roleName } from '../manage/labels'
import { RecoveryCodeList } from '../ui/RecoveryCodes'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import { Field } from './SignInScreen'

/** The calls the invitation makes (api.ts; a test gives its own). */
export type InviteApi = Pick<
  typeof adminApi,
  | 'readInvite'
  | 'acceptInvite'
  | 'startTotpEnrolment'
  | 'confirmTotpEnrolment'
  | 'invitePasskeyOptions'
  | 'enrolPasskey'
>

/** An invitation's token as the link carries it (`/admin/invite#<token>`). */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/

let heldToken: string | null = null

/**
 * The invitation's token, from the address's fragment (never sent to a server, so in no log), then taken out of the
 * address bar and history and kept in memory only: a screenshot, a shared screen or the back button do not show it.
 */
export function takeInviteToken(): string | null {
  if (typeof window === 'undefined') return heldToken
  const fragment = window.location.hash.slice(1)
  if (fragment) {
    heldToken = TOKEN.test(fragment) ? fragment : null
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
  }
  return heldToken
}

/** Forgets the token once the invitation is done. */
function forgetInviteToken(): void {
  heldToken = null
}

export const inviteFields = {
  name: z.string().trim().min(1).max(100),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
}

/** The shared secret in groups of four, as a person types it into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

type Step =
  | { name: 'loading' }
  | { name: 'invalid'; error: unknown }
  | { name: 'details'; invite: adminApi.Invite }
  | { name: 'factor'; invite: adminApi.Invite }
  | { name: 'totp'; invite: adminApi.Invite; enrolment: adminApi.TotpEnrolment }
  | { name: 'codes'; invite: adminApi.Invite; codes: string[] }

/** A step's heading, which takes the focus when the step begins (a screen reader hears where it is). */
function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <h2 ref={heading} tabIndex={-1}>
      {children}
    </h2>
  )
}

/** A QR code of the authenticator app's URI, drawn here (the secret goes to no other server), as an SVG image. */
function QrImage({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
    })
    return () => {
      live = false
    }
  }, [uri])
  return src ? <img className="admin-qr" src={src} alt={alt} width={200} height={200} /> : null
}

/**
 * Accepting an invitation (issue 31 item 1): the invitation read from its link (e-mail, role), the staff member's name
 * and language, then the second factor they enrol (an authenticator app, by QR code or by typing the secret, or a
 * passkey), then their ten recovery codes, shown this once, before the sign-in.
 */
export function InviteFlow({
  api,
  token,
  locale,
  onDone,
}: {
  api: InviteApi
  token: string | null
  locale: AdminLocale
  onDone: (language: AdminLocale) => void
}) {
  const { t } = useLingui()
  const [step, setStep] = useState<Step>(token ? { name: 'loading' } : { name: 'invalid', error: null })
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState('')
  const [language, setLanguage] = useState<AdminLocale>(locale)
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [kept, setKept] = useState(false)
  const [keptMissing, setKeptMissing] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const languageId = useId()
  const keptId = useId()

  useEffect(() => {
    if (!token) return
    let live = true
    api.readInvite(token).then(
      (invite) => {
        if (!live) return
        setName(invite.name ?? '')
        if (invite.language) setLanguage(invite.language)
        setStep(invite.accepted ? { name: 'factor', invite } : { name: 'details', invite })
      },
      (error: unknown) => {
        if (live) setStep({ name: 'invalid', error })
      },
    )
    return () => {
      live = false
    }
  }, [api, token])

  /** One call of a step: busy while it runs, its refusal shown; an invitation no longer valid ends the flow. */
  const run = async (call: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    setFailure(null)
    try {
      await call()
    } catch (error) {
      if (adminApi.isRefusal(error, 'INVITE_INVALID') && error.status === 404) setStep({ name: 'invalid', error })
      else setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const to = (next: Step) => {
    setStep(next)
    setInvalid(false)
    setFailure(null)
  }

  if (step.name === 'loading') {
    return (
      <p role="status">
        <Trans>Reading the invitation…</Trans>
      </p>
    )
  }

  if (step.name === 'invalid' || !token) {
    return (
      <div className="admin-form">
        <p role="alert" className="admin-notice admin-notice--error">
          <Trans>
            This invitation link is not valid: it was used already, it has expired, or it was not copied whole. Ask the
            person who invited you for a new one.
          </Trans>
        </p>
      </div>
    )
  }

  const { invite } = step
  const role = roleName({ id: invite.role_id, name: invite.role_name }, invite.role_id, locale)
  const summary = (
    <dl className="admin-invite">
      <dt>
        <Trans>E-mail address</Trans>
      </dt>
      <dd>{invite.email}</dd>
      <dt>
        <Trans>Role</Trans>
      </dt>
      <dd>{role}</dd>
    </dl>
  )

  if (step.name === 'details') {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const parsed = inviteFields.name.safeParse(name)
      if (!parsed.success) {
        setInvalid(true)
        input.current?.focus()
        return
      }
      setInvalid(false)
      void run(async () => {
        const accepted = await api.acceptInvite(token, { name: parsed.data, language })
        to({ name: 'factor', invite: accepted })
      })
    }
    return (
      <>
        {summary}
        <form className="admin-form" noValidate onSubmit={submit} aria-label={t`Your details`}>
          <StepHeading>
            <Trans>Your details</Trans>
          </StepHeading>
          <Field
            label={<Trans>Your name</Trans>}
            hint={<Trans>As your colleagues will see it in the back office and its log.</Trans>}
            error={invalid ? <Trans>Enter your name (up to 100 characters).</Trans> : null}
            value={name}
            onChange={setName}
            type="text"
            autoComplete="name"
            inputRef={input}
          />
          <fieldset className="admin-choice">
            <legend id={languageId}>
              <Trans>Language of the back office and its e-mails</Trans>
            </legend>
            {(['th', 'en'] as const).map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="language"
                  value={option}
                  checked={language === option}
                  onChange={() => setLanguage(option)}
                />{' '}
                <span lang={option}>{ADMIN_LANGUAGE_NAMES[option]}</span>
              </label>
            ))}
          </fieldset>
          {failure ? <ErrorNotice error={failure} /> : null}
          <button type="submit" className="admin-button" disabled={busy}>
            <Trans>Continue</Trans>
          </button>
        </form>
      </>
    )
  }

  if (step.name === 'factor') {
    const startTotp = () =>
      void run(async () => {
        const enrolment = await api.startTotpEnrolment(token)
        setCode('')
        to({ name: 'totp', invite, enrolment })
      })
    const startPasskey = () =>
      void run(async () => {
        const options = await api.invitePasskeyOptions(token)
        const credential = await createPasskey(options)
        const enrolled = await api.enrolPasskey(token, credential)
        to({ name: 'codes', invite, codes: enrolled.recovery_codes })
      })
    return (
      <>
        {summary}
        <div className="admin-form">
          <StepHeading>
            <Trans>Your second factor</Trans>
          </StepHeading>
          <p>
            <Trans>
              Every sign-in asks for a code sent to your e-mail and a second factor: an authenticator app on your phone,
              or a passkey of this device.
            </Trans>
          </p>
          <button type="button" className="admin-button" disabled={busy} onClick={startTotp}>
            <Trans>Use an authenticator app</Trans>
          </button>
          {passkeysSupported() ? (
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={busy}
              onClick={startPasskey}
            >
              <Trans>Use a passkey</Trans>
            </button>
          ) : null}
          {failure ? <ErrorNotice error={failure} /> : null}
        </div>
      </>
    )
  }

  if (step.name === 'totp') {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const parsed = inviteFields.code.safeParse(code)
      if (!parsed.success) {
        setInvalid(true)
        input.current?.focus()
        return
      }
      setInvalid(false)
      void run(async () => {
        const enrolled = await api.confirmTotpEnrolment(token, parsed.data)
        to({ name: 'codes', invite, codes: enrolled.recovery_codes })
      })
    }
    return (
      <form className="admin-form" noValidate onSubmit={submit} aria-label={t`Authenticator app`}>
        <StepHeading>
          <Trans>Add the back office to your authenticator app</Trans>
        </StepHeading>
        <p>
          <Trans>Scan this QR code with the app (Google Authenticator, Microsoft Authenticator, 1Password …).</Trans>
        </p>
        <QrImage uri={step.enrolment.uri} alt={t`QR code for your authenticator app`} />
        <p>
          <Trans>Or type this key into the app by hand:</Trans>
        </p>
        <p className="admin-secret" data-testid="totp-secret">
          {groupSecret(step.enrolment.secret)}
        </p>
        <Field
          label={<Trans>Code shown by the app</Trans>}
          hint={<Trans>6 digits; the app makes a new one every 30 seconds.</Trans>}
          error={invalid ? <Trans>Enter the 6 digits of the code.</Trans> : null}
          value={code}
          onChange={setCode}
          type="text"
          autoComplete="one-time-code"
          inputMode="numeric"
          inputRef={input}
        />
        {failure ? <ErrorNotice error={failure} /> : null}
        <button type="submit" className="admin-button" disabled={busy}>
          <Trans>Check code</Trans>
        </button>
      </form>
    )
  }

  const email = invite.email
  const heading = t`Recovery codes for the ${email} back office account`
  const finish = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!kept) {
      setKeptMissing(true)
      return
    }
    forgetInviteToken()
    onDone(language)
  }
  return (
    <form className="admin-form" noValidate onSubmit={finish} aria-label={t`Recovery codes`}>
      <StepHeading>
        <Trans>Your recovery codes</Trans>
      </StepHeading>
      <p>
        <Trans>
          If you lose your phone or passkey, each of these codes signs you in once instead of the second factor. They
          are shown only now: keep them somewhere safe, away from this device.
        </Trans>
      </p>
      <RecoveryCodeList codes={step.codes} heading={heading} />
      <div className="admin-check">
        <input
          id={keptId}
          type="checkbox"
          checked={kept}
          aria-invalid={keptMissing && !kept ? true : undefined}
          aria-describedby={keptMissing && !kept ? `${keptId}-error` : undefined}
          onChange={(event) => setKept(event.target.checked)}
        />
        <label htmlFor={keptId}>
          <Trans>I have kept my recovery codes</Trans>
        </label>
      </div>
      {keptMissing && !kept ? (
        <p id={`${keptId}-error`} className="admin-field__error">
          <Trans>Keep the codes first, then tick the box.</Trans>
        </p>
      ) : null}
      <button type="submit" className="admin-button">
        <Trans>Go to the sign-in</Trans>
      </button>
    </form>
  )
}

/** The invitation screen at /invite (public): its token comes from the link's fragment. */
export function InviteScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Invitation`)
  const { place } = useRouteContext({ from: '__root__' })
  const [token] = useState(takeInviteToken)
  return (
    <section aria-labelledby="admin-invite-title" className="admin-narrow">
      <h1 id="admin-invite-title">
        <Trans>Join the back office</Trans>
      </h1>
      <InviteFlow
        api={adminApi}
        token={token}
        locale={place.locale}
        // The sign-in in the language the staff member chose, loaded afresh.
        onDone={(language) => window.location.assign(`${ADMIN_BASEPATHS[language]}/sign-in`)}
      />
    </section>
  )
}
