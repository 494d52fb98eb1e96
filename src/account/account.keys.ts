import type { Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'

/*
 * The member's query keys, read as `import * as accountKeys from '~/account/account.keys'`. The session is keyed
 * under ['session'] and everything of the member under ['account', …], so logging in or out resets both with two
 * calls. Each member query's own key is written once, in its queryOptions beside its server function
 * (`[...accountKeys.all, 'membership']`), and read from there (`membershipQuery().queryKey`); only the keys the
 * shell needs are here: this module is in every first load, and the bundler keeps a module whole.
 */
export const session = ['session'] as const
export const all = ['account'] as const
/** Every language and currency of the wishlist: what a change to it invalidates. */
export const wishlists = () => [...all, 'wishlist'] as const
export const wishlist = (lang: LocaleCode, currency: Currency) => [...wishlists(), lang, currency] as const
