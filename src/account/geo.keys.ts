import type { LocaleCode } from '~/i18n/locales'

/*
 * Thailand's provinces, districts, sub-districts and postcodes per language, the same for everyone (a logout keeps
 * them); read as `import * as geoKeys from '~/account/geo.keys'`.
 */
export const all = ['geo', 'th'] as const
export const provinces = (lang: LocaleCode) => [...all, 'provinces', lang] as const
export const districts = (lang: LocaleCode, province: string) => [...all, 'districts', lang, province] as const
export const subDistricts = (lang: LocaleCode, province: string, district: string) =>
  [...all, 'sub-districts', lang, province, district] as const
export const postcode = (lang: LocaleCode, code: string) => [...all, 'postcode', lang, code] as const
