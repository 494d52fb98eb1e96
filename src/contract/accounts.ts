import { z } from '@hono/zod-openapi'
import { MEMBER_GENDERS, MEMBER_TIERS } from '~/domain/membership'
import { CURRENCIES } from '~/domain/money'
import { OTP_CHANNELS, OTP_PURPOSES, CAPTCHA_SOLUTION_MAX_LENGTH } from '~/domain/otp'
import { hasForbiddenCharacters } from '~/domain/text'
import { DEFAULT_LANG, LANGS } from './common'

const lang = z.enum(LANGS).default(DEFAULT_LANG)
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase())
  .default('TH')
/** The solved bot challenge (an ALTCHA payload, or a Turnstile token), sent once a 428 asked for one. */
const captchaFields = {
  captcha: z.string().min(1).max(CAPTCHA_SOLUTION_MAX_LENGTH).optional(),
}
const token = z.string().min(16).max(200)
const IDENTITY_FIELDS = ['email', 'telephone'] as const

/** A path whose normalised form is still a path on this site (see `lineStartBody.redirect_path`). */
function staysOnSite(path: string): boolean {
  try {
    const { pathname } = new URL(path, 'http://site.invalid')
    return !/^[/\\]{2}/.test(pathname) && !/%(?:2f|5c|[01][0-9a-f]|7f)/i.test(pathname)
  } catch {
    return false
  }
}

/** A member's name: one line of text without control, bidi-override, noncharacter or tag characters (issue 29). */
const fullname = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => !hasForbiddenCharacters(value), 'not valid')

export const loginCodeBody = z
  .object({ identifier: z.string().trim().min(1).max(254), country, lang, ...captchaFields })
  .openapi('LoginCodeRequest')

export const registerBody = z
  .object({
    fullname,
    email: z.string().trim().min(3).max(254),
    telephone: z.string().trim().min(3).max(32),
    country,
    gender: z.enum(MEMBER_GENDERS),
    birthdate: z.iso.date(),
    accept_terms: z.literal(true),
    lang,
    ...captchaFields,
  })
  .openapi('RegisterRequest')

export const challengeTokenBody = z.object({ challenge_token: token }).openapi('ChallengeRef')
export const resendBody = z.object({ challenge_token: token, lang, ...captchaFields }).openapi('ResendRequest')
export const verifyBody = z
  .object({
    challenge_token: token,
    code: z.string().trim().max(12),
    previous_session: token.optional(),
    ...captchaFields,
  })
  .openapi('VerifyRequest')

export const challengeSchema = z
  .object({
    ref_code: z.string(),
    channel: z.enum(OTP_CHANNELS),
    purpose: z.enum(OTP_PURPOSES),
    destination: z.string(),
    expires_at: z.string(),
    resend_at: z.string(),
    attempts_left: z.int(),
    open: z.boolean(),
    /** A change challenge: the field it changes, and whether it removes it (issue 15). */
    change: z
      .object({
        field: z.enum(IDENTITY_FIELDS),
        remove: z.boolean(),
        /** The member's current value, confirmed by this code (issue 29). */
        confirm: z.boolean(),
      })
      .nullable(),
  })
  .openapi('Challenge')
export const issuedChallengeSchema = challengeSchema.extend({ challenge_token: z.string() }).openapi('IssuedChallenge')

export const memberSchema = z
  .object({
    id: z.string(),
    fullname: z.string(),
    email: z.string().nullable(),
    /** Confirmed by a code sent to it (issue 29): until then it logs nobody in and links no LINE account. */
    email_verified: z.boolean(),
    telephone: z.string().nullable(),
    telephone_verified: z.boolean(),
    gender: z.enum(MEMBER_GENDERS).nullable(),
    birthdate: z.string().nullable(),
    tier: z.enum(MEMBER_TIERS),
    total_spending: z.int(),
    tier_expires_at: z.string().nullable(),
    line_linked: z.boolean(),
  })
  .openapi('Member')

