import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { AccountFailure } from '~/account/account-result'
import {
  checkAddress,
  thaiDistrictsQuery,
  thaiPostcodePlaces,
  thaiProvincesQuery,
  thaiSubDistrictsQuery,
  type Place,
} from '~/account/address.functions'
import { failureMessage } from '~/account/failure-message'
import { ACCOUNT_MESSAGES } from '~/account/messages'
import {
  ADDRESS_FIELDS,
  emptyAddress,
  validateAddressFieldWith,
  type AddressErrorCode,
  type AddressField,
  type AddressInput,
} from '~/domain/address-core'
import { callingCode, countryName, SHIPPING_COUNTRIES } from '~/domain/countries'
import { showFieldErrors, SHOP_FORM, useAppForm } from '~/forms/form'
import { addressRulesNow, loadAddressRules } from '~/forms/phone-rules'
import { isLocaleCode, type LocaleCode } from '~/i18n/locales'
import * as geoKeys from '~/account/geo.keys'

export type AddressFormProps = {
  /** The address to edit; a blank Thai address when absent. */
  initial?: AddressInput
  /** The text of the submit button, e.g. 'Save address'. */
  submitLabel: ReactNode
  /** Saves the address: null when saved, the refusal otherwise (its `fields` are shown beside the fields). */
  onSubmit: (values: AddressInput) => Promise<AccountFailure | null>
  /** Shows a 'Cancel' button when given. */
  onCancel?: () => void
  /** Extra controls shown below the fields, above the buttons (e.g. 'Make this my default address'). */
  children?: ReactNode
  /** Told every change of the fields (checkout keeps what is typed in its draft before it is confirmed). */
  onValuesChange?: (values: AddressInput) => void
}

/** The place fields: they depend on the country, so a new country clears them. */
const PLACE_FIELDS = ['postcode', 'province', 'district', 'subDistrict'] as const satisfies readonly AddressField[]

/** The fields in the order the form shows them, to focus the first wrong one after a refused submit. */
function fieldOrder(isThai: boolean): readonly AddressField[] {
  const places: readonly AddressField[] = isThai
    ? ['postcode', 'province', 'district', 'subDistrict']
    : ['province', 'district', 'subDistrict', 'postcode']
  return ['firstname', 'lastname', 'telephoneNumber', 'email', 'country', ...places, 'address', 'address2', 'taxId']
}

type PostcodePlace = { province: string; district: string; subDistrict: string; postcode: string }

/** The places (sub-district, district, province) of a Thai postcode; cached like the other geo lists. */
const postcodePlacesQuery = (lang: LocaleCode, postcode: string) =>
  queryOptions({
    queryKey: geoKeys.postcode(lang, postcode),
    queryFn: (): Promise<PostcodePlace[]> => thaiPostcodePlaces({ data: { lang, postcode } }),
    staleTime: Infinity,
  })

const THAI_POSTCODE = /^\d{5}$/

/** Only the address fields of a value that may carry more (a saved address has an id and a default flag). */
function addressValues(initial: AddressInput | undefined): AddressInput {
  const values = emptyAddress('TH')
  if (!initial) return values
  for (const field of ADDRESS_FIELDS) values[field] = initial[field] ?? ''
  return values
}

/** The error codes of an answer, without the fields it left out. */
function errorCodes(fields: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])))
}

/** Whether a place is named `value`, in either language (a saved address keeps the language it was typed in). */
function isNamed(place: Place, value: string): boolean {
  return value !== '' && (place.name === value || place.nameTh === value || place.nameEn === value)
}

/**
 * Options of a Thai place select. A saved name in the other language keeps its value (so the address is not
 * changed by merely opening it) under the name of the page's language; an unknown one is kept as it is.
 */
function placeOptions(places: readonly Place[] | undefined, current: string) {
  const options = (places ?? []).map((place) => ({
    value: isNamed(place, current) ? current : place.name,
    label: place.name,
  }))
  if (current !== '' && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: current })
  }
  return options
}

/**
 * A delivery address form (§5) for the address book and checkout: the client rules on blur (and on change
 * for selects), the Thai postal data through the API on submit, the API's field errors beside the fields.
 */
