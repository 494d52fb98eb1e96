import { parseEmailIdentifier, type LoginIdentifier } from '~/domain/otp'
import { hasForbiddenCharacters } from '~/domain/text'

/** §3/§5 rules of the member's own fields; each returns the first failing rule's code, or null. */
export const FULLNAME_MAX = 100

export function validateFullname(value: string): string | null {
  const text = value.trim()
  if (!text) return 'required'
  // Control, bidi-override, noncharacter and tag characters (issue 29).
  if (hasForbiddenCharacters(value) || [...text.normalize('NFC')].length > FULLNAME_MAX) return 'invalid'
  return null
}

export function validateEmail(value: string): string | null {
  if (!value.trim()) return 'required'
  return parseEmailIdentifier(value) ? null : 'invalid'
}

/**
 * The member's telephone, read by `parseMemberTelephone` of src/domain/phone.ts (passed in: a form fetches the phone
 * rules at its first check, src/forms/phone-rules.ts); without it only presence is checked.
 */
export function validateTelephone(
  value: string,
  country: string,
  parseMemberTelephone: ((raw: string, country: string) => LoginIdentifier | null) | null,
): string | null {
  if (!value.trim()) return 'required'
  if (!parseMemberTelephone) return null
  // The member's telephone takes the codes by SMS: a Thai fixed-line number is not valid (issue 29).
  return parseMemberTelephone(value, country) ? null : 'invalid'
}

/** A real date in the past, at most 120 years ago (members are at least 13, the usual age of consent online). */
export function validateBirthdate(value: string, today: Date = new Date()): string | null {
  if (!value) return 'required'
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return 'invalid'
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'invalid'
  const thisYear = today.getUTCFullYear()
  if (year < thisYear - 120) return 'invalid'
  const thirteen = new Date(Date.UTC(thisYear - 13, today.getUTCMonth(), today.getUTCDate()))
  if (date > thirteen) return 'invalid'
  return null
}
