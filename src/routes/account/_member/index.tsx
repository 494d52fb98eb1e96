import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useIdentityChange, useLogOut, useSaveProfile } from '~/account/account.mutations'
import type { AccountFailure } from '~/account/account-result'
import { CaptchaField } from '~/account/components/LazyCaptchaField'
import { addressesQuery } from '~/account/address.functions'
import { MembershipCard } from '~/account/components/MembershipCard'
import { SessionList } from '~/account/components/SessionList'
import { PrivacyPanel } from '~/account/components/PrivacyPanel'
import { memberSessionsQuery } from '~/account/sessions.functions'
import { membershipQuery } from '~/account/membership.functions'
import { failureMessage } from '~/account/failure-message'
import { validateBirthdate, validateEmail, validateFullname, validateTelephone } from '~/account/member-rules'
import { parseEmailIdentifier } from '~/domain/otp'
import { loadPhoneRules, phoneRulesNow } from '~/forms/phone-rules'
import { sessionQuery, type SessionMember } from '~/account/session.functions'
import { PageHeading } from '~/components/PageHeading'
import { PostalAddress } from '~/components/PostalAddress'
import { showFieldErrors, SHOP_FORM, useAppForm } from '~/forms/form'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'
import { oneOf, searchParams } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

/**
 * `changed`: the e-mail or telephone a code just changed (issue 15) or confirmed (issue 29), said once on the page.
 */
const searchSchema = searchParams({
  changed: oneOf([
    'email',
    'telephone',
    'email-removed',
    'telephone-removed',
    'email-confirmed',
    'telephone-confirmed',
  ]),
})

export const Route = createFileRoute('/account/_member/')({
  validateSearch: searchSchema,
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(sessionQuery()),
      context.queryClient.ensureQueryData(addressesQuery()),
      context.queryClient.ensureQueryData(membershipQuery()),
      context.queryClient.ensureQueryData(memberSessionsQuery()),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`My account`, msg`Personal information, addresses, orders and membership.`),
  component: AccountPage,
})

function AccountPage() {
  const { data: member } = useSuspenseQuery(sessionQuery())
  const { data: addresses } = useSuspenseQuery(addressesQuery())
  const { data: membership } = useSuspenseQuery(membershipQuery())
  const locale = useLocale()
  const { changed } = Route.useSearch()
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const [leaving, logOut] = useLogOut()

  if (!member) return null
  const defaultAddress = addresses.find((address) => address.isDefault) ?? null
  const addressCount = addresses.length

  return (
    <div className="account-page">
      <PageHeading lead={<Trans>Personal information, addresses, orders and membership.</Trans>}>
        {<Trans>My account</Trans>}
      </PageHeading>

      <div className="account-grid">
        <section className="account-card" aria-labelledby="personal-information">
          <div className="account-card__head">
            <h2 id="personal-information">
              <Trans>Personal information</Trans>
            </h2>
            {!editing ? (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setEditing(true)
                  setSaved(false)
                }}
              >
                <Trans>Edit</Trans>
              </button>
            ) : null}
          </div>
          {saved ? (
            <p className="form-success" role="status">
              <Trans>Your information was saved.</Trans>
            </p>
          ) : changed && !editing ? (
            <p className="form-success" role="status">
              {changed === 'email' ? (
                <Trans>Your e-mail address was changed. Your other devices were logged out.</Trans>
              ) : changed === 'telephone' ? (
                <Trans>Your telephone number was changed. Your other devices were logged out.</Trans>
              ) : changed === 'email-removed' ? (
                <Trans>Your e-mail address was removed. Your other devices were logged out.</Trans>
              ) : changed === 'email-confirmed' ? (
                <Trans>Your e-mail address is confirmed. You can now log in with it.</Trans>
              ) : changed === 'telephone-confirmed' ? (
                <Trans>Your telephone number is confirmed. You can now log in with it.</Trans>
              ) : (
                <Trans>Your telephone number was removed. Your other devices were logged out.</Trans>
              )}
            </p>
          ) : null}
          {editing ? (
            <ProfileForm
              member={member}
              onDone={(updated) => {
                if (updated) setSaved(true)
                setEditing(false)
              }}
            />
          ) : (
            <dl className="account-facts">
              <dt>
                <Trans>Name</Trans>
              </dt>
              <dd>{member.fullname}</dd>
              <dt>
                <Trans>Telephone</Trans>
              </dt>
              <dd>
                {member.telephone ?? '—'}
                {member.telephone ? (
                  <IdentityState field="telephone" value={member.telephone} verified={member.telephoneVerified} />
                ) : null}
              </dd>
              <dt>
                <Trans>E-mail</Trans>
              </dt>
              <dd>
                {member.email ?? '—'}
                {member.email ? (
                  <IdentityState field="email" value={member.email} verified={member.emailVerified} />
                ) : null}
              </dd>
              <dt>
                <Trans>Birth date</Trans>
              </dt>
              <dd>{member.birthdate ? formatDate(`${member.birthdate}T12:00:00Z`, locale) : '—'}</dd>
            </dl>
          )}
        </section>

        {membership ? <MembershipCard membership={membership} /> : null}

        <section className="account-card" aria-labelledby="addresses">
          <h2 id="addresses">
            <Trans>Address</Trans>
          </h2>
          {defaultAddress ? (
            <PostalAddress address={defaultAddress} />
          ) : (
            <p className="account-muted">
              <Trans>You have no saved address yet.</Trans>
            </p>
          )}
          <p>
            <Link to="/account/more-address">
              {addressCount > 0 ? <Trans>Manage addresses ({addressCount})</Trans> : <Trans>Add an address</Trans>}
            </Link>
          </p>
        </section>

        <SessionList />

        <nav className="account-card" aria-labelledby="more">
          <h2 id="more">
            <Trans>More</Trans>
          </h2>
          <ul className="account-links">
            <li>
              <Link to="/wishlist">
                <Trans>Wishlist</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/order-history">
                <Trans>Order history</Trans>
              </Link>
            </li>
            <li>
              <Link to="/account/promotion-code">
                <Trans>Promotion codes</Trans>
              </Link>
            </li>
          </ul>
        </nav>

        <PrivacyPanel />
      </div>

      <p className="account-alt">
        <button
          type="button"
          className="button button--wide"
          disabled={leaving}
          aria-busy={leaving || undefined}
          onClick={() => void logOut()}
        >
          <Trans>Log out</Trans>
        </button>
      </p>
    </div>
  )
}

