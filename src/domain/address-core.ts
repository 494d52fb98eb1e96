/**
 * A delivery address and its validation rules (§5). Pure and free of I/O so that the address form runs the
 * same rules in the browser as the server does on save; the Thai postal data lives on the server and is
 * passed in as a {@link ThaiPostalLookup}. Errors are codes: the form turns them into text with Lingui.
 *
 * The phone number is read by a {@link PhoneReader} passed in: src/domain/address.ts gives the phone-number
 * library's (the server, and the form once it checks a number), and a page's form checks the other fields without
 * it, so the library's metadata is not in any page's first load (issue 29, item 24).
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import { isShippingCountry } from './countries'
import { hasForbiddenCharacters, normaliseText } from './text'

/** Fields of a delivery address, in the order of the form (and of the error summary). */
export const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'telephoneNumber',
  'email',
  'taxId',
  'address',
  'address2',
  'country',
  'postcode',
  'subDistrict',
  'district',
  'province',
] as const

/** One field of a delivery address. */
export type AddressField = (typeof ADDRESS_FIELDS)[number]

/** The form's values: every field a string, '' when empty, so form state and server input share one shape. */
export type AddressInput = Record<AddressField, string>

/** A blank address for a new form; Thailand by default, as most orders ship within the country. */
export function emptyAddress(country = 'TH'): AddressInput {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as AddressInput
  values.country = country
  return values
}

/** Maximum lengths in characters (code points): names 50 and address lines 60 (§5, §9). */
export const ADDRESS_LIMITS = { name: 50, addressLine: 60 } as const

/** Province, district, sub-district: free text outside Thailand, so they get the address-line limit. */
const REGION_MAX = ADDRESS_LIMITS.addressLine
/** A postcode of a country postcode-validator does not know: optional, at most this long. */
const FREE_POSTCODE_MAX = 12
/** A tax ID outside Thailand: at most this long, of letters, digits and dashes. */
const FOREIGN_TAX_ID_MAX = 20
/** RFC 5321 limits: 254 characters for the address, 64 for its local part. */
const EMAIL_MAX = 254
const EMAIL_LOCAL_MAX = 64

/**
 * Error codes of the address form (§5), one message each in the catalogs: required 'THIS FIELD IS REQUIRED.',
 * invalid 'THIS FIELD IS NOT VALID.', nameTooLong 'First name / Last name cannot exceed 50 characters.',
 * addressTooLong (Address 1 / Address 2, 60 characters), phoneCountryMismatch 'PHONE NUMBER MISMATCH THE
 * DESTINATION COUNTRY.', postcodeNotFound 'POSTAL CODE NOT FOUND.', cityNotFound 'CITY NOT FOUND.' and
 * regionMismatch 'COUNTRY OR PROVINCE OR POSTAL CODE WAS WRONG.'.
 */
export const ADDRESS_ERROR_CODES = [
  'required',
  'invalid',
  'nameTooLong',
  'addressTooLong',
  'phoneCountryMismatch',
  'postcodeNotFound',
  'cityNotFound',
  'regionMismatch',
] as const

/** Why a field was refused: a code, so the server and the browser agree and the text stays in the catalogs. */
export type AddressErrorCode = (typeof ADDRESS_ERROR_CODES)[number]

/**
 * The Thai postal data the Thai rules need: implemented on the server over the real data set, and by small
 * fakes in tests. Names may be Thai or English.
 */
export interface ThaiPostalLookup {
  hasProvince(name: string): boolean
  hasDistrict(province: string, district: string): boolean
  /** The postcodes of the sub-district, or null when the district has no such sub-district. */
  subDistrictPostcodes(province: string, district: string, subDistrict: string): string[] | null
  postcodeExists(postcode: string): boolean
}

/** What validation may consult: without `thai` (in the browser) the Thai data checks are skipped, format checks still run. */
export type AddressValidationOptions = { thai?: ThaiPostalLookup }

/** The errors of an address, at most one per field (its first failing rule); empty when the address is valid. */
export type AddressErrors = Partial<Record<AddressField, AddressErrorCode>>

