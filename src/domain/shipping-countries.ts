/**
 * ISO 3166-1 alpha-2 codes of the countries the brand ships to, Thailand first (the home market and the
 * default of the address form), then ASEAN, East and South Asia, Oceania, North America, Europe and the Gulf.
 * A module of its own, without the phone-number library of countries.ts: product pages name these destinations in
 * their structured data.
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
