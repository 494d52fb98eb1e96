import { z } from 'zod/mini'
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

export const bootSchema = z.object({
  locale: z.enum(LOCALE_CODES),
  defaultLocale: z.enum(LOCALE_CODES),
  config: z.object({
    siteUrl: z.string(),
    storeKey: z.string(),
    gtmId: z.nullable(z.string()),
    liffId: z.nullable(z.string()),
    liffIdChatbot: z.nullable(z.string()),
    lineOfficialAccount: z.nullable(z.string()),
    lineLogin: z.boolean(),
    languageStrategy: z.enum(LANGUAGE_STRATEGIES),
    defaultLocale: z.enum(LOCALE_CODES),
    secureCookies: z.boolean(),
    mode: z.enum(SHOP_MODES),
    outbox: z.boolean(),
    paypal: z.boolean(),
  }),
  region: z.object({
    country: z.string(),
    countryCode: z.string(),
    ISOCurrencyCode: z.enum(['thb', 'usd']),
    ISOCurrencySymbol: z.string(),
    clientIp: z.string(),
    loaded: z.boolean(),
  }),
  abVariant: z.enum(['A', 'B']),
  consent: z.nullable(z.object({ accepted: z.boolean(), ga: z.boolean(), ad: z.boolean() })),
  buildId: z.string(),
})

/** The part of the boot state the server writes into the page for the browser. */
export function serializeBootState(state: BootState): string {
  const { nonce: _nonce, refererPath: _referer, ...rest } = state
  // Escape '<' so that the JSON can never close its script element.
  return JSON.stringify({ ...rest, region: { ...rest.region, clientIp: '' } }).replace(/</g, '\\u003c')
}
