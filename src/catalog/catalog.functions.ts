import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import {
  categoryListSchema,
  collectionListSchema,
  collectionSchema,
  contentPageSchema,
  editorialListSchema,
  editorialSchema,
  productDetailSchema,
  productPageSchema,
  scanResultSchema,
  searchResultSchema,
  storeAvailabilitySchema,
  storeListSchema,
  suggestionsSchema,
} from '~/contract/catalog'
import { homePageSchema, siteMenuSchema } from '~/contract/site'
import { HttpError } from '~/errors/error-model'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { lang, listingInput, localised, pageNumber, query, slug, text } from './catalog.inputs'

export type { ListingInput } from './catalog.inputs'

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
  .validator(z.object({ ...localised, id: text(160), color: z.optional(text(40)), preview: z.optional(text(2000)) }))
  .handler(({ data }) =>
    /^[a-z0-9-]+$/.test(data.id)
      ? orNull(
          productApi().get(`/products/${data.id}`, productDetailSchema, {
            lang: data.lang,
            currency: data.currency,
            // A colour that is no slug is no colour of the family: the first colour answers.
            color: data.color !== undefined && z.safeParse(slug, data.color).success ? data.color : undefined,
            // A staff preview of a model not yet published (decision 195): the API answers it private, no-store.
            preview: data.preview,
          }),
        )
      : Promise.resolve(null),
  )

export const getProductStores = createServerFn({ method: 'GET' })
  .validator(z.object({ lang, id: slug, size: z.optional(text(6)) }))
  .handler(({ data }) =>
    orNull(
      productApi().get(`/products/${data.id}/stores`, storeAvailabilitySchema, { lang: data.lang, size: data.size }),
    ),
  )

export const searchProducts = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, q: query, page: pageNumber }))
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
  .validator(z.object({ ...localised, q: query }))
  .handler(({ data }) => rethrowing(productApi().get('/search/suggestions', suggestionsSchema, data)))

export const getCategories = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/categories', categoryListSchema, data)))

export const getCollections = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/collections', collectionListSchema, data)))

export const getCollection = createServerFn({ method: 'GET' })
  .validator(z.object({ lang, slug: text(120), parent: z.optional(text(120)) }))
  .handler(({ data }) =>
    z.safeParse(slug, data.slug).success && (data.parent === undefined || z.safeParse(slug, data.parent).success)
      ? orNull(
          productApi().get(`/collections/${data.slug}`, collectionSchema, { lang: data.lang, parent: data.parent }),
        )
      : Promise.resolve(null),
  )

/** The home page's blocks as published (decision 198): the default layout when none is. */
export const getHomePage = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/site/home', homePageSchema, data)))

/** The menu's featured links as published (none by default). */
export const getSiteMenu = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/site/menu', siteMenuSchema, data)))

export const getEditorials = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/editorials', editorialListSchema, data)))

export const getEditorial = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, slug: text(120) }))
  .handler(({ data }) =>
    z.safeParse(slug, data.slug).success
      ? orNull(
          productApi().get(`/editorials/${data.slug}`, editorialSchema, { lang: data.lang, currency: data.currency }),
        )
      : Promise.resolve(null),
  )

export const getStores = createServerFn({ method: 'GET' })
  .validator(z.object({ lang }))
  .handler(({ data }) => rethrowing(productApi().get('/stores', storeListSchema, data)))

export const scanCode = createServerFn({ method: 'GET' })
  .validator(z.object({ code: z.string().check(z.trim(), z.minLength(1), z.maxLength(160)) }))
  .handler(({ data }) =>
    /^[A-Za-z0-9-]+$/.test(data.code)
      ? orNull(productApi().get(`/scan/${encodeURIComponent(data.code)}`, scanResultSchema))
      : Promise.resolve(null),
  )

export const getContentPage = createServerFn({ method: 'GET' })
  .validator(z.object({ ...localised, slug: text(400) }))
  .handler(({ data }) =>
    z.safeParse(slug, data.slug).success
      ? orNull(
          productApi().get(`/content/${data.slug}`, contentPageSchema, { lang: data.lang, currency: data.currency }),
        )
      : Promise.resolve(null),
  )
