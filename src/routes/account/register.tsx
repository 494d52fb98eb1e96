import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { registerMember } from '~/account/account.functions'
import type { AccountFailure } from '~/account/account-result'
import { CaptchaField } from '~/account/components/LazyCaptchaField'
import { failureMessage } from '~/account/failure-message'
import { validateBirthdate, validateEmail, validateFullname, validateTelephone } from '~/account/member-rules'
import { loadPhoneRules, phoneRulesNow } from '~/forms/phone-rules'
import { PageHeading } from '~/components/PageHeading'
import { callingCode, countryName, SHIPPING_COUNTRIES } from '~/domain/countries'
import { showFieldErrors, SHOP_FORM, useAppForm } from '~/forms/form'
import { useLocale } from '~/i18n/use-locale'
import { redirectParam, searchParams, wishParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

const searchSchema = searchParams({
  redirect: redirectParam(),
  /** A product a guest wanted to keep (the heart): added to the wishlist once the new member confirms. */
  wish: wishParam(),
})

export const Route = createFileRoute('/account/register')({
  validateSearch: searchSchema,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Register`, msg`Become a member: VIP and VVIP benefits, saved addresses and more.`),
  component: RegisterPage,
})

type Gender = 'male' | 'female' | 'others'

function RegisterPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  const { redirect, wish } = Route.useSearch()
  const [failure, setFailure] = useState<AccountFailure | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)

  const form = useAppForm({
    ...SHOP_FORM,
    defaultValues: {
      fullname: '',
      email: '',
      country: 'TH',
      telephone: '',
      gender: '' as Gender | '',
      birthdate: '',
      acceptTerms: false,
    },
    onSubmit: async ({ value }) => {
      if (!value.gender || !value.acceptTerms) return
      const result = await registerMember({
        data: {
          fullname: value.fullname,
          email: value.email,
          telephone: value.telephone,
          country: value.country,
          gender: value.gender,
          birthdate: value.birthdate,
          acceptTerms: true,
          lang: locale,
          ...(failure?.captcha && captcha ? { captcha } : {}),
        },
      })
      if (!result.ok) {
        setCaptcha(null)
        setFailure(result)
        const fields: Record<string, string> = {}
        if (result.reason === 'TELEPHONE_EXISTS') fields.telephone = 'telephoneExists'
        if (result.reason === 'EMAIL_EXISTS') fields.email = 'emailExists'
        // Both may be taken: each field says so.
        for (const [name, code] of Object.entries(result.fields ?? {})) {
          fields[name] ??=
            code === 'exists' && name === 'telephone'
              ? 'telephoneExists'
              : code === 'exists' && name === 'email'
                ? 'emailExists'
                : code
        }
        showFieldErrors(form, fields)
        return
      }
      await navigate({ to: '/account/confirm-otp', search: { redirect, wish } })
    },
  })

  const countries = SHIPPING_COUNTRIES.map((code) => ({
    value: code,
    label: `${countryName(code, locale)} (+${callingCode(code)})`,
  }))
  const genders = [
    { value: 'female', label: t`Female` },
    { value: 'male', label: t`Male` },
    { value: 'others', label: t`Others` },
  ]

  return (
    <div className="account-page account-page--narrow">
      <PageHeading lead={<Trans>Become a member: VIP and VVIP benefits, saved addresses and more.</Trans>}>
        {<Trans>Register</Trans>}
      </PageHeading>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void loadPhoneRules().then(() => form.handleSubmit())
        }}
        onFocus={() => void loadPhoneRules()}
      >
        <form.AppField name="fullname" validators={{ onBlur: ({ value }) => validateFullname(value) ?? undefined }}>
          {(field) => <field.TextField label={t`Full name`} autoComplete="name" required maxLength={100} />}
        </form.AppField>
        <form.AppField name="email" validators={{ onBlur: ({ value }) => validateEmail(value) ?? undefined }}>
          {(field) => (
            <field.TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="email" required />
          )}
        </form.AppField>
        <form.AppField name="country">
          {(field) => <field.SelectField label={t`Country code`} options={countries} autoComplete="tel-country-code" />}
        </form.AppField>
        <form.AppField
          name="telephone"
          validators={{
            // The number is read once the phone rules are here (src/forms/phone-rules.ts).
            onBlur: ({ value, fieldApi }) =>
              validateTelephone(
                value,
                fieldApi.form.getFieldValue('country'),
                phoneRulesNow()?.parseMemberTelephone ?? null,
              ) ?? undefined,
          }}
        >
          {/* The number without its country code: `tel-national` is a text token in HTML's autofill table
              (a text input with the telephone keypad, not `type="tel"`). */}
          {(field) => (
            <field.TextField
              label={t`Telephone`}
              inputMode="tel"
              autoComplete="tel-national"
              required
              hint={t`We send a code to this number to confirm it.`}
            />
          )}
        </form.AppField>
        <form.AppField name="gender" validators={{ onBlur: ({ value }) => (value ? undefined : 'required') }}>
          {(field) => <field.SelectField label={t`Gender`} options={genders} placeholder={t`Choose`} required />}
        </form.AppField>
        <form.AppField name="birthdate" validators={{ onBlur: ({ value }) => validateBirthdate(value) ?? undefined }}>
          {(field) => <field.TextField label={t`Birth date`} type="date" autoComplete="bday" required />}
        </form.AppField>
        <form.AppField name="acceptTerms" validators={{ onBlur: ({ value }) => (value ? undefined : 'required') }}>
          {(field) => (
            <field.CheckboxField
              label={
                <Trans>
                  I accept the <Link to="/terms-and-conditions">terms and conditions</Link> and the{' '}
                  <Link to="/privacy-policy">privacy policy</Link>.
                </Trans>
              }
            />
          )}
        </form.AppField>

        {failure?.captcha ? <CaptchaField prompt={failure.captcha} onSolved={setCaptcha} /> : null}
        {/* 'Please wait while your browser confirms…' goes once the check is solved (issue 29, item 21). */}
        {failure && !(failure.reason === 'CAPTCHA_REQUIRED' && captcha) ? (
          <p className="form-alert" role="alert">
            {failureMessage(failure, i18n, locale)}
          </p>
        ) : null}

        <form.AppForm>
          <form.SubmitButton waiting={Boolean(failure?.captcha) && !captcha}>
            <Trans>Register</Trans>
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <p className="account-alt">
        <Trans>Already a member?</Trans>{' '}
        <Link to="/account/login" search={{ redirect, wish }}>
          <Trans>Log in</Trans>
        </Link>
      </p>
    </div>
  )
}
