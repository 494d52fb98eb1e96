import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { BRAND_NAME } from '~/brand'
import { isLocaleCode, LOCALES, type LocaleCode } from '~/i18n/locales'
import type { PathStrategy } from '~/i18n/paths'
import { routePath, type RouteTarget } from '~/routing/links'
import { BACKGROUND_COLOR, THEME_COLOR } from './links'

/** The icons drawn by scripts/icons.ts, in public/icons. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const

const DESCRIPTION = msg`Clothing, bags, shoes, accessories and jewelry from Bangkok.`
const NEW_ARRIVALS = msg`New arrivals`
const CART = msg`Cart`
const WISHLIST = msg`Wishlist`

/** The language a manifest request asks for: a known `lang`, else the shop's default. */
export function manifestLocale(requested: string | null, defaultLocale: LocaleCode): LocaleCode {
  return isLocaleCode(requested) ? requested : defaultLocale
}

/**
 * The web app manifest of one language: what an installed shop is called and where it opens. The id is the same in
 * both languages (one app, whichever page it was installed from); it opens on the home page of that language.
 */
export function webManifest(i18n: I18n, locale: LocaleCode, paths: PathStrategy) {
  const path = (target: RouteTarget): string => routePath(target, { ...paths, lang: locale })
  return {
    id: '/',
    name: BRAND_NAME,
    short_name: BRAND_NAME,
    description: i18n._(DESCRIPTION),
    lang: LOCALES[locale].iso,
    dir: 'ltr',
    start_url: path({ to: '/' }),
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['shopping', 'lifestyle'],
    icons: MANIFEST_ICONS,
    shortcuts: [
      { name: i18n._(NEW_ARRIVALS), url: path({ to: '/product', search: { tag: 'new' } }) },
      { name: i18n._(CART), url: path({ to: '/cart' }) },
      { name: i18n._(WISHLIST), url: path({ to: '/wishlist' }) },
    ],
  }
}
