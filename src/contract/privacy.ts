import { z } from '@hono/zod-openapi'
import { CAPTCHA_SOLUTION_MAX_LENGTH } from '~/domain/otp'
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_SOURCES, PRIVACY_REQUEST_STATUSES } from '~/domain/privacy'
import { DEFAULT_LANG, LANGS } from './common'
import { nullable } from './nullable'

/**
 * The shopper's privacy rights in the product API (issue 33 item 2, decision 201): the data download, the erasure of
 * the account, the cookie banner's consents.
 */
const lang = z.enum(LANGS).default(DEFAULT_LANG)
const when = z.string().openapi({ format: 'date-time' })

export const privacyRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PRIVACY_REQUEST_KINDS),
    source: z.enum(PRIVACY_REQUEST_SOURCES),
    status: z.enum(PRIVACY_REQUEST_STATUSES),
    received_at: when,
    due_at: when,
  })
  .openapi('PrivacyRequest')

export const exportRequestBody = z.object({ lang }).openapi('PrivacyExportRequest')

export const exportTokenParam = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The token of the e-mailed link' }),
})

export const exportSchema = z
  .object({
    prepared_at: when,
    expires_at: when.openapi({ description: 'When the link stops working' }),
    uses_left: z.int(),
    profile: z.object({
      fullname: z.string(),
      email: z.string().nullable(),
      email_confirmed_at: nullable(when),
      telephone: z.string().nullable(),
      telephone_confirmed_at: nullable(when),
      gender: z.string().nullable(),
      birthdate: z.string().nullable(),
      tier: z.string(),
      total_spending: z.int(),
      tier_expires_at: nullable(when),
      accepted_terms_at: nullable(when),
      created_at: when,
    }),
    line: z.object({ linked: z.boolean() }),
    addresses: z.array(
      z.object({
        firstname: z.string(),
        lastname: z.string(),
        telephone: z.string(),
        email: z.string(),
        tax_id: z.string(),
        address: z.string(),
        address2: z.string(),
        sub_district: z.string(),
        district: z.string(),
        province: z.string(),
        postcode: z.string(),
        country: z.string(),
        is_default: z.boolean(),
      }),
    ),
    orders: z.array(
      z.object({
        number: z.string(),
        placed_at: when,
        status: z.string(),
        currency: z.string(),
        total: z.int(),
        discount: z.int(),
        shipping_fee: z.int(),
        payment_method: z.string(),
        shipping_method: z.string(),
        email: z.string(),
        telephone: z.string(),
        deliver_to: z.string().nullable(),
        tax_invoice: z.string().nullable(),
        items: z.array(
          z.object({
            sku: z.string(),
            name_th: z.string(),
            name_en: z.string(),
            size: z.string(),
            quantity: z.int(),
            line_total: z.int(),
          }),
        ),
      }),
    ),
    codes: z.array(
      z.object({
        code: z.string(),
        kind: z.string(),
        percent: z.int(),
        valid_from: when,
        valid_until: when,
        used_at: nullable(when),
      }),
    ),
    wishlist: z.array(z.object({ product_id: z.string(), added_at: when })),
    cart: z.array(
      z.object({ sku: z.string(), quantity: z.int(), unit_price: z.int(), currency: z.string(), added_at: when }),
    ),
    sessions: z.array(
      z.object({
        started_at: when,
        last_seen_at: when,
        expires_at: when,
        device: z.string().nullable(),
        country: z.string().nullable(),
      }),
    ),
    consents: z.array(
      z.object({
        consent_id: z.string(),
        banner_version: z.int(),
        analytics: z.string(),
        advertising: z.string(),
        at: when,
      }),
    ),
    requests: z.array(
      z.object({
        kind: z.string(),
        source: z.string(),
        status: z.string(),
        received_at: when,
        done_at: nullable(when),
      }),
    ),
  })
  .openapi('PrivacyExport')

export const erasureStartBody = z
  .object({ lang, captcha: z.string().min(1).max(CAPTCHA_SOLUTION_MAX_LENGTH).optional() })
  .openapi('ErasureStartRequest')

export const erasureConfirmBody = z
  .object({
    challenge_token: z.string().min(16).max(200),
    code: z.string().trim().max(12),
    lang,
    captcha: z.string().min(1).max(CAPTCHA_SOLUTION_MAX_LENGTH).optional(),
  })
  .openapi('ErasureConfirmRequest')

const CONSENT_CHOICES = ['granted', 'denied'] as const

export const consentBody = z
  .object({
    consent_id: z.uuid(),
    banner_version: z.int().min(1).max(1000),
    analytics: z.enum(CONSENT_CHOICES),
    advertising: z.enum(CONSENT_CHOICES),
  })
  .openapi('ConsentRecordRequest')
