import { describe, expect, it } from 'vitest'
import { LIVE_ENV } from './live-env.fixture'
import { providerRows, startupReport } from './modes'
import { parseEnv } from './schema'

const LIVE = {
  ...LIVE_ENV,
  LINE_CHANNEL_ID: '1234567890',
  LINE_CHANNEL_SECRET: 'line-channel-secret',
  LINE_MESSAGING_ACCESS_TOKEN: 'line-messaging-token-0123456789',
  META_PIXEL_ID: '123456789',
  META_CAPI_ACCESS_TOKEN: 'meta-capi-token-0123456789',
  TIKTOK_PIXEL_CODE: 'TIKTOK123',
  TIKTOK_EVENTS_ACCESS_TOKEN: 'tiktok-events-token-0123456789',
  GTM_ID: 'GTM-AB12CD3',
  TURNSTILE_SITE_KEY: '0x4AAAAAAABkMYinukE8nzYS',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAABkMYinukE8nzYS-turnstile-secret',
  TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/turnstile/v0/siteverify',
  PAYPAL_CLIENT_ID: 'AcLoopbackClientId0123456789abcdef',
  PAYPAL_CLIENT_SECRET: 'ELoopbackPaypalSecret0123456789abcdef',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
  SLIPOK_BRANCH_ID: '41234',
  SLIPOK_API_KEY: 'slipok-secret-key-0123456789',
  THAILAND_POST_API_TOKEN: 'thailand-post-token-0123456789',
}

const states = (source: Record<string, string>) =>
  Object.fromEntries(providerRows(parseEnv(source)).map((row) => [row.provider, row.state]))

