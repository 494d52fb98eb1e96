import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Db } from '~/db/client.server'
import { json, notFound, security, shared, unstorableTextPath } from '~/api/http.server'
import {
  categoryListSchema,
  codeParam,
  collectionListSchema,
  collectionSchema,
  contentPageSchema,
  editorialListSchema,
  editorialSchema,
  idParam,
  langOnlyQuery,
  localisedQuery,
  productDetailSchema,
  productListQuery,
  productPageSchema,
  productQuery,
  scanResultSchema,
  searchQuery,
  searchResultSchema,
  SITEMAP_MAX_PRODUCTS,
  sitemapSchema,
  slug,
  slugParam,
  storeAvailabilitySchema,
  storeListSchema,
  storeStockQuery,
  suggestionQuery,
  suggestionsSchema,
} from '~/contract/catalog'
import { errorSchema } from '~/contract/errors'
import { sitemapEntries, type CatalogService } from './catalog.service'
import { ContentService } from './content.service'
import { SearchService } from './search.service'
import { StoreService } from './stores.service'
import { PreviewTokens } from './preview-tokens.server'
import { SiteService } from './site.service'
import { homePageSchema, siteMenuSchema } from '~/contract/site'

export type CatalogRoutesOptions = {
  db: Db
  /** The catalog service, shared with the areas that show product cards (the wishlist). */
  catalog: CatalogService
  /** Staff previews of models not yet published (decision 195): the admin API issues the tokens. */
  previews?: PreviewTokens
}

const errors = {
  400: json(errorSchema, 'Invalid input, with a message per field'),
  404: json(errorSchema, 'Not found'),
}

/** How long catalog answers may be reused by callers (the storefront's client honours it). */
const FRESH_SECONDS = { reference: 300, listing: 30, product: 10 } as const

function fresh(c: Context, seconds: number) {
  c.header('Cache-Control', `public, max-age=${seconds}`)
}

/** Field errors of a failed validation: the first message per field (§5: first failing rule). */
function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'request'
    fields[key] ??= issue.message
  }
  return fields
}

/**
 * The catalog's read-only endpoints (§7): products, search, collections, editorials, stores, content pages, scanned
 * codes and the sitemap. Their invalid input is answered with a message per field (the other areas answer field
 * codes and a reason, createSubApp); their errors are the API's (app.server.ts).
 */
