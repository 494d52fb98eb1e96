import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`
/**
 * `E2E_CLUSTER=1`: the journeys tagged `@cluster` through nginx in front of two instances on PostgreSQL
 * (scripts/cluster.mjs), from an empty database; otherwise the whole suite on one built server on its embedded
 * database.
 */
const cluster = Boolean(process.env.E2E_CLUSTER)

/** Browser tests in Debian's Chromium against the built server (stack.md). */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // E2E_WORKERS sets it (CI's time, issue 30 item 8); CI's default: one a core.
  workers: Number(process.env.E2E_WORKERS) > 0 ? Number(process.env.E2E_WORKERS) : process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    // A Thai shopper by default; tests of English detection make their own context.
    locale: 'th-TH',
    // A shopper who already answered the cookie banner (denied all): the banner tests start without it.
    storageState: {
      cookies: [
        {
          name: 'cookie_consent',
          value: 'true',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
        {
          name: 'cookie_consent_prefs',
          value: encodeURIComponent(JSON.stringify({ accepted: true, ga: false, ad: false })),
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Through the cluster only the journeys tagged @cluster (sessions, carts, orders, payments, the page cache, the bot
  // check and nginx's own answers): the whole suite already ran on one server, and twice would double CI's time.
  // `E2E_CLUSTER_LATER=1` (.ci/run, whose next stage is the cluster's) leaves those journeys to the cluster: each runs
  // once in CI, on PostgreSQL behind nginx. A spec that puts itself on a phone (`test.use` with a Pixel 7) is not tagged
  // @mobile: the desktop project's run is already on the phone, and the mobile project's would be the same run again.
  projects: cluster
    ? [{ name: 'cluster', use: { ...devices['Desktop Chrome'], locale: 'th-TH' }, grep: /@cluster/ }]
    : [
        {
          name: 'desktop',
          use: { ...devices['Desktop Chrome'], locale: 'th-TH' },
          ...(process.env.E2E_CLUSTER_LATER ? { grepInvert: /@cluster/ } : {}),
        },
        { name: 'mobile', use: { ...devices['Pixel 7'], locale: 'th-TH' }, grep: /@mobile/ },
      ],
  webServer: {
    // A fresh database each run: browser tests buy stock and register members.
    command: cluster
      ? `node scripts/cluster.mjs --fresh --port ${PORT} --instances 2 --dir .e2e-cluster`
      : 'rm -rf .e2e-data && node .output/server/index.mjs',
    // Ready when the database is opened, migrated and seeded (GET /readyz, decision 014), not when the server first
    // listens: otherwise the first test of each worker waits for the seeding inside its own 30 s (and timed out on a
    // busy machine, then ran again). The cluster script waits for each instance's /readyz itself.
    url: cluster ? `${baseURL}/robots.txt` : `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: cluster ? 240_000 : 90_000,
    // The cluster stops its instances, nginx and PostgreSQL on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: 'https://shop.example.com',
      DATA_DIR: '.e2e-data',
      OPERATOR_TOKEN: 'e2e-operator-token-0123456789abcdef',
      GTM_ID: 'GTM-E2ETEST',
      // A LIFF app: the shop inside LINE starts LINE's SDK (which cannot reach LINE from here).
      LIFF_ID: '1234567890-E2eTestA',
      LINE_OFFICIAL_ACCOUNT_ID: '@e2eshop',
      // Every browser test comes from 127.0.0.1: the per-IP code limit would stop the suite, and the resend
      // cool-down is shortened so that a lock-out can be reached in seconds (both are API-tested at full value).
      OTP_IP_HOURLY_LIMIT: '100000',
      // The back office's journeys sign staff in from 127.0.0.1 too (20 codes an hour in a shop, tested in integration).
      STAFF_CODE_IP_HOURLY_LIMIT: '100000',
      // The suite registers and logs in far more members an hour than a shop's SMS caps allow (tested in integration).
      SMS_HOURLY_LIMIT: '100000',
      SMS_COUNTRY_HOURLY_LIMIT: '100000',
      OTP_RESEND_COOLDOWN_SECONDS: '2',
      // The proof-of-work check at a tenth of its cost: the same puzzle, solved in a fraction of a second.
      ALTCHA_COST: '200',
      // The slow-down after wrong codes stops growing at 2 s (60 s in a shop; the integration tests keep that).
      OTP_SLOW_DOWN_MAX_SECONDS: '2',
      // The tests of wrong codes come from connections of their own (X-Forwarded-For, as a proxy would set it), so
      // that their slow-down and lock-out do not hold back the rest of the suite.
      TRUST_PROXY: '1',
      // Every browser test orders from 127.0.0.1 with the same telephone: the limits on unpaid orders (issue 29)
      // would stop the suite; they are tested at the shop's values in tests/integration/unpaid-holds.test.ts.
      UNPAID_ORDERS_PER_CONNECTION: '100000',
      UNPAID_ORDERS_PER_CONTACT: '100000',
      UNPAID_ORDERS_CHALLENGE_FROM: '100000',
      UNPAID_UNITS_PER_SIZE: '100000',
      // Staff link LINE for their alerts through LINE's webhook, which the journey signs with this channel secret;
      // the alerts are made every second instead of 15 (issue 31 item 10, tests/e2e/admin-alerts.spec.ts).
      LINE_MESSAGING_CHANNEL_SECRET: 'e2e0c0ffee0123456789abcdef012345',
      STAFF_ALERT_CHECK_SECONDS: '1',
      // Sales planned a few seconds ahead switch on and off within a second (tests/e2e/admin-prices.spec.ts).
      PRICE_SCHEDULE_CHECK_SECONDS: '1',
    },
  },
})
