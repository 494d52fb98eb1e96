import { z } from 'zod'
import { SELLER } from '~/brand'
import { DEFAULT_SMS_COUNTRIES, SMS_SENDS_PER_COUNTRY_PER_HOUR, SMS_SENDS_PER_HOUR } from '~/domain/otp'
import { STAFF_CODES_PER_IP_PER_HOUR } from '~/domain/staff-permissions'
import { isBranchNumber, validThaiTaxId } from '~/domain/tax-invoice'

import { LANGUAGE_STRATEGIES, LOCALE_CODES, SHOP_MODES, TURNSTILE_SITEVERIFY_URL, type PublicConfig } from './constants'
import {
  UNPAID_ORDERS_CHALLENGE_FROM,
  UNPAID_ORDERS_PER_CONNECTION,
  UNPAID_ORDERS_PER_CONTACT,
  UNPAID_UNITS_PER_SIZE,
} from '~/domain/unpaid-holds'

export { LANGUAGE_STRATEGIES, LOCALE_CODES, SHOP_MODES }
export type { LanguageStrategy, LocaleCode, PublicConfig, ShopMode } from './constants'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

/** Log levels, most to least severe (pino's names); `silent` writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

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

/** The demo shop's bank account and PromptPay id: defaults for the demo, refused in live mode. */
export const DEMO_BANK_ACCOUNT_NUMBER = '000-0-00000-0'
export const DEMO_PROMPTPAY_ID = '0812345678'

/**
 * Cloudflare's dummy Turnstile keys (developers.cloudflare.com/turnstile/troubleshooting/testing/): a digit, `x`,
 * zeros and two capitals, such as the site key 1x00000000000000000000AA or the secret key
 * 1x0000000000000000000000000000000AA. A dummy secret key accepts any token (or none), so live mode refuses them.
 */
export function isTurnstileTestKey(key: string): boolean {
  return /^\dx0{20,}[A-Z]{2}$/.test(key)
}

/**
 * The seller on the demo shop's tax invoices (docs/decisions/104): a made-up company whose tax ID passes the check
 * digit. Live mode refuses to start without the shop's own SELLER_* values.
 */
export const DEMO_SELLER = {
  name: `${SELLER.legalName.th} (${SELLER.legalName.en})`,
  address: `${SELLER.address.th} (${SELLER.address.en})`,
  taxId: SELLER.taxId,
  branch: SELLER.branch,
} as const

const turnstileKey = (what: string) =>
  z.string().regex(/^[A-Za-z0-9_-]{10,200}$/, `a Turnstile ${what} such as 0x4AAAAAAA… (letters, digits, - and _)`)

