import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { StaffAlertKind } from '../domain/staff-alerts'
import type { StaffLanguage } from '../domain/staff-permissions'
import { staff } from './staff-schema'

// ── LINE alerts for staff (issue 31 item 10, decision 186): links, choices, events and the alerts' outbox ──────────

/**
 * A staff member's LINE alerts: the LINE user linked (by a one-time code sent to the shop's LINE Official Account,
 * received by the Messaging API webhook), the code being waited for (its SHA-256), and the alerts chosen.
 */
export const staffAlertSettings = pgTable(
  'staff_alert_settings',
  {
    staffId: uuid('staff_id')
      .primaryKey()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The LINE user id ('U' and 32 hex digits) of the shop's Messaging API channel; null when not linked. */
    lineUserId: text('line_user_id'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    linkCodeHash: text('link_code_hash'),
    linkCodeExpiresAt: timestamp('link_code_expires_at', { withTimezone: true }),
    /** The alerts chosen (src/domain/staff-alerts.ts); those the role does not allow are never sent. */
    kinds: text('kinds')
      .array()
      .$type<StaffAlertKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_alert_settings_link_code_key').on(table.linkCodeHash)],
)

/** What an alert tells, by kind; names in both languages so that each staff member reads their own. */
export type StaffAlertData = {
  orderNumber?: string
  sku?: string
  name?: { th: string; en: string }
  size?: string
  stock?: number
  threshold?: number
  hours?: number
  returnKind?: string
  pieces?: number
  reason?: string
}

/**
 * Something staff may be alerted of, stored once (kind and key unique: a return request's id, an order's, a size
 * and the order that took its stock below the threshold), in the transaction of the change that caused it; the
 * worker then makes one alert per staff member who chose it and may do its work (fanned out once).
 */
export const staffAlertEvents = pgTable(
  'staff_alert_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<StaffAlertKind>().notNull(),
    eventKey: text('event_key').notNull(),
    data: jsonb('data').$type<StaffAlertData>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('staff_alert_events_key').on(table.kind, table.eventKey),
    index('staff_alert_events_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.fannedOutAt} IS NULL`),
  ],
)

export const STAFF_ALERT_STATUSES = ['pending', 'sent', 'recorded', 'failed', 'skipped'] as const
export type StaffAlertStatus = (typeof STAFF_ALERT_STATUSES)[number]

/**
 * One alert to one staff member: the text in their language with its back-office link, pushed through the Messaging
 * API with retries (an outbox: OutboxClaims), or recorded here only in demo mode ('recorded'). One per event and
 * person: the same event never reaches someone twice.
 */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => staffAlertEvents.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StaffAlertKind>().notNull(),
    language: text('language').$type<StaffLanguage>().notNull(),
    text: text('text').notNull(),
    link: text('link').notNull(),
    status: text('status').$type<StaffAlertStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('staff_alerts_event_staff_key').on(table.eventId, table.staffId),
    index('staff_alerts_staff_idx').on(table.staffId, table.createdAt),
    index('staff_alerts_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)

export type StaffAlertSettingsRow = typeof staffAlertSettings.$inferSelect
export type StaffAlertRow = typeof staffAlerts.$inferSelect
