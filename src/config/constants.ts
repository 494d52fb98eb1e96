import { LANGUAGE_CODES } from '~/domain/languages'

/** Settings the browser may know too: kept free of zod so that it stays out of the pages' JavaScript. */
export const LANGUAGE_STRATEGIES = ['prefix_except_default', 'prefix', 'no_prefix'] as const
export type LanguageStrategy = (typeof LANGUAGE_STRATEGIES)[number]

export const LOCALE_CODES = LANGUAGE_CODES
export type LocaleCode = (typeof LOCALE_CODES)[number]

/** `demo`: simulated payments and the outbox, said on every page; `live`: real providers only (docs/decisions/015). */
export const SHOP_MODES = ['demo', 'live'] as const
export type ShopMode = (typeof SHOP_MODES)[number]

/** Cloudflare Turnstile, the optional bot check: its script and frames come from this origin (the CSP allows it). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'
/** The widget's script, for explicit rendering (`turnstile.render`). */
export const TURNSTILE_SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`
/** Cloudflare's Siteverify endpoint, which checks a widget token with the secret key. */
export const TURNSTILE_SITEVERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`

/** What the browser may know of the configuration: never a secret. */
export type PublicConfig = {
  siteUrl: string
  storeKey: string
  gtmId: string | null
  liffId: string | null
  /** Whether a LINE Login channel is configured (the login screen shows its button). */
  lineLogin: boolean
  liffIdChatbot: string | null
  /** The LINE Official Account's basic id (@…) offered as a friend inside LINE; null when none. */
  lineOfficialAccount: string | null
  languageStrategy: LanguageStrategy
  defaultLocale: LocaleCode
  secureCookies: boolean
  /** Demo or live: a demo shop says so on every page. */
  mode: ShopMode
  /** Whether /dev/outbox exists (demo mode, no real delivery): the demo notice links to it. */
  outbox: boolean
  /** Whether checkout offers PayPal (PayPal configured, or the demo's test payment page). */
  paypal: boolean
}