/** The environment variables the store reads, each with its documented default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * `demo` (default): simulated payments, one-time codes in the outbox, said on every page. `live`: refuses to
   * start unless real SMS and e-mail delivery, a live card gateway, an operator token, an https SITE_URL and
   * secure cookies are set; nothing of the demo (outbox, test payment page) is reachable. See docs/decisions/015.
   */
  SHOP_MODE: z.enum(SHOP_MODES).default('demo'),
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
  /** The basic id of the shop's LINE Official Account (@…): inside LINE, a shopper who is not its friend is offered it. */
  LINE_OFFICIAL_ACCOUNT_ID: z
    .string()
    .regex(/^@[a-z0-9._-]{3,20}$/, 'a basic id such as @myshop')
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
  /** Behind a proxy or CDN: read the visitor's IP from X-Forwarded-For (otherwise the socket's). */
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * Least severity written to the logs (JSON lines on stdout, one per request): `info` logs every page, API and
   * server-function request; `debug` adds static files and health checks; `warn` or `error` only problems.
   */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** This instance's name in every log line (e.g. app-1 behind a load balancer); default `{hostname}:{PORT}`. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits, . _ : - (at most 64)')
    .optional(),
  /** E-mail of one-time codes over SMTP, e.g. smtps://user:password@smtp.example.com:465; empty = outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of those e-mails. */
  MAIL_FROM: z.string().min(3).default('Atelier Siam <no-reply@localhost>'),
  /** SMS of one-time codes: the outbox (local default) or ThaiBulkSMS (needs the SMS_API_* values). */
  SMS_PROVIDER: z.enum(['outbox', 'thaibulksms']).default('outbox'),
  SMS_API_URL: origin.optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_API_SECRET: z.string().min(1).optional(),
  SMS_SENDER: z.string().min(1).max(11).optional(),
  /** LINE Login channel (both or neither); without it the LINE button is not shown. */
  LINE_CHANNEL_ID: z
    .string()
    .regex(/^\d{6,}$/, 'the numeric channel id')
    .optional(),
  LINE_CHANNEL_SECRET: z.string().min(8).optional(),
  LINE_AUTH_URL: origin.default('https://access.line.me'),
  LINE_API_URL: origin.default('https://api.line.me'),
  /** Codes one IP may have sent per hour; the captcha is asked from two thirds of it. */
  OTP_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Back-office sign-in codes one IP may ask for per hour (issue 31; a shop's staff share an office's address). */
  STAFF_CODE_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(STAFF_CODES_PER_IP_PER_HOUR),
  /**
   * PBKDF2 rounds per step of the proof-of-work bot check (ALTCHA, issue 15): a browser does about 2,000 steps, so
   * the default costs a phone about a second; the server checks a solution in one step.
   */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  /** The longest wait of a connection after wrong codes: 1 s after the third, doubling (the browser tests shorten it). */
  OTP_SLOW_DOWN_MAX_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Seconds before another code may go to the same phone or e-mail (the browser tests shorten it). */
  /** Card payments through Stripe Checkout (both or neither); without them the built-in test provider. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'a Stripe secret key sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'a Stripe webhook secret whsec_…')
    .optional(),
  STRIPE_API_URL: origin.default('https://api.stripe.com'),
  /**
   * PayPal through its Orders v2 API (all three or none): the REST app's client id and secret, and the id of the
   * webhook registered for …/payments/paypal/webhook. Without them PayPal goes to the built-in test page in the demo
   * and is not offered in live mode (docs/decisions/102).
   */
  PAYPAL_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "the REST app's client id (letters, digits, - and _)")
    .optional(),
  PAYPAL_CLIENT_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "the REST app's secret (letters, digits, - and _)")
    .optional(),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Z0-9]{8,40}$/, 'the webhook id PayPal shows, such as 8PT597110X687430LKGECATA')
    .optional(),
  /** Default the sandbox (https://api-m.sandbox.paypal.com) in demo mode, https://api-m.paypal.com in live mode. */
  PAYPAL_API_URL: origin.optional(),
  /** LINE Messaging API channel access token: order updates to members linked to LINE. */
  LINE_MESSAGING_ACCESS_TOKEN: z.string().min(20).optional(),
  /**
   * The same Messaging API channel's secret: LINE's webhook (…/line/webhook) is checked with it, and staff link their
   * LINE accounts for back-office alerts by sending it a code (decision 186). Without it, no linking.
   */
  LINE_MESSAGING_CHANNEL_SECRET: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'the channel secret LINE shows: 32 hexadecimal digits')
    .optional(),
  /** THB per USD at which USD orders count towards VIP and VVIP. */
  USD_TO_THB_RATE: z.coerce.number().int().min(1).max(1000).default(35),
  /** Meta Conversions API (both or neither): purchase and cart events from the server, after consent. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{6,20}$/, 'the numeric pixel id')
    .optional(),
  META_CAPI_ACCESS_TOKEN: z.string().min(20).optional(),
  META_API_URL: origin.default('https://graph.facebook.com'),
  /** TikTok Events API (both or neither). */
  TIKTOK_PIXEL_CODE: z.string().min(6).max(40).optional(),
  TIKTOK_EVENTS_ACCESS_TOKEN: z.string().min(20).optional(),
  TIKTOK_API_URL: origin.default('https://business-api.tiktok.com'),
  /**
   * Cloudflare Turnstile as the bot check of the account forms instead of the self-hosted proof of work (both or
   * neither). Cloudflare's dummy keys are for tests: live mode refuses them.
   */
  TURNSTILE_SITE_KEY: turnstileKey('site key').optional(),
  TURNSTILE_SECRET_KEY: turnstileKey('secret key').optional(),
  /** Where widget tokens are checked (Cloudflare's Siteverify). */
  TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).default(TURNSTILE_SITEVERIFY_URL),
  /**
   * Deprecated (decision 174): the old shared token of the back-office calls (`/operator/…`). While set it still works,
   * as a manager, audited as `operator-token`; API keys (`npm run staff:api-key`) replace it.
   */
  OPERATOR_TOKEN: z.string().min(24, 'at least 24 characters').optional(),
  /** The brand's account for bank transfers, and its PromptPay id (mobile or 13-digit tax id). */
  BANK_NAME: z.string().min(2).default('Kasikornbank'),
  /** The bank's Thai name for Thai readers; a bank of src/domain/thai-banks.ts needs none. */
  BANK_NAME_TH: z.string().min(2).optional(),
  BANK_ACCOUNT_NAME: z.string().min(2).default(SELLER.legalName.en),
  /** The account holder's Thai name for Thai readers (default: the company's Thai name with the default holder). */
  BANK_ACCOUNT_NAME_TH: z.string().min(2).optional(),
  BANK_ACCOUNT_NUMBER: z.string().min(4).default(DEMO_BANK_ACCOUNT_NUMBER),
  PROMPTPAY_ID: z
    .string()
    .regex(/^(0[689]\d{8}|\d{13})$/, 'a Thai mobile number or a 13-digit tax id')
    .default(DEMO_PROMPTPAY_ID),
  /**
   * A bank transfer order is kept this many minutes (default 24 hours), reminded once this many minutes before the
   * deadline (default 6 hours; at half time when the window is shorter), then cancelled with its stock released.
   * The deadline job looks every PAYMENT_DEADLINE_CHECK_SECONDS. The window may be a fraction of a minute, from a
   * tenth (6 s): the browser test of a deadline passing while the shop is down waits seconds, not a minute (the rule
   * is tested at its 24 hours in tests/integration/payment-deadlines.test.ts).
   */
  BANK_TRANSFER_PAY_WITHIN_MINUTES: z.coerce
    .number()
    .min(0.1)
    .max(30 * 24 * 60)
    .default(24 * 60),
  BANK_TRANSFER_REMIND_MINUTES_BEFORE: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60)
    .default(6 * 60),
  PAYMENT_DEADLINE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often every instance makes and sends the staff's LINE alerts and looks for orders late to ship (issue 31). */
  STAFF_ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** How often every instance switches the sales planned ahead whose start or end has come (issue 32 item 4). */
  PRICE_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /**
   * SlipOK's slip verification (issue 31 item 6, https://slipok.com): the branch id and API key of its console. Both
   * or neither; without them the demo trusts a slip's QR (labelled demo) and live mode sends every slip to review.
   */
  SLIPOK_BRANCH_ID: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,40}$/)
    .optional(),
  SLIPOK_API_KEY: z.string().min(8).optional(),
  SLIPOK_API_URL: origin.default('https://api.slipok.com'),
  /**
   * Where the back office's pictures are kept (issue 32 item 2, decision 194): an S3-compatible bucket (AWS S3, MinIO,
   * Cloudflare R2…) when MEDIA_S3_BUCKET is set, with its keys (all or none); otherwise files under DATA_DIR/media.
   * MEDIA_S3_ENDPOINT for a bucket not on AWS (then path-style addressing unless MEDIA_S3_PATH_STYLE=false).
   */
  MEDIA_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  MEDIA_S3_ENDPOINT: origin.optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/)
    .default('auto'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(3).max(256).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(8).max(256).optional(),
  MEDIA_S3_PATH_STYLE: booleanFlag.optional(),
  /**
   * What unpaid orders may hold (issue 29, decision 038): orders per connection and per e-mail or telephone
   * at a time. The browser tests raise both (every test comes from 127.0.0.1 with the same telephone); the
   * integration tests keep the shop's values.
   */
  UNPAID_ORDERS_PER_CONNECTION: z.coerce.number().int().min(1).max(100_000).default(UNPAID_ORDERS_PER_CONNECTION),
  UNPAID_ORDERS_PER_CONTACT: z.coerce.number().int().min(1).max(100_000).default(UNPAID_ORDERS_PER_CONTACT),
  /** Unpaid orders a connection may hold before the next one needs the bot check. */
  UNPAID_ORDERS_CHALLENGE_FROM: z.coerce.number().int().min(0).max(100_000).default(UNPAID_ORDERS_CHALLENGE_FROM),
  /** Units of one size unpaid orders of a connection or contact may hold together. */
  UNPAID_UNITS_PER_SIZE: z.coerce.number().int().min(1).max(100_000).default(UNPAID_UNITS_PER_SIZE),
  /**
   * The shared cache of public pages (home, listings, product pages, search, information pages; issue 18): its
   * size in MiB (0 turns it off) and the longest a page is kept, even when no change to the catalog was notified.
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * The seller on full tax invoices (Revenue Code §86/4): registered name, address, 13-digit tax ID and branch
   * (00000 = head office, else the branch's five digits). Demo values when unset in demo mode; required in live mode.
   */
  SELLER_NAME: z.string().min(2).max(200).optional(),
  SELLER_ADDRESS: z.string().min(10).max(400).optional(),
  SELLER_TAX_ID: z
    .string()
    .refine(validThaiTaxId, 'a 13-digit Thai tax ID with its check digit')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .optional(),
  SELLER_BRANCH: z
    .string()
    .refine(isBranchNumber, 'five digits: 00000 for the head office, else the branch number')
    .optional(),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Countries whose telephones get one-time codes by SMS, comma-separated ISO codes (SMS pumping costs money);
   * a shopper with another country's number is offered e-mail instead.
   */
  SMS_COUNTRIES: z
    .string()
    .transform((text) => text.split(',').map((code) => code.trim().toUpperCase()))
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO country codes such as TH,SG')).min(1))
    .default([...DEFAULT_SMS_COUNTRIES]),
  /** Codes by SMS per hour over all countries, and to any one country; past either, codes go by e-mail only. */
  SMS_HOURLY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(SMS_SENDS_PER_HOUR),
  SMS_COUNTRY_HOURLY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(SMS_SENDS_PER_COUNTRY_PER_HOUR),
  /** Thailand Post's Track & Trace API (issue 31 item 8): the API token of track.thailandpost.co.th; none: no tracking
   * in live mode, the demo carrier in demo mode. */
  THAILAND_POST_API_TOKEN: z.string().min(20).optional(),
  THAILAND_POST_API_URL: origin.default('https://trackapi.thailandpost.co.th'),
  /** The secret in the tracking webhook's address (/api/admin/{store}/webhooks/thailand-post/{key}); none: no webhook. */
  THAILAND_POST_WEBHOOK_KEY: z.string().min(24).max(200).optional(),
})

