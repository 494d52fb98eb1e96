import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, redirect as redirectTo, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { requestLoginCode } from '~/account/account.functions'
import { sessionQuery } from '~/account/session.functions'
import type { AccountFailure } from '~/account/account-result'
import { CaptchaField } from '~/account/components/LazyCaptchaField'
import { failureMessage } from '~/account/failure-message'
import { PageHeading } from '~/components/PageHeading'
import { callingCode, countryName, SHIPPING_COUNTRIES } from '~/domain/countries'
import { parseEmailIdentifier } from '~/domain/otp'
import { loadPhoneRules, phoneRulesNow } from '~/forms/phone-rules'
import { SHOP_FORM, useAppForm } from '~/forms/form'
import { useLocale } from '~/i18n/use-locale'
import { oneOf, redirectParam, searchParams, wishParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'
import { internalPath } from '~/routing/links'
import { rendersFromNobodysData } from '~/routing/shared-render'

const searchSchema = searchParams({
  redirect: redirectParam(),
  /** Set by the LINE callback when LINE Login did not work. */
  line: oneOf(['failed', 'unavailable', 'cancelled', 'blocked']),
  /** A product a guest wanted to keep: added to the wishlist once logged in. */
  wish: wishParam(),
})

export const Route = createFileRoute('/account/login')({
  validateSearch: searchSchema,
  // A member who opens the login page (the header's account link) goes on to where they were headed. A visitor
  // without a session cookie is nobody's: the server renders the page from nobody's data and keeps it.
  beforeLoad: async ({ context, search, location }) => {
    if (rendersFromNobodysData(location.pathname)) return
    const member = await context.queryClient.ensureQueryData(sessionQuery())
    if (member) {
      throw search.redirect
        ? redirectTo({ href: search.redirect, replace: true })
        : redirectTo({ to: '/account', replace: true })
    }
  },
  // LINE is promised only when the shop has it set up (issue 17).
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Log in`,
      match.context.boot.config.lineLogin
        ? msg`Log in with a one-time code sent to your telephone or e-mail, or with LINE.`
        : msg`Log in with a one-time code sent to your telephone or e-mail.`,
    ),
  component: LoginPage,
})

type Method = 'telephone' | 'email'

function LoginPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  const { redirect, line, wish } = Route.useSearch()
  const lineLogin = useRouteContext({ from: '__root__', select: (context) => context.boot.config.lineLogin })
  const [method, setMethod] = useState<Method>('telephone')
  const [failure, setFailure] = useState<AccountFailure | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)

  const form = useAppForm({
    ...SHOP_FORM,
    defaultValues: { country: 'TH', telephone: '', email: '' },
    onSubmit: async ({ value }) => {
      const identifier = method === 'email' ? value.email : value.telephone
      const result = await requestLoginCode({
        data: {
          identifier,
          country: value.country,
          lang: locale,
          ...(failure?.captcha && captcha ? { captcha } : {}),
        },
      })
      if (!result.ok) {
        setCaptcha(null)
        setFailure(result)
        return
      }
      await navigate({ to: '/account/confirm-otp', search: { redirect, wish } })
    },
  })

  const countries = SHIPPING_COUNTRIES.map((code) => ({
    value: code,
    label: `${countryName(code, locale)} (+${callingCode(code)})`,
  }))
  // Registering instead keeps the piece a guest wanted (issue 29, item 12).
  const registerSearch = { redirect, wish }
  // A full page load on purpose (the server's redirect to LINE); a machine path, without a language.
  const lineHref = internalPath({ to: '/account/line', search: { locale, redirect, wish } })

  return (
    <div className="account-page account-page--narrow">
      <PageHeading
        lead={
          lineLogin ? (
            <Trans>Log in with a one-time code sent to your telephone or e-mail, or with LINE.</Trans>
          ) : (
            <Trans>Log in with a one-time code sent to your telephone or e-mail.</Trans>
          )
        }
      >
        {<Trans>Log in</Trans>}
      </PageHeading>

      {line ? (
        <p className="form-alert" role="alert">
          {line === 'cancelled' ? (
            <Trans>LINE login was cancelled.</Trans>
          ) : line === 'blocked' ? (
            <Trans>This account cannot be used at the moment. Please contact us.</Trans>
          ) : (
            <Trans>LINE login did not work. Please try again, or use your telephone or e-mail.</Trans>
          )}
        </p>
      ) : null}

      <fieldset className="segmented">
        <legend className="visually-hidden">{t`Log in with`}</legend>
        {(['telephone', 'email'] as const).map((option) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              name="method"
              value={option}
              checked={method === option}
              onChange={() => {
                setMethod(option)
                setFailure(null)
              }}
            />
            <span>{option === 'telephone' ? t`Telephone` : t`E-mail`}</span>
          </label>
        ))}
      </fieldset>

      <form
        className="account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void loadPhoneRules().then(() => form.handleSubmit())
        }}
        onFocus={() => void loadPhoneRules()}
      >
        {method === 'telephone' ? (
          <>
            <form.AppField name="country">
              {(field) => (
                <field.SelectField label={t`Country code`} options={countries} autoComplete="tel-country-code" />
              )}
            </form.AppField>
            <form.AppField
              name="telephone"
              validators={{
                onBlur: ({ value, fieldApi }) => {
                  if (method !== 'telephone') return undefined
                  if (!value.trim()) return 'required'
                  // The number is read once the phone rules are here (src/forms/phone-rules.ts).
                  const rules = phoneRulesNow()
                  if (!rules) return undefined
                  const parsed = rules.parseLoginIdentifier(value, fieldApi.form.getFieldValue('country'))
                  return parsed?.kind === 'telephone' ? undefined : 'invalid'
                },
              }}
            >
              {/* The number without its country code (chosen above): `tel-national` is a text token in HTML's
                  autofill table, so the field is a text input with the telephone keypad, not `type="tel"`. */}
              {(field) => <field.TextField label={t`Telephone`} inputMode="tel" autoComplete="tel-national" required />}
            </form.AppField>
          </>
        ) : (
          <form.AppField
            name="email"
            validators={{
              onBlur: ({ value }) => {
                if (method !== 'email') return undefined
                if (!value.trim()) return 'required'
                return parseEmailIdentifier(value) ? undefined : 'invalid'
              },
            }}
          >
            {(field) => (
              <field.TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="email" required />
            )}
          </form.AppField>
        )}

        {failure?.captcha ? <CaptchaField prompt={failure.captcha} onSolved={setCaptcha} /> : null}

        {/* 'Please wait while your browser confirms…' goes once the check is solved (issue 29, item 21). */}
        {failure && !(failure.reason === 'CAPTCHA_REQUIRED' && captcha) ? (
          <div className="form-alert" role="alert">
            <p>{failureMessage(failure, i18n, locale)}</p>
            {failure.reason === 'IDENTIFIER_NOT_FOUND' ? (
              <p>
                <Link to="/account/register" search={registerSearch}>
                  <Trans>Register as a member</Trans>
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}

        <form.AppForm>
          <form.SubmitButton waiting={Boolean(failure?.captcha) && !captcha}>
            <Trans>Submit</Trans>
          </form.SubmitButton>
        </form.AppForm>
      </form>

      {lineLogin ? (
        <p className="account-alt">
          <a className="button button--line button--wide" href={lineHref}>
            <Trans>Login with LINE</Trans>
          </a>
        </p>
      ) : null}

      <p className="account-alt">
        <Trans>New here?</Trans>{' '}
        <Link to="/account/register" search={registerSearch}>
          <Trans>Register as a member</Trans>
        </Link>
      </p>
    </div>
  )
}
