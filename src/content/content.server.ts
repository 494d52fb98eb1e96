import type { LocaleCode } from '~/i18n/locales'
import { INFO_PAGES, INFO_PAGE_SLUGS, type ContentPage, type InfoPageSlug } from './info-pages'

function isInfoPageSlug(slug: string): slug is InfoPageSlug {
  return (INFO_PAGE_SLUGS as ReadonlyArray<string>).includes(slug)
}

/** A content page by its path, in one language; null when there is none. */
export function findContentPage(slug: string, locale: LocaleCode): ContentPage | null {
  return isInfoPageSlug(slug) ? INFO_PAGES[slug][locale] : null
}
