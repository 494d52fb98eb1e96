import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { CURRENCIES } from '~/domain/money'
import { ORDER_STATUSES } from '~/domain/orders'
import { RETURN_KINDS, RETURN_NOTE_MAX, RETURN_REASONS, RETURN_STATUSES } from '~/domain/returns'
import { RETURN_OUTCOMES } from '~/domain/return-handling'
import { nullable } from './nullable'

/**
 * Returns to the end in the admin API (issue 31 item 9): the queue, a request with its order lines, accepting or
 * rejecting it, the pieces received and restocked, the outcome (an exchange reserved, or a refund due) and the credit
 * note. snake_case on the wire like the rest of the admin API.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

/** A note the shopper reads: one or more lines without control, bidi-override, noncharacter or tag characters. */
const note = z
  .string()
  .trim()
  .max(RETURN_NOTE_MAX)
  .refine((value) => !hasForbiddenCharacters(value.replace(/\r?\n/g, ' ')), 'not valid')

export const adminReturnIdParam = z.object({ id: z.uuid() })

export const adminReturnsQuery = z.object({
  status: z.enum(RETURN_STATUSES).optional().openapi({ description: 'Only requests of this status' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer' }),
})

export const adminReturnRowSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(RETURN_KINDS),
    reason: z.enum(RETURN_REASONS),
    status: z.enum(RETURN_STATUSES),
    created_at: isoTime,
    order_number: z.string(),
    pieces: z.int().openapi({ description: 'How many pieces the request names' }),
  })
  .openapi('AdminReturnRow')

export const adminReturnPageSchema = z
  .object({ items: z.array(adminReturnRowSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .openapi('AdminReturnPage')

const receivedPiece = z.object({
  position: z.int().min(0),
  as_new: z.int().min(0).max(999),
  damaged: z.int().min(0).max(999),
  not_returned: z.int().min(0).max(999),
})

export const adminReturnSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(RETURN_KINDS),
    reason: z.enum(RETURN_REASONS),
    note: z.string().nullable(),
    status: z.enum(RETURN_STATUSES),
    decision_note: z.string().nullable(),
    created_at: isoTime,
    decided_at: nullable(isoTime),
    order: z.object({
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      currency: z.enum(CURRENCIES),
      received_at: nullable(isoTime),
      tax_invoice: z.string().nullable().openapi({ description: 'The order’s tax invoice number, if one was issued' }),
    }),
    items: z.array(
      z.object({
        position: z.int(),
        sku: z.string(),
        name: z.string(),
        size: z.string(),
        quantity: z.int(),
        exchange_size: z.string().nullable(),
        unit_price: z.int(),
      }),
    ),
    receipt: nullable(
      z.object({
        location: z.string(),
        location_name: z.string(),
        received_at: isoTime,
        received_by: z.string(),
        pieces: z.array(receivedPiece),
      }),
    ),
    outcome: nullable(
      z.object({
        outcome: z.enum(RETURN_OUTCOMES),
        refund_amount: z.int().nullable().openapi({ description: 'The refund due, VAT included, minor units' }),
        refund_pieces: z.array(z.object({ position: z.int(), sku: z.string(), quantity: z.int(), amount: z.int() })),
        refunded_at: nullable(isoTime),
        decided_at: isoTime,
      }),
    ),
    replacements: z
      .array(z.object({ position: z.int(), sku: z.string(), size: z.string(), quantity: z.int() }))
      .openapi({ description: 'An exchange’s other sizes, their stock held for the parcel' }),
    credit_note: nullable(
      z.object({ number: z.string(), issued_at: isoTime, invoice_number: z.string(), total: z.int() }),
    ),
    locations: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .openapi({ description: 'Where received pieces can be restocked: the online warehouse, then each store' }),
    allowed: z
      .object({ decide: z.boolean(), receive: z.boolean(), exchange: z.boolean(), refund: z.boolean() })
      .openapi({ description: 'What the request’s state allows now (the role is checked on the call)' }),
  })
  .openapi('AdminReturn')

export const adminReturnAcceptBody = z.object({ note: note.optional() }).openapi('AdminReturnAccept')
export const adminReturnRejectBody = z.object({ note: note.min(1) }).openapi('AdminReturnReject')
export const adminReturnReceiveBody = z
  .object({
    location: z.string().min(1).max(80).openapi({ description: '`online`, or a store’s id' }),
    pieces: z.array(receivedPiece).min(1).max(100),
  })
  .openapi('AdminReturnReceive', {
    description: 'Every line of the request once, its pieces split by condition: as new, damaged, not returned',
  })
