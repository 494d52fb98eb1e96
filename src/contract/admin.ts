import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { nullable } from './nullable'
import {
  API_KEY_DEFAULT_DAYS,
  AUDIT_ACTOR_TYPES,
  API_KEY_MAX_DAYS,
  ROLE_ID_PATTERN,
  STAFF_LANGUAGES,
  STAFF_PERMISSIONS,
} from '~/domain/staff-permissions'

/**
 * The admin API's wire contract (issue 31, decision 173): snake_case like the product API. WebAuthn's own JSON (the
 * options a browser passes to `navigator.credentials`, the credential it gives back) travels as the standard writes it.
 */

const token = z.string().min(16).max(200)
const email = z.string().trim().toLowerCase().max(254).pipe(z.email())
const language = z.enum(STAFF_LANGUAGES)
const permission = z.enum(STAFF_PERMISSIONS)
/** One line of text without control, bidi-override, noncharacter or tag characters. */
const label = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value), 'not valid')
const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/)
const isoTime = z.string().openapi({ format: 'date-time' })

/** A WebAuthn credential as the browser gives it (`PublicKeyCredential.toJSON()`); checked by @simplewebauthn/server. */
const webauthnCredential = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .openapi('WebAuthnCredential', { description: 'The credential as `PublicKeyCredential.toJSON()` writes it' })
export const webauthnOptionsSchema = z
  .object({ public_key: z.record(z.string(), z.unknown()) })
  .openapi('WebAuthnOptions', {
    description: 'Options for `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON`',
  })

// ── sign-in ──────────────────────────────────────────────────────────────────────────────────────
export const signInStartBody = z.object({ email, lang: language.default('th') }).openapi('StaffSignInRequest')
export const signInStartedSchema = z
  .object({ sign_in_token: z.string(), ref_code: z.string(), expires_at: isoTime })
  .openapi('StaffSignInStarted', {
    description: 'The same answer whether or not the address is staff; the code goes only to staff',
  })
export const signInCodeBody = z
  .object({ sign_in_token: token, code: z.string().trim().max(12) })
  .openapi('StaffSignInCode')
export const SECOND_FACTOR_KINDS = ['totp', 'passkey', 'recovery_code'] as const
export const signInFactorsSchema = z
  .object({ factors: z.array(z.enum(SECOND_FACTOR_KINDS)) })
  .openapi('StaffSignInFactors')
export const signInTotpBody = z.object({ sign_in_token: token, code: sixDigits }).openapi('StaffSignInTotp')
export const signInRecoveryBody = z
  .object({ sign_in_token: token, code: z.string().trim().min(10).max(20) })
  .openapi('StaffSignInRecovery')
export const signInTokenBody = z.object({ sign_in_token: token }).openapi('StaffSignInToken')
export const signInPasskeyBody = z
  .object({ sign_in_token: token, credential: webauthnCredential })
  .openapi('StaffSignInPasskey')

export const stepUpTotpBody = z.object({ code: sixDigits }).openapi('StaffStepUpTotp')
export const stepUpRecoveryBody = z.object({ code: z.string().trim().min(10).max(20) }).openapi('StaffStepUpRecovery')
export const stepUpPasskeyBody = z.object({ credential: webauthnCredential }).openapi('StaffStepUpPasskey')

export const staffSessionSchema = z
  .object({
    id: z.uuid(),
    staff_id: z.uuid(),
    created_at: isoTime,
    last_seen_at: isoTime,
    expires_at: isoTime.openapi({ description: 'The absolute end: 12 hours after sign-in' }),
    idle_expires_at: isoTime.openapi({ description: 'The end if unused: 30 minutes after the last call' }),
    second_factor_at: isoTime,
    step_up_until: isoTime.openapi({ description: 'Until when step-up actions need no second factor again' }),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    current: z.boolean(),
  })
  .openapi('StaffSession')
export const staffSessionListSchema = z.object({ items: z.array(staffSessionSchema) }).openapi('StaffSessionList')

export const roleSchema = z
  .object({ id: z.string(), name: z.string(), built_in: z.boolean(), permissions: z.array(permission) })
  .openapi('StaffRole')
export const roleListSchema = z.object({ items: z.array(roleSchema) }).openapi('StaffRoleList')

export const meSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    language,
    role: roleSchema,
    permissions: z.array(permission),
    session: nullable(staffSessionSchema),
    actor_type: z.enum(AUDIT_ACTOR_TYPES),
  })
  .openapi('StaffMe', {
    description: 'Who calls: a staff member (with the session) or an API key (its role, no session)',
  })
export const stepUpSchema = z.object({ second_factor_at: isoTime, step_up_until: isoTime }).openapi('StaffStepUp')

// ── invitations ──────────────────────────────────────────────────────────────────────────────────
export const inviteCreateBody = z
  .object({ email, role_id: z.string().min(1).max(40), send: z.boolean().default(true) })
  .openapi('StaffInviteRequest')
