import { z } from '@hono/zod-openapi'
import { CARRIER_IDS } from '~/domain/carriers'
import { ORDER_STATUSES } from '~/domain/orders'
import { TRACKING_CSV_MAX_ROWS, TRACKING_ROW_PROBLEMS } from '~/domain/tracking-csv'

/**
 * Fulfilment in the admin API (issue 31 item 8 and item 5's bulk actions): the warehouse's PDFs, a parcel shipped
 * with its tracking number, the tracking CSV (dry run, then all or nothing) and the carrier's tracking webhook.
 * snake_case on the wire like the rest of the admin API.
 */

export const FULFILMENT_DOCUMENT_KINDS = ['pick_list', 'packing_slips', 'labels'] as const
export const FULFILMENT_NUMBERS_MAX = 200
/** A CSV of TRACKING_CSV_MAX_ROWS rows of about 80 characters. */
export const TRACKING_CSV_MAX_CHARS = TRACKING_CSV_MAX_ROWS * 100

const orderNumber = z.string().regex(/^[A-Z0-9-]{4,40}$/)

export const fulfilmentDocumentQuery = z.object({
  kind: z.enum(FULFILMENT_DOCUMENT_KINDS).openapi({
    description:
      'pick_list: the pieces of all the orders by SKU; packing_slips: an A4 slip per order (Thai and English, no prices); labels: a 4×6 inch label per order',
  }),
  numbers: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((number) => number.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(orderNumber).min(1).max(FULFILMENT_NUMBERS_MAX))
    .openapi({
      type: 'string',
      description: 'The orders’ numbers, comma-separated',
      example: 'AS2611-00001,AS2611-00002',
    }),
})

export const shipBody = z
  .object({
    carrier: z.enum(CARRIER_IDS),
    tracking_number: z.string().max(60),
  })
  .openapi('AdminOrderShip')

export const trackingImportBody = z
  .object({
    csv: z.string().max(TRACKING_CSV_MAX_CHARS).openapi({
      description: 'The file’s text: order number, carrier (id or name), tracking number; a header row is optional',
    }),
    apply: z.boolean().default(false).openapi({
      description: 'false: a dry run that reports each row and changes nothing; true: ship every row, or none',
    }),
  })
  .openapi('AdminTrackingImport')

export const trackingImportSchema = z
  .object({
    applied: z.boolean(),
    ok: z.int(),
    bad: z.int(),
    rows: z.array(
      z.object({
        line: z.int().openapi({ description: 'The row’s line in the file (1 is the first)' }),
        order_number: z.string(),
        carrier: z.enum(CARRIER_IDS).nullable(),
        tracking_number: z.string().nullable().openapi({ description: 'As stored, or null when malformed' }),
        status: z.enum(ORDER_STATUSES).nullable().openapi({ description: 'The order’s status (after the apply)' }),
        problems: z.array(z.enum(TRACKING_ROW_PROBLEMS)),
      }),
    ),
  })
  .openapi('AdminTrackingImportReport')

export const trackingWebhookParam = z.object({ key: z.string().min(1).max(200) })

/** Thailand Post's push (its webhook): the items of each parcel it tracks for us. */
export const thailandPostWebhookBody = z
  .object({
    status: z.boolean().optional(),
    message: z.string().optional(),
    items: z
      .array(
        z
          .object({
            barcode: z.string().max(40),
            status: z.string().max(10),
            status_description: z.string().max(200).optional(),
            status_date: z.string().max(40),
            location: z.string().max(200).nullable().optional(),
          })
          .passthrough(),
      )
      .max(1000),
  })
  .passthrough()
  .openapi('ThailandPostWebhook')

export const webhookAcceptedSchema = z
  .object({ received: z.int(), recorded: z.int() })
  .openapi('TrackingWebhookReceived')

export const parcelEventsSchema = z
  .object({
    events: z.array(
      z.object({
        tracking_number: z.string(),
        kind: z.string().openapi({
          description: 'accepted, in_transit, out_for_delivery, delivered, failed, returned or other',
        }),
        code: z.string().openapi({ description: 'The carrier’s own status code' }),
        description: z.string().openapi({ description: 'The carrier’s words' }),
        location: z.string().nullable(),
        occurred_at: z.string().openapi({ format: 'date-time' }),
      }),
    ),
    received_at: z
      .string()
      .nullable()
      .openapi({ format: 'date-time', description: 'When the shopper received the order: §9’s window starts here' }),
  })
  .openapi('AdminParcelEvents')