type Gender = 'male' | 'female' | 'others'

/**
 * Whether the member's e-mail or telephone is confirmed (issue 29): until a code sent to it is entered it logs nobody
 * in, and someone else who confirms it takes it. A button sends the code; the confirm screen finishes it.
 */
function IdentityState({ field, value, verified }: { field: 'email' | 'telephone'; value: string; verified: boolean }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const [busy, requestChange] = useIdentityChange()
  const [failure, setFailure] = useState<AccountFailure | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)
  const stateId = `${field}-state`
  if (verified) {
    return (
      <span className="account-badge" id={stateId}>
        {' '}
        <Trans>(confirmed)</Trans>
      </span>
    )
  }
  async function confirm() {
    const solved = failure?.captcha && captcha ? { captcha } : {}
    setFailure(null)
    setCaptcha(null)
    const started = await requestChange({ field, value, country: 'TH', lang: locale, ...solved })
    if (!started.ok) setFailure(started)
  }
  return (
    <>
      <span className="account-badge account-badge--warning" id={stateId}>
        {' '}
        <Trans>(not confirmed)</Trans>
      </span>
      <span className="account-muted account-note">
        {field === 'email' ? (
          <Trans>
            You cannot log in with this e-mail address until you enter a code we send to it, and anyone who confirms it
            first takes it.
          </Trans>
        ) : (
          <Trans>
            You cannot log in with this telephone number until you enter a code we send to it, and anyone who confirms
            it first takes it.
          </Trans>
        )}
      </span>
      {failure ? (
        <span className="form-alert account-note" role="alert">
          {failureMessage(failure, i18n, locale)}
        </span>
      ) : null}
      {failure?.captcha ? <CaptchaField prompt={failure.captcha} onSolved={setCaptcha} /> : null}
      <button
        type="button"
        className="link-button"
        aria-describedby={stateId}
        disabled={busy || (Boolean(failure?.captcha) && !captcha)}
        aria-busy={busy || undefined}
        onClick={() => void confirm()}
      >
        {field === 'email' ? <Trans>Confirm my e-mail address</Trans> : <Trans>Confirm my telephone number</Trans>}
      </button>
    </>
  )
}

/**
 * The value as stored (lower-case e-mail, E.164 telephone), to tell a new one from the current one as typed;
 * `parseTelephone` of the phone rules (src/forms/phone-rules.ts), null when they could not be fetched.
 */
function stored(
  field: 'email' | 'telephone',
  value: string,
  country: string,
  parseTelephone: ((raw: string, country: string) => { value: string } | null) | null,
): string {
  const text = value.trim()
  if (!text) return ''
  const parsed = field === 'email' ? parseEmailIdentifier(text) : parseTelephone?.(text, country)
  return parsed?.value ?? text
}

/**
 * The personal information. Name, gender and birth date are saved at once; a new (or removed) e-mail or telephone
 * takes effect only with the code sent to it, on the confirm screen (issue 15), one of them at a time.
 */
