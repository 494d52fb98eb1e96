import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { AUDIT_ACTOR_TYPES, STAFF_LANGUAGES } from '../domain/staff-permissions'

export { AUDIT_ACTOR_TYPES, type AuditActorType } from '../domain/staff-permissions'

// ── The back office's staff (issue 31, DESIGN.md §8): roles, staff, second factors, sessions, keys, audit ─────────

/**
 * Roles: the built-in ones (their permissions are the code's, src/domain/staff-permissions.ts; the rows are there so
 * that staff and keys name a role by a foreign key) and the custom ones made by staff with `staff:manage`.
 */
export const staffRoles = pgTable('staff_roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  /** A custom role's permissions (`area:action`); empty for a built-in one. */
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const staffLanguageEnum = pgEnum('staff_language', STAFF_LANGUAGES)

/** A member of staff: enrolled (a second factor) once the invite is accepted; disabled staff cannot sign in. */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: staffLanguageEnum('language').notNull().default('th'),
    roleId: text('role_id')
      .notNull()
      .references(() => staffRoles.id, { onDelete: 'restrict' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_email_key').on(table.email)],
)

/** An invitation: a one-time link (its token's SHA-256 here), valid 24 hours, used once a second factor is enrolled. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    roleId: text('role_id')
      .notNull()
      .references(() => staffRoles.id, { onDelete: 'cascade' }),
    /** Who invited: a staff id, or null for the command line. */
    invitedBy: uuid('invited_by'),
    name: text('name'),
    language: staffLanguageEnum('language'),
    /** A TOTP secret being enrolled (AES-256-GCM), until its first code confirms it. */
    pendingTotp: text('pending_totp'),
    /** The WebAuthn challenge of a passkey being enrolled. */
    pendingChallenge: text('pending_challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('staff_invites_token_key').on(table.tokenHash)],
)

/** A TOTP app (RFC 6238): the secret encrypted with AES-256-GCM, the last time step used (no code twice). */
export const staffTotp = pgTable('staff_totp', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A passkey (WebAuthn credential): its id and COSE public key (base64url), its signature counter. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('staff_passkeys_staff_idx').on(table.staffId)],
)

/** Ten single-use recovery codes per enrolment, stored as SHA-256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
)

/**
 * A sign-in under way: the e-mail code (an HMAC bound to the attempt), then the second factor. An attempt for an
 * address no staff has is stored alike (no staff id, no code sent), so that the answers do not tell staff apart.
 */
export const staffSignIns = pgTable(
  'staff_sign_ins',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    refCode: text('ref_code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    /** When the e-mail code was entered: the second factor is asked next. */
    codeAt: timestamp('code_at', { withTimezone: true }),
    /** The WebAuthn challenge of a passkey sign-in. */
    challenge: text('challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_sign_ins_token_key').on(table.tokenHash)],
)

/** A staff session: the cookie holds a random token, this table its SHA-256; idle and absolute limits. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: uuid('id').notNull().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute end: 12 hours after sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the second factor was last given (sign-in or step-up). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }).notNull(),
    /** The WebAuthn challenge of a passkey step-up. */
    challenge: text('challenge'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('staff_sessions_id_key').on(table.id), index('staff_sessions_staff_idx').on(table.staffId)],
)

/** API keys: `sk_<key_id>_<secret>`; the id is stored as it is, the secret only as SHA-256. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyId: text('key_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    roleId: text('role_id')
      .notNull()
      .references(() => staffRoles.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('api_keys_key_id_key').on(table.keyId)],
)

export const auditActorTypeEnum = pgEnum('audit_actor_type', AUDIT_ACTOR_TYPES)

/**
 * Every write by staff, API keys and the command line, in the same transaction as the change. Append-only: a trigger
 * (migration 0019) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorType: auditActorTypeEnum('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.id),
    check('audit_log_action_shape', sql`${table.action} ~ '^[a-z_]+\\.[a-z_]+$'`),
  ],
)

/**
 * The refused admin calls, counted per actor and operation (decision 179): the audit log gets at most one line per
 * actor and operation a minute, and this row counts the refusals of the minute (the log itself cannot be updated).
 */
export const auditDenials = pgTable(
  'audit_denials',
  {
    actorType: auditActorTypeEnum('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    /** The audit action of the refusal: `denied.<operation id in snake_case>`. */
    action: text('action').notNull(),
    /** When the minute of the last line written began. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** Refusals since that line, itself included. */
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.actorType, table.actorId, table.action] })],
)

export type StaffRow = typeof staff.$inferSelect
export type StaffRoleRow = typeof staffRoles.$inferSelect
export type StaffSessionRow = typeof staffSessions.$inferSelect
export type StaffInviteRow = typeof staffInvites.$inferSelect
export type StaffSignInRow = typeof staffSignIns.$inferSelect
export type ApiKeyRow = typeof apiKeys.$inferSelect
export type AuditRow = typeof auditLog.$inferSelect
export type AuditDenialRow = typeof auditDenials.$inferSelect
