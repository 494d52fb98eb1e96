/*
 * The cart's query-key prefix, read as `import * as cartKeys from '~/cart/cart.keys'`: every cart query starts with
 * it (`[...cartKeys.all, lang, currency]`, in cartQuery), so one invalidation reaches all of them.
 */
export const all = ['cart'] as const
