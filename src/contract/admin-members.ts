import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { CURRENCIES } from '~/domain/money'
import { MEMBER_GENDERS, MEMBER_TIERS } from '~/domain/membership'
import { ORDER_STATUSES } from '~/domain/orders'
import {
  GOODWILL_DAYS_MAX,
  GOODWILL_DAYS_MIN,
  GOODWILL_PERCENT_MAX,
  GOODWILL_PERCENT_MIN,
  MEMBER_ACTION_REASON_MAX,
  MEMBER_ACTION_REASON_MIN,
} from '~/domain/member-admin'
import { nullable } from './nullable'

/**
 * Members in the admin API (issue 33 item 1, decision 200): the search, a member's profile (identity, tier and its
 * cycle, spending, codes, orders, addresses, sessions) and the actions staff take with a reason: a goodwill code, the
 * birth date corrected, two accounts merged, blocked and unblocked, sessions ended. snake_case on the wire.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

/** The member codes' kinds (src/db/schema.ts MEMBER_CODE_KINDS; the contract does not import the database's). */
const MEMBER_CODE_KINDS = ['monthly', 'birthday', 'goodwill'] as const

export const MEMBER_SORTS = ['created', 'name', 'tier', 'spending'] as const
export const MEMBER_PAGE_SIZES = [25, 50, 100] as const
export const MEMBER_QUERY_MAX = 100

/** A reason for an action (kept in the audit entry): a few words to a paragraph, no control or bidi characters. */
export const memberActionReason = z
  .string()
  .trim()
  .min(MEMBER_ACTION_REASON_MIN)
  .max(MEMBER_ACTION_REASON_MAX)
  .refine((value) => !hasForbiddenCharacters(value.replace(/\r?\n/g, ' ')), 'not valid')
  .openapi({ description: 'Why (kept in the audit entry)' })

export const adminMemberIdParam = z.object({ id: z.uuid() })

export const adminMembersQuery = z.object({
  q: z.string().trim().max(MEMBER_QUERY_MAX).optional().openapi({
    description:
      'Part of the name or e-mail, a telephone number however typed (081 234 5678, +66812345678), or a LINE user id',
  }),
  tier: z.enum(MEMBER_TIERS).optional(),
  blocked: z.enum(['true', 'false']).optional().openapi({ description: 'true: only blocked members' }),
  sort: z.enum(MEMBER_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer' }),
  size: z.coerce
    .number()
    .int()
    .refine((value) => (MEMBER_PAGE_SIZES as readonly number[]).includes(value), 'one of 25, 50, 100')
    .default(25)
    .openapi({ type: 'integer', enum: [...MEMBER_PAGE_SIZES] }),
})

export const adminMemberRowSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    line_linked: z.boolean(),
    tier: z.enum(MEMBER_TIERS),
    total_spending: z.int().openapi({ description: 'THB satang in the current cycle' }),
    blocked: z.boolean(),
    created_at: isoTime,
  })
  .openapi('AdminMemberRow')

export const adminMemberPageSchema = z
  .object({ items: z.array(adminMemberRowSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .openapi('AdminMemberPage')

export const adminMemberSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    telephone: z.string().nullable(),
    telephone_verified: z.boolean(),
    gender: nullable(z.enum(MEMBER_GENDERS)),
    birthdate: z.string().nullable().openapi({ description: 'YYYY-MM-DD' }),
    line_user_id: z.string().nullable(),
    created_at: isoTime,
    blocked_at: nullable(isoTime),
    tier: z
      .object({
        tier: z.enum(MEMBER_TIERS),
        cycle_start: z.string().nullable(),
        cycle_end: z.string().nullable(),
        spent_in_cycle: z.int(),
        expires_at: nullable(isoTime),
        last_status_day: z.string().nullable(),
        to_keep: z.int().nullable(),
        to_next: z.int().nullable(),
      })
      .openapi({ description: 'The §4 tier at now, from the paid orders (src/domain/membership.ts)' }),
    spending: z.array(
      z.object({
        order_number: z.string(),
        paid_at: isoTime,
        status: z.enum(ORDER_STATUSES),
        currency: z.enum(CURRENCIES),
        total: z.int(),
        thb: z.int().openapi({ description: 'What it counts in THB satang' }),
      }),
    ),
    codes: z.array(
      z.object({
        code: z.string(),
        kind: z.enum(MEMBER_CODE_KINDS),
        percent: z.int(),
        amount: z.int().nullable(),
        amount_currency: nullable(z.enum(CURRENCIES)),
        valid_until: isoTime,
        used: z.boolean(),
        expired: z.boolean(),
        discount_used: z.int(),
        remaining: z.int(),
      }),
    ),
    orders: z.array(
      z.object({
        number: z.string(),
        placed_at: isoTime,
        status: z.enum(ORDER_STATUSES),
        currency: z.enum(CURRENCIES),
        total: z.int(),
      }),
    ),
    addresses: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        telephone: z.string(),
        lines: z.string().openapi({ description: 'The address on one line' }),
        country: z.string(),
        is_default: z.boolean(),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.uuid(),
        user_agent: z.string().nullable(),
        country: z.string().nullable(),
        created_at: isoTime,
        last_seen_at: isoTime,
      }),
    ),
  })
  .openapi('AdminMember')

export const adminGoodwillBody = z
  .object({
    kind: z.enum(['percent', 'amount']),
    percent: z
      .int()
      .optional()
      .openapi({ description: `For kind percent: ${GOODWILL_PERCENT_MIN} to ${GOODWILL_PERCENT_MAX}` }),
    amount: z.int().optional().openapi({ description: 'For kind amount: minor units (50–2,000 THB, 2–60 USD)' }),
    currency: z.enum(CURRENCIES).optional().openapi({ description: 'For kind amount' }),
    valid_days: z.int().openapi({ description: `${GOODWILL_DAYS_MIN} to ${GOODWILL_DAYS_MAX}` }),
    reason: memberActionReason,
  })
  .openapi('AdminGoodwillCode')

export const adminGoodwillIssuedSchema = z
  .object({ code: z.string(), valid_until: isoTime })
  .openapi('AdminGoodwillIssued')

export const adminBirthdateBody = z
  .object({ birthdate: z.string().openapi({ description: 'YYYY-MM-DD' }), reason: memberActionReason })
  .openapi('AdminMemberBirthdate')

export const adminReasonBody = z.object({ reason: memberActionReason }).openapi('AdminMemberReason')

export const adminMergeBody = z
  .object({
    other_id: z.uuid().openapi({ description: 'The account merged into this one and then removed' }),
    email_from: z.enum(['kept', 'other']).openapi({ description: 'Whose e-mail survives' }),
    telephone_from: z.enum(['kept', 'other']),
    line_from: z.enum(['kept', 'other']),
    reason: memberActionReason,
  })
  .openapi('AdminMemberMerge')

export const adminMergeResultSchema = z
  .object({
    moved: z.record(z.string(), z.int()).openapi({ description: 'Rows moved per table' }),
    member: adminMemberSchema,
  })
  .openapi('AdminMemberMerged')

export const adminSessionsEndedSchema = z.object({ ended: z.int() }).openapi('AdminMemberSessionsEnded')