export type Env = z.infer<typeof envSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Variables whose value is never printed, not even in a refusal (credentials and tokens). */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'SMS_API_KEY',
  'SMS_API_SECRET',
  'LINE_CHANNEL_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'LINE_MESSAGING_ACCESS_TOKEN',
  'LINE_MESSAGING_CHANNEL_SECRET',
  'META_CAPI_ACCESS_TOKEN',
  'TIKTOK_EVENTS_ACCESS_TOKEN',
  'OPERATOR_TOKEN',
  'TURNSTILE_SECRET_KEY',
  'SLIPOK_API_KEY',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'THAILAND_POST_API_TOKEN',
  'THAILAND_POST_WEBHOOK_KEY',
])

/** PayPal's REST hosts (https://developer.paypal.com/api/rest/requests/): the defaults of PAYPAL_API_URL. */
export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com'
export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com'

function hostOfUrl(url: string): string | null {
  try {
    return new URL(url).hostname
  } catch {
    return null
  }
}

/** PayPal's live API (api-m.paypal.com, or the older api.paypal.com). */
export function isPaypalLiveUrl(url: string): boolean {
  const host = hostOfUrl(url)
  return host === 'api-m.paypal.com' || host === 'api.paypal.com'
}

/** PayPal's sandbox (api-m.sandbox.paypal.com, or the older api.sandbox.paypal.com). */
export function isPaypalSandboxUrl(url: string): boolean {
  const host = hostOfUrl(url)
  return host === 'api-m.sandbox.paypal.com' || host === 'api.sandbox.paypal.com'
}

