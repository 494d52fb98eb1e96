import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min'
import type { LocaleCode } from '~/config/constants'

/**
 * ISO 3166-1 alpha-2 codes of the countries the brand ships to, Thailand first (the home market and the
 * default of the address form), then ASEAN, East and South Asia, Oceania, North America, Europe and the Gulf.
 */
export const SHIPPING_COUNTRIES = [
  'TH',
  // ASEAN
  'SG',
  'MY',
  'ID',
  'PH',
  'VN',
  'KH',
  'LA',
  'MM',
  'BN',
  // East and South Asia
  'JP',
  'KR',
  'CN',
  'HK',
  'MO',
  'TW',
  'IN',
  // Oceania
  'AU',
  'NZ',
  // North America
  'US',
  'CA',
  // Europe
  'GB',
  'IE',
  'FR',
  'DE',
  'IT',
  'ES',
  'PT',
  'NL',
  'BE',
  'LU',
  'CH',
  'AT',
  'SE',
  'DK',
  'NO',
  'FI',
  // Gulf
  'AE',
  'SA',
  'QA',
] as const

/** A country the brand ships to: the only values the address form's country field accepts. */
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number]

const shippingCountries: ReadonlySet<string> = new Set(SHIPPING_COUNTRIES)

/** Narrows a (trimmed, upper-case) string to a country we ship to, e.g. for a country field read from a form. */
export function isShippingCountry(code: string): code is ShippingCountry {
  return shippingCountries.has(code)
}

const displayNames = new Map<LocaleCode, Intl.DisplayNames>()

/** The country's name in the shopper's language, from the platform's CLDR data, so no list of names ships with the app. */
export function countryName(code: string, locale: LocaleCode): string {
  let names = displayNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([locale === 'th' ? 'th-TH' : 'en'], { type: 'region', fallback: 'code' })
    displayNames.set(locale, names)
  }
  try {
    return names.of(code.toUpperCase()) ?? code
  } catch {
    // Intl.DisplayNames throws a RangeError for a string that is not a well-formed region code.
    return code
  }
}

/** The international calling code (without '+') shown beside the phone field, e.g. '66' for TH. */
export function callingCode(code: ShippingCountry): string
export function callingCode(code: string): string | null
export function callingCode(code: string): string | null {
  const upper = code.toUpperCase()
  return isSupportedCountry(upper) ? getCountryCallingCode(upper) : null
}
