import { z } from '@hono/zod-openapi'
import { nullable } from './nullable'
import { GENDERS, PRODUCT_TAGS } from '~/domain/catalog'
import { CURRENCY_CODES, currencyQuery, langQuery } from './common'

/**
 * The product API's wire format (§7): snake_case keys, money in integer minor units. The API validates
 * with these schemas and documents them in its OpenAPI document; the storefront's client parses
 * responses with them and turns the keys into camelCase.
 */

export const SORTS = ['newest', 'price_asc', 'price_desc'] as const
export const GENDER_VALUES = GENDERS
export const TAG_VALUES = PRODUCT_TAGS

/** Default and largest page of a paginated call (§7, §9: 25). */
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

export const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens')

export const moneySchema = z
  .object({ amount: z.int().nonnegative(), currency: z.enum(CURRENCY_CODES) })
  .openapi('Money', { description: 'Integer minor units (satang, cents) and currency' })

export const imageSchema = z
  .object({
    path: z.string(),
    width: z.int(),
    height: z.int(),
    alt: z.string(),
    focal: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .optional()
      .openapi({ description: 'Where the subject is (fractions from the top left): crops keep it in view' }),
  })
  .openapi('Image')

export const colorSchema = z.object({ slug: z.string(), name: z.string(), hex: z.string() }).openapi('Color')

/** One colour of a product family, as a swatch: its own product id (one row per colour). */
export const familyColorSchema = colorSchema.extend({ product_id: z.string() }).openapi('FamilyColor')

export const productSummarySchema = z
  .object({
    id: z.string(),
    /** The family (one model in several colours): the id of its first colour. */
    family_id: z.string(),
    name: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    gender: z.enum(GENDER_VALUES),
    color: colorSchema,
    /** The family's colours in order, this one included. */
    colors: z.array(familyColorSchema),
    price: moneySchema,
    compare_at_price: nullable(moneySchema),
    tags: z.array(z.enum(TAG_VALUES)),
    image: imageSchema,
    hover_image: nullable(imageSchema),
    available_online: z.boolean(),
    sizes: z.array(z.object({ size: z.string(), available_online: z.boolean() })),
  })
  .openapi('ProductSummary')

export const variantSchema = z
  .object({
    sku: z.string(),
    size: z.string(),
    barcode: z.string().nullable().openapi({ description: 'Its GTIN; null while the size has none yet' }),
    available_online: z.boolean(),
    low_stock: z.boolean(),
    available_in_store: z.boolean(),
  })
  .openapi('Variant')

export const sizeChartSchema = z
  .object({ columns: z.array(z.string()), rows: z.array(z.object({ size: z.string(), values: z.array(z.number()) })) })
  .openapi('SizeChart')

/** A mix-and-match bundle (§9) as the shop prices it now, in the asked currency (minor units). */
export const mixMatchBundleSchema = z
  .object({ size: z.union([z.literal(3), z.literal(5)]), price: z.int() })
  .openapi('MixMatchBundle')

export const productDetailSchema = productSummarySchema
  .extend({
    /** The family's colours with the sizes each is made in. */
    colors: z.array(familyColorSchema.extend({ sizes: z.array(z.string()) })),
    description: z.string(),
    material: z.string(),
    care: z.array(z.string()),
    size_chart: nullable(sizeChartSchema),
    images: z.array(imageSchema),
    variants: z.array(variantSchema),
    domestic_only: z.boolean(),
    available_in_store: z.boolean(),
    match_with: z.array(productSummarySchema),
    you_may_also_like: z.array(productSummarySchema),
    /** A mix-and-match piece's bundle prices, as the back office set them (empty for any other piece). */
    mix_match_bundles: z.array(mixMatchBundleSchema),
  })
  .openapi('ProductDetail')

