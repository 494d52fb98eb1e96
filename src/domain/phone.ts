import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { parseEmailIdentifier, smsCapable, type LoginIdentifier, type SmsPolicy } from './otp'

/**
 * Everything that reads a phone number, on libphonenumber's metadata (about 20 KB brotli): the server imports it
 * directly; a page's form fetches it the first time it checks a number (src/forms/phone-rules.ts), so no page's first
 * load carries it (issue 29, item 24).
 */

/**
 * A phone number (in any notation, read with the chosen country code) or an e-mail address, in the
 * one form the database keys it by: E.164 or lower-case. Null when it is neither.
 */
export function parseLoginIdentifier(raw: string, defaultCountry = 'TH'): LoginIdentifier | null {
  const value = raw.trim()
  if (value.length === 0 || value.length > 254) return null
  if (value.includes('@')) return parseEmailIdentifier(value)
  return parseTelephone(value, defaultCountry)
}

/** A valid phone number as E.164 with its country, or null. */
export function parseTelephone(raw: string, defaultCountry = 'TH'): LoginIdentifier | null {
  const phone = parsePhoneNumberFromString(raw.trim(), defaultCountry.toUpperCase() as CountryCode)
  if (!phone?.isValid()) return null
  return { kind: 'telephone', value: phone.number, country: phone.country ?? defaultCountry.toUpperCase() }
}

/** A member's telephone: a valid number (E.164) that can take a code by SMS, or null (issue 29). */
export function parseMemberTelephone(raw: string, defaultCountry = 'TH'): LoginIdentifier | null {
  const phone = parseTelephone(raw, defaultCountry)
  return phone && smsCapable(phone.value) ? phone : null
}

/** Where the code went, without giving the whole address away: +66 81 xxx 5678, so***@example.com. */
export function maskIdentifier(identifier: string): string {
  if (identifier.includes('@')) {
    const [name = '', domain = ''] = identifier.split('@')
    return `${name.slice(0, Math.min(2, name.length))}${'*'.repeat(Math.max(3, name.length - 2))}@${domain}`
  }
  const phone = parsePhoneNumberFromString(identifier)
  const digits = identifier.replace(/\D/g, '')
  const last = digits.slice(-4)
  return phone ? `+${phone.countryCallingCode} ••• ${last}` : `••• ${last}`
}

/** The country of an E.164 number (the one SMS pricing goes by), or null when it has none. */
export function phoneCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null
}

/** Whether a code may go by SMS to this phone (E.164): only to the countries of the allow-list. */
export function smsAllowed(e164: string, policy: SmsPolicy): boolean {
  const country = phoneCountry(e164)
  return country !== null && policy.countries.includes(country)
}

/** A stored (E.164) phone number as people read it: +66 81 234 5678; anything else as it is. */
export function readablePhone(value: string): string {
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value
}
