import type { Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'

/** The cart's query keys: every cart query starts with cartKeys.all, so one invalidation reaches all of them. */
export const cartKeys = {
  all: ['cart'] as const,
  of: (lang: LocaleCode, currency: Currency) => [...cartKeys.all, lang, currency] as const,
}
