import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import type { MetaServerEventPayload, TikTokEventPayload } from '~/db/schema'
import type { PixelEventName } from '~/domain/tracking'

/**
 * Personal data of tracking events, normalised and hashed by each platform's documented rules:
 * Meta's Conversions API "customer information parameters" and TikTok's Events API 2.0 `user` object.
 * Pure functions: no I/O, no clock.
 */

/** Meta's standard events. */
export const META_EVENT_NAMES: Record<PixelEventName, string> = {
  purchase: 'Purchase',
  add_to_cart: 'AddToCart',
  view_content: 'ViewContent',
  initiate_checkout: 'InitiateCheckout',
  complete_registration: 'CompleteRegistration',
  search: 'Search',
}

/** TikTok's standard events (a purchase is CompletePayment there). */
export const TIKTOK_EVENT_NAMES: Record<PixelEventName, string> = {
  purchase: 'CompletePayment',
  add_to_cart: 'AddToCart',
  view_content: 'ViewContent',
  initiate_checkout: 'InitiateCheckout',
  complete_registration: 'CompleteRegistration',
  search: 'Search',
}

/** What the storefront knows about the shopper, in plain text (§3 "userData"). */
export type PixelUserInput = {
  clientIpAddress?: string | null
  clientUserAgent?: string | null
  firstName?: string | null
  lastName?: string | null
  email?: string | null
  phone?: string | null
  /** ISO 3166-1 alpha-2, any case. */
  country?: string | null
  zipCode?: string | null
}

export type NormaliseOptions = {
  /** The country a phone number without a country code is read in when the user data names none. */
  defaultCountry?: CountryCode
}

export type MetaUserData = MetaServerEventPayload['user_data']
export type TikTokUser = TikTokEventPayload['user']

const DEFAULT_COUNTRY: CountryCode = 'TH'
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_USER_AGENT = 512

/** SHA-256 of the UTF-8 bytes of a string, as lower-case hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

function present(raw: string | null | undefined): string | null {
  const value = raw?.trim()
  return value ? value : null
}

/** Both platforms: trimmed and lower-cased; null when it is not an e-mail address. */
export function normaliseEmail(raw: string | null | undefined): string | null {
  const value = present(raw)?.toLowerCase()
  return value && value.length <= 254 && EMAIL_PATTERN.test(value) ? value : null
}

function phoneCountry(country: string | null | undefined, options: NormaliseOptions): CountryCode {
  const code = present(country)?.toUpperCase()
  return code && isSupportedCountry(code) ? code : (options.defaultCountry ?? DEFAULT_COUNTRY)
}

/**
 * A phone number in E.164 (`+66812345678`): read in the given country unless it carries its own code
 * (`+…` or the international prefix `00…`). Null when it cannot be a phone number.
 */
export function toE164(
  raw: string | null | undefined,
  country?: string | null,
  options: NormaliseOptions = {},
): string | null {
  const value = present(raw)
  if (!value || value.length > 40) return null
  const international = value.replace(/^00(?=[1-9])/, '+')
  const parsed = parsePhoneNumberFromString(international, phoneCountry(country, options))
  if (parsed?.isPossible()) return parsed.number
  if (!international.startsWith('+')) return null
  // A code libphonenumber's metadata does not know: the digits as given, when they could be E.164.
  const digits = international.replace(/\D/g, '').replace(/^0+/, '')
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null
}

/** Meta `ph`: digits only, with the country code, without '+' or leading zeros ('081-234-5678', TH → '66812345678'). */
export function metaPhone(
  raw: string | null | undefined,
  country?: string | null,
  options: NormaliseOptions = {},
): string | null {
  return toE164(raw, country, options)?.slice(1) ?? null
}

/** TikTok `phone`: E.164 with the '+' ('081-234-5678', TH → '+66812345678'). */
export function tiktokPhone(
  raw: string | null | undefined,
  country?: string | null,
  options: NormaliseOptions = {},
): string | null {
  return toE164(raw, country, options)
}

/**
 * Meta `fn` / `ln`: trimmed, lower-case, punctuation removed; letters of any script stay as they are (UTF-8,
 * so Thai names keep their vowels and tone marks).
 */
export function metaName(raw: string | null | undefined): string | null {
  const value = present(raw)
  if (!value) return null
  const name = value.toLowerCase().replace(/\p{P}/gu, '').replace(/\s+/g, ' ').trim()
  return name || null
}

/** Meta `country`: the ISO 3166-1 alpha-2 code in lower case ('TH' → 'th'). */
export function metaCountry(raw: string | null | undefined): string | null {
  const value = present(raw)?.toLowerCase()
  return value && /^[a-z]{2}$/.test(value) ? value : null
}