export const facetsSchema = z
  .object({
    sizes: z.array(z.object({ value: z.string(), count: z.int() })),
    colors: z.array(colorSchema.extend({ count: z.int() })),
    price: z.object({ min: z.int(), max: z.int(), currency: z.enum(CURRENCY_CODES) }).nullable(),
  })
  .openapi('Facets')

export const productPageSchema = z
  .object({
    items: z.array(productSummarySchema),
    page: z.int(),
    page_size: z.int(),
    total: z.int(),
    total_pages: z.int(),
    facets: facetsSchema,
  })
  .openapi('ProductPage')

const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
}

const sizeValue = z.string().regex(/^[A-Za-z0-9.]{1,6}$/, 'a size such as M, 38 or OS')

export const productListQuery = z
  .object({
    lang: langQuery,
    currency: currencyQuery,
    category: slug.optional(),
    collection: slug.optional(),
    gender: z.enum(GENDER_VALUES).optional(),
    tag: z.enum(TAG_VALUES).optional(),
    size: sizeValue.optional(),
    color: slug.optional(),
    min_price: z.coerce.number().int().min(0).max(10_000_000).optional().openapi({ description: 'Major units' }),
    max_price: z.coerce.number().int().min(0).max(10_000_000).optional().openapi({ description: 'Major units' }),
    available: z.enum(['true', 'false']).optional(),
    sort: z.enum(SORTS).default('newest'),
    ...pageQuery,
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'min_price must not exceed max_price',
    path: ['min_price'],
  })

export const localisedQuery = z.object({ lang: langQuery, currency: currencyQuery })
export const productQuery = localisedQuery.extend({
  color: slug
    .optional()
    .openapi({ description: 'A colour of the product family (its slug); unknown colours are ignored' }),
  preview: z.string().min(1).max(2000).optional().openapi({
    description:
      'A preview token from the admin API: the model it names is shown whatever its status, answered private, no-store',
  }),
})
export const langOnlyQuery = z.object({ lang: langQuery })

export const searchQuery = z.object({
  lang: langQuery,
  currency: currencyQuery,
  q: z.string().trim().min(1).max(100),
  ...pageQuery,
})

export const searchResultSchema = z
  .object({
    query: z.string(),
    items: z.array(productSummarySchema),
    page: z.int(),
    page_size: z.int(),
    /** Products found, exact up to 1,000; past that, 1,000 and total_is_lower_bound. */
    total: z.int(),
    /** True when there are more than `total` results (the count stops at 1,000 to keep search fast). */
    total_is_lower_bound: z.boolean(),
    total_pages: z.int(),
    /**
     * The position in the whole result (0 is the first card of page 1) of the first weaker match: a card that is not
     * all the query asked for (issue 29, item 17). The page draws a divider before it. Null when no card up to this
     * page's end is one.
     */
    weak_from: z.int().nullable(),
    /** The query with its misspellings corrected, when some were (decision 088). */
    did_you_mean: z.string().nullable(),
    /** With no results: categories to browse and products to look at instead. */
    alternatives: z
      .object({
        categories: z.array(z.object({ slug: z.string(), name: z.string() })),
        products: z.array(productSummarySchema),
      })
      .nullable(),
  })
  .openapi('SearchResult')

export const suggestionQuery = z.object({
  lang: langQuery,
  currency: currencyQuery,
  q: z.string().trim().min(1).max(100),
})

export const suggestionsSchema = z
  .object({
    query: z.string(),
    suggestions: z.array(
      z.object({
        kind: z.enum(['product', 'category']),
        id: z.string(),
        /** Products only: the family and colour, for the product page's URL. */
        family_id: z.string().optional(),
        color_slug: z.string().optional(),
        name: z.string(),
        image: nullable(imageSchema),
        /** A product's price in the asked currency; null for a category. */
        price: nullable(moneySchema),
      }),
    ),
  })
  .openapi('Suggestions')

