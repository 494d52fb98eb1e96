import { env } from '../../app.config'
import { getMediaStorage } from '~/media/media.server'
import { createApiApp, type ApiApp } from '~/api/app.server'
import { CatalogReads } from '~/api/catalog/catalog-reads'
import { catalogGeneration, catalogWatched, onCatalogChange, watchCatalog } from './catalog-changes.server'
import { createDelivery } from '~/api/accounts/delivery.server'
import { appSecret } from '~/api/accounts/crypto.server'
import { createAltchaGate, createTurnstileGate } from '~/api/accounts/captcha.server'
import { createTurnstile } from '~/api/providers/turnstile.server'
import { startPixelDelivery } from '~/api/analytics/pixel.service.server'
import { BRAND_NAME, SELLER } from '~/brand'
import { createPaypalProvider } from '~/api/payments/paypal.server'
import { startOrderMailDelivery } from '~/api/emails/order-mails.server'
import { startPrivacyExports } from '~/api/privacy/privacy.service'
import { startStaffAlerts } from '~/api/alerts/staff-alerts.server'
import { startPriceSchedules } from '~/api/admin/prices.service'
import { startProductSchedules } from '~/api/admin/products.service'
import { createStripeProvider } from '~/api/payments/stripe.server'
import { randomUUID } from 'node:crypto'
import { createLineLogin } from '~/api/providers/line-login.server'
import { createLinePushSender } from '~/api/providers/line-messaging.server'
import { createHttpSmsSender } from '~/api/providers/sms-http.server'
import { createSmtpSender } from '~/api/providers/smtp.server'
import { getDatabase } from './database.server'
import { storefrontLinks } from '~/routing/storefront-links'
import { outboxEnabled, paypalApiUrl, realEmail, realSms, sellerDetails } from '~/config/schema'
import { bankNames } from '~/domain/thai-banks'
import { onShutdown } from './lifecycle.server'
import { loggableError } from '~/db/error-details'
import { DEFAULT_UNPAID_HOLD_LIMITS } from '~/domain/unpaid-holds'
import { resolve } from 'node:path'
import { createSlipOkVerifier, createUnconfiguredSlipVerifier } from '~/api/providers/slipok.server'
import { createDemoTracker, createThailandPostTracker } from '~/api/providers/thailand-post.server'

/** A page render's in-process API calls share its session lookups (issue 29). */
export { withinPageRender } from '~/api/accounts/render-scope.server'

/** How often expired codes, sessions and counters are swept. */
const PURGE_EVERY_MS = 60 * 60 * 1000

/**
 * The bank transfer deadline job (issue 17): at start-up (a deadline passed while the shop was down is handled at
 * once) and then every `everyMs`. Each instance runs it; PaymentDeadlines claims every reminder and cancellation,
 * so each happens once. Stopping waits for a run under way.
 */
function startPaymentDeadlines(api: ApiApp, everyMs: number): () => Promise<void> {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= api.paymentDeadlines
      .run()
      .then(({ reminded, cancelled }) => {
        if (reminded + cancelled > 0) console.info(`Payment deadlines: ${reminded} reminded, ${cancelled} cancelled`)
      })
      .catch((error: unknown) => console.error('Payment deadlines not run', loggableError(error)))
      .finally(() => {
        running = null
      })
  }
  run()
  const timer = setInterval(run, everyMs).unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

let app: Promise<ApiApp> | null = null
let purgeTimer: NodeJS.Timeout | null = null

