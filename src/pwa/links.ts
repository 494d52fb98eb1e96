import type { LocaleCode } from '~/i18n/locales'

/**
 * What every page's head says of the installable shop (docs/decisions/032). A module of its own, without the
 * manifest's messages: the root route's head runs in the browser too, and its code is in every first load.
 */
export const MANIFEST_PATH = '/manifest.webmanifest'
/** One manifest per language, named by `?lang=`: a page links the one of its own language. */
export const manifestHref = (locale: LocaleCode) => `${MANIFEST_PATH}?lang=${locale}`
/** The icon iOS puts on a home screen (it reads no manifest icons). */
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png'
/** The brand's palette (src/styles/app.css): ink on paper. The header is black, so is the installed app's bar. */
export const THEME_COLOR = '#000000'
export const BACKGROUND_COLOR = '#ffffff'