export const sessionGrantSchema = z
  .object({ token: z.string(), expires_at: z.string(), member: memberSchema, registered: z.boolean() })
  .openapi('SessionGrant')

export const lineStartBody = z
  .object({
    redirect_uri: z.url(),
    redirect_path: z
      .string()
      .max(2000)
      // Browsers drop tabs and newlines from URLs ('/\t/evil.example' is '//evil.example'): no control characters.
      .regex(/^\/(?![/\\])[^\u0000-\u001f\u007f\\]*$/, 'a path on this site')
      // Dot segments fold into a protocol-relative path ('/.//evil.example' is '//evil.example'), and encoded
      // slashes, backslashes and control characters turn into them when decoded.
      .refine(staysOnSite, 'a path on this site'),
    lang,
  })
  .openapi('LineStartRequest')
export const lineStartSchema = z.object({ authorization_url: z.string() }).openapi('LineStart')
export const lineCallbackBody = z
  .object({
    state: z.string().min(16).max(200),
    code: z.string().min(1).max(500),
    redirect_uri: z.url(),
    previous_session: token.optional(),
  })
  .openapi('LineCallbackRequest')
export const liffLoginBody = z
  .object({
    /** `liff.getIDToken()`: a JWT, so only the characters of base64url and dots. */
    id_token: z
      .string()
      .min(20)
      .max(8192)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
    previous_session: token.optional(),
  })
  .openapi('LiffLoginRequest')
export const lineGrantSchema = sessionGrantSchema.extend({ redirect_path: z.string() }).openapi('LineGrant')

export const profileBody = z
  .object({
    fullname,
    /** When given, the current one (a new or removed one goes through POST /me/identity). */
    email: z.string().trim().max(254).optional(),
    telephone: z.string().trim().max(32).optional(),
    country,
    gender: z.enum(MEMBER_GENDERS).nullable().default(null),
    birthdate: z.iso.date().nullable().default(null),
  })
  .openapi('ProfileUpdate')

export const identityChangeBody = z
  .object({
    field: z.enum(IDENTITY_FIELDS),
    /** The new e-mail or telephone (a local number is read in `country`); empty removes it. */
    value: z.string().trim().max(254),
    country,
    lang,
    ...captchaFields,
  })
  .openapi('IdentityChangeRequest')

export const sessionIdParam = z.object({ id: z.uuid() })
export const sessionListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        browser: z.string().nullable(),
        os: z.string().nullable(),
        country: z.string().nullable(),
        created_at: z.string(),
        last_seen_at: z.string(),
        current: z.boolean(),
      }),
    ),
  })
  .openapi('Sessions')
export const sessionsEndedSchema = z.object({ ended: z.int() }).openapi('SessionsEnded')

const text = (max: number) => z.string().max(max).default('')
export const addressBody = z
  .object({
    firstname: text(200),
    lastname: text(200),
    telephone_number: text(40),
    email: text(254),
    tax_id: text(40),
    address: text(300),
    address2: text(300),
    country: text(2),
    postcode: text(20),
    sub_district: text(200),
    district: text(200),
    province: text(200),
  })
  .openapi('AddressInput')
export const newAddressBody = addressBody.extend({ is_default: z.boolean().default(false) }).openapi('NewAddress')
/** An address as the API answers it: in the address book (below) and on an order (contract/commerce.ts). */
export const postalAddressSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  telephone_number: z.string(),
  email: z.string(),
  tax_id: z.string(),
  address: z.string(),
  address2: z.string(),
  country: z.string(),
  postcode: z.string(),
  sub_district: z.string(),
  district: z.string(),
  province: z.string(),
})
export const addressSchema = postalAddressSchema.extend({ id: z.string(), is_default: z.boolean() }).openapi('Address')
export const addressListSchema = z.object({ items: z.array(addressSchema) }).openapi('AddressList')
export const addressCheckSchema = z
  .object({ fields: z.record(z.string(), z.string()) })
  .openapi('AddressCheck', { description: 'The first failing rule per field (§5); empty when the address is fine.' })
