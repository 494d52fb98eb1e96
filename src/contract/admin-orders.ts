import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { CURRENCIES } from '~/domain/money'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPPING_METHODS } from '~/domain/orders'
import { AUDIT_ACTOR_TYPES } from '~/domain/staff-permissions'
import { addressBody, postalAddressSchema } from './accounts'
import { nullable } from './nullable'

/**
 * The orders workspace of the admin API (issue 31 item 5): the list with its filters, the queues of work, an order's
 * detail with its timeline, staff notes, cancelling with a reason and the delivery address's edit. snake_case on the
 * wire like the rest of the admin API (src/contract/admin.ts).
 */

const isoTime = z.string().openapi({ format: 'date-time' })

/** Text of several lines (a note, a reason) without control, bidi-override, noncharacter or tag characters. */
const prose = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value.replace(/\r?\n/g, ' ')), 'not valid')

export const ADMIN_ORDER_SORTS = ['placed', 'number', 'total', 'status'] as const
export const ADMIN_ORDER_PAGE_SIZES = [25, 50, 100] as const
export const ADMIN_ORDER_QUERY_MAX = 100
export const ORDER_NOTE_MAX = 2000
export const ORDER_CANCEL_REASON_MAX = 500

/** A calendar day (Asia/Bangkok, the shop's) or an instant with its offset. */
const dayOrTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/)
  .refine((value) => !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00+07:00` : value)), 'invalid')
  .openapi({ description: 'A day (YYYY-MM-DD, in Bangkok time) or an instant (ISO 8601 with its offset)' })

export const adminOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional().openapi({ description: 'Of the order’s latest payment' }),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  currency: z.enum(CURRENCIES).optional(),
  placed_from: dayOrTime.optional().openapi({ description: 'Placed at or after (a day: from its start)' }),
  placed_to: dayOrTime.optional().openapi({ description: 'Placed at or before (a day: to its end)' }),
  store: z.string().min(1).max(80).optional().openapi({ description: 'The pick-up branch’s id' }),
  open_return: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: only orders with a return request waiting for a decision' }),
  q: z
    .string()
    .trim()
    .max(ADMIN_ORDER_QUERY_MAX)
    .optional()
    .openapi({ description: 'Part of the order’s number, the customer’s name, telephone number or e-mail' }),
  sort: z.enum(ADMIN_ORDER_SORTS).default('placed'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer' }),
  size: z.coerce
    .number()
    .int()
    .refine((value) => (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(value), 'one of 25, 50, 100')
    .default(25)
    .openapi({ type: 'integer', enum: [...ADMIN_ORDER_PAGE_SIZES] }),
})

export const adminOrderRowSchema = z
  .object({
    number: z.string(),
    placed_at: isoTime,
    status: z.enum(ORDER_STATUSES),
    customer: z.string().openapi({ description: 'The delivery address’s name, else the member’s, else the e-mail' }),
    email: z.string(),
    telephone: z.string(),
    currency: z.enum(CURRENCIES),
    total: z.int(),
    payment_method: z.enum(PAYMENT_METHODS),
    payment_status: nullable(z.enum(PAYMENT_STATUSES)),
    shipping_method: z.enum(SHIPPING_METHODS),
    store_id: z.string().nullable(),
  })
  .openapi('AdminOrderRow')

export const adminOrderPageSchema = z
  .object({ items: z.array(adminOrderRowSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .openapi('AdminOrderPage')

export const ORDER_QUEUES = ['confirm_payment', 'pack', 'ship', 'returns'] as const
export type OrderQueue = (typeof ORDER_QUEUES)[number]

export const orderQueuesSchema = z
  .object({
    queues: z.array(
      z.object({
        id: z.enum(ORDER_QUEUES),
        count: z.int(),
        oldest_since: nullable(isoTime).openapi({ description: 'When the longest-waiting one joined the queue' }),
        oldest_age_seconds: z.int().nullable(),
      }),
    ),
    at: isoTime,
  })
  .openapi('AdminOrderQueues', {
    description:
      'confirm_payment: bank transfers awaiting payment; pack: paid; ship: packed; returns: return requests to decide',
  })

export const ORDER_TIMELINE_KINDS = ['status', 'email', 'note', 'staff'] as const

export const orderTimelineEntrySchema = z
  .object({
    at: isoTime,
    kind: z.enum(ORDER_TIMELINE_KINDS),
    /** status: the status; email: the e-mail's kind; note: 'note'; staff: the audited action. */
    what: z.string(),
    /** status: its note; email: its state (pending, sent, failed, skipped); note: the text; staff: nothing. */
    detail: z.string().nullable(),
    /** Who: the staff member's or key's label (notes and staff actions), else null (the shop or the shopper). */
    by: z.string().nullable(),
  })
  .openapi('AdminOrderTimelineEntry')

export const orderNoteSchema = z
  .object({
    id: z.uuid(),
    body: z.string(),
    author_type: z.enum(AUDIT_ACTOR_TYPES),
    author: z.string(),
    created_at: isoTime,
  })
  .openapi('AdminOrderNote')

export const adminOrderSchema = z
  .object({
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    placed_at: isoTime,
    language: z.enum(['th', 'en']),
    currency: z.enum(CURRENCIES),
    subtotal: z.int(),
    discount: z.int(),
    discounts: z.array(z.object({ kind: z.string(), code: z.string().nullable(), amount: z.int() })),
    shipping_fee: z.int(),
    total: z.int(),
    vat_included: z.int(),
    promotion_code: z.string().nullable(),
    shipping_method: z.enum(SHIPPING_METHODS),
    store: z.object({ id: z.string(), name: z.string() }).nullable(),
    customer: z.object({
      name: z.string(),
      email: z.string(),
      telephone: z.string(),
      member: z.boolean(),
    }),
    address: nullable(postalAddressSchema),
    payment_method: z.enum(PAYMENT_METHODS),
    payment_due_at: nullable(isoTime),
    received_at: nullable(isoTime),
    lines: z.array(
      z.object({
        position: z.int(),
        sku: z.string(),
        name: z.string(),
        size: z.string(),
        quantity: z.int(),
        unit_price: z.int(),
        line_total: z.int(),
      }),
    ),
    payments: z.array(
      z.object({
        provider: z.string(),
        provider_ref: z.string().nullable(),
        method: z.enum(PAYMENT_METHODS),
        status: z.enum(PAYMENT_STATUSES),
        amount: z.int(),
        currency: z.enum(CURRENCIES),
        created_at: isoTime,
        updated_at: isoTime,
      }),
    ),
    parcels: z.array(
      z.object({
        carrier: z.string(),
        carrier_name: z.string(),
        tracking_number: z.string(),
        url: z.string().nullable(),
        created_at: isoTime,
        latest: z
          .object({ description: z.string(), location: z.string().nullable(), occurred_at: isoTime })
          .nullable()
          .openapi({ description: 'What the carrier said last of the parcel (GET /orders/{number}/tracking: all)' }),
      }),
    ),
    returns: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        reason: z.string(),
        status: z.string(),
        note: z.string().nullable(),
        decision_note: z.string().nullable(),
        created_at: isoTime,
        items: z.array(z.object({ position: z.int(), name: z.string(), size: z.string(), quantity: z.int() })),
      }),
    ),
    documents: z.array(
      z.object({ kind: z.literal('tax_invoice'), number: z.string(), issued_at: isoTime }).openapi({
        description: 'Documents issued for the order (its full tax invoice)',
      }),
    ),
    notes: z.array(orderNoteSchema),
    timeline: z.array(orderTimelineEntrySchema).openapi({ description: 'Oldest first' }),
    allowed: z
      .object({ cancel: z.boolean(), edit_address: z.boolean() })
      .openapi({ description: 'What §4 lets staff do now (the role is checked on the call)' }),
  })
  .openapi('AdminOrder')

export const adminOrderNumberParam = z.object({ number: z.string().regex(/^[A-Z0-9-]{4,40}$/) })
export const orderNoteBody = z.object({ body: prose(ORDER_NOTE_MAX) }).openapi('AdminOrderNoteCreate')
export const orderCancelBody = z.object({ reason: prose(ORDER_CANCEL_REASON_MAX) }).openapi('AdminOrderCancel')
export const orderAddressBody = addressBody.openapi('AdminOrderAddress')