export const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(160)
    .regex(/^[a-z0-9-]+$/, 'a product id')
    .openapi({ param: { name: 'id', in: 'path' } }),
})
export const slugParam = z.object({ slug: slug.openapi({ param: { name: 'slug', in: 'path' } }) })
export const codeParam = z.object({
  code: z
    .string()
    .min(1)
    .max(160)
    .regex(/^[A-Za-z0-9-]+$/, 'a barcode, SKU or product id')
    .openapi({ param: { name: 'code', in: 'path' } }),
})

export const categorySchema = z
  .object({ slug: z.string(), name: z.string(), product_count: z.int(), domestic_only: z.boolean() })
  .openapi('Category')

export const collectionSummarySchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), image: imageSchema })
  .openapi('CollectionSummary')

export const collectionSchema = collectionSummarySchema
  .extend({
    parent: z.object({ slug: z.string(), name: z.string() }).nullable(),
    children: z.array(collectionSummarySchema),
  })
  .openapi('Collection')

export const richBlockSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('h2'), text: z.string() }),
    z.object({ kind: z.literal('p'), text: z.string() }),
    z.object({ kind: z.literal('quote'), text: z.string() }),
    z.object({ kind: z.literal('ul'), items: z.array(z.string()) }),
    z.object({ kind: z.literal('image'), image: imageSchema }),
    z.object({ kind: z.literal('products'), products: z.array(productSummarySchema) }),
  ])
  .openapi('RichBlock')

export const editorialSummarySchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    hero_image: imageSchema,
    published_at: z.string(),
  })
  .openapi('EditorialSummary')

export const editorialSchema = editorialSummarySchema.extend({ blocks: z.array(richBlockSchema) }).openapi('Editorial')

export const storeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    phone: z.string(),
    hours: z.array(z.object({ day: z.int(), opens: z.string(), closes: z.string() })),
    map_url: z.string(),
  })
  .openapi('Store')

export const storeStockQuery = z.object({ lang: langQuery, size: sizeValue.optional() })

export const storeAvailabilitySchema = z
  .object({
    product_id: z.string(),
    stores: z.array(storeSchema.extend({ sizes: z.array(z.object({ size: z.string(), quantity: z.int() })) })),
  })
  .openapi('StoreAvailability')

export const scanResultSchema = z
  .object({ product_id: z.string(), family_id: z.string(), color_slug: z.string(), size: z.string().nullable() })
  .openapi('ScanResult')

export const contentPageSchema = z
  .object({ slug: z.string(), title: z.string(), description: z.string(), blocks: z.array(richBlockSchema) })
  .openapi('ContentPage')

export const ipInfoSchema = z
  .object({ country: z.string(), country_code: z.string(), query: z.string() })
  .openapi('IpInfo', { description: 'Where the caller is, from the CDN country header (§7)' })

/** Most URLs one sitemap file may list (the sitemap protocol allows 50,000). */
export const SITEMAP_MAX_PRODUCTS = 45_000

export const sitemapSchema = z
  .object({
    categories: z.array(z.string()),
    collections: z.array(z.object({ slug: z.string(), parent: z.string().nullable() })),
    editorials: z.array(z.string()),
    content_pages: z.array(z.string()),
    products: z.array(z.object({ id: z.string(), updated_at: z.string() })),
  })
  .openapi('SitemapEntries')

/** List responses: { items: [...] }. */
export const categoryListSchema = z.object({ items: z.array(categorySchema) })
export const collectionListSchema = z.object({ items: z.array(collectionSchema) })
export const editorialListSchema = z.object({ items: z.array(editorialSummarySchema) })
export const storeListSchema = z.object({ items: z.array(storeSchema) })

export type ProductSummaryWire = z.infer<typeof productSummarySchema>
export type FamilyColorWire = z.infer<typeof familyColorSchema>
export type ProductDetailWire = z.infer<typeof productDetailSchema>
export type ProductPageWire = z.infer<typeof productPageSchema>
export type RichBlockWire = z.infer<typeof richBlockSchema>
export type StoreWire = z.infer<typeof storeSchema>
export type { CurrencyCode, Lang } from './common'