function ProfileForm({ member, onDone }: { member: SessionMember; onDone: (updated: SessionMember | null) => void }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const [, saveProfile] = useSaveProfile()
  const [, requestChange] = useIdentityChange()
  const [failure, setFailure] = useState<AccountFailure | null>(null)
  /** The solved bot check, once the API asked for one (a connection that sent wrong codes, §5). */
  const [captcha, setCaptcha] = useState<string | null>(null)
  /** Stored numbers are E.164; a number typed in local form is read as Thai. */
  const phoneCountry = 'TH'
  const form = useAppForm({
    ...SHOP_FORM,
    defaultValues: {
      fullname: member.fullname,
      email: member.email ?? '',
      telephone: member.telephone ?? '',
      gender: (member.gender ?? '') as Gender | '',
      birthdate: member.birthdate ?? '',
    },
    onSubmit: async ({ value }) => {
      const solved = failure?.captcha && captcha ? { captcha } : {}
      setFailure(null)
      setCaptcha(null)
      const phoneRules = phoneRulesNow()
      const changes = (['email', 'telephone'] as const).filter(
        (field) =>
          stored(field, value[field], phoneCountry, phoneRules?.parseTelephone ?? null) !== (member[field] ?? ''),
      )
      if (!value.email.trim() && !value.telephone.trim()) {
        showFieldErrors(form, { telephone: 'keepOne' })
        return
      }
      if (changes.length > 1) {
        showFieldErrors(form, { email: 'oneAtATime' })
        return
      }
      const result = await saveProfile({
        fullname: value.fullname,
        gender: value.gender || null,
        // A birth date once set is the one stored (issue 29: only the brand's staff correct it).
        birthdate: member.birthdate ?? (value.birthdate || null),
      })
      if (!result.ok) {
        setFailure(result)
        showFieldErrors(form, result.fields ?? {})
        return
      }
      const [field] = changes
      if (!field) {
        onDone(result.member)
        return
      }
      const started = await requestChange({
        field,
        value: value[field],
        country: phoneCountry,
        lang: locale,
        ...solved,
      })
      if (!started.ok) {
        setFailure(started)
        const fields: Record<string, string> = {}
        if (started.reason === 'TELEPHONE_EXISTS') fields.telephone = 'telephoneExists'
        if (started.reason === 'EMAIL_EXISTS') fields.email = 'emailExists'
        for (const [name, code] of Object.entries(started.fields ?? {})) {
          fields[name] ??= code === 'required' ? 'keepOne' : code
        }
        showFieldErrors(form, fields)
      }
    },
  })
  const genders = [
    { value: 'female', label: t`Female` },
    { value: 'male', label: t`Male` },
    { value: 'others', label: t`Others` },
  ]
  return (
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
        {(field) => <field.TextField label={t`Full name`} autoComplete="name" required />}
      </form.AppField>
      <p className="account-muted">
        <Trans>
          A new telephone number or e-mail address takes effect once you enter the code we send to it. Your current one
          stays until then.
        </Trans>
      </p>
      <form.AppField
        name="telephone"
        validators={{
          // The number is read once the phone rules are here (src/forms/phone-rules.ts).
          onBlur: ({ value }) =>
            value
              ? (validateTelephone(value, phoneCountry, phoneRulesNow()?.parseMemberTelephone ?? null) ?? undefined)
              : undefined,
        }}
      >
        {(field) => <field.TextField label={t`Telephone`} type="tel" autoComplete="tel" />}
      </form.AppField>
      <form.AppField
        name="email"
        validators={{ onBlur: ({ value }) => (value ? (validateEmail(value) ?? undefined) : undefined) }}
      >
        {(field) => <field.TextField label={t`E-mail`} type="email" autoComplete="email" />}
      </form.AppField>
      <form.AppField name="gender">
        {(field) => <field.SelectField label={t`Gender`} options={genders} placeholder={t`Choose`} />}
      </form.AppField>
      {member.birthdate ? (
        // Read-only once set (issue 29): only the brand's staff correct it.
        <div className="field">
          <label htmlFor="birthdate-fixed">
            <Trans>Birth date</Trans>
          </label>
          <input
            id="birthdate-fixed"
            type="text"
            readOnly
            value={formatDate(`${member.birthdate}T12:00:00Z`, locale)}
            aria-describedby="birthdate-fixed-hint"
          />
          <p id="birthdate-fixed-hint" className="field-hint">
            <Trans>Your birth date can only be corrected by our staff. Please contact us if it is wrong.</Trans>
          </p>
        </div>
      ) : (
        <form.AppField
          name="birthdate"
          validators={{ onBlur: ({ value }) => (value ? (validateBirthdate(value) ?? undefined) : undefined) }}
        >
          {(field) => <field.TextField label={t`Birth date`} type="date" autoComplete="bday" />}
        </form.AppField>
      )}
      {failure ? (
        <p className="form-alert" role="alert">
          {failureMessage(failure, i18n, locale)}
        </p>
      ) : null}
      {failure?.captcha ? <CaptchaField prompt={failure.captcha} onSolved={setCaptcha} /> : null}
      <div className="form-actions">
        <form.AppForm>
          <form.SubmitButton wide={false} waiting={Boolean(failure?.captcha) && !captcha}>
            <Trans>Save</Trans>
          </form.SubmitButton>
        </form.AppForm>
        <button type="button" className="button" onClick={() => onDone(null)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
