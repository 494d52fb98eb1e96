import { z } from '@hono/zod-openapi'
import { STAFF_ALERT_KINDS } from '~/domain/staff-alerts'
import { STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import { nullable } from './nullable'

/**
 * LINE alerts for staff in the admin API (issue 31 item 10, decision 186): the caller's own link to LINE, the alerts
 * they choose among those their role allows, and the last alerts made for them. snake_case on the wire like the rest
 * of the admin API (src/contract/admin.ts).
 */

const isoTime = z.string().openapi({ format: 'date-time' })
const alertKind = z.enum(STAFF_ALERT_KINDS)

export const STAFF_ALERT_DELIVERIES = ['line', 'recorded', 'off'] as const
export const STAFF_ALERT_WIRE_STATUSES = ['pending', 'sent', 'recorded', 'failed', 'skipped'] as const

export const staffAlertSchema = z
  .object({
    id: z.uuid(),
    kind: alertKind,
    text: z.string(),
    link: z.string(),
    status: z.enum(STAFF_ALERT_WIRE_STATUSES).openapi({
      description:
        'pending (to be pushed), sent (LINE took it), recorded (demo mode: kept, never sent), failed, skipped',
    }),
    created_at: isoTime,
    sent_at: nullable(isoTime),
  })
  .openapi('StaffAlert')

export const staffAlertSettingsSchema = z
  .object({
    line: z.object({
      linked: z.boolean(),
      linked_at: nullable(isoTime),
      code_expires_at: nullable(isoTime).openapi({ description: 'Until when the last link code asked for works' }),
      linking: z
        .boolean()
        .openapi({ description: 'Whether the shop can link LINE accounts (a channel secret is set)' }),
    }),
    delivery: z.enum(STAFF_ALERT_DELIVERIES).openapi({
      description: 'How alerts go out: pushed on LINE, recorded only (demo mode), or not at all (no LINE channel)',
    }),
    kinds: z.array(
      z.object({
        kind: alertKind,
        permission: z.enum(STAFF_PERMISSIONS).openapi({ description: 'What the alert’s work needs' }),
        allowed: z.boolean(),
        chosen: z.boolean(),
      }),
    ),
    recent: z.array(staffAlertSchema).openapi({ description: 'The last ten alerts made for the caller, newest first' }),
  })
  .openapi('StaffAlertSettings')

export const staffAlertChoiceBody = z
  .object({ kinds: z.array(alertKind).max(STAFF_ALERT_KINDS.length) })
  .openapi('StaffAlertChoice')

export const lineLinkCodeSchema = z
  .object({
    code: z
      .string()
      .openapi({ description: 'To send as a message to the shop’s LINE Official Account', example: 'LINK-7KQ2M9XP' }),
    expires_at: isoTime,
  })
  .openapi('StaffLineLinkCode')

export const lineWebhookHeaders = z.object({ 'x-line-signature': z.string() })
export const lineWebhookBody = z
  .object({ destination: z.string().optional(), events: z.array(z.object({ type: z.string() }).loose()) })
  .openapi('LineWebhook')
export const lineWebhookReceivedSchema = z.object({ received: z.literal(true) }).openapi('LineWebhookReceived')
