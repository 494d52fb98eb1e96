import {
  DEMO_BANK_ACCOUNT_NUMBER,
  DEMO_PROMPTPAY_ID,
  DEMO_SELLER,
  isTurnstileTestKey,
  outboxEnabled,
  paypalApiUrl,
  paypalEnabled,
  realEmail,
  realSms,
  testPaymentsEnabled,
  turnstileEnabled,
  type Env,
} from './schema'

/** How a provider runs: for real, simulated by the shop itself, or not at all. */
export type ProviderState = 'live' | 'simulated' | 'off'

export type ProviderRow = { provider: string; state: ProviderState; detail: string }

/** The host of a URL without its credentials (SMTP URLs carry a password). */
function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'configured'
  }
}

/** The bot check of the account forms: Cloudflare Turnstile when configured, else the shop's own proof of work. */
function botCheckRow(env: Env): ProviderRow {
  const provider = 'Bot check (account forms)'
  if (!turnstileEnabled(env)) return { provider, state: 'live', detail: 'proof of work (ALTCHA, self-hosted)' }
  const host = hostOf(env.TURNSTILE_VERIFY_URL)
  // Cloudflare's dummy keys pass or fail every token whatever the shopper does (refused in live mode).
  if (isTurnstileTestKey(env.TURNSTILE_SECRET_KEY ?? '')) {
    return { provider, state: 'simulated', detail: `Turnstile with a Cloudflare test secret key (${host})` }
  }
  return { provider, state: 'live', detail: `Turnstile (${host})` }
}

/** PayPal: its Orders API (live, or the sandbox), the built-in test page in the demo, or not offered. */
function paypalRow(env: Env): ProviderRow {
  const provider = 'PayPal'
  if (paypalEnabled(env)) {
    const url = paypalApiUrl(env)
    // Live mode refuses the sandbox and demo mode the live API: a demo's other address is a stand-in (e.g. loopback).
    return env.SHOP_MODE === 'live'
      ? { provider, state: 'live', detail: `PayPal Orders API (${hostOf(url)})` }
      : { provider, state: 'simulated', detail: `PayPal sandbox (${hostOf(url)})` }
  }
  if (testPaymentsEnabled(env)) return { provider, state: 'simulated', detail: 'built-in test payment page' }
  return { provider, state: 'off', detail: 'not offered: no PayPal app configured' }
}

/**
 * Every outside provider and how it runs with this environment: the start-up log prints these rows as one
 * table (docs/decisions/080). Never holds a secret.
 */
export function providerRows(env: Env): ProviderRow[] {
  const outbox = outboxEnabled(env)
  const closedChannel = (other: string): ProviderRow['detail'] =>
    `not available: the outbox is closed while ${other} is real`
  const stripeLive = env.STRIPE_SECRET_KEY?.startsWith('sk_live_') ?? false
  const demoBank = env.BANK_ACCOUNT_NUMBER === DEMO_BANK_ACCOUNT_NUMBER || env.PROMPTPAY_ID === DEMO_PROMPTPAY_ID
  return [
    realSms(env)
      ? {
          provider: 'SMS codes',
          state: 'live',
          detail: `ThaiBulkSMS (${hostOf(env.SMS_API_URL ?? 'https://api-v2.thaibulksms.com')})`,
        }
      : outbox
        ? { provider: 'SMS codes', state: 'simulated', detail: 'outbox at /dev/outbox' }
        : { provider: 'SMS codes', state: 'off', detail: closedChannel('e-mail') },
    realEmail(env)
      ? { provider: 'E-mail (codes, orders)', state: 'live', detail: `SMTP (${hostOf(env.SMTP_URL ?? '')})` }
      : outbox
        ? { provider: 'E-mail (codes, orders)', state: 'simulated', detail: 'outbox at /dev/outbox' }
        : { provider: 'E-mail (codes, orders)', state: 'off', detail: closedChannel('SMS') },
    testPaymentsEnabled(env)
      ? { provider: 'Card payments', state: 'simulated', detail: 'built-in test payment page' }
      : stripeLive
        ? { provider: 'Card payments', state: 'live', detail: 'Stripe Checkout' }
        : { provider: 'Card payments', state: 'simulated', detail: 'Stripe Checkout in test mode (sk_test_)' },
    paypalRow(env),
    demoBank
      ? { provider: 'Bank transfer, PromptPay', state: 'simulated', detail: 'the demo account' }
      : { provider: 'Bank transfer, PromptPay', state: 'live', detail: env.BANK_NAME },
    env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET
      ? { provider: 'LINE Login', state: 'live', detail: `channel ${env.LINE_CHANNEL_ID}` }
      : { provider: 'LINE Login', state: 'off', detail: 'no channel: the LINE button is hidden' },
    env.LINE_MESSAGING_ACCESS_TOKEN
      ? {
          provider: 'LINE messaging',
          state: 'live',
          detail: env.LINE_MESSAGING_CHANNEL_SECRET
            ? 'order updates to members; staff alerts (staff link by the webhook)'
            : 'order updates to members; staff alerts off: no LINE_MESSAGING_CHANNEL_SECRET to link staff',
        }
      : {
          provider: 'LINE messaging',
          state: 'off',
          detail: env.SHOP_MODE === 'live' ? 'no access token' : 'no access token: staff alerts recorded, not sent',
        },
    env.META_PIXEL_ID && env.META_CAPI_ACCESS_TOKEN
      ? { provider: 'Meta Conversions API', state: 'live', detail: `pixel ${env.META_PIXEL_ID}` }
      : { provider: 'Meta Conversions API', state: 'off', detail: 'events recorded only' },
    env.TIKTOK_PIXEL_CODE && env.TIKTOK_EVENTS_ACCESS_TOKEN
      ? { provider: 'TikTok Events API', state: 'live', detail: `pixel ${env.TIKTOK_PIXEL_CODE}` }
      : { provider: 'TikTok Events API', state: 'off', detail: 'events recorded only' },
    env.GTM_ID
      ? { provider: 'Google Tag Manager', state: 'live', detail: `${env.GTM_ID}, after consent` }
      : { provider: 'Google Tag Manager', state: 'off', detail: 'no container' },
    botCheckRow(env),
    sellerRow(env),
    slipsRow(env),
    env.THAILAND_POST_API_TOKEN
      ? { provider: 'Parcel tracking', state: 'live', detail: 'Thailand Post Track & Trace, hourly' }
      : env.SHOP_MODE === 'demo'
        ? { provider: 'Parcel tracking', state: 'simulated', detail: 'the demo carrier delivers in two days' }
        : { provider: 'Parcel tracking', state: 'off', detail: 'no THAILAND_POST_API_TOKEN' },
  ]
}

