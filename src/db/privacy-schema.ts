import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_SOURCES, PRIVACY_REQUEST_STATUSES } from '../domain/privacy'
import type { PrivacyExport } from '../domain/privacy-export'
import { members } from './schema'

// ── The shopper's privacy rights (issue 33 item 2, decision 201): requests, export links, consent records ─────────

export const privacyRequestKindEnum = pgEnum('privacy_request_kind', PRIVACY_REQUEST_KINDS)
export const privacyRequestSourceEnum = pgEnum('privacy_request_source', PRIVACY_REQUEST_SOURCES)
export const privacyRequestStatusEnum = pgEnum('privacy_request_status', PRIVACY_REQUEST_STATUSES)

/**
 * A request for a copy of one's data (access) or for the account to be erased (erasure), from the account page or
 * by e-mail (recorded by staff). It is also the outbox of the export job: a pending access request is due at
 * `next_attempt_at`, claimed by one instance, its link made and e-mailed. The member is set null once erased: the
 * request stays as the record that it was answered, with `subject` (the masked e-mail or phone it was about).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: privacyRequestKindEnum('kind').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Who it was about, masked (k***@example.com): what stays readable once the member is erased. */
    subject: text('subject').notNull(),
    source: privacyRequestSourceEnum('source').notNull(),
    status: privacyRequestStatusEnum('status').notNull(),
    /** When it reached the shop (for an e-mail: the day staff say it arrived). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The staff member (or API key) who recorded or handled it, as the audit log names them; null for the shopper. */
    handledBy: text('handled_by'),
    /** The language of the e-mail with the link. */
    locale: text('locale').notNull().default('th'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('privacy_requests_due_idx').on(table.dueAt),
    index('privacy_requests_member_idx').on(table.memberId),
    index('privacy_requests_job_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)

/**
 * The link of a prepared export (what the e-mail carries): the token's SHA-256, the data as prepared, until when and
 * how many times it opens. Erasing the member deletes it with the data it holds.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => privacyRequests.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    content: jsonb('content').$type<PrivacyExport>().notNull(),
    uses: smallint('uses').notNull().default(0),
    maxUses: smallint('max_uses').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('privacy_exports_token_key').on(table.tokenHash)],
)

/**
 * Each choice made in the cookie banner (PDPA §19: consent must be provable): the anonymous id the consent cookie
 * keeps, the banner's version, what was allowed, when, and the member when signed in.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consentId: uuid('consent_id').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    bannerVersion: integer('banner_version').notNull(),
    analytics: text('analytics').notNull(),
    advertising: text('advertising').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_consent_idx').on(table.consentId, table.createdAt),
    index('consent_records_member_idx').on(table.memberId, table.createdAt),
  ],
)

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect
export type PrivacyExportRow = typeof privacyExports.$inferSelect
export type ConsentRecordRow = typeof consentRecords.$inferSelect