/** Meta `zp`: lower case without spaces or dashes; a US ZIP+4 keeps its first five digits. */
export function metaZip(raw: string | null | undefined): string | null {
  const value = present(raw)?.toLowerCase().replace(/\s+/g, '')
  if (!value) return null
  const usZip = /^(\d{5})-\d{4}$/.exec(value)
  const zip = usZip ? (usZip[1] ?? '') : value.replace(/-/g, '')
  return /^[\p{L}\p{N}]{2,16}$/u.test(zip) ? zip : null
}

/** The client's IP address as given (never hashed); null when it is not one. */
export function clientIp(raw: string | null | undefined): string | null {
  const value = present(raw)
  return value && isIP(value) !== 0 ? value : null
}

/** The client's user agent as given (never hashed), cut to a sane length. */
export function clientUserAgent(raw: string | null | undefined): string | null {
  return present(raw)?.slice(0, MAX_USER_AGENT) ?? null
}

/** Meta `user_data`: contact fields normalised then hashed; IP address and user agent in the clear. */
export function metaUserData(input: PixelUserInput, options: NormaliseOptions = {}): MetaUserData {
  const email = normaliseEmail(input.email)
  const phone = metaPhone(input.phone, input.country, options)
  const firstName = metaName(input.firstName)
  const lastName = metaName(input.lastName)
  const country = metaCountry(input.country)
  const zip = metaZip(input.zipCode)
  const ip = clientIp(input.clientIpAddress)
  const userAgent = clientUserAgent(input.clientUserAgent)
  return {
    ...(email ? { em: [sha256Hex(email)] } : {}),
    ...(phone ? { ph: [sha256Hex(phone)] } : {}),
    ...(firstName ? { fn: sha256Hex(firstName) } : {}),
    ...(lastName ? { ln: sha256Hex(lastName) } : {}),
    ...(country ? { country: sha256Hex(country) } : {}),
    ...(zip ? { zp: sha256Hex(zip) } : {}),
    ...(ip ? { client_ip_address: ip } : {}),
    ...(userAgent ? { client_user_agent: userAgent } : {}),
  }
}

/**
 * TikTok `user`: e-mail and phone (E.164 with '+') normalised then hashed; IP address and user agent in the
 * clear. Names, country and zip code are not sent: they are not among the Events API 2.0 web `user` fields
 * this adapter relies on (email, phone, external_id, ttp, ttclid, ip, user_agent).
 */
export function tiktokUser(input: PixelUserInput, options: NormaliseOptions = {}): TikTokUser {
  const email = normaliseEmail(input.email)
  const phone = tiktokPhone(input.phone, input.country, options)
  const ip = clientIp(input.clientIpAddress)
  const userAgent = clientUserAgent(input.clientUserAgent)
  return {
    ...(email ? { email: sha256Hex(email) } : {}),
    ...(phone ? { phone: sha256Hex(phone) } : {}),
    ...(ip ? { ip } : {}),
    ...(userAgent ? { user_agent: userAgent } : {}),
  }
}

function upperCurrency(data: Record<string, unknown>): Record<string, unknown> {
  return typeof data.currency === 'string' ? { ...data, currency: data.currency.trim().toUpperCase() } : data
}

/** Meta `custom_data`: as given, with an ISO 4217 currency in upper case. */
export function metaCustomData(customData: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return customData ? upperCurrency(customData) : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * TikTok `properties` from Meta-style custom data: `search_string` becomes `query`, `contents` items
 * `{ id, quantity, item_price }` become `{ content_id, quantity, price }`, bare `content_ids` become contents;
 * value, currency (upper case), content_type, order_id and any other key pass through.
 */
export function tiktokProperties(customData: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!customData) return undefined
  const { search_string: searchString, content_ids: contentIds, contents, ...rest } = upperCurrency(customData)
  const properties: Record<string, unknown> = { ...rest }
  if (typeof searchString === 'string' && properties.query === undefined) properties.query = searchString
  if (Array.isArray(contents)) {
    properties.contents = contents.map((item: unknown) => {
      if (!isRecord(item)) return item
      const { id, item_price: itemPrice, ...other } = item
      return {
        ...other,
        ...(id !== undefined && other.content_id === undefined ? { content_id: String(id) } : {}),
        ...(itemPrice !== undefined && other.price === undefined ? { price: itemPrice } : {}),
      }
    })
  } else if (Array.isArray(contentIds)) {
    properties.contents = contentIds.map((id: unknown) => ({ content_id: String(id) }))
  }
  return properties
}
