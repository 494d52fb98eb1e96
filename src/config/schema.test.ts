import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv, toPublicConfig } from './schema'

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
  ])('a bad %s stops start-up with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError)
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`))
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
        'secureCookies',
        'siteUrl',
        'storeKey',
      ].sort(),
    )
  })
})
