import type { AbVariant } from '~/analytics/ab'
import type { LocaleCode, PublicConfig } from '~/config/constants'
import { LANGUAGE_STRATEGIES, LOCALE_CODES, SHOP_MODES } from '~/config/constants'
import type { RegionInfo } from '~/region/region'

/**
 * What the router needs before it can render: the page's language, the public configuration and
 * the visitor's region. The server knows it from the request; the browser reads what the server
 * rendered into the page, before hydration (the hydration trap of stack.md: beforeLoad does not run
 * again on the client for hydrated matches, so the locale must not come from it).
 */
export type BootState = {
  locale: LocaleCode
  defaultLocale: LocaleCode
  config: PublicConfig
  nonce: string | null
  refererPath: string | null
  region: RegionInfo
  abVariant: AbVariant
  /** The shopper's cookie choice (null: not made yet, the banner shows). */
  consent: { accepted: boolean; ga: boolean; ad: boolean } | null
  buildId: string
}

export const BOOT_ELEMENT_ID = 'store-boot'

/** A check of one field of the boot state, or the shape of a nested object (only its fields are kept). */
type Rule = ((value: unknown) => boolean) | { readonly [key: string]: Rule }
const INVALID = Symbol('invalid')
const isString = (value: unknown) => typeof value === 'string'
const isBoolean = (value: unknown) => typeof value === 'boolean'
const among = (values: readonly unknown[]) => (value: unknown) => values.includes(value)
const orNull = (rule: (value: unknown) => boolean) => (value: unknown) => value === null || rule(value)

/** Only the known fields, each checked; INVALID when one is missing or wrong. */
function pick(value: unknown, rule: Rule): unknown {
  if (typeof rule === 'function') return rule(value) ? value : INVALID
  if (typeof value !== 'object' || value === null) return INVALID
  const result: Record<string, unknown> = {}
  for (const [key, fieldRule] of Object.entries(rule)) {
    const field = pick((value as Record<string, unknown>)[key], fieldRule)
    if (field === INVALID) return INVALID
    result[key] = field
  }
  return result
}

const CONSENT = { accepted: isBoolean, ga: isBoolean, ad: isBoolean }
const BOOT_RULES: Rule = {
  locale: among(LOCALE_CODES),
  defaultLocale: among(LOCALE_CODES),
  config: {
    siteUrl: isString,
    storeKey: isString,
    gtmId: orNull(isString),
    // In the order of toPublicConfig (src/config/schema.ts): the browser renders the boot script again from what it
    // read, and React compares that text with the server's when it hydrates.
    liffId: orNull(isString),
    lineLogin: isBoolean,
    liffIdChatbot: orNull(isString),
    lineOfficialAccount: orNull(isString),
    languageStrategy: among(LANGUAGE_STRATEGIES),
    defaultLocale: among(LOCALE_CODES),
    secureCookies: isBoolean,
    mode: among(SHOP_MODES),
    outbox: isBoolean,
    paypal: isBoolean,
  },
  region: {
    country: isString,
    countryCode: isString,
    ISOCurrencyCode: among(['thb', 'usd']),
    ISOCurrencySymbol: isString,
    clientIp: isString,
    loaded: isBoolean,
  },
  abVariant: among(['A', 'B']),
  consent: (value) => value === null || pick(value, CONSENT) !== INVALID,
  buildId: isString,
}

/**
 * The boot state the browser reads from the page, checked field by field (unknown fields left out); null when
 * it is not a boot state. Plain checks rather than a zod schema: this runs on every page (decision 026).
 */
export function parseBootState(value: unknown): Omit<BootState, 'nonce' | 'refererPath'> | null {
  const parsed = pick(value, BOOT_RULES)
  if (parsed === INVALID) return null
  const state = parsed as Omit<BootState, 'nonce' | 'refererPath'>
  const consent = state.consent === null ? null : (pick(state.consent, CONSENT) as BootState['consent'])
  return { ...state, consent }
}

/** The part of the boot state the server writes into the page for the browser. */
export function serializeBootState(state: BootState): string {
  const { nonce: _nonce, refererPath: _referer, ...rest } = state
  // Escape '<' so that the JSON can never close its script element.
  return JSON.stringify({ ...rest, region: { ...rest.region, clientIp: '' } }).replace(/</g, '\\u003c')
}