/** Transfer slips (issue 31 item 6): SlipOK when configured; the demo's verifier trusts the QR; live trusts none. */
function slipsRow(env: Env): ProviderRow {
  const provider = 'Transfer slips'
  if (env.SLIPOK_BRANCH_ID && env.SLIPOK_API_KEY) {
    return { provider, state: 'live', detail: `SlipOK (${hostOf(env.SLIPOK_API_URL)})` }
  }
  return env.SHOP_MODE === 'live'
    ? { provider, state: 'off', detail: 'no verifier: every slip waits for staff review' }
    : { provider, state: 'simulated', detail: 'demo verifier: trusts the slip’s QR' }
}

/** The seller named on tax invoices: the shop's own SELLER_* values, or (demo only) the made-up demo company. */
function sellerRow(env: Env): ProviderRow {
  const provider = 'Tax invoices (seller)'
  if (!env.SELLER_TAX_ID || env.SELLER_TAX_ID === DEMO_SELLER.taxId) {
    return { provider, state: 'simulated', detail: 'the demo company (SELLER_* not set)' }
  }
  return { provider, state: 'live', detail: `tax ID ${env.SELLER_TAX_ID}, branch ${env.SELLER_BRANCH ?? '00000'}` }
}

/**
 * The start-up log: one line with the mode, then one table of every provider (printed once per process), and a word
 * on a deprecated setting still in use.
 */
export function startupReport(env: Env): string {
  const mode =
    env.SHOP_MODE === 'live'
      ? 'Mode: live (SHOP_MODE=live): real providers only; no outbox, no test payment page.'
      : `Mode: demo (SHOP_MODE=demo): payments are simulated${
          outboxEnabled(env) ? ' and one-time codes are kept in the outbox at /dev/outbox' : ''
        }; every page says so. Not for real shoppers.`
  const rows = providerRows(env)
  const header = { provider: 'provider', state: 'state', detail: 'detail' }
  const width = (key: 'provider' | 'state') => Math.max(...[header, ...rows].map((row) => row[key].length))
  const line = (row: { provider: string; state: string; detail: string }) =>
    `  ${row.provider.padEnd(width('provider'))}  ${row.state.padEnd(width('state'))}  ${row.detail}`
  // The old shared token of the back-office calls (decision 174): still accepted while set, and said to be on its way out.
  const deprecated = env.OPERATOR_TOKEN
    ? [
        'Deprecated: OPERATOR_TOKEN is set. It still works for /operator/… as a manager (audited as operator-token); make an API key instead (npm run staff:api-key -- --name <name> --role <role>) and unset it.',
      ]
    : []
  return [mode, line(header), ...rows.map(line), ...deprecated].join('\n')
}
