import type { SmsPolicy } from '~/domain/otp'
import type { Db } from '~/db/client.server'
import type { CatalogReads } from './catalog/catalog-reads'
import type { CaptchaGate } from './accounts/captcha.server'
import type { Delivery } from './accounts/delivery.server'
import type { BankAccount, CommerceRoutesOptions } from './commerce/routes.server'
import type { OrderServiceOptions } from './commerce/services.server'
import { DEMO_BANK_ACCOUNT_NUMBER, DEMO_PROMPTPAY_ID, type SellerDetails } from '~/config/schema'
import type { PaymentProvider } from './payments/provider'
import type { MetaPixelConfig, TikTokPixelConfig } from './analytics/pixel.service.server'
import type { LineLogin } from './providers/line-login.server'
import type { WebAuthnConfig } from './admin/factors.server'
import type { TrackingOptions } from './admin/tracking.service'
import type { MediaStorage } from '~/media/storage.server'
import { bankNames } from '~/domain/thai-banks'
import { SELLER } from '~/brand'
import type { StorefrontLinks } from '~/contract/links'
import type { StaffAlertsOptions } from './alerts/staff-alerts.server'
import type { SlipVerifier } from './providers/slipok.server'

/** What the product API is created with (app.server.ts): the database, its stores and each area's providers. */
export type ApiOptions = {
  db: Db
  /** Catalog answers kept until the catalog changes (none when absent: every call reads the database). */
  catalogReads?: CatalogReads
  /** The store keys this API serves: {base}/public/{storeKey}/… (unknown keys are 404). */
  storeKeys: string[]
  /** The storefront's pages this API links to, written by the storefront's typed links (decision 144). */
  storefront: StorefrontLinks
  /** Code delivery (outbox by default), LINE Login (off by default) and the per-IP send limit. */
  accounts?: {
    delivery?: Delivery
    lineLogin?: LineLogin | null
    ipHourlyLimit?: number
    resendCooldownSeconds?: number
    /** SMS codes: the countries they may go to and the hourly caps (defaults: Thailand, SMS_SENDS_PER_HOUR …). */
    sms?: SmsPolicy
    /** Where the operator is told of an SMS cap reached (console.warn by default). */
    warn?: (line: string) => void
    /** The bot challenge (self-hosted proof of work by default; Turnstile when configured). */
    captcha?: CaptchaGate
    /** The longest wait after wrong codes from one connection (60 s by default). */
    slowDownMaxSeconds?: number
    now?: () => Date
    /** USD orders count towards tiers at this many THB per USD (issue 6). */
    thbPerUsd?: number
  }
  /** The admin API (issue 31): the staff cookie's security and where passkeys belong (default: the site's origin). */
  admin?: {
    secureCookies?: boolean
    webauthn?: Partial<WebAuthnConfig>
    codesPerIpPerHour?: number
    now?: () => Date
    /** Parcel tracking (issue 31 item 8): the carrier's API or the demo carrier, and the webhook's secret. */
    tracking?: TrackingOptions
  }
  /** Server-side pixels: Meta's Conversions API and TikTok's Events API when configured (recorded only otherwise). */
  analytics?: { meta?: MetaPixelConfig | null; tiktok?: TikTokPixelConfig | null }
  /** Checkout: where shoppers come back, payments, the bank account and the back office's token. */
  commerce?: {
    /** Public origin of the shop: the API's own public address under it (PayPal's way back, the OpenAPI server). */
    siteUrl?: string
    apiBaseUrl?: string
    paymentSecret?: string
    stripe?: PaymentProvider | null
    /** PayPal's Orders API when configured (docs/decisions/021). */
    paypal?: PaymentProvider | null
    bank?: BankAccount
    operatorToken?: string | null
    /** The seller on tax invoices; the demo company unless configured (SELLER_*). */
    seller?: SellerDetails
    /** LINE messages to members linked to LINE. */
    pushLine?: ((to: string, text: string) => Promise<void>) | null
    /** The bank transfer deadline and its reminder (issue 17). */
    bankTransfer?: OrderServiceOptions['bankTransfer']
    /** What unpaid orders may hold per connection and contact (issue 29 item 3). */
    unpaidHolds?: OrderServiceOptions['unpaidHolds']
    onPaymentReminder?: OrderServiceOptions['onPaymentReminder']
    /** Told when the back office accepts an exchange or return (the shopper's e-mail is sent from here). */
    onReturnAccepted?: CommerceRoutesOptions['onReturnAccepted']
    /** The clock the shop's discount codes start and end by (the system's by default). */
    now?: () => Date
  }
  /** LINE alerts for staff (issue 31 item 10): the push, demo recording, LINE's webhook secret (decision 186). */
  staffAlerts?: Pick<StaffAlertsOptions, 'push' | 'record' | 'channelSecret' | 'shipLateHours'>
  /**
   * Transfer slips (issue 31 item 6): who verifies them (SlipOK when configured; the demo verifier by default) and the
   * directory their pictures are kept in (DATA_DIR/slips on the server; the system's temporary directory by default).
   */
  slips?: { verifier?: SlipVerifier; storageDir?: string }
  /**
   * Where product pictures uploaded in the back office are kept (issue 32 item 2, decision 194): the server's media
   * storage (DATA_DIR/media or a bucket); files under the system's temporary directory by default.
   */
  media?: MediaStorage
}

/** THB per USD at which USD orders count towards tiers, unless configured (USD_TO_THB_RATE). */
export const DEFAULT_THB_PER_USD = 35

/** The demo shop's bank account (a real shop configures its own). */
export const DEMO_BANK_ACCOUNT: BankAccount = {
  bankName: bankNames('Kasikornbank'),
  accountName: SELLER.legalName,
  accountNumber: DEMO_BANK_ACCOUNT_NUMBER,
  promptPayId: DEMO_PROMPTPAY_ID,
}
