import type { Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'

/*
 * The cart's query keys, read as `import * as cartKeys from '~/cart/cart.keys'`: every cart query starts with
 * cartKeys.all, so one invalidation reaches all of them.
 */
export const all = ['cart'] as const
export const of = (lang: LocaleCode, currency: Currency) => [...all, lang, currency] as const
