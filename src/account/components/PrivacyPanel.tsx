import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import type { AccountFailure, ChallengeInfo } from '~/account/account-result'
import { CaptchaField } from '~/account/components/LazyCaptchaField'
import { failureMessage } from '~/account/failure-message'
import { confirmAccountErasure, requestMyData, startAccountErasure } from '~/account/privacy.functions'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'
import { usePending } from '~/forms/use-pending'

/** Refusals of the privacy calls that the shared account messages do not name. */
function privacyFailure(failure: AccountFailure, i18n: ReturnType<typeof useLingui>['i18n'], locale: 'th' | 'en') {
  if (failure.reason === 'NO_CONFIRMED_CONTACT') {
    return i18n._(
      msg`Please confirm your e-mail address or telephone number first: the code that deletes your account is sent there.`,
    )
  }
  return failureMessage(failure, i18n, locale)
}

function ExportReceived({ dueAt }: { dueAt: string }) {
  return (
    <p role="status" className="form-notice">
      <Trans>Your request was received. Check your e-mail in a few minutes. We answer no later than {dueAt}.</Trans>
    </p>
  )
}

function CodeSent({ destination, refCode }: { destination: string; refCode: string }) {
  return (
    <p>
      <Trans>
        We sent a code to {destination} (reference {refCode}).
      </Trans>
    </p>
  )
}

/**
 * The member's privacy rights (issue 33 item 2, PDPA): a copy of their data by an e-mailed link, and the deletion of
 * the account, confirmed by a code sent to their confirmed e-mail or phone. Orders and tax invoices stay without
 * their name (the law keeps tax records), as the text says before the code is asked for.
 */
export function PrivacyPanel() {
  const { i18n } = useLingui()
  const locale = useLocale()
  const headingId = useId()
  const [exportBusy, whileExporting] = usePending()
  const [exportState, setExportState] = useState<{ dueAt: string } | AccountFailure | null>(null)

  const [step, setStep] = useState<'idle' | 'confirm' | 'code' | 'done'>('idle')
  const [eraseBusy, whileErasing] = usePending()
  const [challenge, setChallenge] = useState<ChallengeInfo | null>(null)
  const [failure, setFailure] = useState<AccountFailure | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const codeInput = useRef<HTMLInputElement>(null)
  const codeId = useId()
  const errorId = useId()

  const askForData = () =>
    whileExporting(async () => {
      setExportState(null)
      const result = await requestMyData({ data: { lang: locale } })
      setExportState(result.ok ? { dueAt: result.dueAt } : result)
    })

  const sendCode = () =>
    whileErasing(async () => {
      const solved = failure?.captcha && captcha ? { captcha } : {}
      setFailure(null)
      setCaptcha(null)
      const started = await startAccountErasure({ data: { lang: locale, ...solved } })
      if (!started.ok) {
        setFailure(started)
        return
      }
      setChallenge(started.challenge)
      setStep('code')
      requestAnimationFrame(() => codeInput.current?.focus())
    })

  const confirm = (event: FormEvent) => {
    event.preventDefault()
    void whileErasing(async () => {
      if (!/^\d{6}$/.test(code.trim())) {
        setFailure({ ok: false, status: 400, reason: 'OTP_INCORRECT' })
        return
      }
      const solved = failure?.captcha && captcha ? { captcha } : {}
      setFailure(null)
      setCaptcha(null)
      const result = await confirmAccountErasure({ data: { code: code.trim(), lang: locale, ...solved } })
      if (!result.ok) {
        setFailure(result)
        return
      }
      setStep('done')
    })
  }

  if (step === 'done') {
    return (
      <section className="account-card account-privacy" aria-labelledby={headingId}>
        <h2 id={headingId}>
          <Trans>Your account was deleted</Trans>
        </h2>
        <p role="status">
          <Trans>
            Your account and your personal data were deleted and you were signed out on every device. Your orders are
            kept for our tax records without your name, address, telephone or e-mail.
          </Trans>
        </p>
        <p>
          <a href={locale === 'en' ? '/en' : '/'} className="button">
            <Trans>Back to the shop</Trans>
          </a>
        </p>
      </section>
    )
  }

  const exportFailure = exportState && 'ok' in exportState ? exportState : null
  const exportDone = exportState && !('ok' in exportState) ? exportState : null

  return (
    <section className="account-card account-privacy" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Privacy</Trans>
      </h2>

      <h3>
        <Trans>Download my data</Trans>
      </h3>
      <p className="account-muted">
        <Trans>
          We prepare a copy of everything we hold on you (profile, addresses, orders, codes, wishlist, cart, devices and
          cookie choices) and e-mail you a link to it within a few minutes. The link works for 7 days.
        </Trans>
      </p>
      {exportDone ? <ExportReceived dueAt={formatDate(exportDone.dueAt, locale)} /> : null}
      {exportFailure ? (
        <p role="alert" className="form-alert">
          {privacyFailure(exportFailure, i18n, locale)}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={exportBusy}
        aria-busy={exportBusy || undefined}
        onClick={() => void askForData()}
      >
        <Trans>Download my data</Trans>
      </button>

      <h3>
        <Trans>Delete my account</Trans>
      </h3>
      <p className="account-muted">
        <Trans>
          Deleting your account cannot be undone. Your profile, addresses, wishlist, cart, codes and devices are deleted
          and LINE is unlinked. Your orders and tax invoices are kept for our tax records, without your name, address,
          telephone or e-mail.
        </Trans>
      </p>
      {failure ? (
        <p role="alert" className="form-alert" id={errorId}>
          {privacyFailure(failure, i18n, locale)}
        </p>
      ) : null}
      {failure?.captcha ? <CaptchaField prompt={failure.captcha} onSolved={setCaptcha} /> : null}
      {step === 'idle' ? (
        <button type="button" className="button" onClick={() => setStep('confirm')}>
          <Trans>Delete my account</Trans>
        </button>
      ) : null}
      {step === 'confirm' ? (
        <div role="group" aria-label={i18n._(msg`Confirm the deletion`)}>
          <p>
            <strong>
              <Trans>Are you sure? We will send a code to confirm it.</Trans>
            </strong>
          </p>
          <button
            type="button"
            className="button button--solid"
            disabled={eraseBusy || (Boolean(failure?.captcha) && !captcha)}
            aria-busy={eraseBusy || undefined}
            onClick={() => void sendCode()}
          >
            <Trans>Send me the code</Trans>
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setStep('idle')}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : null}
      {step === 'code' && challenge ? (
        <form onSubmit={confirm} noValidate>
          <CodeSent destination={challenge.destination} refCode={challenge.refCode} />
          <label htmlFor={codeId}>
            <Trans>Code</Trans>
          </label>
          <input
            ref={codeInput}
            id={codeId}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? errorId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <p>
            <button
              type="submit"
              className="button button--solid"
              disabled={eraseBusy || (Boolean(failure?.captcha) && !captcha)}
              aria-busy={eraseBusy || undefined}
            >
              <Trans>Delete my account for good</Trans>
            </button>{' '}
            <button type="button" className="link-button" onClick={() => setStep('idle')}>
              <Trans>Cancel</Trans>
            </button>
          </p>
        </form>
      ) : null}
      <p className="account-muted">
        <Link to="/privacy-policy">
          <Trans>Privacy policy</Trans>
        </Link>
      </p>
    </section>
  )
}