export const addressIdParam = z.object({ id: z.string().max(64) })

export const geoQuery = z.object({
  lang,
  province: z.string().max(100).optional(),
  district: z.string().max(100).optional(),
})
export const postcodeParam = z.object({ postcode: z.string().regex(/^\d{5}$/) })
export const geoPlaceSchema = z.object({ name: z.string(), name_th: z.string(), name_en: z.string() })
export const geoListSchema = z.object({ items: z.array(geoPlaceSchema) }).openapi('GeoPlaces')
export const subDistrictListSchema = z
  .object({ items: z.array(geoPlaceSchema.extend({ postcodes: z.array(z.string()) })) })
  .openapi('SubDistricts')
export const postcodePlacesSchema = z
  .object({
    items: z.array(
      z.object({ province: z.string(), district: z.string(), sub_district: z.string(), postcode: z.string() }),
    ),
  })
  .openapi('PostcodePlaces')

export const outboxSchema = z
  .object({
    items: z.array(
      z.object({
        channel: z.enum(OTP_CHANNELS),
        recipient: z.string(),
        subject: z.string(),
        body: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .openapi('Outbox')

export type MemberWire = z.infer<typeof memberSchema>
export type AddressWire = z.infer<typeof addressSchema>

/** The empty body of a 204 answer. */
export const noContentSchema = z.null()

export const membershipSchema = z
  .object({
    tier: z.enum(MEMBER_TIERS),
    spent_in_cycle: z.int(),
    cycle_start: z.string().nullable(),
    cycle_end: z.string().nullable(),
    expires_at: z.string().nullable(),
    last_status_day: z.string().nullable(),
    to_keep: z.int().nullable(),
    to_next: z.int().nullable(),
  })
  .openapi('Membership')

export const memberCodesSchema = z
  .object({
    items: z.array(
      z.object({
        code: z.string(),
        kind: z.enum(['monthly', 'birthday', 'goodwill']),
        percent: z.int().openapi({ description: '0 for a goodwill code of a fixed amount' }),
        amount: z
          .int()
          .nullable()
          .openapi({ description: 'A goodwill code of a fixed amount: its minor units in amount_currency' }),
        amount_currency: z.enum(CURRENCIES).nullable(),
        valid_until: z.string(),
        used: z.boolean(),
        expired: z.boolean(),
        discount_used: z.int(),
        remaining: z.int(),
      }),
    ),
  })
  .openapi('MemberCodes')

// ── Quick pass: the member's code shown at a store's till (a signed, short-lived JWT) ─────────────

export const quickPassSchema = z
  .object({
    token: z.string().openapi({ description: 'A signed JWT (HS256) to show as a QR code' }),
    expires_at: z.string().openapi({ description: 'When the token stops being accepted (ISO 8601)' }),
    name: z.string(),
    tier: z.enum(MEMBER_TIERS),
  })
  .openapi('QuickPass')

export const quickPassVerifyBody = z
  .object({ token: z.string().trim().min(1).max(4096).openapi({ description: 'The scanned code' }) })
  .openapi('QuickPassVerifyRequest')

export const quickPassCheckSchema = z
  .discriminatedUnion('valid', [
    z.object({
      valid: z.literal(true),
      member_id: z.string(),
      name: z.string().openapi({ description: 'The member’s current name' }),
      tier: z.enum(MEMBER_TIERS).openapi({ description: 'The member’s current tier' }),
      expires_at: z.string(),
    }),
    z.object({ valid: z.literal(false), reason: z.enum(['expired', 'invalid']) }),
  ])
  .openapi('QuickPassCheck')

export type QuickPassWire = z.infer<typeof quickPassSchema>
export type QuickPassCheck = z.infer<typeof quickPassCheckSchema>
