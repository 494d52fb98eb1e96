/*
 * The member's query-key prefixes, read as `import * as accountKeys from '~/account/account.keys'`. The session is
 * keyed under ['session'] and everything of the member under ['account', …], so logging in or out resets both with
 * two calls. Each query's own key is written once, in its queryOptions beside its server function
 * (`[...accountKeys.all, 'membership']`), and read from there (`membershipQuery().queryKey`).
 *
 * Only prefixes, as constants: the shell's queries (session, wishlist) import this module, which puts it in every
 * first load whole, where factories for every member page's key cost about 0.1 KB brotli (measured).
 */
export const session = ['session'] as const
export const all = ['account'] as const
/** Every language and currency of the wishlist: what a change to it invalidates. */
export const wishlists = [...all, 'wishlist'] as const
