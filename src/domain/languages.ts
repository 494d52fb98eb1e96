/** §3 the shop's languages, Thai first (the default): the storefront's locales and the API's `lang` are these. */
export const LANGUAGE_CODES = ['th', 'en'] as const
