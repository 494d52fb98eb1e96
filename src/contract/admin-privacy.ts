import { z } from '@hono/zod-openapi'
import { nullable } from './nullable'
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_SOURCES, PRIVACY_REQUEST_STATUSES } from '~/domain/privacy'

/**
 * The shoppers' privacy requests in the admin API (issue 33 item 2, decision 201): the list with due dates, a request
 * that arrived by e-mail, starting its export or its erasure; the cookie banner's consent records.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

export const adminPrivacyIdParam = z.object({ id: z.uuid() })

export const adminPrivacyRequestSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(PRIVACY_REQUEST_KINDS),
    source: z.enum(PRIVACY_REQUEST_SOURCES),
    status: z.enum(PRIVACY_REQUEST_STATUSES),
    subject: z.string().openapi({ description: 'The member’s e-mail or phone, masked' }),
    member_id: z.uuid().nullable().openapi({ description: 'Null once the member is erased' }),
    received_at: isoTime,
    due_at: isoTime,
    days_left: z.int().openapi({ description: 'Whole days before it is due; negative when overdue' }),
    done_at: nullable(isoTime),
    handled_by: z.string().nullable(),
    last_error: z.string().nullable(),
  })
  .openapi('AdminPrivacyRequest')

export const adminPrivacyListSchema = z
  .object({ items: z.array(adminPrivacyRequestSchema) })
  .openapi('AdminPrivacyRequestList')

export const adminPrivacyRecordBody = z
  .object({
    member: z.string().trim().min(3).max(254).openapi({ description: 'The member’s e-mail address or phone number' }),
    kind: z.enum(PRIVACY_REQUEST_KINDS),
    received_at: z.iso.date().openapi({ description: 'The day the e-mail arrived (YYYY-MM-DD, Bangkok)' }),
    lang: z.enum(['th', 'en']).default('th').openapi({ description: 'The language of the e-mail with the link' }),
  })
  .openapi('AdminPrivacyRecordRequest')

export const adminConsentQuery = z.object({
  consent_id: z.uuid().optional().openapi({ description: 'The anonymous id of the consent cookie' }),
  member: z.string().trim().min(3).max(254).optional().openapi({ description: 'A member’s e-mail or phone' }),
})

export const adminConsentListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        consent_id: z.uuid(),
        member_id: z.uuid().nullable(),
        banner_version: z.int(),
        analytics: z.string(),
        advertising: z.string(),
        created_at: isoTime,
      }),
    ),
  })
  .openapi('AdminConsentList')
