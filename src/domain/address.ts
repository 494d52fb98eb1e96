// The min entry point is the package default's metadata made explicit (~80 KB). The max metadata (~145 KB) only
// adds digit-by-digit number patterns and number types (mobile, fixed line); the length check and the
// country detection from leading digits that these rules need are both in the min metadata.
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min'
import {
  validateAddressWith,
  validateAddressFieldWith,
  normaliseAddressWith,
  type AddressErrorCode,
  type AddressErrors,
  type AddressField,
  type AddressInput,
  type AddressValidationOptions,
  type PhoneReader,
} from './address-core'

export * from './address-core'

/**
 * The address rules of §5 whole, the phone number read by libphonenumber: what the server runs on every save, and
 * what the address form fetches when it first checks a telephone (src/domain/address-core.ts has the rest).
 */
export const readPhone: PhoneReader = (value, country) => {
  const phone = parsePhoneNumberFromString(value, isSupportedCountry(country) ? country : undefined)
  return phone ? { valid: phone.isValid(), country: phone.country, e164: phone.number } : undefined
}

/** The first failing rule of one field (§5), or null. */
export function validateAddressField(
  field: AddressField,
  values: AddressInput,
  options: AddressValidationOptions = {},
): AddressErrorCode | null {
  return validateAddressFieldWith(field, values, options, readPhone)
}

/** Every field's first failing rule (§5): the server's answer to a bad save. */
export function validateAddress(values: AddressInput, options: AddressValidationOptions = {}): AddressErrors {
  return validateAddressWith(values, options, readPhone)
}

/**
 * The address as it is stored: whitespace trimmed and collapsed, country and postcode upper-case, a Thai tax ID
 * as its 13 digits, and the phone number in E.164 (+66812345678) when it parses as a valid number.
 */
export function normaliseAddress(values: AddressInput): AddressInput {
  return normaliseAddressWith(values, readPhone)
}
