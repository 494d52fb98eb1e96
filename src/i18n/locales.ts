import { LOCALE_CODES, type LocaleCode } from '~/config/constants'

export { LOCALE_CODES, type LocaleCode }

/** A locale entry (§3, §9): code, its BCP 47 tag and its label. */
export type LocaleEntry = {
  code: LocaleCode
  iso: string
  label: string
}

export const LOCALES: Record<LocaleCode, LocaleEntry> = {
  th: { code: 'th', iso: 'th-TH', label: 'Thailand' },
  en: { code: 'en', iso: 'en-US', label: 'English' },
}

/** The cookie that remembers the shopper's language (§9). */
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as ReadonlyArray<string>).includes(value)
}
