import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  categorySchema,
  collectionSchema,
  contentPageSchema,
  editorialSchema,
  editorialSummarySchema,
  productDetailSchema,
  productPageSchema,
  scanResultSchema,
  searchResultSchema,
  storeAvailabilitySchema,
  storeSchema,
  suggestionsSchema,
} from '~/api/schemas'
import { HttpError } from '~/errors/error-model'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { GENDERS, LISTING_SORTS, LISTING_TAGS } from './listing-search'

const lang = z.enum(['th', 'en'])
const currency = z.enum(['thb', 'usd'])
const slug = z
  .string()
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
const localised = { lang, currency }

/** A 404 of the API is "nothing here" (null); any other failure keeps its status for the error screen. */
async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 404) return null
    throw toHttpError(error)
  }
}

function toHttpError(error: unknown): unknown {
  return error instanceof ProductApiError ? new HttpError(error.status, error.message) : error
}

async function rethrowing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    throw toHttpError(error)
  }
}

export const listingInput = z.object({
  ...localised,
  category: slug.optional(),
  collection: slug.optional(),
  gender: z.enum(GENDERS).optional(),
  tag: z.enum(LISTING_TAGS).optional(),
  size: z.string().max(6).optional(),
  color: z.string().max(24).optional(),
  min: z.number().int().min(0).optional(),
  max: z.number().int().min(0).optional(),
  available: z.boolean().optional(),
  sort: z.enum(LISTING_SORTS).optional(),
  page: z.number().int().min(1).max(400).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
})
export type ListingInput = z.infer<typeof listingInput>

export const getProductPage = createServerFn({ method: 'GET' })
  .validator(listingInput)
  .handler(({ data }) =>
    rethrowing(
      productApi().get('/products', productPageSchema, {
        lang: data.lang,
        currency: data.currency,
        category: data.category,
        collection: data.collection,
        gender: data.gender,
        tag: data.tag,
        size: data.size,
        color: data.color,
        minPrice: data.min,
        maxPrice: data.max,
        available: data.available ? 'true' : undefined,
        sort: data.sort,
        page: data.page,
        pageSize: data.pageSize,
      }),
    ),
  )

export const getProduct = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, id: z.string().max(160) }))
  .handler(({ data }) =>
    /^[a-z0-9-]+$/.test(data.id)
      ? orNull(
          productApi().get(`/products/${data.id}`, productDetailSchema, { lang: data.lang, currency: data.currency }),
        )
      : Promise.resolve(null),
  )

export const getProductStores = createServerFn({ method: 'GET' })
  .validator(z.object({ lang, id: slug, size: z.string().max(6).optional() }))
  .handler(({ data }) =>
    orNull(
      productApi().get(`/products/${data.id}/stores`, storeAvailabilitySchema, { lang: data.lang, size: data.size }),
    ),
  )

export const searchProducts = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, q: z.string().trim().min(1).max(100), page: z.number().int().min(1).max(400) }))
  .handler(({ data }) =>
    rethrowing(
      productApi().get('/search', searchResultSchema, {
        lang: data.lang,
        currency: data.currency,
        q: data.q,
        page: data.page,
      }),
    ),
  )

export const getSuggestions = createServerFn({ method: 'GET' })
  .validator(z.object({ lang, q: z.string().trim().min(1).max(100) }))
  .handler(({ data }) => rethrowing(productApi().get('/search/suggestions', suggestionsSchema, data)))

export const getCategories = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) =>
    rethrowing(productApi().get('/categories', z.object({ items: z.array(categorySchema) }), data)),
  )

export const getCollections = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) =>
    rethrowing(productApi().get('/collections', z.object({ items: z.array(collectionSchema) }), data)),
  )

export const getCollection = createServerFn({ method: 'GET' })
  .validator(z.object({ lang, slug: z.string().max(120), parent: z.string().max(120).optional() }))
  .handler(({ data }) =>
    slug.safeParse(data.slug).success && (data.parent === undefined || slug.safeParse(data.parent).success)
      ? orNull(
          productApi().get(`/collections/${data.slug}`, collectionSchema, { lang: data.lang, parent: data.parent }),
        )
      : Promise.resolve(null),
  )

export const getEditorials = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) =>
    rethrowing(productApi().get('/editorials', z.object({ items: z.array(editorialSummarySchema) }), data)),
  )

export const getEditorial = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, slug: z.string().max(120) }))
  .handler(({ data }) =>
    slug.safeParse(data.slug).success
      ? orNull(
          productApi().get(`/editorials/${data.slug}`, editorialSchema, { lang: data.lang, currency: data.currency }),
        )
      : Promise.resolve(null),
  )

export const getStores = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/stores', z.object({ items: z.array(storeSchema) }), data)))

export const scanCode = createServerFn({ method: 'GET' })
  .validator(z.object({ code: z.string().trim().min(1).max(160) }))
  .handler(({ data }) =>
    /^[A-Za-z0-9-]+$/.test(data.code)
      ? orNull(productApi().get(`/scan/${encodeURIComponent(data.code)}`, scanResultSchema))
      : Promise.resolve(null),
  )

export const getContentPage = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, slug: z.string().max(400) }))
  .handler(({ data }) =>
    slug.safeParse(data.slug).success
      ? orNull(
          productApi().get(`/content/${data.slug}`, contentPageSchema, { lang: data.lang, currency: data.currency }),
        )
      : Promise.resolve(null),
  )