/** The product API mounted in this server (DESIGN.md §1), created once per process with the configured providers. */
export function getApiApp(): Promise<ApiApp> {
  app ??= getDatabase()
    .then(async (database) => {
      // Real senders only where configured; the outbox only in demo mode with no real channel (fail closed).
      const delivery = createDelivery(database.db, {
        email: realEmail(env) && env.SMTP_URL ? createSmtpSender({ url: env.SMTP_URL, from: env.MAIL_FROM }) : null,
        sms:
          realSms(env) && env.SMS_API_KEY && env.SMS_API_SECRET && env.SMS_SENDER
            ? createHttpSmsSender({
                baseUrl: env.SMS_API_URL,
                apiKey: env.SMS_API_KEY,
                apiSecret: env.SMS_API_SECRET,
                sender: env.SMS_SENDER,
              })
            : null,
        outbox: outboxEnabled(env),
      })
      const lineLogin =
        env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET
          ? createLineLogin({
              channelId: env.LINE_CHANNEL_ID,
              channelSecret: env.LINE_CHANNEL_SECRET,
              authBaseUrl: env.LINE_AUTH_URL,
              apiBaseUrl: env.LINE_API_URL,
            })
          : null
      const stripe =
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? createStripeProvider({
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiBaseUrl: env.STRIPE_API_URL,
            })
          : null
      const paypal =
        env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID
          ? createPaypalProvider({
              clientId: env.PAYPAL_CLIENT_ID,
              clientSecret: env.PAYPAL_CLIENT_SECRET,
              webhookId: env.PAYPAL_WEBHOOK_ID,
              apiBaseUrl: paypalApiUrl(env),
              brandName: BRAND_NAME,
            })
          : null
      const linePush = env.LINE_MESSAGING_ACCESS_TOKEN
        ? createLinePushSender({ channelAccessToken: env.LINE_MESSAGING_ACCESS_TOKEN, apiBaseUrl: env.LINE_API_URL })
        : null
      watchCatalog()
      const catalogReads = new CatalogReads({ active: catalogWatched, generation: catalogGeneration })
      onCatalogChange(() => catalogReads.clear())
      const api = createApiApp({
        db: database.db,
        catalogReads,
        storeKeys: [env.STORE_KEY],
        // The storefront's pages as its typed links write them, in the configured language strategy (decision 144).
        storefront: storefrontLinks({
          siteUrl: env.SITE_URL,
          strategy: env.LANGUAGE_STRATEGY,
          defaultLocale: env.DEFAULT_LOCALE,
        }),
        accounts: {
          delivery,
          lineLogin,
          ipHourlyLimit: env.OTP_IP_HOURLY_LIMIT,
          captcha:
            env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
              ? createTurnstileGate(
                  createTurnstile({
                    siteKey: env.TURNSTILE_SITE_KEY,
                    secretKey: env.TURNSTILE_SECRET_KEY,
                    verifyUrl: env.TURNSTILE_VERIFY_URL,
                    // Cloudflare's test keys answer for example.com: the hostname is checked in live mode.
                    expectedHostname: env.SHOP_MODE === 'live' ? new URL(env.SITE_URL).hostname : null,
                  }),
                )
              : createAltchaGate({ db: database.db, cost: env.ALTCHA_COST }),
          slowDownMaxSeconds: env.OTP_SLOW_DOWN_MAX_SECONDS,
          resendCooldownSeconds: env.OTP_RESEND_COOLDOWN_SECONDS,
          thbPerUsd: env.USD_TO_THB_RATE,
          sms: {
            countries: env.SMS_COUNTRIES,
            hourlyLimit: env.SMS_HOURLY_LIMIT,
            countryHourlyLimit: env.SMS_COUNTRY_HOURLY_LIMIT,
          },
        },
        admin: {
          secureCookies: env.SECURE_COOKIES,
          codesPerIpPerHour: env.STAFF_CODE_IP_HOURLY_LIMIT,
          // Thailand Post's tracking where configured; the demo carrier in demo mode only (it makes deliveries up).
          tracking: {
            tracker: env.THAILAND_POST_API_TOKEN
              ? createThailandPostTracker({
                  apiToken: env.THAILAND_POST_API_TOKEN,
                  apiBaseUrl: env.THAILAND_POST_API_URL,
                })
              : env.SHOP_MODE === 'demo'
                ? createDemoTracker()
                : null,
            webhookKey: env.THAILAND_POST_WEBHOOK_KEY ?? null,
            source: env.THAILAND_POST_API_TOKEN ? 'poll' : 'demo',
          },
        },
        analytics: {
          meta:
            env.META_PIXEL_ID && env.META_CAPI_ACCESS_TOKEN
              ? { pixelId: env.META_PIXEL_ID, accessToken: env.META_CAPI_ACCESS_TOKEN, apiBaseUrl: env.META_API_URL }
              : null,
          tiktok:
            env.TIKTOK_PIXEL_CODE && env.TIKTOK_EVENTS_ACCESS_TOKEN
              ? {
                  pixelCode: env.TIKTOK_PIXEL_CODE,
                  accessToken: env.TIKTOK_EVENTS_ACCESS_TOKEN,
                  apiBaseUrl: env.TIKTOK_API_URL,
                }
              : null,
        },
        commerce: {
          siteUrl: env.SITE_URL,
          apiBaseUrl: env.API_URL ? `${env.API_URL}/public/${env.STORE_KEY}` : `/api/public/${env.STORE_KEY}`,
          paymentSecret: await appSecret(database.db, 'test-payments'),
          stripe,
          paypal,
          bank: {
            bankName: bankNames(env.BANK_NAME, env.BANK_NAME_TH),
            accountName: {
              en: env.BANK_ACCOUNT_NAME,
              // The company's Thai name goes with its English one; another holder's name is its own in Thai too.
              th:
                env.BANK_ACCOUNT_NAME_TH ??
                (env.BANK_ACCOUNT_NAME === SELLER.legalName.en ? SELLER.legalName.th : env.BANK_ACCOUNT_NAME),
            },
            accountNumber: env.BANK_ACCOUNT_NUMBER,
            promptPayId: env.PROMPTPAY_ID,
          },
          operatorToken: env.OPERATOR_TOKEN ?? null,
          seller: sellerDetails(env),
          pushLine: linePush ? (to, text) => linePush.push({ to, text, retryKey: randomUUID() }) : null,
          bankTransfer: {
            payWithinMs: Math.round(env.BANK_TRANSFER_PAY_WITHIN_MINUTES * 60_000),
            remindBeforeMs: env.BANK_TRANSFER_REMIND_MINUTES_BEFORE * 60_000,
          },
          unpaidHolds: {
            ...DEFAULT_UNPAID_HOLD_LIMITS,
            perConnection: env.UNPAID_ORDERS_PER_CONNECTION,
            perContact: env.UNPAID_ORDERS_PER_CONTACT,
            challengeFrom: env.UNPAID_ORDERS_CHALLENGE_FROM,
            unitsPerSize: env.UNPAID_UNITS_PER_SIZE,
          },
        },
        // Staff alerts go out on LINE when a channel is configured; otherwise recorded in demo mode only (decision 186).
        staffAlerts: {
          push: linePush,
          record: env.SHOP_MODE !== 'live',
          channelSecret: env.LINE_MESSAGING_CHANNEL_SECRET ?? null,
        },
        // Product pictures (issue 32 item 2): the same storage the image endpoint reads (DATA_DIR/media or a bucket).
        media: getMediaStorage(),
        // Transfer slips (issue 31 item 6): SlipOK when configured; the demo's verifier in demo mode; none live.
        slips: {
          storageDir: resolve(env.DATA_DIR, 'slips'),
          verifier:
            env.SLIPOK_BRANCH_ID && env.SLIPOK_API_KEY
              ? createSlipOkVerifier({
                  branchId: env.SLIPOK_BRANCH_ID,
                  apiKey: env.SLIPOK_API_KEY,
                  apiBaseUrl: env.SLIPOK_API_URL,
                })
              : env.SHOP_MODE === 'live'
                ? createUnconfiguredSlipVerifier()
                : undefined,
        },
      })
      // Hourly housekeeping: expired codes and sessions go, this month's member codes are issued (idempotent,
      // so several instances and the npm script `codes:issue` may all run it).
      const hourly = () => {
        api.accounts
          .purgeExpired()
          .catch((error: unknown) => console.error('Account purge failed', loggableError(error)))
        api.adminServices
          .purgeExpired()
          .catch((error: unknown) => console.error('Staff purge failed', loggableError(error)))
        api.membership
          .issueCodes()
          .catch((error: unknown) => console.error('Member codes not issued', loggableError(error)))
        // Guests' abandoned checkouts lose their personal data after GUEST_CHECKOUT_PURGE_DAYS (issue 33 item 2):
        // one UPDATE, so every instance may run it.
        api.privacy
          .purgeAbandonedCheckouts()
          .then((purged) => {
            if (purged > 0) console.info(`Abandoned checkouts: ${purged} guest orders' personal data removed`)
          })
          .catch((error: unknown) => console.error('Abandoned checkouts not purged', loggableError(error)))
      }
      // Parcels in transit asked of the carrier on the hourly ticks only, not at start: reading `api.admin` makes the
      // admin API, which waits for its first call (decision 173); the carrier's pushes arrive meanwhile.
      const pollTracking = () =>
        api.admin.tracking
          .poll()
          .catch((error: unknown) => console.error('Parcel tracking failed', loggableError(error)))
      if (!purgeTimer) {
        const stopPixels = startPixelDelivery(api.pixels)
        const stopDeadlines = startPaymentDeadlines(api, env.PAYMENT_DEADLINE_CHECK_SECONDS * 1000)
        const stopMails = startOrderMailDelivery(api.orderMails)
        // Data downloads asked for (issue 33 item 2): prepared and e-mailed within seconds, claimed once across instances.
        const stopPrivacy = startPrivacyExports(api.privacy)
        const stopAlerts = startStaffAlerts(api.staffAlerts, { everyMs: env.STAFF_ALERT_CHECK_SECONDS * 1000 })
        // Sales planned ahead switch on and off by themselves, each once across instances (issue 32 item 4).
        const stopPrices = startPriceSchedules(api.prices, { everyMs: env.PRICE_SCHEDULE_CHECK_SECONDS * 1000 })
        // Models scheduled to publish do so by themselves, each once across instances (issue 32 item 1), as often.
        const stopProducts = startProductSchedules(api.products, { everyMs: env.PRICE_SCHEDULE_CHECK_SECONDS * 1000 })
        hourly()
        const timer = setInterval(() => {
          hourly()
          void pollTracking()
        }, PURGE_EVERY_MS).unref()
        purgeTimer = timer
        onShutdown('background work', async () => {
          clearInterval(timer)
          await Promise.all([
            stopPixels(),
            stopDeadlines(),
            stopMails(),
            stopAlerts(),
            stopPrices(),
            stopProducts(),
            stopPrivacy(),
          ])
        })
      }
      return api
    })
    .catch((error: unknown) => {
      app = null
      throw error
    })
  return app
}
