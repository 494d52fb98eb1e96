import type { BootState } from '~/boot-state'
import { localizePath } from '~/i18n/paths'

/**
 * A shop path the back office wrote (a home page hero's or a menu link's: relative, checked by the admin API) as the
 * href of a plain link in the shopper's language: `/collection/linen` is `/en/collection/linen` in English.
 */
export function shopHref(path: string, boot: BootState): string {
  const url = new URL(path, 'https://shop.invalid')
  const pathname = localizePath(url.pathname, boot.locale, {
    strategy: boot.config.languageStrategy,
    defaultLocale: boot.defaultLocale,
  })
  return `${pathname}${url.search}${url.hash}`
}