export function AddressForm({ initial, submitLabel, onSubmit, onCancel, children, onValuesChange }: AddressFormProps) {
  const { t, i18n } = useLingui()
  const lang: LocaleCode = isLocaleCode(i18n.locale) ? i18n.locale : 'th'
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [defaultValues] = useState(() => addressValues(initial))
  /** A refusal that is not about the fields (the field errors show the form-level message themselves). */
  const [refusal, setRefusal] = useState<string | null>(null)
  const noteId = useId()
  const placesId = useId()

  const form = useAppForm({
    ...SHOP_FORM,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstError(formApi.state.values.country === 'TH'),
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null)
      try {
        if (value.country === 'TH') {
          const fields = errorCodes(await checkAddress({ data: value }))
          if (Object.keys(fields).length > 0) {
            showFieldErrors(formApi, fields)
            focusFirstError(true)
            return
          }
        }
        const failure = await onSubmit(value)
        if (!failure) return
        if (failure.fields && Object.keys(failure.fields).length > 0) {
          showFieldErrors(formApi, failure.fields)
          focusFirstError(value.country === 'TH')
        } else {
          setRefusal(failureMessage(failure, i18n, lang))
        }
      } catch {
        setRefusal(i18n._(ACCOUNT_MESSAGES.somethingWrong))
      }
    },
  })
  const typed = useStore(form.store, (state) => state.values)
  const tell = useRef(onValuesChange)
  useEffect(() => {
    tell.current = onValuesChange
  }, [onValuesChange])
  useEffect(() => {
    tell.current?.(typed)
  }, [typed])

  function focusFirstError(isThai: boolean) {
    const name = fieldOrder(isThai).find((field) => (form.getFieldMeta(field)?.errors.length ?? 0) > 0)
    if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus()
  }

  const values = useStore(form.store, (state) => state.values)
  const incomplete = useStore(form.store, (state) => state.submissionAttempts > 0 && !state.isValid)
  const isThai = values.country === 'TH'
  const postcode = values.postcode.trim()

  const provinces = useQuery({ ...thaiProvincesQuery(lang), enabled: isThai })
  const districts = useQuery({
    ...thaiDistrictsQuery(lang, values.province),
    enabled: isThai && values.province !== '',
  })
  const subDistricts = useQuery({
    ...thaiSubDistrictsQuery(lang, values.province, values.district),
    enabled: isThai && values.province !== '' && values.district !== '',
  })
  const postcodePlaces = useQuery({
    ...postcodePlacesQuery(lang, postcode),
    enabled: isThai && THAI_POSTCODE.test(postcode),
  })
  // Without the lists the Thai place fields are typed; the API checks the names on submit all the same.
  const geoFailed = provinces.isError || districts.isError || subDistricts.isError

  /**
   * The first failing client rule of a field: run on blur, on a pick and on submit (§5). The telephone's number is
   * read once the phone rules have arrived (src/forms/phone-rules.ts; a submit waits for them).
   */
  const rule = (name: AddressField) => ({
    onBlur: () =>
      validateAddressFieldWith(name, form.state.values, {}, addressRulesNow()?.readPhone ?? null) ?? undefined,
  })
  /** Whether a field must be filled in for the current country: its rules refuse it empty. */
  const isRequired = (name: AddressField) =>
    validateAddressFieldWith(name, { ...values, [name]: '' }, {}, null) === 'required'

  /** Empties a field without showing an error on it: the shopper has not had a chance to fill it in yet. */
  function clearField(name: AddressField) {
    form.setFieldValue(name, '', { dontUpdateMeta: true, dontRunListeners: true, dontValidate: true })
    form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: {}, errorSourceMap: {} }))
  }

  /** Fills a field for the shopper and checks it as if it had been left. */
  function fillField(name: AddressField, value: string) {
    form.setFieldValue(name, value, { dontRunListeners: true })
    void form.validateField(name, 'blur')
  }

  function fillPlace(place: PostcodePlace) {
    fillField('province', place.province)
    fillField('district', place.district)
    fillField('subDistrict', place.subDistrict)
    if (form.getFieldValue('postcode').trim() !== place.postcode) fillField('postcode', place.postcode)
  }

  /** A typed Thai postcode with one place fills in that place; with several, they are offered below it. */
  async function lookUpPostcode(value: string) {
    const code = value.trim()
    if (form.getFieldValue('country') !== 'TH' || !THAI_POSTCODE.test(code)) return
    let places: PostcodePlace[]
    try {
      places = await queryClient.fetchQuery(postcodePlacesQuery(lang, code))
    } catch {
      return
    }
    if (form.getFieldValue('postcode').trim() !== code) return
    const [only] = places
    if (places.length === 1 && only) fillPlace(only)
    // A postcode of no place, left before its lookup answered: said now (the blur check reads the answer).
    if (places.length === 0 && form.getFieldMeta('postcode')?.isBlurred) void form.validateField('postcode', 'blur')
  }

  /** 'postcodeNotFound' once the lookup of a typed Thai postcode has answered with no place; else nothing yet. */
  function unknownThaiPostcode(value: string): AddressErrorCode | undefined {
    const code = value.trim()
    if (form.getFieldValue('country') !== 'TH' || !THAI_POSTCODE.test(code)) return undefined
    const places = queryClient.getQueryData(postcodePlacesQuery(lang, code).queryKey)
    return places?.length === 0 ? 'postcodeNotFound' : undefined
  }

  const isCurrentPlace = (place: PostcodePlace) =>
    place.province === values.province && place.district === values.district && place.subDistrict === values.subDistrict
  const offers =
    isThai && postcodePlaces.data && postcodePlaces.data.length > 1 && !postcodePlaces.data.some(isCurrentPlace)
      ? postcodePlaces.data
      : []

  function pickCountry() {
    for (const name of PLACE_FIELDS) clearField(name)
    // The phone number and the tax ID are read against the country: check again those already left.
    for (const name of ['telephoneNumber', 'taxId'] as const) {
      if (form.getFieldMeta(name)?.isBlurred) void form.validateField(name, 'blur')
    }
  }

  function pickSubDistrict(value: string) {
    const match = subDistricts.data?.find((place) => isNamed(place, value))
    const [only] = match?.postcodes ?? []
    if (match?.postcodes.length === 1 && only && only !== form.getFieldValue('postcode').trim()) {
      fillField('postcode', only)
    }
  }

  const [thailand, ...others] = SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryName(code, lang) }))
  const countries = [...(thailand ? [thailand] : []), ...others.sort((a, b) => a.label.localeCompare(b.label, lang))]
  const countryCode = callingCode(values.country)
  const loading = t`Loading…`

  const thaiPostcode = (
    <form.AppField
      name="postcode"
      validators={{
        // A postcode of no place at all is said as soon as its lookup (started as it is typed) has answered; its
        // match with the place is checked on submit. Synchronous on purpose: TanStack Form's async field
        // validators can leave a submit waiting for ever (decision 161).
        onBlur: ({ value }) => rule('postcode').onBlur() ?? unknownThaiPostcode(value),
      }}
      listeners={{ onChange: ({ value }) => void lookUpPostcode(value) }}
      children={(field) => (
        <field.TextField
          label={t`Postal code`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          required={isRequired('postcode')}
        />
      )}
    />
  )

  const thaiPlaces = geoFailed ? (
    <>
      <form.AppField
        name="province"
        validators={rule('province')}
        children={(field) => <field.TextField label={t`Province`} autoComplete="address-level1" required />}
      />
      <form.AppField
        name="district"
        validators={rule('district')}
        children={(field) => <field.TextField label={t`District`} autoComplete="address-level2" required />}
      />
      <form.AppField
        name="subDistrict"
        validators={rule('subDistrict')}
        children={(field) => <field.TextField label={t`Sub-district`} autoComplete="address-level3" required />}
      />
    </>
  ) : (
    <>
      <form.AppField
        name="province"
        validators={rule('province')}
        children={(field) => (
          <field.SelectField
            label={t`Province`}
            options={placeOptions(provinces.data, values.province)}
            placeholder={provinces.isPending ? loading : t`Select a province`}
            autoComplete="address-level1"
            required
            onPick={() => {
              clearField('district')
              clearField('subDistrict')
            }}
          />
        )}
      />
      <form.AppField
        name="district"
        validators={rule('district')}
        children={(field) => (
          <field.SelectField
            label={t`District`}
            options={placeOptions(districts.data, values.district)}
            placeholder={values.province !== '' && districts.isPending ? loading : t`Select a district`}
            autoComplete="address-level2"
            required
            disabled={values.province === ''}
            onPick={() => clearField('subDistrict')}
          />
        )}
      />
      <form.AppField
        name="subDistrict"
        validators={rule('subDistrict')}
        children={(field) => (
          <field.SelectField
            label={t`Sub-district`}
            options={placeOptions(subDistricts.data, values.subDistrict)}
            placeholder={values.district !== '' && subDistricts.isPending ? loading : t`Select a sub-district`}
            autoComplete="address-level3"
            required
            disabled={values.district === ''}
            onPick={pickSubDistrict}
          />
        )}
      />
    </>
  )

  const foreignPlaces = (
    <>
      <form.AppField
        name="province"
        validators={rule('province')}
        children={(field) => (
          <field.TextField
            label={t`State / province`}
            autoComplete="address-level1"
            required={isRequired('province')}
          />
        )}
      />
      <form.AppField
        name="district"
        validators={rule('district')}
        children={(field) => (
          <field.TextField label={t`City`} autoComplete="address-level2" required={isRequired('district')} />
        )}
      />
      <form.AppField
        name="subDistrict"
        validators={rule('subDistrict')}
        children={(field) => (
          <field.TextField
            label={t`District / area`}
            autoComplete="address-level3"
            required={isRequired('subDistrict')}
          />
        )}
      />
      <form.AppField
        name="postcode"
        validators={rule('postcode')}
        children={(field) => (
          <field.TextField label={t`Postal code`} autoComplete="postal-code" required={isRequired('postcode')} />
        )}
      />
    </>
  )

  const alert = incomplete ? i18n._(ACCOUNT_MESSAGES.completeInformation) : refusal

  return (
    <form
      ref={formRef}
      className="address-form"
      noValidate
      aria-describedby={noteId}
      onSubmit={(event) => {
        event.preventDefault()
        void loadAddressRules().then(() => form.handleSubmit())
      }}
      onFocus={() => void loadAddressRules()}
    >
      <p id={noteId} className="address-form__note">
        <Trans>Fields marked * are required.</Trans>
      </p>
      <div className="address-form__grid">
        <form.AppField
          name="firstname"
          validators={rule('firstname')}
          children={(field) => <field.TextField label={t`First name`} autoComplete="given-name" required />}
        />
        <form.AppField
          name="lastname"
          validators={rule('lastname')}
          children={(field) => <field.TextField label={t`Last name`} autoComplete="family-name" required />}
        />
        <form.AppField
          name="telephoneNumber"
          validators={rule('telephoneNumber')}
          children={(field) => (
            <field.TextField
              label={t`Phone number`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint={countryCode ? t`Country calling code +${countryCode}` : undefined}
              required
            />
          )}
        />
        <form.AppField
          name="email"
          validators={rule('email')}
          children={(field) => (
            <field.TextField label={t`Email`} type="email" inputMode="email" autoComplete="email" required />
          )}
        />
        <div className="address-form__full">
          <form.AppField
            name="country"
            validators={rule('country')}
            children={(field) => (
              <field.SelectField
                label={t`Country`}
                options={countries}
                placeholder={t`Select a country`}
                autoComplete="country"
                required
                onPick={pickCountry}
              />
            )}
          />
        </div>
        {isThai ? (
          <>
            {thaiPostcode}
            {offers.length > 0 ? (
              <div className="address-form__full address-form__places" role="group" aria-labelledby={placesId}>
                <p id={placesId} className="address-form__places-title">
                  <Trans>This postal code covers several places. Pick yours:</Trans>
                </p>
                <ul>
                  {offers.map((place) => (
                    <li key={`${place.province}|${place.district}|${place.subDistrict}`}>
                      <button
                        type="button"
                        className="address-form__place"
                        onClick={() => {
                          fillPlace(place)
                          formRef.current?.querySelector<HTMLElement>('[name="subDistrict"]')?.focus()
                        }}
                      >
                        {[place.subDistrict, place.district, place.province].join(', ')}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {thaiPlaces}
          </>
        ) : (
          foreignPlaces
        )}
        <div className="address-form__full">
          <form.AppField
            name="address"
            validators={rule('address')}
            children={(field) => (
              <field.TextField
                label={t`Address 1`}
                hint={t`House number, building, street`}
                autoComplete="address-line1"
                required
              />
            )}
          />
        </div>
        <div className="address-form__full">
          <form.AppField
            name="address2"
            validators={rule('address2')}
            children={(field) => <field.TextField label={t`Address 2`} autoComplete="address-line2" />}
          />
        </div>
        <form.AppField
          name="taxId"
          validators={rule('taxId')}
          children={(field) => (
            <field.TextField label={t`Tax ID (for a full tax invoice)`} inputMode={isThai ? 'numeric' : 'text'} />
          )}
        />
      </div>

      {children}

      {alert ? (
        <p className="address-form__alert" role="alert">
          {alert}
        </p>
      ) : null}

      <div className="address-form__actions">
        <form.AppForm>
          <form.SubmitButton wide={false}>{submitLabel}</form.SubmitButton>
        </form.AppForm>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  )
}
