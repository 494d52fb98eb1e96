import type { Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'

/**
 * The member's query keys, one factory for every place that reads, sets, invalidates or removes them. The session
 * is keyed under ['session'] and everything of the member under ['account', …], so logging in or out resets both
 * with two calls; the geo lists are the same for everyone and survive it.
 */
export const sessionKeys = {
  all: ['session'] as const,
}

export const accountKeys = {
  all: ['account'] as const,
  membership: () => [...accountKeys.all, 'membership'] as const,
  codes: () => [...accountKeys.all, 'codes'] as const,
  addresses: () => [...accountKeys.all, 'addresses'] as const,
  challenge: () => [...accountKeys.all, 'challenge'] as const,
  quickPass: () => [...accountKeys.all, 'quick-pass'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  /** Every language and currency of the wishlist: what a change to it invalidates. */
  wishlists: () => [...accountKeys.all, 'wishlist'] as const,
  wishlist: (lang: LocaleCode, currency: Currency) => [...accountKeys.wishlists(), lang, currency] as const,
}

/** Thailand's provinces, districts, sub-districts and postcodes, per language. */
export const geoKeys = {
  all: ['geo', 'th'] as const,
  provinces: (lang: LocaleCode) => [...geoKeys.all, 'provinces', lang] as const,
  districts: (lang: LocaleCode, province: string) => [...geoKeys.all, 'districts', lang, province] as const,
  subDistricts: (lang: LocaleCode, province: string, district: string) =>
    [...geoKeys.all, 'sub-districts', lang, province, district] as const,
  postcode: (lang: LocaleCode, postcode: string) => [...geoKeys.all, 'postcode', lang, postcode] as const,
}