describe('the start-up table of providers', () => {
  it('shows the demo’s outside providers as simulated or off, and says the mode', () => {
    expect(states({})).toEqual({
      'SMS codes': 'simulated',
      'E-mail (codes, orders)': 'simulated',
      'Card payments': 'simulated',
      PayPal: 'simulated',
      'Bank transfer, PromptPay': 'simulated',
      'LINE Login': 'off',
      'LINE messaging': 'off',
      'Meta Conversions API': 'off',
      'TikTok Events API': 'off',
      'Google Tag Manager': 'off',
      // Not an outside provider: the shop's own proof of work is real in the demo too.
      'Bot check (account forms)': 'live',
      'Tax invoices (seller)': 'simulated',
      'Transfer slips': 'simulated',
      'Parcel tracking': 'simulated',
    })
    const report = startupReport(parseEnv({}))
    expect(report.split('\n')[0]).toMatch(/^Mode: demo \(SHOP_MODE=demo\): payments are simulated.*\/dev\/outbox/)
    // One header line and one line per provider.
    expect(report.split('\n')).toHaveLength(1 + 1 + 14)
    expect(report).toMatch(/SMS codes +simulated +outbox at \/dev\/outbox/)
    expect(report).toMatch(/Bot check \(account forms\) +live +proof of work \(ALTCHA, self-hosted\)/)
  })

  it('shows every provider live in a complete live configuration, and holds no secret', () => {
    const rows = states(LIVE)
    expect(Object.values(rows).every((state) => state === 'live')).toBe(true)
    const report = startupReport(parseEnv(LIVE))
    expect(report.split('\n')[0]).toMatch(/^Mode: live \(SHOP_MODE=live\)/)
    expect(report).toMatch(/E-mail \(codes, orders\) +live +SMTP \(127\.0\.0\.1:2525\)/)
    expect(report).toMatch(/Bot check \(account forms\) +live +Turnstile \(127\.0\.0\.1:9\)/)
    expect(report).toMatch(/PayPal +live +PayPal Orders API \(api-m\.paypal\.com\)/)
    expect(report).toMatch(/Transfer slips +live +SlipOK \(api\.slipok\.com\)/)
    // Live without SlipOK trusts no slip: every one waits for staff.
    const { SLIPOK_BRANCH_ID: _branch, SLIPOK_API_KEY: _key, ...withoutSlipOk } = LIVE
    expect(states(withoutSlipOk)['Transfer slips']).toBe('off')
    for (const secret of [
      'PaypalSecret',
      'mail-password',
      'sms-secret-value',
      'sk_live_',
      'whsec_',
      'operator-token',
      'line-channel-secret',
      'token-0123456789',
      'turnstile-secret',
      'slipok-secret',
      'thailand-post-token',
    ]) {
      expect(report).not.toContain(secret)
    }
  })

  it('says OPERATOR_TOKEN is deprecated while it is set, with what replaces it, and never its value', () => {
    expect(startupReport(parseEnv(LIVE))).not.toMatch(/OPERATOR_TOKEN/)
    const report = startupReport(parseEnv({ ...LIVE, OPERATOR_TOKEN: 'legacy-secret-0123456789abcdef' }))
    expect(report.split('\n').at(-1)).toMatch(/^Deprecated: OPERATOR_TOKEN is set\..*npm run staff:api-key/)
    expect(report).not.toContain('legacy-secret')
  })

  it('shows the closed channel as off when only one channel is real in demo mode', () => {
    const rows = providerRows(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }))
    expect(rows.find((row) => row.provider === 'SMS codes')).toMatchObject({
      state: 'off',
      detail: expect.stringMatching(/outbox is closed/) as unknown,
    })
    expect(rows.find((row) => row.provider === 'E-mail (codes, orders)')?.state).toBe('live')
    expect(startupReport(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).not.toContain('/dev/outbox')
  })

  it('shows PayPal: the test page in the demo, the sandbox when configured, off without it where no test page is', () => {
    const paypal = (source: Record<string, string>) =>
      providerRows(parseEnv(source)).find((row) => row.provider === 'PayPal')
    const app = {
      PAYPAL_CLIENT_ID: 'AcLoopbackClientId0123456789abcdef',
      PAYPAL_CLIENT_SECRET: 'ELoopbackPaypalSecret0123456789abcdef',
      PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
    }
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123' }
    expect(paypal({})).toEqual({ provider: 'PayPal', state: 'simulated', detail: 'built-in test payment page' })
    expect(paypal(app)).toEqual({
      provider: 'PayPal',
      state: 'simulated',
      detail: 'PayPal sandbox (api-m.sandbox.paypal.com)',
    })
    expect(paypal(stripe)).toMatchObject({ state: 'off' })
    const { PAYPAL_CLIENT_ID: _id, PAYPAL_CLIENT_SECRET: _secret, PAYPAL_WEBHOOK_ID: _webhook, ...liveWithout } = LIVE
    expect(paypal(liveWithout)).toEqual({
      provider: 'PayPal',
      state: 'off',
      detail: 'not offered: no PayPal app configured',
    })
  })

  it('calls Stripe in test mode simulated', () => {
    const rows = states({ STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123' })
    expect(rows['Card payments']).toBe('simulated')
  })

  it('shows Turnstile, and calls Cloudflare’s test secret keys simulated', () => {
    const real = {
      TURNSTILE_SITE_KEY: '0x4AAAAAAABkMYinukE8nzYS',
      TURNSTILE_SECRET_KEY: '0x4AAAAAAABkMYinukE8nzYS-secret',
    }
    expect(providerRows(parseEnv(real)).find((row) => row.provider === 'Bot check (account forms)')).toEqual({
      provider: 'Bot check (account forms)',
      state: 'live',
      detail: 'Turnstile (challenges.cloudflare.com)',
    })
    const dummy = {
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    }
    expect(providerRows(parseEnv(dummy)).find((row) => row.provider === 'Bot check (account forms)')).toMatchObject({
      state: 'simulated',
      detail: expect.stringMatching(/^Turnstile with a Cloudflare test secret key/) as unknown,
    })
  })
})
