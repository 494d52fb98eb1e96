import type { StorefrontLinks } from '~/contract/links'
import { routeUrl, type LinkSite } from './links'

/**
 * The storefront's links as the product API takes them (~/contract/links), written by the typed helper: the same
 * URLs as the pages' own links, in every language strategy.
 */
export function storefrontLinks(site: Omit<LinkSite, 'lang'>): StorefrontLinks {
  return {
    home: (lang) => routeUrl({ to: '/' }, { ...site, lang }),
    order: (number, lang) => routeUrl({ to: '/order/$number', params: { number } }, { ...site, lang }),
    terms: (lang) => routeUrl({ to: '/terms-and-conditions' }, { ...site, lang }),
    privacyExport: (token, lang) => routeUrl({ to: '/my-data/$token', params: { token } }, { ...site, lang }),
  }
}