/** NFC, trimmed, runs of whitespace collapsed (issue 29); tolerates a missing value from a partial payload. */
function clean(value: string | undefined): string {
  return normaliseText(value ?? '')
}

/** Length in code points, as people (and the database's varchar) count characters, not UTF-16 units. */
function length(value: string): number {
  return Array.from(value).length
}

function countryOf(values: AddressInput): string {
  return clean(values.country).toUpperCase()
}

/** A phone number as the address rules need it: whether it is valid, its country, and its E.164 form. */
export type PhoneReading = { valid: boolean; country: string | undefined; e164: string }
/** Reads a phone number typed for an address in `country` (undefined: not a number at all). */
export type PhoneReader = (value: string, country: string) => PhoneReading | undefined

// Deliberately loose: something@domain.tld without spaces and without empty domain labels. The mailbox is
// only proven by the order e-mail; a stricter pattern mostly refuses real addresses.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

function validEmail(email: string): boolean {
  const local = email.slice(0, email.lastIndexOf('@'))
  return EMAIL_PATTERN.test(email) && length(email) <= EMAIL_MAX && length(local) <= EMAIL_LOCAL_MAX
}

/** A Thai tax ID as typed, without the spaces and dashes of its printed form (1-1017-00230-70-8). */
export function thaiTaxDigits(value: string): string {
  return value.replace(/[\s-]/g, '')
}

/**
 * Thai national ID / tax ID: 13 digits, the last a check digit. Each of the first 12 digits is weighted
 * 13 down to 2; the check digit is (11 − sum mod 11) mod 10.
 */
