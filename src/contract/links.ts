import type { Lang } from './catalog'

/**
 * The storefront's pages that the product API links to (decision 144): where payment providers send shoppers back,
 * the links of the order e-mails and LINE messages, the page its own fallback pages lead to. The API knows no route
 * of the storefront and no language strategy: the host that mounts it (src/server/api-app.server.ts) passes these,
 * written by the storefront's typed link helper (src/routing/links.ts). Every URL is absolute.
 */
export interface StorefrontLinks {
  /** The shop's home page in a language. */
  home(lang: Lang): string
  /** The page of an order in a language (its status, payment and tax invoice). */
  order(number: string, lang: Lang): string
  /** The shop's terms and conditions in a language. */
  terms(lang: Lang): string
  /** The page of a member's data download (issue 33 item 2): the e-mailed link with its token. */
  privacyExport(token: string, lang: Lang): string
}
