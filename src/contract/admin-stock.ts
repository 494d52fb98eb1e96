import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import {
  STOCK_ADJUST_REASONS,
  STOCK_MOVEMENT_REASONS,
  STOCK_NOTE_MAX,
  STOCK_QUANTITY_MAX,
  STOCK_TRANSFER_STATUSES,
} from '~/domain/stock'
import { nullable } from './nullable'

/**
 * Stock in the admin API (issue 32 item 3, decision 191): per location (the online warehouse `online` and each store),
 * a model's colour × size matrix, adjustments with a reason, transfers between locations and each size's low-stock
 * threshold. snake_case on the wire like the rest of the admin API.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

const note = z
  .string()
  .trim()
  .max(STOCK_NOTE_MAX)
  .refine((value) => !hasForbiddenCharacters(value.replace(/\r?\n/g, ' ')), 'not valid')

const location = z.string().min(1).max(100).openapi({ description: '`online` (the online warehouse) or a store’s id' })

const sku = z.string().min(1).max(100)

export const adminStockLocationSchema = z.object({ id: z.string(), name: z.string() }).openapi('AdminStockLocation')

export const adminStockLocationsSchema = z
  .object({ locations: z.array(adminStockLocationSchema) })
  .openapi('AdminStockLocations')

export const adminStockSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ description: 'Part of a name (Thai or English), a SKU or a barcode; none: the first models' }),
})

export const adminStockSearchSchema = z
  .object({
    items: z.array(
      z.object({
        family_id: z.string(),
        name: z.string(),
        colours: z.int(),
        sizes: z.int(),
        online: z.int().openapi({ description: 'Pieces of the model in the online warehouse' }),
        in_stores: z.int().openapi({ description: 'Pieces of the model in all the stores' }),
      }),
    ),
  })
  .openapi('AdminStockSearch')

export const adminStockProductParam = z.object({
  id: z.string().min(1).max(100).openapi({ description: 'A model’s (family’s) id, one of its colours’ ids or a SKU' }),
})

export const adminStockSkuParam = z.object({ id: sku.openapi({ description: 'The size’s SKU' }) })

const quantityAt = z.object({ location: z.string(), quantity: z.int() })

export const adminStockMatrixSchema = z
  .object({
    family_id: z.string(),
    name: z.string(),
    locations: z.array(adminStockLocationSchema),
    colours: z.array(
      z.object({
        product_id: z.string(),
        colour: z.string(),
        colour_hex: z.string(),
        sizes: z.array(
          z.object({
            sku: z.string(),
            size: z.string(),
            barcode: z.string().nullable(),
            low_stock_threshold: z.int(),
            quantities: z.array(quantityAt).openapi({ description: 'The count at each location, in their order' }),
          }),
        ),
      }),
    ),
  })
  .openapi('AdminStockMatrix')

export const adminStockAdjustBody = z
  .object({
    location,
    sku,
    reason: z.enum(STOCK_ADJUST_REASONS),
    note: note.default(''),
    delta: z
      .int()
      .min(-STOCK_QUANTITY_MAX)
      .max(STOCK_QUANTITY_MAX)
      .optional()
      .openapi({ description: 'Pieces added (or taken away, negative); or give `counted`' }),
    counted: z
      .int()
      .min(0)
      .max(STOCK_QUANTITY_MAX)
      .optional()
      .openapi({ description: 'The count found: the stock becomes it; or give `delta`' }),
  })
  .openapi('AdminStockAdjust')

/** The most sizes one count sheet may hold (a model of many colours and sizes, or a shelf). */
export const STOCK_COUNT_MAX_LINES = 500

export const adminStockCountBody = z
  .object({
    location,
    note: note.default(''),
    lines: z
      .array(z.object({ sku, counted: z.int().min(0).max(STOCK_QUANTITY_MAX) }))
      .min(1)
      .max(STOCK_COUNT_MAX_LINES)
      .openapi({ description: 'Each size counted and what was found; sizes not counted are left out' }),
  })
  .openapi('AdminStockCount')

export const adminStockCountedSchema = z
  .object({
    location: z.string(),
    lines: z.array(z.object({ sku: z.string(), quantity: z.int(), delta: z.int() })),
  })
  .openapi('AdminStockCounted')

export const adminStockMovementSchema = z
  .object({
    id: z.uuid(),
    at: isoTime,
    actor: z.string(),
    location: z.string(),
    location_name: z.string(),
    sku: z.string(),
    delta: z.int(),
    quantity_after: z.int(),
    reason: z.enum(STOCK_MOVEMENT_REASONS),
    note: z.string(),
    transfer_id: z.uuid().nullable(),
  })
  .openapi('AdminStockMovement')

export const adminStockAdjustedSchema = z
  .object({ location: z.string(), sku: z.string(), quantity: z.int(), movement: adminStockMovementSchema })
  .openapi('AdminStockAdjusted')

export const adminStockMovementsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer' }),
})

export const adminStockMovementPageSchema = z
  .object({
    sku: z.string(),
    name: z.string(),
    size: z.string(),
    items: z.array(adminStockMovementSchema),
    total: z.int(),
    page: z.int(),
    page_size: z.int(),
  })
  .openapi('AdminStockMovementPage')

export const adminStockThresholdBody = z
  .object({ low_stock_threshold: z.int().min(0).max(STOCK_QUANTITY_MAX) })
  .openapi('AdminStockThreshold')

export const adminStockThresholdSchema = z
  .object({ sku: z.string(), low_stock_threshold: z.int() })
  .openapi('AdminStockThresholdSet')

export const adminStockTransferBody = z
  .object({
    from: location,
    to: location,
    note: note.default(''),
    lines: z
      .array(z.object({ sku, quantity: z.int().min(1).max(STOCK_QUANTITY_MAX) }))
      .min(1)
      .max(200),
  })
  .openapi('AdminStockTransferNew')

export const adminStockTransferIdParam = z.object({ id: z.uuid() })

export const adminStockTransfersQuery = z.object({
  status: z
    .enum(STOCK_TRANSFER_STATUSES)
    .default('sent')
    .openapi({ description: 'Transfers of this status (open ones, `sent`, unless said)' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer' }),
})

export const adminStockTransferSchema = z
  .object({
    id: z.uuid(),
    from: adminStockLocationSchema,
    to: adminStockLocationSchema,
    status: z.enum(STOCK_TRANSFER_STATUSES),
    note: z.string(),
    sent_at: isoTime,
    sent_by: z.string(),
    closed_at: nullable(isoTime),
    closed_by: z.string().nullable(),
    lines: z.array(
      z.object({ sku: z.string(), name: z.string(), colour: z.string(), size: z.string(), quantity: z.int() }),
    ),
  })
  .openapi('AdminStockTransfer')

export const adminStockTransferPageSchema = z
  .object({ items: z.array(adminStockTransferSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .openapi('AdminStockTransferPage')