export const inviteCreatedSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role_id: z.string(),
    url: z.string(),
    token: z.string(),
    expires_at: isoTime,
  })
  .openapi('StaffInviteCreated', { description: 'The link and its token are shown this once' })
export const inviteSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role_id: z.string(),
    role_name: z.string(),
    expires_at: isoTime,
    name: z.string().nullable(),
    language: nullable(language),
    accepted: z.boolean(),
  })
  .openapi('StaffInvite')
export const inviteAcceptBody = z.object({ name: label(100), language }).openapi('StaffInviteAccept')
export const totpEnrolmentSchema = z
  .object({ secret: z.string(), uri: z.string() })
  .openapi('StaffTotpEnrolment', { description: 'The shared secret (base32) and its otpauth:// URI for a QR code' })
export const totpConfirmBody = z.object({ code: sixDigits }).openapi('StaffTotpConfirm')
export const passkeyEnrolBody = z.object({ credential: webauthnCredential }).openapi('StaffPasskeyEnrol')

/** An invitation not yet accepted and not expired (issue 31 item 1): who it is for, which role, until when. */
export const openInviteSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role_id: z.string(),
    invited_by: z.uuid().nullable().openapi({ description: 'The staff member who invited; null: the command line' }),
    created_at: isoTime,
    expires_at: isoTime,
  })
  .openapi('StaffOpenInvite')
export const inviteListSchema = z.object({ items: z.array(openInviteSchema) }).openapi('StaffInviteList')

export const staffSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    language,
    role_id: z.string(),
    disabled: z.boolean(),
    created_at: isoTime,
  })
  .openapi('Staff')
export const enrolledSchema = z
  .object({ staff: staffSchema, recovery_codes: z.array(z.string()) })
  .openapi('StaffEnrolled', { description: 'The ten recovery codes are shown this once; sign in next' })
export const staffListSchema = z.object({ items: z.array(staffSchema) }).openapi('StaffList')
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) }).openapi('StaffRecoveryCodes', {
  description: 'Ten new recovery codes, shown this once; the old ones no longer work',
})
export const staffUpdateBody = z
  .object({ role_id: z.string().min(1).max(40).optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role_id !== undefined || body.disabled !== undefined, 'nothing to change')
  .openapi('StaffUpdate')

export const roleCreateBody = z
  .object({
    id: z.string().regex(ROLE_ID_PATTERN),
    name: label(60),
    permissions: z.array(permission).max(STAFF_PERMISSIONS.length),
  })
  .openapi('StaffRoleCreate')
export const roleUpdateBody = z
  .object({ name: label(60).optional(), permissions: z.array(permission).max(STAFF_PERMISSIONS.length).optional() })
  .openapi('StaffRoleUpdate')

// ── API keys ─────────────────────────────────────────────────────────────────────────────────────
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    key_id: z.string().openapi({ description: 'The public part: the key reads `sk_<key_id>_<secret>`' }),
    name: z.string(),
    role_id: z.string(),
    created_by: z.string(),
    created_at: isoTime,
    expires_at: isoTime,
    last_used_at: nullable(isoTime),
    revoked_at: nullable(isoTime),
  })
  .openapi('ApiKey')
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).openapi('ApiKeyList')
export const apiKeyCreateBody = z
  .object({
    name: label(80),
    role_id: z.string().min(1).max(40),
    days: z.int().min(1).max(API_KEY_MAX_DAYS).default(API_KEY_DEFAULT_DAYS),
  })
  .openapi('ApiKeyCreate')
export const apiKeyCreatedSchema = apiKeySchema
  .extend({ key: z.string().openapi({ description: 'The key, shown this once' }) })
  .openapi('ApiKeyCreated')

// ── audit ────────────────────────────────────────────────────────────────────────────────────────
export const AUDIT_PAGE_MAX = 200
export const auditQuery = z.object({
  actor_type: z.enum(AUDIT_ACTOR_TYPES).optional(),
  actor_id: z.string().max(100).optional(),
  action: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: 'An action (`staff.update`), or an area’s every action ending in `.*` (`denied.*`)' }),
  entity_type: z.string().max(100).optional(),
  entity_id: z.string().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({ type: 'integer', description: 'next_cursor of the page before' }),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50).openapi({ type: 'integer' }),
})
export const auditEntrySchema = z
  .object({
    id: z.int(),
    at: isoTime,
    actor_type: z.enum(AUDIT_ACTOR_TYPES),
    actor_id: z.string(),
    actor_label: z.string(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
  })
  .openapi('AuditEntry')
export const auditPageSchema = z
  .object({ items: z.array(auditEntrySchema), next_cursor: z.int().nullable() })
  .openapi('AuditPage')

export const idParam = z.object({ id: z.uuid() })
export const roleIdParam = z.object({ id: z.string().regex(ROLE_ID_PATTERN) })