export function createCatalogRoutes({ db, catalog, previews = new PreviewTokens(db) }: CatalogRoutesOptions) {
  const search = new SearchService(db, catalog)
  const content = new ContentService(db, catalog)
  const stores = new StoreService(db)
  const site = new SiteService(db)
  const app = new OpenAPIHono({
    strict: false,
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ code: 400, message: 'Invalid request', fields: fieldErrors(result.error.issues) }, 400)
      }
      const unstorable = unstorableTextPath(result.data)
      if (unstorable) {
        return c.json({ code: 400, message: 'Invalid request', fields: { [unstorable]: 'invalid character' } }, 400)
      }
      return undefined
    },
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/categories',
      operationId: 'listCategories',
      security: security.none,
      summary: 'Product categories with their product counts',
      request: { query: langOnlyQuery },
      responses: { 200: shared(categoryListSchema, 'Categories'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.reference)
      return c.json({ items: await catalog.listCategories(c.req.valid('query').lang) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/products',
      operationId: 'listProducts',
      security: security.none,
      summary: 'Products, filtered, sorted and paged (25 a page by default)',
      request: { query: productListQuery },
      responses: { 200: shared(productPageSchema, 'A page of products'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.listing)
      return c.json(await catalog.listProducts(c.req.valid('query')), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/products/{id}',
      operationId: 'getProduct',
      security: security.none,
      summary:
        "One colour of a product family with sizes, stock, size chart, the family's colours and related products",
      request: { params: idParam, query: productQuery },
      responses: { 200: shared(productDetailSchema, 'The product'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { lang, currency, color, preview } = c.req.valid('query')
      if (preview !== undefined) {
        // A staff preview: never kept by any cache (the API's own, the storefront's client, the page cache, a CDN).
        c.header('Cache-Control', 'private, no-store')
        const opened = await previews.verify(preview)
        const product = await catalog.getProduct(id, lang, currency, color, opened ?? undefined)
        return product ? c.json(product, 200) : notFound(c, 'NO PRODUCT FOUND')
      }
      const product = await catalog.getProduct(id, lang, currency, color)
      fresh(c, FRESH_SECONDS.product)
      return product ? c.json(product, 200) : notFound(c, 'NO PRODUCT FOUND')
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/products/{id}/stores',
      operationId: 'getProductStores',
      security: security.none,
      summary: 'Which sizes of a product each store holds (find in store)',
      request: { params: idParam, query: storeStockQuery },
      responses: { 200: shared(storeAvailabilitySchema, 'Stock per store'), ...errors },
    }),
    async (c) => {
      const { lang, size } = c.req.valid('query')
      const result = await stores.productStores(c.req.valid('param').id, lang, size)
      fresh(c, FRESH_SECONDS.product)
      return result ? c.json(result, 200) : notFound(c, 'NO PRODUCT FOUND')
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/search',
      operationId: 'search',
      security: security.none,
      summary: 'Search products in Thai or English, tolerant of typos',
      request: { query: searchQuery },
      responses: { 200: shared(searchResultSchema, 'Ranked results'), 400: errors[400] },
    }),
    async (c) => {
      const { q, lang, currency, page, page_size } = c.req.valid('query')
      fresh(c, FRESH_SECONDS.listing)
      return c.json(await search.search(q, lang, currency, page, page_size), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/search/suggestions',
      operationId: 'getSearchSuggestions',
      security: security.none,
      summary: 'Suggestions while typing',
      request: { query: suggestionQuery },
      responses: { 200: shared(suggestionsSchema, 'Suggestions'), 400: errors[400] },
    }),
    async (c) => {
      const { q, lang, currency } = c.req.valid('query')
      fresh(c, FRESH_SECONDS.listing)
      return c.json(await search.suggestions(q, lang, currency), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/collections',
      operationId: 'listCollections',
      security: security.none,
      summary: 'Collections with their sub-collections',
      request: { query: langOnlyQuery },
      responses: { 200: shared(collectionListSchema, 'Collections'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.reference)
      return c.json({ items: await catalog.listCollections(c.req.valid('query').lang) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/collections/{slug}',
      operationId: 'getCollection',
      security: security.none,
      summary: 'One collection; with ?parent= only when it is that collection’s sub-collection',
      request: {
        params: slugParam,
        query: langOnlyQuery.extend({ parent: slug.optional() }),
      },
      responses: { 200: shared(collectionSchema, 'The collection'), ...errors },
    }),
    async (c) => {
      const { lang, parent } = c.req.valid('query')
      const collection = await catalog.getCollection(c.req.valid('param').slug, lang, parent ?? null)
      fresh(c, FRESH_SECONDS.reference)
      return collection ? c.json(collection, 200) : notFound(c, 'Collection not found')
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/site/home',
      operationId: 'getHomePage',
      security: security.none,
      summary: 'The home page’s blocks as published (the default layout when none is)',
      request: { query: langOnlyQuery },
      responses: { 200: shared(homePageSchema, 'The home page'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.reference)
      return c.json(await site.home(c.req.valid('query').lang), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/site/menu',
      operationId: 'getSiteMenu',
      security: security.none,
      summary: 'The menu’s featured links as published (none by default)',
      request: { query: langOnlyQuery },
      responses: { 200: shared(siteMenuSchema, 'The menu’s featured links'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.reference)
      return c.json(await site.menu(c.req.valid('query').lang), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/editorials',
      operationId: 'listEditorials',
      security: security.none,
      summary: 'Editorials, newest first',
      request: { query: langOnlyQuery },
      responses: { 200: shared(editorialListSchema, 'Editorials'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.reference)
      return c.json({ items: await content.listEditorials(c.req.valid('query').lang) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/editorials/{slug}',
      operationId: 'getEditorial',
      security: security.none,
      summary: 'One editorial with its content blocks',
      request: { params: slugParam, query: localisedQuery },
      responses: { 200: shared(editorialSchema, 'The editorial'), ...errors },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const editorial = await content.getEditorial(c.req.valid('param').slug, lang, currency)
      fresh(c, FRESH_SECONDS.reference)
      return editorial ? c.json(editorial, 200) : notFound(c, 'Editorial not found')
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/stores',
      operationId: 'listStores',
      security: security.none,
      summary: 'The brand’s stores with address, hours and phone',
      request: { query: langOnlyQuery },
      responses: { 200: shared(storeListSchema, 'Stores'), 400: errors[400] },
    }),
    async (c) => {
      fresh(c, FRESH_SECONDS.reference)
      return c.json({ items: await stores.listStores(c.req.valid('query').lang) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/scan/{code}',
      operationId: 'scanCode',
      security: security.none,
      summary: 'The product (and size) of a scanned barcode, SKU or product id',
      request: { params: codeParam },
      responses: { 200: json(scanResultSchema, 'The product'), ...errors },
    }),
    async (c) => {
      const result = await catalog.scan(c.req.valid('param').code)
      return result ? c.json(result, 200) : notFound(c, 'NO PRODUCT FOUND')
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/content/{slug}',
      operationId: 'getContentPage',
      security: security.none,
      summary: 'A content page (info pages, careers, supplier applications …)',
      request: { params: slugParam, query: localisedQuery },
      responses: { 200: shared(contentPageSchema, 'The page'), ...errors },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const page = await content.getContentPage(c.req.valid('param').slug, lang, currency)
      fresh(c, FRESH_SECONDS.reference)
      return page ? c.json(page, 200) : notFound(c, 'Page not found')
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/sitemap-entries',
      operationId: 'getSitemapEntries',
      security: security.none,
      summary: 'Every public page of the catalog, for sitemap.xml',
      responses: { 200: json(sitemapSchema, 'Slugs and ids') },
    }),
    async (c) => c.json(await sitemapEntries(db, SITEMAP_MAX_PRODUCTS), 200),
  )

  return app
}