export function validThaiTaxId(value: string): boolean {
  const digits = thaiTaxDigits(value)
  if (!/^\d{13}$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (13 - index)
  return (11 - (sum % 11)) % 10 === Number(digits[12])
}

function validateName(value: string): AddressErrorCode | null {
  if (!value) return 'required'
  return length(value) > ADDRESS_LIMITS.name ? 'nameTooLong' : null
}

function validatePhone(value: string, country: string, readPhone: PhoneReader | null): AddressErrorCode | null {
  if (!value) return 'required'
  // Without a reader (a form before the phone rules arrived) only presence is checked here.
  if (!readPhone) return null
  const phone = readPhone(value, country)
  if (!phone?.valid) return 'invalid'
  // Without a valid destination there is nothing to compare with: the country field carries that error.
  if (!isShippingCountry(country)) return null
  return phone.country === country ? null : 'phoneCountryMismatch'
}

function validateTaxId(value: string, country: string): AddressErrorCode | null {
  if (!value) return null
  if (country === 'TH') return validThaiTaxId(value) ? null : 'invalid'
  return length(value) <= FOREIGN_TAX_ID_MAX && /^[A-Za-z0-9-]+$/.test(value) ? null : 'invalid'
}

/** A free-text region field: optional or required, at most 60 characters. */
function validateRegionText(value: string, required: boolean): AddressErrorCode | null {
  if (!value) return required ? 'required' : null
  return length(value) > REGION_MAX ? 'invalid' : null
}

/**
 * Thai region fields. A field is checked against the data only when the fields above it are known, so that
 * one wrong province is reported once, on the province, rather than on every field below it.
 */
function validateThaiRegion(
  field: 'province' | 'district' | 'subDistrict' | 'postcode',
  values: AddressInput,
  thai: ThaiPostalLookup | undefined,
): AddressErrorCode | null {
  const province = clean(values.province)
  const district = clean(values.district)
  const subDistrict = clean(values.subDistrict)
  const value = clean(values[field])
  if (!value) return 'required'
  if (field === 'postcode') {
    if (!/^\d{5}$/.test(value)) return 'invalid'
    if (!thai) return null
    if (!thai.postcodeExists(value)) return 'postcodeNotFound'
    if (!province || !district || !subDistrict || !thai.hasProvince(province)) return null
    if (!thai.hasDistrict(province, district)) return null
    const postcodes = thai.subDistrictPostcodes(province, district, subDistrict)
    return postcodes && !postcodes.includes(value) ? 'regionMismatch' : null
  }
  if (length(value) > REGION_MAX) return 'invalid'
  if (!thai) return null
  if (field === 'province') return thai.hasProvince(value) ? null : 'regionMismatch'
  if (!province || !thai.hasProvince(province)) return null
  if (field === 'district') return thai.hasDistrict(province, value) ? null : 'cityNotFound'
  if (!district || !thai.hasDistrict(province, district)) return null
  return thai.subDistrictPostcodes(province, district, value) === null ? 'invalid' : null
}

function validatePostcode(value: string, country: string): AddressErrorCode | null {
  if (postcodeValidatorExistsForCountry(country)) {
    if (!value) return 'required'
    return postcodeValidator(value.toUpperCase(), country) ? null : 'invalid'
  }
  if (!value) return null
  return length(value) > FREE_POSTCODE_MAX ? 'invalid' : null
}

/**
 * The first failing rule of one field (§5), or null: lets the form validate a field on blur. `readPhone` null checks
 * the telephone's presence only (src/domain/address.ts passes the library's reader).
 */
export function validateAddressFieldWith(
  field: AddressField,
  values: AddressInput,
  options: AddressValidationOptions,
  readPhone: PhoneReader | null,
): AddressErrorCode | null {
  // Control, bidi-override, noncharacter and tag characters are refused in every field (issue 29).
  if (hasForbiddenCharacters(values[field] ?? '')) return 'invalid'
  const value = clean(values[field])
  const country = countryOf(values)
  const isThailand = country === 'TH'
  switch (field) {
    case 'firstname':
    case 'lastname':
      return validateName(value)
    case 'address':
      if (!value) return 'required'
      return length(value) > ADDRESS_LIMITS.addressLine ? 'addressTooLong' : null
    case 'address2':
      return length(value) > ADDRESS_LIMITS.addressLine ? 'addressTooLong' : null
    case 'email':
      if (!value) return 'required'
      return validEmail(value) ? null : 'invalid'
    case 'telephoneNumber':
      return validatePhone(value, country, readPhone)
    case 'taxId':
      return validateTaxId(value, country)
    case 'country':
      if (!value) return 'required'
      return isShippingCountry(country) ? null : 'invalid'
    case 'province':
    case 'district':
    case 'subDistrict':
      if (isThailand) return validateThaiRegion(field, values, options.thai)
      return validateRegionText(value, field === 'district')
    case 'postcode':
      if (isThailand) return validateThaiRegion(field, values, options.thai)
      return validatePostcode(value, country)
  }
}

/** Every field's first failing rule (§5): the form's error state, and the server's answer to a bad save. */
export function validateAddressWith(
  values: AddressInput,
  options: AddressValidationOptions,
  readPhone: PhoneReader | null,
): AddressErrors {
  const errors: AddressErrors = {}
  for (const field of ADDRESS_FIELDS) {
    const error = validateAddressFieldWith(field, values, options, readPhone)
    if (error) errors[field] = error
  }
  return errors
}

/**
 * The address as it is stored: whitespace trimmed and collapsed, country and postcode upper-case, a Thai tax ID
 * as its 13 digits, and the phone number in E.164 (+66812345678) when it parses as a valid number.
 */
export function normaliseAddressWith(values: AddressInput, readPhone: PhoneReader): AddressInput {
  const normalised = emptyAddress('')
  for (const field of ADDRESS_FIELDS) normalised[field] = clean(values[field])
  const country = normalised.country.toUpperCase()
  normalised.country = country
  normalised.postcode = normalised.postcode.toUpperCase()
  if (country === 'TH') normalised.taxId = thaiTaxDigits(normalised.taxId)
  const phone = normalised.telephoneNumber ? readPhone(normalised.telephoneNumber, country) : undefined
  if (phone?.valid) normalised.telephoneNumber = phone.e164
  return normalised
}
