import { z } from 'zod'

import { LANGUAGE_STRATEGIES, LOCALE_CODES, type PublicConfig } from './constants'

export { LANGUAGE_STRATEGIES, LOCALE_CODES }
export type { LanguageStrategy, LocaleCode, PublicConfig } from './constants'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const hostList = z.array(z.string().min(1))

/** Per-locale domains (§3 locale entry): when configured, the host decides the language. */
export const localeDomainsSchema = z.partialRecord(
  z.enum(LOCALE_CODES),
  z.object({
    domain: z.string().min(1).optional(),
    domains: hostList.optional(),
    defaultForDomains: hostList.optional(),
    domainDefault: z.boolean().optional(),
  }),
)

const jsonText = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be valid JSON' })
    return z.NEVER
  }
})

const origin = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''))

/** The environment variables the store reads, each with its documented default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Public origin of the shop, used for canonical links, hreflang and sitemaps. */
  SITE_URL: origin.default('http://localhost:3000'),
  /** Key of this store in the product API: {API_URL}/public/{STORE_KEY}. */
  STORE_KEY: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and hyphens')
    .default('demo'),
  /** Base URL of the product API; empty means the API mounted in this server. */
  API_URL: origin.optional(),
  /** Base URL of the analytics (pixel) API; empty means the one in this server. */
  ANALYTICS_URL: origin.optional(),
  /** Google Tag Manager container id; without it no tag manager is loaded. */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'a container id such as GTM-ABC1234')
    .optional(),
  /** LINE LIFF app ids: the normal one and the one used when ?channel=chatbot. */
  LIFF_ID: z
    .string()
    .regex(/^\d{6,}-[A-Za-z0-9]{6,}$/, 'a LIFF id such as 1234567890-AbCdEfGh')
    .optional(),
  LIFF_ID_CHATBOT: z
    .string()
    .regex(/^\d{6,}-[A-Za-z0-9]{6,}$/, 'a LIFF id such as 1234567890-AbCdEfGh')
    .optional(),
  /** Where the language goes in the path (§2, §9). */
  LANGUAGE_STRATEGY: z.enum(LANGUAGE_STRATEGIES).default('prefix_except_default'),
  DEFAULT_LOCALE: z.enum(LOCALE_CODES).default('th'),
  /** JSON of per-locale domains, e.g. {"en":{"domain":"shop.example.com"}}. */
  LOCALE_DOMAINS: jsonText.pipe(localeDomainsSchema).optional(),
  /** Where the embedded database (PGlite) and the image cache live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL instead of the embedded database: postgres://user:password@host:5432/db */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'a postgres:// connection URL')
    .optional(),
  /** Secure cookies, HSTS and __Host- names: on when served over HTTPS. */
  SECURE_COOKIES: booleanFlag.default(false),
})

export type Env = z.infer<typeof envSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment; a bad value throws a message naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      return `  ${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return result.data
}

export function toPublicConfig(env: Env): PublicConfig {
  return {
    siteUrl: env.SITE_URL,
    storeKey: env.STORE_KEY,
    gtmId: env.GTM_ID ?? null,
    liffId: env.LIFF_ID ?? null,
    liffIdChatbot: env.LIFF_ID_CHATBOT ?? null,
    languageStrategy: env.LANGUAGE_STRATEGY,
    defaultLocale: env.DEFAULT_LOCALE,
    secureCookies: env.SECURE_COOKIES,
  }
}