/** Settings that only make sense together. */
function crossChecks(env: Env, ctx: z.RefinementCtx) {
  const issue = (name: keyof Env, message: string) => ctx.addIssue({ code: 'custom', path: [name], message })
  const live = env.SHOP_MODE === 'live'
  if (live && env.SMS_PROVIDER !== 'thaibulksms') {
    issue('SMS_PROVIDER', 'must be a real SMS provider (thaibulksms) in live mode, not the outbox')
  }
  if (env.SMS_PROVIDER === 'thaibulksms' || live) {
    for (const name of ['SMS_API_KEY', 'SMS_API_SECRET', 'SMS_SENDER'] as const) {
      if (!env[name])
        issue(name, live ? 'required in live mode (ThaiBulkSMS)' : 'required when SMS_PROVIDER=thaibulksms')
    }
  }
  if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
    const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'
    issue(missing, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together')
  }
  const paypalSet = [env.PAYPAL_CLIENT_ID, env.PAYPAL_CLIENT_SECRET, env.PAYPAL_WEBHOOK_ID].filter(Boolean).length
  if (paypalSet > 0 && paypalSet < 3) {
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) {
      if (!env[name]) issue(name, 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID go together')
    }
  }
  const paypalUrl = typeof env.PAYPAL_API_URL === 'string' ? env.PAYPAL_API_URL : ''
  if (!live && isPaypalLiveUrl(paypalUrl)) {
    issue('PAYPAL_API_URL', "PayPal's live API takes real money: use the sandbox in demo mode, or SHOP_MODE=live")
  }
  if (live && isPaypalSandboxUrl(paypalUrl)) {
    issue('PAYPAL_API_URL', "must not be PayPal's sandbox in live mode (sandbox payments are not real)")
  }
  if (!env.LINE_CHANNEL_ID !== !env.LINE_CHANNEL_SECRET) {
    const missing = env.LINE_CHANNEL_ID ? 'LINE_CHANNEL_SECRET' : 'LINE_CHANNEL_ID'
    issue(missing, 'LINE_CHANNEL_ID and LINE_CHANNEL_SECRET go together')
  }
  if (!env.SLIPOK_BRANCH_ID !== !env.SLIPOK_API_KEY) {
    issue(
      env.SLIPOK_BRANCH_ID ? 'SLIPOK_API_KEY' : 'SLIPOK_BRANCH_ID',
      'SLIPOK_BRANCH_ID and SLIPOK_API_KEY go together',
    )
  }
  const mediaSet = [env.MEDIA_S3_BUCKET, env.MEDIA_S3_ACCESS_KEY_ID, env.MEDIA_S3_SECRET_ACCESS_KEY].filter(Boolean)
  if ((mediaSet.length > 0 || env.MEDIA_S3_ENDPOINT) && mediaSet.length < 3) {
    // A half-configured bucket would keep pictures on one machine's disk while the operator thinks they are shared.
    for (const name of ['MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) issue(name, 'MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together')
    }
  }
  if (!env.TURNSTILE_SITE_KEY !== !env.TURNSTILE_SECRET_KEY) {
    const missing = env.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY'
    issue(
      missing,
      'TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together (or neither: the self-hosted proof of work)',
    )
  }
  const stripeKey = typeof env.STRIPE_SECRET_KEY === 'string' ? env.STRIPE_SECRET_KEY : ''
  if (!live) {
    // Every demo page says that payments are simulated: a key that takes real money would make that a lie.
    if (stripeKey.startsWith('sk_live_')) {
      issue('STRIPE_SECRET_KEY', 'a live key takes real money: use an sk_test_ key in demo mode, or SHOP_MODE=live')
    }
    return
  }
  // Live mode (docs/decisions/015): every problem is named at once, so that one restart fixes them all.
  if (!env.SMTP_URL) issue('SMTP_URL', 'required in live mode: codes and order e-mails go out over SMTP')
  if (!stripeKey) issue('STRIPE_SECRET_KEY', 'required in live mode: a live Stripe key sk_live_…')
  else if (!stripeKey.startsWith('sk_live_')) {
    issue('STRIPE_SECRET_KEY', 'must be a live key sk_live_… in live mode (sk_test_ takes test payments)')
  }
  if (!env.STRIPE_WEBHOOK_SECRET) issue('STRIPE_WEBHOOK_SECRET', 'required in live mode: the webhook signing secret')
  if (typeof env.SITE_URL !== 'string' || !env.SITE_URL.startsWith('https://')) {
    issue('SITE_URL', 'must be an https:// URL in live mode')
  }
  if (env.TURNSTILE_SECRET_KEY && isTurnstileTestKey(env.TURNSTILE_SECRET_KEY)) {
    issue('TURNSTILE_SECRET_KEY', "must be the widget's own secret key in live mode, not one of Cloudflare's test keys")
  }
  if (env.TURNSTILE_SITE_KEY && isTurnstileTestKey(env.TURNSTILE_SITE_KEY)) {
    issue('TURNSTILE_SITE_KEY', "must be the widget's own site key in live mode, not one of Cloudflare's test keys")
  }
  if (!env.SECURE_COOKIES) issue('SECURE_COOKIES', 'must be true in live mode (the shop is served over HTTPS)')
  if (env.BANK_ACCOUNT_NUMBER === DEMO_BANK_ACCOUNT_NUMBER) {
    issue('BANK_ACCOUNT_NUMBER', "must be the shop's own account in live mode, not the demo one")
  }
  if (env.PROMPTPAY_ID === DEMO_PROMPTPAY_ID) {
    issue('PROMPTPAY_ID', "must be the shop's own PromptPay id in live mode, not the demo one")
  }
  // Tax invoices name the seller (docs/decisions/104): never the demo company on a real shopper's invoice.
  if (!env.SELLER_NAME) issue('SELLER_NAME', "required in live mode: the seller's registered name on tax invoices")
  if (!env.SELLER_ADDRESS) issue('SELLER_ADDRESS', "required in live mode: the seller's address on tax invoices")
  if (!env.SELLER_TAX_ID) issue('SELLER_TAX_ID', "required in live mode: the seller's 13-digit tax ID")
  else if (env.SELLER_TAX_ID === DEMO_SELLER.taxId) {
    issue('SELLER_TAX_ID', "must be the shop's own tax ID in live mode, not the demo one")
  }
  if (!env.SELLER_BRANCH) issue('SELLER_BRANCH', 'required in live mode: 00000 for the head office, else the branch')
}

/** What a refusal shows of a value: secrets are never printed. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return 'not set'
  return SECRET_VARIABLES.has(name) ? 'set, value hidden' : `got ${JSON.stringify(value)}`
}

/**
 * Parses the environment; bad values throw one ConfigError naming every variable at fault (one line each),
 * including, with SHOP_MODE=live, every missing or unsafe setting.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
  const result = envSchema.superRefine(crossChecks).safeParse(cleaned)
  if (!result.success) {
    const seen = new Set<string>()
    const lines: string[] = []
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'environment')
      if (seen.has(name)) continue
      seen.add(name)
      lines.push(`  ${name}: ${issue.message} (${shownValue(name, cleaned[name])})`)
    }
    const live = cleaned.SHOP_MODE === 'live'
    const heading = live
      ? 'Live mode (SHOP_MODE=live) refuses to start; set or fix every variable below:'
      : 'Invalid configuration:'
    throw new ConfigError(`${heading}\n${lines.join('\n')}`)
  }
  return result.data
}

/** Whether SMS codes go out through a real provider (ThaiBulkSMS with its keys). */
export function realSms(env: Env): boolean {
  return env.SMS_PROVIDER === 'thaibulksms' && Boolean(env.SMS_API_KEY && env.SMS_API_SECRET && env.SMS_SENDER)
}

/** Whether e-mail goes out through a real SMTP server. */
export function realEmail(env: Env): boolean {
  return Boolean(env.SMTP_URL)
}

/**
 * The outbox (/dev/outbox, page and API) exists only in demo mode while no channel delivers for real: with one
 * real channel, whoever reads the outbox would read the other channel's codes of real members (fail closed).
 */
export function outboxEnabled(env: Env): boolean {
  return env.SHOP_MODE === 'demo' && !realSms(env) && !realEmail(env)
}

/** The built-in test payment page exists only in demo mode without a card gateway. */
export function testPaymentsEnabled(env: Env): boolean {
  return env.SHOP_MODE === 'demo' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
}

/** Whether PayPal's Orders API is configured (client id, secret and webhook id). */
export function paypalEnabled(env: Env): boolean {
  return Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID)
}

