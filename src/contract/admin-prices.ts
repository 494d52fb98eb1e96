import { z } from '@hono/zod-openapi'
import { PRODUCT_TAGS } from '~/domain/catalog'
import { MAX_UNIT_PRICE } from '~/domain/money'
import {
  PERCENT_OFF_MAX,
  PERCENT_OFF_MIN,
  PRICE_CHANGE_MAX_PRODUCTS,
  PRICE_SCHEDULE_NAME_MAX,
  PRICE_SCHEDULE_STATUSES,
} from '~/domain/prices'
import { hasForbiddenCharacters } from '~/domain/text'
import { productId } from './common'
import { nullable } from './nullable'

/**
 * Prices in the admin API (issue 32 item 4, decision 192): a model's colours with their prices, a colour's prices
 * set, bulk changes by filter (a preview, then all or nothing) and sales planned ahead. Amounts are minor units
 * (satang, cents) as everywhere on the wire; snake_case like the rest of the admin API.
 */

const isoTime = z.string().openapi({ format: 'date-time' })
/** A price in minor units: a whole number of satang or cents (the service says which field is not positive). */
const amount = z.int().min(0).max(MAX_UNIT_PRICE)

export const adminPriceProductParam = z.object({ id: productId })
export const adminPriceScheduleParam = z.object({ id: z.uuid() })

const filterFields = {
  category: z.string().trim().min(1).max(60).optional().openapi({ description: 'A category’s slug' }),
  collection: z.string().trim().min(1).max(120).optional().openapi({ description: 'A collection’s slug' }),
  tag: z.enum(PRODUCT_TAGS).optional(),
  q: z.string().trim().min(1).max(100).optional().openapi({ description: 'Words of the name, or a product’s id' }),
}

export const adminPriceFilter = z.object(filterFields).openapi('AdminPriceFilter')

export const adminPricesQuery = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer' }),
})

export const adminPriceSetBody = z
  .object({
    price_thb: amount,
    price_usd: amount,
    compare_at_thb: nullable(amount),
    compare_at_usd: nullable(amount),
  })
  .openapi('AdminPriceSet')

export const adminPricedProductSchema = z
  .object({
    id: z.string(),
    family_id: z.string(),
    name: z.object({ th: z.string(), en: z.string() }),
    colour: z.object({ th: z.string(), en: z.string() }),
    category: z.string(),
    tags: z.array(z.enum(PRODUCT_TAGS)),
    price_thb: z.int(),
    price_usd: z.int(),
    compare_at_thb: z.int().nullable(),
    compare_at_usd: z.int().nullable(),
  })
  .openapi('AdminPricedProduct')

export const adminPricedPageSchema = z
  .object({ items: z.array(adminPricedProductSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .openapi('AdminPricedPage')

export const adminPriceFamilySchema = z
  .object({ family_id: z.string(), colours: z.array(adminPricedProductSchema) })
  .openapi('AdminPriceFamily')

const bulkChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent_off'),
    percent: z.int().min(PERCENT_OFF_MIN).max(PERCENT_OFF_MAX),
    strike_through: z.boolean().default(true),
  }),
  z.object({
    kind: z.literal('fixed'),
    price_thb: amount,
    price_usd: amount,
    strike_through: z.boolean().default(false),
  }),
])

export const adminBulkPriceBody = z
  .object({
    filter: adminPriceFilter,
    change: bulkChange,
    apply: z.boolean().default(false).openapi({ description: 'false: a dry run; true: all or nothing' }),
  })
  .openapi('AdminBulkPriceChange')

const priceSetSchema = z.object({
  price_thb: z.int(),
  price_usd: z.int(),
  compare_at_thb: z.int().nullable(),
  compare_at_usd: z.int().nullable(),
})

export const adminBulkPriceSchema = z
  .object({
    applied: z.boolean(),
    rows: z.array(
      z.object({
        product: adminPricedProductSchema,
        after: priceSetSchema,
        problem: z.string().nullable().openapi({ description: 'Why this row cannot change (field: problem), or null' }),
      }),
    ),
  })
  .openapi('AdminBulkPriceResult')

const scheduleName = z
  .string()
  .trim()
  .min(1)
  .max(PRICE_SCHEDULE_NAME_MAX)
  .refine((value) => !hasForbiddenCharacters(value), 'not valid')

export const adminPriceScheduleBody = z
  .object({
    name: scheduleName,
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    lines: z
      .array(z.object({ product_id: productId, sale_thb: amount, sale_usd: amount }))
      .min(1)
      .max(PRICE_CHANGE_MAX_PRODUCTS),
  })
  .openapi('AdminPriceScheduleInput')

export const adminPriceSchedulesQuery = z.object({
  status: z.enum(PRICE_SCHEDULE_STATUSES).optional().openapi({ description: 'Only sales of this status' }),
})

const scheduleFields = {
  id: z.uuid(),
  name: z.string(),
  starts_at: isoTime,
  ends_at: isoTime,
  status: z.enum(PRICE_SCHEDULE_STATUSES),
  created_at: isoTime,
  created_by: z.string(),
  activated_at: nullable(isoTime),
  ended_at: nullable(isoTime),
}

export const adminPriceScheduleRowSchema = z
  .object({ ...scheduleFields, products: z.int() })
  .openapi('AdminPriceScheduleRow')

export const adminPriceScheduleListSchema = z
  .object({ items: z.array(adminPriceScheduleRowSchema) })
  .openapi('AdminPriceScheduleList')

export const adminPriceScheduleSchema = z
  .object({
    ...scheduleFields,
    lines: z.array(
      z.object({
        product: adminPricedProductSchema,
        sale_thb: z.int(),
        sale_usd: z.int(),
        regular_thb: z.int().nullable().openapi({ description: 'The price before the sale, kept when it switched on' }),
        regular_usd: z.int().nullable(),
      }),
    ),
  })
  .openapi('AdminPriceSchedule')
