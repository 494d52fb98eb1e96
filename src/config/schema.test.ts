import { describe, expect, it } from 'vitest'
import { LIVE_ENV } from './live-env.fixture'
import {
  ConfigError,
  isTurnstileTestKey,
  outboxEnabled,
  DEMO_SELLER,
  parseEnv,
  paypalApiUrl,
  paypalEnabled,
  paypalOffered,
  sellerDetails,
  testPaymentsEnabled,
  toPublicConfig,
  turnstileEnabled,
} from './schema'

describe('parseEnv', () => {
  it('has documented defaults for every variable', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      SITE_URL: 'http://localhost:3000',
      STORE_KEY: 'demo',
      LANGUAGE_STRATEGY: 'prefix_except_default',
      DEFAULT_LOCALE: 'th',
      SECURE_COOKIES: false,
      LOG_LEVEL: 'info',
    })
    expect(env.GTM_ID).toBeUndefined()
    expect(env.INSTANCE_ID).toBeUndefined()
  })

  it('reads values and treats empty ones as unset', () => {
    const env = parseEnv({
      SITE_URL: 'https://shop.example.com/',
      GTM_ID: 'GTM-AB12CD3',
      LIFF_ID: '',
      LANGUAGE_STRATEGY: 'no_prefix',
      SECURE_COOKIES: 'true',
      LOCALE_DOMAINS: '{"en":{"domain":"shop.com"}}',
    })
    expect(env.SITE_URL).toBe('https://shop.example.com')
    expect(env.LIFF_ID).toBeUndefined()
    expect(env.SECURE_COOKIES).toBe(true)
    expect(env.LOCALE_DOMAINS).toEqual({ en: { domain: 'shop.com' } })
  })

  it.each([
    ['SITE_URL', 'not a url'],
    ['LANGUAGE_STRATEGY', 'prefix_and_default'],
    ['GTM_ID', 'UA-1234'],
    ['LIFF_ID', 'abc'],
    ['SECURE_COOKIES', 'maybe'],
    ['STORE_KEY', 'Bad Key!'],
    ['LOCALE_DOMAINS', '{not json'],
    ['LOCALE_DOMAINS', '{"fr":{"domain":"x"}}'],
    ['LOG_LEVEL', 'verbose'],
    ['INSTANCE_ID', 'app 1'],
    ['TURNSTILE_VERIFY_URL', 'challenges.cloudflare.com/turnstile/v0/siteverify'],
    ['TURNSTILE_SITE_KEY', '0x4AAA <script>'],
  ])('a bad %s stops start-up with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError)
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`))
  })

  it('keeps a bank transfer order 24 hours by default; a window may be a fraction of a minute (a test server), never under 6 s', () => {
    expect(parseEnv({}).BANK_TRANSFER_PAY_WITHIN_MINUTES).toBe(24 * 60)
    expect(parseEnv({ BANK_TRANSFER_PAY_WITHIN_MINUTES: '0.2' }).BANK_TRANSFER_PAY_WITHIN_MINUTES).toBe(0.2)
    expect(parseEnv({ BANK_TRANSFER_PAY_WITHIN_MINUTES: '90' }).BANK_TRANSFER_PAY_WITHIN_MINUTES).toBe(90)
    for (const value of ['0', '0.05', '-1', String(30 * 24 * 60 + 1), 'soon']) {
      expect(() => parseEnv({ BANK_TRANSFER_PAY_WITHIN_MINUTES: value }), value).toThrow(
        /BANK_TRANSFER_PAY_WITHIN_MINUTES/,
      )
    }
  })

  it('refuses half a LINE channel and an SMS provider without its keys, naming the variables', () => {
    expect(() => parseEnv({ LINE_CHANNEL_ID: '1234567890' })).toThrow(/LINE_CHANNEL_SECRET/)
    expect(() => parseEnv({ SMS_PROVIDER: 'thaibulksms', SMS_API_KEY: 'k' })).toThrow(/SMS_API_SECRET[\s\S]*SMS_SENDER/)
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
    const config = toPublicConfig(parseEnv({ LINE_CHANNEL_ID: '1234567890', LINE_CHANNEL_SECRET: 'a-secret-value' }))
    expect(config.lineLogin).toBe(true)
    expect(JSON.stringify(config)).not.toContain('a-secret-value')
  })

  it('gives the browser no secret', () => {
    const config = toPublicConfig(parseEnv({ GTM_ID: 'GTM-AB12CD3' }))
    expect(Object.keys(config).sort()).toEqual(
      [
        'defaultLocale',
        'gtmId',
        'languageStrategy',
        'liffId',
        'liffIdChatbot',
        'lineLogin',
        'lineOfficialAccount',
        'mode',
        'outbox',
        'paypal',
        'secureCookies',
        'siteUrl',
        'storeKey',
      ].sort(),
    )
  })
})

const LIVE = LIVE_ENV

/** Every variable the refusal of a bare SHOP_MODE=live names. */
const LIVE_REQUIRED = [
  'SMS_PROVIDER',
  'SMS_API_KEY',
  'SMS_API_SECRET',
  'SMS_SENDER',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SITE_URL',
  'SECURE_COOKIES',
  'BANK_ACCOUNT_NUMBER',
  'PROMPTPAY_ID',
  'SELLER_NAME',
  'SELLER_ADDRESS',
  'SELLER_TAX_ID',
  'SELLER_BRANCH',
]

function refusal(source: Record<string, string>): string {
  try {
    parseEnv(source)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).message
  }
  throw new Error('parseEnv accepted the configuration')
}

/** Cloudflare's documented dummy keys (developers.cloudflare.com/turnstile/troubleshooting/testing/). */
const TURNSTILE_TEST_SITE_KEYS = [
  '1x00000000000000000000AA',
  '2x00000000000000000000AB',
  '1x00000000000000000000BB',
  '2x00000000000000000000BB',
  '3x00000000000000000000FF',
]
const TURNSTILE_TEST_SECRET_KEYS = [
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
]
const TURNSTILE = {
  TURNSTILE_SITE_KEY: '0x4AAAAAAABkMYinukE8nzYS',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAABkMYinukE8nzYS-secret_0123',
}

describe('Turnstile settings', () => {
  it('are off by default, with Cloudflare’s Siteverify as the default URL', () => {
    const env = parseEnv({})
    expect(turnstileEnabled(env)).toBe(false)
    expect(env.TURNSTILE_VERIFY_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify')
  })

  it('turn Turnstile on with both keys, and never give the browser the secret key', () => {
    const env = parseEnv({ ...TURNSTILE, TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/turnstile/v0/siteverify' })
    expect(turnstileEnabled(env)).toBe(true)
    expect(env.TURNSTILE_VERIFY_URL).toBe('http://127.0.0.1:9/turnstile/v0/siteverify')
    expect(JSON.stringify(toPublicConfig(env))).not.toContain(TURNSTILE.TURNSTILE_SECRET_KEY)
  })

  it('refuse one key without the other, naming the missing one', () => {
    expect(refusal({ TURNSTILE_SITE_KEY: TURNSTILE.TURNSTILE_SITE_KEY })).toMatch(
      /^ {2}TURNSTILE_SECRET_KEY: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together/m,
    )
    const message = refusal({ TURNSTILE_SECRET_KEY: TURNSTILE.TURNSTILE_SECRET_KEY })
    expect(message).toMatch(/^ {2}TURNSTILE_SITE_KEY: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together/m)
    expect(message).not.toContain(TURNSTILE.TURNSTILE_SECRET_KEY)
  })

  it('accept Cloudflare’s test keys in demo mode', () => {
    const env = parseEnv({
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    })
    expect(turnstileEnabled(env)).toBe(true)
  })

  it('know every documented test key, and no real-looking key, as a test key', () => {
    for (const key of [...TURNSTILE_TEST_SITE_KEYS, ...TURNSTILE_TEST_SECRET_KEYS])
      expect(isTurnstileTestKey(key)).toBe(true)
    expect(isTurnstileTestKey(TURNSTILE.TURNSTILE_SITE_KEY)).toBe(false)
    expect(isTurnstileTestKey(TURNSTILE.TURNSTILE_SECRET_KEY)).toBe(false)
    expect(isTurnstileTestKey('0x00000000000000000000000000000000')).toBe(false)
  })
})

const PAYPAL = {
  PAYPAL_CLIENT_ID: 'AcLoopbackClientId0123456789abcdef',
  PAYPAL_CLIENT_SECRET: 'ELoopbackClientSecret0123456789abcdef',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
}

describe('PayPal settings (docs/decisions/102)', () => {
  it('offer PayPal in the demo through the test payment page, and call PayPal’s sandbox by default', () => {
    const env = parseEnv({})
    expect(paypalEnabled(env)).toBe(false)
    expect(paypalOffered(env)).toBe(true)
    expect(toPublicConfig(env).paypal).toBe(true)
    const configured = parseEnv(PAYPAL)
    expect(paypalEnabled(configured)).toBe(true)
    expect(paypalApiUrl(configured)).toBe('https://api-m.sandbox.paypal.com')
    expect(paypalApiUrl(parseEnv({ ...PAYPAL, PAYPAL_API_URL: 'http://127.0.0.1:9/' }))).toBe('http://127.0.0.1:9')
    expect(JSON.stringify(toPublicConfig(configured))).not.toContain(PAYPAL.PAYPAL_CLIENT_SECRET)
  })

  it('do not offer PayPal in a demo with a card gateway and no PayPal app (there is no test page)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123' }
    expect(paypalOffered(parseEnv(stripe))).toBe(false)
    expect(paypalOffered(parseEnv({ ...stripe, ...PAYPAL }))).toBe(true)
  })

  it('refuse part of the three, naming each missing one and hiding the secret', () => {
    const message = refusal({ PAYPAL_CLIENT_SECRET: PAYPAL.PAYPAL_CLIENT_SECRET })
    expect(message).toMatch(
      /^ {2}PAYPAL_CLIENT_ID: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID go together/m,
    )
    expect(message).toMatch(/^ {2}PAYPAL_WEBHOOK_ID: /m)
    expect(message).not.toMatch(/^ {2}PAYPAL_CLIENT_SECRET: /m)
    expect(message).not.toContain(PAYPAL.PAYPAL_CLIENT_SECRET)
    expect(refusal({ ...PAYPAL, PAYPAL_CLIENT_SECRET: 'short secret!' })).toContain('(set, value hidden)')
    expect(refusal({ ...PAYPAL, PAYPAL_WEBHOOK_ID: 'wh-lower' })).toMatch(/PAYPAL_WEBHOOK_ID: the webhook id/)
  })

  it('refuse PayPal’s live API in demo mode, where every page says payments are simulated', () => {
    for (const url of ['https://api-m.paypal.com', 'https://api.paypal.com/']) {
      expect(refusal({ ...PAYPAL, PAYPAL_API_URL: url })).toMatch(/PAYPAL_API_URL: PayPal's live API takes real money/)
    }
  })

  it('in live mode: call the live API by default, refuse the sandbox, and offer PayPal only when configured', () => {
    const live = parseEnv({ ...LIVE, ...PAYPAL })
    expect(paypalApiUrl(live)).toBe('https://api-m.paypal.com')
    expect(toPublicConfig(live).paypal).toBe(true)
    const message = refusal({ ...LIVE, ...PAYPAL, PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' })
    expect(message).toMatch(/^ {2}PAYPAL_API_URL: must not be PayPal's sandbox in live mode/m)
    expect(message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(1)
    // Without a PayPal app a live shop starts, and does not offer PayPal (no test page stands in for it there).
    const without = parseEnv(LIVE)
    expect(paypalOffered(without)).toBe(false)
    expect(toPublicConfig(without).paypal).toBe(false)
  })
})

describe('SHOP_MODE', () => {
  it('is demo by default: the outbox and the test payment page exist, and the browser knows it', () => {
    const env = parseEnv({})
    expect(env.SHOP_MODE).toBe('demo')
    expect(outboxEnabled(env)).toBe(true)
    expect(testPaymentsEnabled(env)).toBe(true)
    expect(toPublicConfig(env)).toMatchObject({ mode: 'demo', outbox: true })
  })

  it('live mode without anything set refuses with one message naming every missing or unsafe variable', () => {
    const message = refusal({ SHOP_MODE: 'live' })
    expect(message).toMatch(/^Live mode \(SHOP_MODE=live\) refuses to start/)
    for (const name of LIVE_REQUIRED) expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'))
    // One line per variable, however many rules it breaks.
    expect(message.split('\n')).toHaveLength(LIVE_REQUIRED.length + 1)
  })

  it('accepts a complete live configuration: no outbox, no test payment page, no demo notice', () => {
    const env = parseEnv(LIVE)
    expect(env.SHOP_MODE).toBe('live')
    expect(outboxEnabled(env)).toBe(false)
    expect(testPaymentsEnabled(env)).toBe(false)
    expect(toPublicConfig(env)).toMatchObject({ mode: 'live', outbox: false })
  })

  it.each([
    ['SMS_PROVIDER', { SMS_PROVIDER: 'outbox' }, /SMS_PROVIDER: must be a real SMS provider/],
    ['SMS_API_KEY', { SMS_API_KEY: '' }, /SMS_API_KEY: required in live mode/],
    ['SMTP_URL', { SMTP_URL: '' }, /SMTP_URL: required in live mode/],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'sk_test_0123456789' }, /STRIPE_SECRET_KEY: must be a live key/],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: '' }, /STRIPE_WEBHOOK_SECRET: /],
    ['SITE_URL', { SITE_URL: 'http://shop.example.com' }, /SITE_URL: must be an https:\/\/ URL/],
    ['SECURE_COOKIES', { SECURE_COOKIES: 'false' }, /SECURE_COOKIES: must be true/],
    ['BANK_ACCOUNT_NUMBER', { BANK_ACCOUNT_NUMBER: '000-0-00000-0' }, /BANK_ACCOUNT_NUMBER: must be the shop's own/],
    ['PROMPTPAY_ID', { PROMPTPAY_ID: '0812345678' }, /PROMPTPAY_ID: must be the shop's own/],
  ])('live mode refuses an unsafe or missing %s alone', (name, change, pattern) => {
    const message = refusal({ ...LIVE, ...change })
    expect(message).toMatch(pattern)
    expect(message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(1)
  })

  it('accepts Turnstile with real keys in live mode; it stays optional there', () => {
    expect(turnstileEnabled(parseEnv({ ...LIVE, ...TURNSTILE }))).toBe(true)
    expect(turnstileEnabled(parseEnv(LIVE))).toBe(false)
  })

  it.each(TURNSTILE_TEST_SECRET_KEYS)('live mode refuses the Turnstile test secret key %s', (secretKey) => {
    const message = refusal({ ...LIVE, ...TURNSTILE, TURNSTILE_SECRET_KEY: secretKey })
    expect(message).toMatch(/^ {2}TURNSTILE_SECRET_KEY: must be the widget's own secret key in live mode/m)
    expect(message).not.toContain(secretKey)
    expect(message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(1)
  })

  it.each(TURNSTILE_TEST_SITE_KEYS)('live mode refuses the Turnstile test site key %s', (siteKey) => {
    const message = refusal({ ...LIVE, ...TURNSTILE, TURNSTILE_SITE_KEY: siteKey })
    expect(message).toMatch(/^ {2}TURNSTILE_SITE_KEY: must be the widget's own site key in live mode/m)
    expect(message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(1)
  })

  it('names format errors and live-mode gaps in the same message', () => {
    const message = refusal({ ...LIVE, SITE_URL: 'shop dot com', STRIPE_WEBHOOK_SECRET: '', SMTP_URL: 'http://mail' })
    expect(message).toMatch(/SITE_URL/)
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET/)
    expect(message).toMatch(/SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/)
  })

  it('never prints a secret in a refusal', () => {
    const message = refusal({ ...LIVE, STRIPE_SECRET_KEY: 'sk_test_supersecret123', SITE_URL: 'http://x.example' })
    expect(message).toContain('STRIPE_SECRET_KEY')
    expect(message).not.toContain('supersecret')
    expect(message).toContain('(set, value hidden)')
    expect(message).toContain('"http://x.example"')
  })

  it('refuses a live Stripe key in demo mode, where every page says payments are simulated', () => {
    expect(refusal({ STRIPE_SECRET_KEY: 'sk_live_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123' })).toMatch(
      /STRIPE_SECRET_KEY: a live key takes real money/,
    )
    const env = parseEnv({ STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123' })
    expect(testPaymentsEnabled(env)).toBe(false)
  })

  it('closes the outbox in demo mode as soon as one channel is real (fail closed)', () => {
    const smsOnly = parseEnv({ SMS_PROVIDER: 'thaibulksms', SMS_API_KEY: 'k', SMS_API_SECRET: 's', SMS_SENDER: 'SHOP' })
    const emailOnly = parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect(outboxEnabled(smsOnly)).toBe(false)
    expect(outboxEnabled(emailOnly)).toBe(false)
    expect(toPublicConfig(emailOnly)).toMatchObject({ mode: 'demo', outbox: false })
  })

  it('refuses an unknown mode', () => {
    expect(refusal({ SHOP_MODE: 'production' })).toMatch(/SHOP_MODE/)
  })
})

describe('the seller on tax invoices (SELLER_*)', () => {
  it('is the demo company in demo mode when unset, whose tax ID passes the check digit', () => {
    expect(sellerDetails(parseEnv({}))).toEqual(DEMO_SELLER)
    expect(DEMO_SELLER.branch).toBe('00000')
  })

  it('takes the configured values, the tax ID without its dashes', () => {
    const env = parseEnv({
      SELLER_NAME: 'บริษัท ตัวอย่าง จำกัด',
      SELLER_ADDRESS: '1 ถนนสีลม กรุงเทพมหานคร 10500',
      SELLER_TAX_ID: '1-1017-00230-70-8',
      SELLER_BRANCH: '00003',
    })
    expect(sellerDetails(env)).toEqual({
      name: 'บริษัท ตัวอย่าง จำกัด',
      address: '1 ถนนสีลม กรุงเทพมหานคร 10500',
      taxId: '1101700230708',
      branch: '00003',
    })
  })

  it('refuses a tax ID with a wrong check digit and a branch that is not five digits', () => {
    const message = refusal({ SELLER_TAX_ID: '1101700230709', SELLER_BRANCH: '1' })
    expect(message).toMatch(/^ {2}SELLER_TAX_ID: a 13-digit Thai tax ID with its check digit/m)
    expect(message).toMatch(/^ {2}SELLER_BRANCH: five digits/m)
  })

  it('refuses the demo company in live mode', () => {
    expect(refusal({ ...LIVE, SELLER_TAX_ID: DEMO_SELLER.taxId })).toMatch(
      /^ {2}SELLER_TAX_ID: must be the shop's own tax ID in live mode/m,
    )
  })
})
