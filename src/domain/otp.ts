/** Where a one-time code goes. */
export const OTP_CHANNELS = ['sms', 'email'] as const
export type OtpChannel = (typeof OTP_CHANNELS)[number]

/**
 * `change`: a new e-mail or telephone for a member, effective once the code sent to it is entered (issue 15);
 * `erase`: the member's own confirmation that the account be erased (issue 33, decision 201).
 */
export const OTP_PURPOSES = ['login', 'register', 'change', 'erase'] as const
export type OtpPurpose = (typeof OTP_PURPOSES)[number]

/** DESIGN.md §5: a code is six digits, from a CSPRNG, valid five minutes. */
export const OTP_LENGTH = 6
export const OTP_TTL_SECONDS = 5 * 60
/** Wrong tries a single code accepts before it is used up. */
export const OTP_MAX_TRIES_PER_CODE = 5
/** A new code for the same phone or mailbox no sooner than this. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60
/**
 * Codes sent to one phone or mailbox per hour from one connection, and from all connections (SMS cost abuse).
 * Per connection first, so that one stranger cannot use up the owner's codes (issue 15).
 */
export const OTP_SENDS_PER_IDENTIFIER_PER_CONNECTION_PER_HOUR = 5
export const OTP_SENDS_PER_IDENTIFIER_PER_HOUR = 10
/**
 * Wrong codes for one phone or mailbox from one connection before that connection (only) is locked out of it for a
 * while: the owner still gets in from another connection (issue 15).
 */
export const OTP_FAILURES_BEFORE_LOCK = 10
export const OTP_FAILURE_WINDOW_SECONDS = 60 * 60
export const OTP_LOCK_SECONDS = 30 * 60
/**
 * Wrong codes for one phone or mailbox from all connections in the window before it is locked for everyone: the
 * ceiling of NIST SP 800-63B-4 §3.2.2 (no more than 100 consecutive failed attempts on one account).
 */
export const OTP_IDENTIFIER_FAILURE_LIMIT = 100
/** From this many wrong codes for one phone or mailbox (all connections), every code check asks for the challenge. */
export const OTP_IDENTIFIER_CHALLENGE_FROM = 10
/**
 * Wrong codes one connection may send in the window (any phones or mailboxes) before it is slowed down and
 * challenged: each further wrong code doubles its wait, from one second up to a minute.
 */
export const OTP_CONNECTION_FREE_FAILURES = 3
export const OTP_CONNECTION_MAX_DELAY_SECONDS = 60
/** Codes one IP may have sent per hour (configurable: OTP_IP_HOURLY_LIMIT). */
export const OTP_SENDS_PER_IP_PER_HOUR = 30
/** The captcha of §5 is asked from this share of the IP's hourly limit on. */
export const CAPTCHA_FROM_SHARE_OF_IP_LIMIT = 2 / 3
export { CAPTCHA_SOLUTION_MAX_LENGTH } from './captcha'
/** How long a proof-of-work challenge may be solved and redeemed. */
export const CAPTCHA_TTL_SECONDS = 10 * 60

/** Seconds a connection must wait before its next code check after its n-th wrong code of the window. */
export function connectionDelaySeconds(failures: number, maxSeconds = OTP_CONNECTION_MAX_DELAY_SECONDS): number {
  if (failures < OTP_CONNECTION_FREE_FAILURES) return 0
  return Math.min(2 ** (failures - OTP_CONNECTION_FREE_FAILURES), maxSeconds)
}

/** The number of sends after which an IP must answer the captcha. */
export function captchaThreshold(ipLimit: number): number {
  return Math.max(1, Math.floor(ipLimit * CAPTCHA_FROM_SHARE_OF_IP_LIMIT))
}

export type LoginIdentifier = { kind: 'email'; value: string } | { kind: 'telephone'; value: string; country: string }

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/**
 * An e-mail address as the database keys it (lower-case), or null when the text is not one. Without the phone-number
 * library (src/domain/phone.ts), so the forms can check an e-mail address with nothing more in their first load.
 */
export function parseEmailIdentifier(raw: string): Extract<LoginIdentifier, { kind: 'email' }> | null {
  const value = raw.trim()
  if (value.length === 0 || value.length > 254 || !value.includes('@')) return null
  return EMAIL_PATTERN.test(value) ? { kind: 'email', value: value.toLowerCase() } : null
}

/**
 * A Thai mobile number: +66 6x, 8x or 9x and eight more digits (NBTC's numbering plan; fixed lines are 02–07x and
 * get no SMS). Issue 29: a member's telephone receives its codes by SMS, so a Thai fixed-line number is not one.
 * The phone-number library's min metadata, used here to keep it small, does not tell mobile from fixed line.
 */
export const THAI_MOBILE_PATTERN = /^\+66[689]\d{8}$/

/** Whether a valid number (E.164) can take a code by SMS: a Thai one must be a mobile number; others are not judged. */
export function smsCapable(e164: string): boolean {
  return !e164.startsWith('+66') || THAI_MOBILE_PATTERN.test(e164)
}

/** Countries whose phones get codes by SMS unless configured otherwise (SMS_COUNTRIES): SMS pumping costs money. */
export const DEFAULT_SMS_COUNTRIES = ['TH'] as const
/** Codes by SMS per hour, over all destinations (SMS_HOURLY_LIMIT). */
export const SMS_SENDS_PER_HOUR = 600
/** Codes by SMS per hour to one destination country (SMS_COUNTRY_HOURLY_LIMIT). */
export const SMS_SENDS_PER_COUNTRY_PER_HOUR = 300

export type SmsPolicy = {
  /** ISO 3166 alpha-2 codes of the countries SMS codes may go to. */
  countries: readonly string[]
  hourlyLimit: number
  countryHourlyLimit: number
}

export const DEFAULT_SMS_POLICY: SmsPolicy = {
  countries: DEFAULT_SMS_COUNTRIES,
  hourlyLimit: SMS_SENDS_PER_HOUR,
  countryHourlyLimit: SMS_SENDS_PER_COUNTRY_PER_HOUR,
}
