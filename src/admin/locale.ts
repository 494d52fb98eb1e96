import { LANGUAGE_CODES } from '~/domain/languages'

/** The back office's languages: the shop's (Thai, the default, unprefixed; English under /en). */
export type AdminLocale = (typeof LANGUAGE_CODES)[number]

/** The locale of an unprefixed /admin path. */
export const ADMIN_DEFAULT_LOCALE: AdminLocale = 'th'

/** The app's base path per language: its router's basepath, and what the server answers with the app's page. */
export const ADMIN_BASEPATHS: Record<AdminLocale, string> = { th: '/admin', en: '/en/admin' }

/** Each language's name in that language: the language switch offers the other one by its own name. */
export const ADMIN_LANGUAGE_NAMES: Record<AdminLocale, string> = { th: 'ไทย', en: 'English' }

/** Where a path is in the back office: its language and the router's basepath; null outside the back office. */
export type AdminPlace = { locale: AdminLocale; basepath: string }

/**
 * The language of a back-office path, from the path alone (decision 177): /admin and /admin/… are Thai, /en/admin and
 * /en/admin/… English. /administrator, /admin-assets/… or /th/admin are not the back office.
 */
export function adminPlaceOf(pathname: string): AdminPlace | null {
  for (const locale of LANGUAGE_CODES) {
    const basepath = ADMIN_BASEPATHS[locale]
    if (pathname === basepath || pathname.startsWith(`${basepath}/`)) return { locale, basepath }
  }
  return null
}

/**
 * The same screen in the other language: `pathname` (a back-office path) with its base changed to `locale`'s, the
 * query kept. A path outside the back office goes to the other language's home.
 */
export function adminPathIn(locale: AdminLocale, pathname: string, search = ''): string {
  const place = adminPlaceOf(pathname)
  const rest = place ? pathname.slice(place.basepath.length) : ''
  return `${ADMIN_BASEPATHS[locale]}${rest}${place ? search : ''}`
}

/**
 * The router's rewrite (as the shop's language rewrite, decision 001): the basepath taken off a URL on the way in, put
 * back on the way out, the home being the basepath itself (/admin, not /admin/, which a basepath option would write).
 */
export function adminRewrite(basepath: string) {
  return {
    input: ({ url }: { url: URL }) => {
      if (url.pathname === basepath || url.pathname.startsWith(`${basepath}/`)) {
        url.pathname = url.pathname.slice(basepath.length) || '/'
      }
      return url
    },
    output: ({ url }: { url: URL }) => {
      url.pathname = url.pathname === '/' ? basepath : `${basepath}${url.pathname}`
      return url
    },
  }
}

/** The language a language switch offers: the one that is not shown. */
export function otherAdminLocale(locale: AdminLocale): AdminLocale {
  return locale === 'th' ? 'en' : 'th'
}
