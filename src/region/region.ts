/** Location info (§3): where the shopper is, and so which currency the shop shows (§9). */
export type CurrencyCode = 'thb' | 'usd'

export type RegionInfo = {
  country: string
  countryCode: string
  ISOCurrencyCode: CurrencyCode
  ISOCurrencySymbol: string
  clientIp: string
  loaded: boolean
}

export const HOME_COUNTRY = 'TH'

/** The fallback when the lookup fails (§4): Thailand, th, thb, the baht sign. */
export const DEFAULT_REGION: RegionInfo = {
  country: 'Thailand',
  countryCode: HOME_COUNTRY,
  ISOCurrencyCode: 'thb',
  ISOCurrencySymbol: '฿',
  clientIp: '',
  loaded: false,
}

/** Cookie that caches the visitor's country once looked up, or as the shopper chose it. */
export const REGION_COOKIE = 'store_region'

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1'
}

/** THB in Thailand, USD everywhere else (§9). */
export function currencyForCountry(countryCode: string): CurrencyCode {
  return countryCode === HOME_COUNTRY ? 'thb' : 'usd'
}

export function regionForCountry(countryCode: string, clientIp: string): RegionInfo {
  const currency = currencyForCountry(countryCode)
  let country: string
  try {
    country = countryNames.of(countryCode) ?? countryCode
  } catch {
    country = countryCode
  }
  return {
    country,
    countryCode,
    ISOCurrencyCode: currency,
    ISOCurrencySymbol: currency === 'thb' ? '฿' : '$',
    clientIp,
    loaded: true,
  }
}

/** Country headers set by common CDNs in front of the shop. */
export const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
  'x-country-code',
] as const

/** The visitor's country: the cached cookie, else a CDN header; null when neither says. */
export function countryFromRequest(headers: Headers, cachedCookie: string | null): string | null {
  if (isCountryCode(cachedCookie)) return cachedCookie
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase()
    if (isCountryCode(value)) return value
  }
  return null
}
