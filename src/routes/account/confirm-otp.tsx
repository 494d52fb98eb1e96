import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { challengeQuery, resendCode, verifyCode } from '~/account/account.functions'
import { useSetWishlisted } from '~/cart/cart.mutations'
import { track } from '~/analytics/datalayer'
import type { AccountFailure, ChallengeInfo } from '~/account/account-result'
import { CaptchaField } from '~/account/components/LazyCaptchaField'
import { failureMessage } from '~/account/failure-message'
import { ACCOUNT_MESSAGES } from '~/account/messages'
import { formatCountdown, secondsUntil, useNow } from '~/account/use-now'
import { PageHeading } from '~/components/PageHeading'
import { useLocale } from '~/i18n/use-locale'
import { redirectParam, searchParams, wishParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'
import { internalPath } from '~/routing/links'
import * as accountKeys from '~/account/account.keys'
import * as cartKeys from '~/cart/cart.keys'
import { usePending } from '~/forms/use-pending'

const searchSchema = searchParams({
  redirect: redirectParam(),
  wish: wishParam(),
})

export const Route = createFileRoute('/account/confirm-otp')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(challengeQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Confirm your code`, msg`Enter the six-digit code we sent you.`),
  component: ConfirmOtpPage,
})

function ConfirmOtpPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const router = useRouter()
  const queryClient = useQueryClient()
  const { redirect, wish } = Route.useSearch()
  const { data: challenge } = useSuspenseQuery(challengeQuery())
  const now = useNow()
  const inputId = useId()
  const [code, setCode] = useState('')
  const [failure, setFailure] = useState<AccountFailure | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)
  const [busy, whileBusy] = usePending()
  const [, setWished] = useSetWishlisted()
  const [registered, setRegistered] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  const target = redirect ?? internalPath({ to: '/account' })

  if (registered) {
    return (
      <div className="account-page account-page--narrow">
        <PageHeading>{<Trans>Welcome</Trans>}</PageHeading>
        <p className="form-success" role="status">
          {i18n._(ACCOUNT_MESSAGES.registerSuccess)}
        </p>
        <p>
          <a
            className="button button--solid button--wide"
            href={target}
            onClick={(event) => {
              event.preventDefault()
              void router.navigate({ href: target })
            }}
          >
            <Trans>Continue</Trans>
          </a>
        </p>
      </div>
    )
  }

  if (!challenge) {
    return (
      <div className="account-page account-page--narrow">
        <PageHeading>{<Trans>Confirm your code</Trans>}</PageHeading>
        <p>
          <Trans>There is no code waiting to be confirmed. Please ask for a new one.</Trans>
        </p>
        <p>
          <Link className="button button--solid" to="/account/login" search={{ redirect }}>
            <Trans>Log in</Trans>
          </Link>
        </p>
      </div>
    )
  }

  const secondsLeft = now === null ? null : secondsUntil(challenge.expiresAt, now)
  const timedOut = secondsLeft === 0 || !challenge.open
  const resendIn = now === null ? null : secondsUntil(challenge.resendAt, now)
  const expiresIn = formatCountdown(secondsLeft ?? 0)
  const resendAfter = formatCountdown(resendIn ?? 0)
  const locked = failure?.reason === 'LOCKED'
  const change = challenge.purpose === 'change' ? challenge.change : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy || timedOut || locked) return
    if (!/^\d{6}$/.test(code)) {
      setFailure({ ok: false, status: 400, reason: 'OTP_INCORRECT' })
      return
    }
    await whileBusy(async () => {
      const result = await verifyCode({ data: { code, ...(failure?.captcha && captcha ? { captcha } : {}) } })
      if (!result.ok) {
        setCaptcha(null)
        setFailure(result)
        setCode('')
        return
      }
      // A changed e-mail or telephone (issue 15): the same member, back to the account, which says so.
      if (change) {
        queryClient.removeQueries({ queryKey: accountKeys.session })
        queryClient.removeQueries({ queryKey: accountKeys.all })
        await router.invalidate()
        await router.navigate({
          to: '/account',
          search: {
            changed: change.confirm
              ? `${change.field}-confirmed`
              : change.remove
                ? `${change.field}-removed`
                : change.field,
          },
          replace: true,
        })
        return
      }
      track(result.registered ? 'sign_up' : 'login', { method: challenge?.channel === 'email' ? 'email' : 'telephone' })
      if (result.registered) setRegistered(true)
      // The product a guest tapped the heart of is kept now (§2 'please login').
      if (wish) await setWished(wish, true)
      queryClient.removeQueries({ queryKey: accountKeys.session })
      queryClient.removeQueries({ queryKey: cartKeys.all })
      queryClient.removeQueries({ queryKey: accountKeys.all })
      await router.invalidate()
      if (!result.registered) await router.navigate({ href: target, replace: true })
    })
  }

  async function resend() {
    if (busy) return
    await whileBusy(async () => {
      const result = await resendCode({
        data: { lang: locale, ...(failure?.captcha && captcha ? { captcha } : {}) },
      })
      if (!result.ok) {
        setCaptcha(null)
        setFailure(result)
        return
      }
      setFailure(null)
      setCode('')
      const { refCode } = result.challenge
      setNotice(t`A new code was sent. Reference code: ${refCode}`)
      queryClient.setQueryData(challengeQuery().queryKey, result.challenge)
    })
  }

  const destination = challenge.destination
  const ref = challenge.refCode

  return (
    <div className="account-page account-page--narrow">
      {change ? (
        <ChangeHeading change={change} channel={challenge.channel} destination={destination} />
      ) : (
        <PageHeading
          lead={
            challenge.channel === 'sms' ? (
              <Trans>We sent a six-digit code by SMS to {destination}.</Trans>
            ) : (
              <Trans>We sent a six-digit code by e-mail to {destination}.</Trans>
            )
          }
        >
          {<Trans>Confirm your code</Trans>}
        </PageHeading>
      )}

      <p className="otp-ref">
        <Trans>
          Reference code: <strong data-testid="otp-ref">{ref}</strong>
        </Trans>
      </p>

      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={inputId}>
            <Trans>One-time code</Trans>
          </label>
          <input
            id={inputId}
            className="otp-input"
            name="code"
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            disabled={timedOut || locked}
            aria-describedby={`${inputId}-timer`}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <p id={`${inputId}-timer`} className="otp-timer" aria-live="off">
            {secondsLeft === null ? null : timedOut ? (
              i18n._(ACCOUNT_MESSAGES.otpTimeout)
            ) : (
              <Trans>The code expires in {expiresIn}</Trans>
            )}
          </p>
        </div>

        {timedOut && !failure ? (
          <p className="form-alert" role="alert">
            {i18n._(ACCOUNT_MESSAGES.otpTimeout)}
          </p>
        ) : null}

        {/* 'Please wait while your browser confirms…' goes once the check is solved (issue 29, item 21). */}
        {failure && !(failure.reason === 'CAPTCHA_REQUIRED' && captcha) ? (
          <p className="form-alert" role="alert">
            {failureMessage(failure, i18n, locale)}
          </p>
        ) : null}
        {notice && !failure ? (
          <p className="form-success" role="status">
            {notice}
          </p>
        ) : null}

        {failure?.captcha ? <CaptchaField prompt={failure.captcha} onSolved={setCaptcha} /> : null}

        <button
          type="submit"
          className="button button--solid button--wide"
          disabled={busy || timedOut || locked || (Boolean(failure?.captcha) && !captcha)}
          aria-busy={busy || undefined}
        >
          <Trans>Confirm</Trans>
        </button>
      </form>

      <p className="account-alt">
        <button
          type="button"
          className="link-button"
          disabled={busy || resendIn === null || resendIn > 0 || (Boolean(failure?.captcha) && !captcha)}
          onClick={() => void resend()}
        >
          {resendIn !== null && resendIn > 0 ? (
            <Trans>Send a new code in {resendAfter}</Trans>
          ) : (
            <Trans>Send a new code</Trans>
          )}
        </button>
      </p>
      <p className="account-alt">
        {change ? (
          <Link to="/account">
            <Trans>Back to my account (nothing is changed)</Trans>
          </Link>
        ) : (
          <Link to="/account/login" search={{ redirect }}>
            <Trans>Use another telephone or e-mail</Trans>
          </Link>
        )}
      </p>
    </div>
  )
}

/** What a change code is for (issue 15): where it went, and that nothing changes before it is entered. */
function ChangeHeading({
  change,
  channel,
  destination,
}: {
  change: NonNullable<ChallengeInfo['change']>
  channel: ChallengeInfo['channel']
  destination: string
}) {
  const email = change.field === 'email'
  const sent =
    channel === 'sms' ? (
      <Trans>We sent a six-digit code by SMS to {destination}.</Trans>
    ) : (
      <Trans>We sent a six-digit code by e-mail to {destination}.</Trans>
    )
  // The member's current e-mail or telephone, confirmed by the code (issue 29): nothing else changes.
  if (change.confirm) {
    return (
      <PageHeading
        lead={
          <>
            {sent}{' '}
            {email ? (
              <Trans>Once confirmed, you can log in with your e-mail address.</Trans>
            ) : (
              <Trans>Once confirmed, you can log in with your telephone number.</Trans>
            )}
          </>
        }
      >
        {email ? <Trans>Confirm your e-mail address</Trans> : <Trans>Confirm your telephone number</Trans>}
      </PageHeading>
    )
  }
  return (
    <PageHeading
      lead={
        <>
          {change.remove ? (
            sent
          ) : email ? (
            <Trans>We sent a six-digit code to your new e-mail address {destination}.</Trans>
          ) : (
            <Trans>We sent a six-digit code by SMS to your new telephone number {destination}.</Trans>
          )}{' '}
          {email ? (
            change.remove ? (
              <Trans>Your e-mail address stays on your account until you enter the code.</Trans>
            ) : (
              <Trans>Your current e-mail address stays until you enter the code.</Trans>
            )
          ) : change.remove ? (
            <Trans>Your telephone number stays on your account until you enter the code.</Trans>
          ) : (
            <Trans>Your current telephone number stays until you enter the code.</Trans>
          )}{' '}
          <Trans>Once confirmed, your other devices are logged out.</Trans>
        </>
      }
    >
      {email ? (
        change.remove ? (
          <Trans>Confirm removing your e-mail address</Trans>
        ) : (
          <Trans>Confirm your new e-mail address</Trans>
        )
      ) : change.remove ? (
        <Trans>Confirm removing your telephone number</Trans>
      ) : (
        <Trans>Confirm your new telephone number</Trans>
      )}
    </PageHeading>
  )
}
