import type { LocaleCode } from '~/config/constants'
import { SHIPPING_COUNTRIES, type ShippingCountry } from './shipping-countries'

export { SHIPPING_COUNTRIES, type ShippingCountry } from './shipping-countries'

const shippingCountries: ReadonlySet<string> = new Set(SHIPPING_COUNTRIES)

/** Narrows a (trimmed, upper-case) string to a country we ship to, e.g. for a country field read from a form. */
export function isShippingCountry(code: string): code is ShippingCountry {
  return shippingCountries.has(code)
}

/**
 * Country names in Thai and English. A fixed table rather than `Intl.DisplayNames`: the platforms' CLDR data
 * differ (Node says 'เขตปกครองพิเศษฮ่องกงแห่งสาธารณรัฐประชาชนจีน' where Chromium says 'ฮ่องกง'), and a name
 * rendered on the server must be the one the browser renders, or the page fails to hydrate.
 */
const COUNTRY_NAMES: Readonly<Record<ShippingCountry, readonly [th: string, en: string]>> = {
  TH: ['ไทย', 'Thailand'],
  SG: ['สิงคโปร์', 'Singapore'],
  MY: ['มาเลเซีย', 'Malaysia'],
  ID: ['อินโดนีเซีย', 'Indonesia'],
  PH: ['ฟิลิปปินส์', 'Philippines'],
  VN: ['เวียดนาม', 'Vietnam'],
  KH: ['กัมพูชา', 'Cambodia'],
  LA: ['ลาว', 'Laos'],
  MM: ['เมียนมา', 'Myanmar'],
  BN: ['บรูไน', 'Brunei'],
  JP: ['ญี่ปุ่น', 'Japan'],
  KR: ['เกาหลีใต้', 'South Korea'],
  CN: ['จีน', 'China'],
  HK: ['ฮ่องกง', 'Hong Kong'],
  MO: ['มาเก๊า', 'Macao'],
  TW: ['ไต้หวัน', 'Taiwan'],
  IN: ['อินเดีย', 'India'],
  AU: ['ออสเตรเลีย', 'Australia'],
  NZ: ['นิวซีแลนด์', 'New Zealand'],
  US: ['สหรัฐอเมริกา', 'United States'],
  CA: ['แคนาดา', 'Canada'],
  GB: ['สหราชอาณาจักร', 'United Kingdom'],
  IE: ['ไอร์แลนด์', 'Ireland'],
  FR: ['ฝรั่งเศส', 'France'],
  DE: ['เยอรมนี', 'Germany'],
  IT: ['อิตาลี', 'Italy'],
  ES: ['สเปน', 'Spain'],
  PT: ['โปรตุเกส', 'Portugal'],
  NL: ['เนเธอร์แลนด์', 'Netherlands'],
  BE: ['เบลเยียม', 'Belgium'],
  LU: ['ลักเซมเบิร์ก', 'Luxembourg'],
  CH: ['สวิตเซอร์แลนด์', 'Switzerland'],
  AT: ['ออสเตรีย', 'Austria'],
  SE: ['สวีเดน', 'Sweden'],
  DK: ['เดนมาร์ก', 'Denmark'],
  NO: ['นอร์เวย์', 'Norway'],
  FI: ['ฟินแลนด์', 'Finland'],
  AE: ['สหรัฐอาหรับเอมิเรตส์', 'United Arab Emirates'],
  SA: ['ซาอุดีอาระเบีย', 'Saudi Arabia'],
  QA: ['กาตาร์', 'Qatar'],
}

/** The country's name in the shopper's language; a code of no country we ship to is shown as it is. */
export function countryName(code: string, locale: LocaleCode): string {
  const upper = code.toUpperCase()
  if (!isShippingCountry(upper)) return code
  const [th, en] = COUNTRY_NAMES[upper]
  return locale === 'th' ? th : en
}

/**
 * International calling codes (without '+') of the countries we ship to, as libphonenumber's metadata has them
 * (src/domain/countries.test.ts compares the two): a fixed table, so the forms that show a country code beside the
 * phone field do not bring the phone-number library into a page's first load (issue 29, item 24).
 */
const CALLING_CODES: Readonly<Record<ShippingCountry, string>> = {
  TH: '66',
  SG: '65',
  MY: '60',
  ID: '62',
  PH: '63',
  VN: '84',
  KH: '855',
  LA: '856',
  MM: '95',
  BN: '673',
  JP: '81',
  KR: '82',
  CN: '86',
  HK: '852',
  MO: '853',
  TW: '886',
  IN: '91',
  AU: '61',
  NZ: '64',
  US: '1',
  CA: '1',
  GB: '44',
  IE: '353',
  FR: '33',
  DE: '49',
  IT: '39',
  ES: '34',
  PT: '351',
  NL: '31',
  BE: '32',
  LU: '352',
  CH: '41',
  AT: '43',
  SE: '46',
  DK: '45',
  NO: '47',
  FI: '358',
  AE: '971',
  SA: '966',
  QA: '974',
}

/** The international calling code (without '+') shown beside the phone field, e.g. '66' for TH. */
export function callingCode(code: ShippingCountry): string
export function callingCode(code: string): string | null
export function callingCode(code: string): string | null {
  const upper = code.toUpperCase()
  return isShippingCountry(upper) ? CALLING_CODES[upper] : null
}
