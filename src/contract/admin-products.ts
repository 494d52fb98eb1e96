import { z } from '@hono/zod-openapi'
import { GENDERS, PRODUCT_STATUSES, PRODUCT_TAGS } from '~/domain/catalog'
import {
  COLOUR_HEX_PATTERN,
  isValidBarcode,
  isValidSku,
  MAX_SKU,
  MAX_SLUG,
  PRODUCT_SIZE_PATTERN,
  SLUG_PATTERN,
} from '~/domain/product-editor'
import { hasForbiddenCharacters } from '~/domain/text'
import { nullable } from './nullable'

/**
 * Products in the admin API (issue 32 item 1, decision 195): models (a family of colours, decision 019) with their
 * colours and sizes, words in Thai and English, category, collections, "match with", tags and status. Prices in
 * minor units (satang, cents); snake_case on the wire like the rest of the admin API.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

const plain = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value), 'invalid')
const words = (max: number) => plain(max).min(1)
const paragraph = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value.replace(/\r?\n/g, ' ')), 'invalid')

const slug = z.string().trim().min(1).max(MAX_SLUG).regex(SLUG_PATTERN)
const price = z.int().min(1).max(99_999_999)

export const adminProductIdParam = z.object({
  id: z.string().min(1).max(160).regex(SLUG_PATTERN).openapi({ description: 'The model’s id (its family id)' }),
})

export const adminProductListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ description: 'Part of a name (Thai or English), a SKU or a barcode' }),
  status: z.enum(PRODUCT_STATUSES).optional(),
  category: z.string().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
})

const choice = z.object({ slug: z.string(), name_th: z.string(), name_en: z.string() })

export const adminProductListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name_th: z.string(),
        name_en: z.string(),
        category: z.string(),
        status: z.enum(PRODUCT_STATUSES),
        publish_at: nullable(isoTime),
        colours: z.array(z.object({ id: z.string(), name_th: z.string(), name_en: z.string(), hex: z.string() })),
        sizes: z.int().openapi({ description: 'Sizes (SKUs) of the model in all its colours' }),
        price_thb: z.int(),
        price_usd: z.int(),
        image: nullable(z.string()).openapi({ description: 'The first picture’s path under the image endpoint' }),
        updated_at: isoTime,
      }),
    ),
    page: z.int(),
    page_size: z.int(),
    total: z.int(),
    total_pages: z.int(),
  })
  .openapi('AdminProductList')

export const adminProductChoicesSchema = z
  .object({
    categories: z.array(choice),
    collections: z.array(choice),
    tags: z.array(
      z.object({
        tag: z.enum(PRODUCT_TAGS),
        section: z.string().openapi({ description: 'Where the spec says what the tag does' }),
        rule_th: z.string(),
        rule_en: z.string(),
      }),
    ),
  })
  .openapi('AdminProductChoices')

const sizeChart = z.object({
  columns: z
    .array(z.object({ th: words(40), en: words(40) }))
    .min(1)
    .max(12),
  rows: z
    .array(z.object({ size: z.string().regex(PRODUCT_SIZE_PATTERN), values: z.array(z.number().min(0).max(1000)) }))
    .min(1)
    .max(30),
})

const variantInput = z.object({
  size: z.string().trim().regex(PRODUCT_SIZE_PATTERN).openapi({ description: 'XS … XXL, OS, or a number (38.5)' }),
  sku: z
    .string()
    .trim()
    .max(MAX_SKU)
    .refine((value) => value === '' || isValidSku(value), 'invalid')
    .default('')
    .openapi({ description: 'Empty: made from the pattern `{COLOUR-ID}-{SIZE}`' }),
  barcode: nullable(
    z
      .string()
      .trim()
      .refine((value) => value === '' || isValidBarcode(value), 'invalid'),
  )
    .default(null)
    .openapi({ description: 'A GTIN-8, -12, -13 or -14 with a right check digit; null or empty: none yet' }),
})

const colourInput = z.object({
  id: z.string().max(200).optional().openapi({ description: 'An existing colour’s id (none: a new colour)' }),
  slug,
  name_th: words(40),
  name_en: words(40),
  hex: z.string().regex(COLOUR_HEX_PATTERN),
  variants: z.array(variantInput).min(1).max(30),
})

const modelFields = {
  category: z.string().min(1).max(80),
  gender: z.enum(GENDERS),
  name_th: words(120),
  name_en: words(120),
  description_th: paragraph(4000),
  description_en: paragraph(4000),
  material_th: words(200),
  material_en: words(200),
  care_th: z.array(words(200)).max(12).default([]),
  care_en: z.array(words(200)).max(12).default([]),
  size_chart: nullable(sizeChart).default(null),
  tags: z.array(z.enum(PRODUCT_TAGS)).max(PRODUCT_TAGS.length).default([]),
  collections: z.array(z.string().min(1).max(80)).max(50).default([]),
  match_with: z.array(z.string().min(1).max(160)).max(8).default([]).openapi({
    description: 'Other models shown as "match with" on the product page, in this order',
  }),
  colours: z.array(colourInput).min(1).max(20),
}

export const adminProductCreateBody = z
  .object({
    slug: slug.openapi({ description: 'The model’s id in its address (/product/{slug}); its first colour’s id' }),
    ...modelFields,
    price_thb: price.openapi({ description: 'The price in satang (changed later on the prices screen)' }),
    price_usd: price.openapi({ description: 'The price in cents' }),
  })
  .openapi('AdminProductCreateInput', {
    description: 'A new model, made a draft: its words, category, colours with their sizes, tags and first prices',
  })

export const adminProductUpdateBody = z.object(modelFields).openapi('AdminProductUpdateInput', {
  description:
    'A model changed whole: every field; colours and sizes given are kept or added (an existing colour by its id), ' +
    'none is removed here. Prices are changed on the prices screen',
})

export const adminProductStatusBody = z
  .object({
    status: z.enum(PRODUCT_STATUSES),
    publish_at: nullable(z.iso.datetime({ offset: true }))
      .default(null)
      .openapi({ description: 'When a `scheduled` model is published (in the future); null otherwise' }),
  })
  .openapi('AdminProductStatusInput')

const imageSchema = z.object({
  path: z.string(),
  width: z.int(),
  height: z.int(),
  alt_th: z.string(),
  alt_en: z.string(),
})

export const adminProductSchema = z
  .object({
    id: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    publish_at: nullable(isoTime),
    category: z.string(),
    gender: z.enum(GENDERS),
    name_th: z.string(),
    name_en: z.string(),
    description_th: z.string(),
    description_en: z.string(),
    material_th: z.string(),
    material_en: z.string(),
    care_th: z.array(z.string()),
    care_en: z.array(z.string()),
    size_chart: nullable(
      z.object({
        columns: z.array(z.object({ th: z.string(), en: z.string() })),
        rows: z.array(z.object({ size: z.string(), values: z.array(z.number()) })),
      }),
    ),
    tags: z.array(z.enum(PRODUCT_TAGS)),
    collections: z.array(z.string()),
    match_with: z.array(z.object({ id: z.string(), name_th: z.string(), name_en: z.string() })),
    colours: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        name_th: z.string(),
        name_en: z.string(),
        hex: z.string(),
        price_thb: z.int(),
        price_usd: z.int(),
        images: z.array(imageSchema).openapi({ description: 'Its pictures (edited on the pictures screen)' }),
        variants: z.array(z.object({ size: z.string(), sku: z.string(), barcode: nullable(z.string()) })),
      }),
    ),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .openapi('AdminProduct')

export const adminProductPreviewSchema = z
  .object({
    token: z.string(),
    url: z.string().openapi({ description: 'The shop’s product page with the token: private, never cached' }),
    expires_at: isoTime,
  })
  .openapi('AdminProductPreview')