/** The PayPal API the shop calls: PAYPAL_API_URL, else the sandbox in demo mode and the live API in live mode. */
export function paypalApiUrl(env: Env): string {
  return env.PAYPAL_API_URL ?? (env.SHOP_MODE === 'live' ? PAYPAL_LIVE_URL : PAYPAL_SANDBOX_URL)
}

/**
 * Whether checkout offers PayPal: through PayPal when configured, or on the built-in test page where that page exists
 * (the demo without a card gateway). Never through the test page in live mode, where it does not exist.
 */
export function paypalOffered(env: Env): boolean {
  return paypalEnabled(env) || testPaymentsEnabled(env)
}

export type SellerDetails = { name: string; address: string; taxId: string; branch: string }

/** The seller on tax invoices: the configured SELLER_* values, the demo company for what demo mode leaves unset. */
export function sellerDetails(env: Env): SellerDetails {
  return {
    name: env.SELLER_NAME ?? DEMO_SELLER.name,
    address: env.SELLER_ADDRESS ?? DEMO_SELLER.address,
    taxId: env.SELLER_TAX_ID ?? DEMO_SELLER.taxId,
    branch: env.SELLER_BRANCH ?? DEMO_SELLER.branch,
  }
}

/** Whether the account forms use Cloudflare Turnstile (both keys set) instead of the self-hosted proof of work. */
export function turnstileEnabled(env: Env): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY)
}

export function toPublicConfig(env: Env): PublicConfig {
  return {
    siteUrl: env.SITE_URL,
    storeKey: env.STORE_KEY,
    gtmId: env.GTM_ID ?? null,
    liffId: env.LIFF_ID ?? null,
    lineLogin: Boolean(env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET),
    liffIdChatbot: env.LIFF_ID_CHATBOT ?? null,
    lineOfficialAccount: env.LINE_OFFICIAL_ACCOUNT_ID ?? null,
    languageStrategy: env.LANGUAGE_STRATEGY,
    defaultLocale: env.DEFAULT_LOCALE,
    secureCookies: env.SECURE_COOKIES,
    mode: env.SHOP_MODE,
    outbox: outboxEnabled(env),
    paypal: paypalOffered(env),
  }
}
