import type { SmsPolicy } from '~/domain/otp'
import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Db } from '~/db/client.server'
import { countryFromRequest, regionForCountry } from '~/region/region'
import { CatalogService, sitemapEntries } from './catalog.service'
import { isShareable, type CatalogReads } from './catalog-reads'
import { AccountService } from './accounts/account.service'
import type { CaptchaGate } from './accounts/captcha.server'
import { createDelivery, type Delivery } from './accounts/delivery.server'
import { createAccountRoutes } from './accounts/routes.server'
import { MembershipService } from './accounts/membership.service'
import { createMembershipRoutes } from './accounts/membership.routes.server'
import { createQuickPassRoutes } from './accounts/quick-pass.server'
import { createCommerceRoutes, type BankAccount, type CommerceRoutesOptions } from './commerce/routes.server'
import type { OrderServiceOptions } from './commerce/services.server'
import { DEMO_SELLER, type SellerDetails } from '~/config/schema'
import type { PaymentProvider } from './payments/provider'
import { PixelService, type MetaPixelConfig, type TikTokPixelConfig } from './analytics/pixel.service.server'
import { createPixelRoutes } from './analytics/routes.server'
import type { LineLogin } from './providers/line-login.server'
import { security, serverErrorResponse, shared, unstorableTextPath } from './http.server'
import { createDocsRoutes } from './docs.server'
import { finishDocument, registerDocumentComponents } from './openapi.server'
import { OTP_SENDS_PER_IP_PER_HOUR } from '~/domain/otp'
import { bankNames } from '~/domain/thai-banks'
import { SELLER } from '~/brand'
import {
  categoryListSchema,
  collectionListSchema,
  editorialListSchema,
  storeListSchema,
  codeParam,
  collectionSchema,
  contentPageSchema,
  editorialSchema,
  idParam,
  ipInfoSchema,
  langOnlyQuery,
  localisedQuery,
  productDetailSchema,
  productListQuery,
  productQuery,
  productPageSchema,
  scanResultSchema,
  searchQuery,
  searchResultSchema,
  slug,
  SITEMAP_MAX_PRODUCTS,
  sitemapSchema,
  slugParam,
  storeAvailabilitySchema,
  storeStockQuery,
  suggestionQuery,
  suggestionsSchema,
} from '~/contract/catalog'
import { errorSchema } from '~/contract/errors'
import type { StorefrontLinks } from '~/contract/links'

export type ApiOptions = {
  db: Db
  /** Catalog answers kept until the catalog changes (none when absent: every call reads the database). */
  catalogReads?: CatalogReads
  /** The store keys this API serves: {base}/public/{storeKey}/… (unknown keys are 404). */
  storeKeys: string[]
  /** The storefront's pages this API links to, written by the storefront's typed links (decision 034). */
  storefront: StorefrontLinks
  /** Code delivery (outbox by default), LINE Login (off by default) and the per-IP send limit. */
  accounts?: {
    delivery?: Delivery
    lineLogin?: LineLogin | null
    ipHourlyLimit?: number
    resendCooldownSeconds?: number
    /** SMS codes: the countries they may go to and the hourly caps (defaults: Thailand, SMS_SENDS_PER_HOUR …). */
    sms?: SmsPolicy
    /** Where the operator is told of an SMS cap reached (console.warn by default). */
    warn?: (line: string) => void
    /** The bot challenge (self-hosted proof of work by default; Turnstile when configured). */
    captcha?: CaptchaGate
    /** The longest wait after wrong codes from one connection (60 s by default). */
    slowDownMaxSeconds?: number
    now?: () => Date
    /** USD orders count towards tiers at this many THB per USD (issue 6). */
    thbPerUsd?: number
  }
  /** Server-side pixels: Meta's Conversions API and TikTok's Events API when configured (recorded only otherwise). */
  analytics?: { meta?: MetaPixelConfig | null; tiktok?: TikTokPixelConfig | null }
  /** Checkout: where shoppers come back, payments, the bank account and the back office's token. */
  commerce?: {
    /** Public origin of the shop: the API's own public address under it (PayPal's way back, the OpenAPI server). */
    siteUrl?: string
    apiBaseUrl?: string
    paymentSecret?: string
    stripe?: PaymentProvider | null
    /** PayPal's Orders API when configured (docs/decisions/021). */
    paypal?: PaymentProvider | null
    bank?: BankAccount
    operatorToken?: string | null
    /** The seller on tax invoices; the demo company unless configured (SELLER_*). */
    seller?: SellerDetails
    /** LINE messages to members linked to LINE. */
    pushLine?: ((to: string, text: string) => Promise<void>) | null
    /** The bank transfer deadline and its reminder (issue 17). */
    bankTransfer?: OrderServiceOptions['bankTransfer']
    /** What unpaid orders may hold per connection and contact (issue 29 item 3). */
    unpaidHolds?: OrderServiceOptions['unpaidHolds']
    onPaymentReminder?: OrderServiceOptions['onPaymentReminder']
    /** Told when the back office accepts an exchange or return (the shopper's e-mail is sent from here). */
    onReturnAccepted?: CommerceRoutesOptions['onReturnAccepted']
  }
}

/** THB per USD at which USD orders count towards tiers, unless configured (USD_TO_THB_RATE). */
export const DEFAULT_THB_PER_USD = 35

/** The demo shop's bank account (a real shop configures its own). */
export const DEMO_BANK_ACCOUNT: BankAccount = {
  bankName: bankNames('Kasikornbank'),
  accountName: SELLER.legalName,
  accountNumber: '000-0-00000-0',
  promptPayId: '0812345678',
}

type Env = { Variables: { catalog: CatalogService } }

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})
const errors = {
  400: json(errorSchema, 'Invalid input, with a message per field'),
  404: json(errorSchema, 'Not found'),
}

/** How long catalog answers may be reused by callers (the storefront's client honours it). */
const FRESH_SECONDS = { reference: 300, listing: 30, product: 10 } as const

function fresh(c: Context, seconds: number) {
  c.header('Cache-Control', `public, max-age=${seconds}`)
}

function notFound(c: Context, message: string) {
  return c.json({ code: 404, message }, 404)
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
 * The product API (§7, DESIGN.md §1): JSON over HTTP at {API_URL}/public/{storeKey}/…, snake_case on
 * the wire, an OpenAPI 3.1 document generated from its zod schemas at …/openapi.json.
 */
export function createApiApp(options: ApiOptions) {
  const catalog = new CatalogService(options.db)
  const app = new OpenAPIHono<Env>({
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
  }).basePath('/api/public/:storeKey')
  registerDocumentComponents(app.openAPIRegistry)

  app.use('*', async (c, next) => {
    if (!options.storeKeys.includes(c.req.param('storeKey') ?? '')) return notFound(c, 'Unknown store')
    c.set('catalog', catalog)
    await next()
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store')
  })

  // Catalog answers kept until the catalog changes (decision 027): a product or a listing read once, not per call.
  const reads = options.catalogReads
  if (reads) {
    app.use('*', async (c, next) => {
      if (c.req.method !== 'GET') return next()
      const url = new URL(c.req.url)
      const key = url.pathname + url.search
      const kept = reads.get(key)
      if (kept) {
        const headers = new Headers(kept.headers)
        headers.set('X-Catalog-Cache', 'hit')
        return new Response(kept.body.slice(), { status: 200, headers })
      }
      const generation = reads.generation()
      await next()
      if (!isShareable(c.res) || !reads.active()) return
      const body = new Uint8Array(await c.res.clone().arrayBuffer())
      reads.set(key, { body, headers: [...c.res.headers] }, generation)
    })
  }

  app.notFound((c) => notFound(c, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`))
  app.onError((error, c) => serverErrorResponse(c, error))

  app.openapi(
    createRoute({
      method: 'get',
      path: '/ip-api/info',
      operationId: 'getIpInfo',
      security: security.none,
      summary: 'Where the caller is (CDN country header), for region and currency',
      responses: { 200: json(ipInfoSchema, 'Location') },
    }),
    (c) => {
      const headers = c.req.raw.headers
      const code = countryFromRequest(headers, null) ?? 'TH'
      const ip = headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? headers.get('x-real-ip') ?? ''
      return c.json({ country: regionForCountry(code, ip).country, country_code: code, query: ip }, 200)
    },
  )

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
      return c.json({ items: await c.var.catalog.listCategories(c.req.valid('query').lang) }, 200)
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
      return c.json(await c.var.catalog.listProducts(c.req.valid('query')), 200)
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
      const { lang, currency, color } = c.req.valid('query')
      const product = await c.var.catalog.getProduct(id, lang, currency, color)
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
      const result = await c.var.catalog.productStores(c.req.valid('param').id, lang, size)
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
      return c.json(await c.var.catalog.search(q, lang, currency, page, page_size), 200)
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
      return c.json(await c.var.catalog.suggestions(q, lang, currency), 200)
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
      return c.json({ items: await c.var.catalog.listCollections(c.req.valid('query').lang) }, 200)
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
      const collection = await c.var.catalog.getCollection(c.req.valid('param').slug, lang, parent ?? null)
      fresh(c, FRESH_SECONDS.reference)
      return collection ? c.json(collection, 200) : notFound(c, 'Collection not found')
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
      return c.json({ items: await c.var.catalog.listEditorials(c.req.valid('query').lang) }, 200)
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
      const editorial = await c.var.catalog.getEditorial(c.req.valid('param').slug, lang, currency)
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
      return c.json({ items: await c.var.catalog.listStores(c.req.valid('query').lang) }, 200)
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
      const result = await c.var.catalog.scan(c.req.valid('param').code)
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
      const page = await c.var.catalog.getContentPage(c.req.valid('param').slug, lang, currency)
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
    async (c) => c.json(await sitemapEntries(options.db, SITEMAP_MAX_PRODUCTS), 200),
  )

  const delivery = options.accounts?.delivery ?? createDelivery(options.db)
  const membership = new MembershipService(options.db, {
    thbSatangPerUsdCent: options.accounts?.thbPerUsd ?? DEFAULT_THB_PER_USD,
    now: options.accounts?.now,
  })
  const accounts = new AccountService({
    db: options.db,
    deliver: delivery.deliver,
    channels: delivery.channels,
    lineLogin: options.accounts?.lineLogin ?? null,
    ipHourlyLimit: options.accounts?.ipHourlyLimit ?? OTP_SENDS_PER_IP_PER_HOUR,
    resendCooldownSeconds: options.accounts?.resendCooldownSeconds,
    sms: options.accounts?.sms,
    warn: options.accounts?.warn,
    captcha: options.accounts?.captcha,
    slowDownMaxSeconds: options.accounts?.slowDownMaxSeconds,
    now: options.accounts?.now,
    // A member who registers in the birth month gets the birth-month code at once (issue 17).
    onRegistered: (memberId) => membership.issueCodes(memberId),
  })
  app.route('/', createAccountRoutes({ db: options.db, accounts, outboxEnabled: delivery.outboxEnabled }))
  app.route('/', createMembershipRoutes({ accounts, membership }))
  app.route('/', createQuickPassRoutes({ db: options.db, accounts, now: options.accounts?.now }))
  const siteUrl = options.commerce?.siteUrl ?? 'http://localhost:3000'
  const apiBase = options.commerce?.apiBaseUrl ?? `/api/public/${options.storeKeys[0] ?? 'demo'}`
  const commerce = createCommerceRoutes({
    db: options.db,
    accounts,
    catalog,
    siteUrl,
    links: options.storefront,
    apiBaseUrl: apiBase,
    paymentSecret: options.commerce?.paymentSecret ?? 'test-payments-demo-secret',
    stripe: options.commerce?.stripe ?? null,
    paypal: options.commerce?.paypal ?? null,
    bank: options.commerce?.bank ?? DEMO_BANK_ACCOUNT,
    operatorToken: options.commerce?.operatorToken ?? null,
    seller: options.commerce?.seller ?? DEMO_SELLER,
    deliver: delivery.deliver,
    pushLine: options.commerce?.pushLine ?? null,
    membership,
    bankTransfer: options.commerce?.bankTransfer,
    unpaidHolds: options.commerce?.unpaidHolds,
    onPaymentReminder: options.commerce?.onPaymentReminder,
    onReturnAccepted: options.commerce?.onReturnAccepted,
  })
  app.route('/', commerce)

  const pixels = new PixelService(options.db, {
    meta: options.analytics?.meta ?? null,
    tiktok: options.analytics?.tiktok ?? null,
    now: options.accounts?.now,
  })
  app.route('/', createPixelRoutes({ pixels, db: options.db, operatorToken: options.commerce?.operatorToken ?? null }))

  const serverUrl = new URL(apiBase, siteUrl).origin
  /** The OpenAPI 3.1 document (decision 028), served at …/openapi.json and checked by `npm run check:openapi`. */
  const openApiDocument = () =>
    finishDocument(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Atelier Siam product API',
          version: '1.0.0',
          // The brand's own API: its use is governed by the shop's terms, which is what the licence names.
          license: {
            name: 'Proprietary: the terms and conditions of the shop',
            url: options.storefront.terms('en'),
          },
          description:
            'Catalog, search, stores, content, accounts, carts, orders and the back office of the storefront. JSON with snake_case keys and money in integer minor units (satang, cents). Members send their session token as a Bearer token; guests their cart and order tokens in the x-cart-token and x-order-token headers.',
        },
      }),
      '/api/public/{storeKey}',
      serverUrl,
    )
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document (OpenAPI 3.1)',
    security: security.none,
    responses: {
      200: {
        description: 'The document',
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
    },
  })
  app.get('/openapi.json', (c) => c.json(openApiDocument()))
  app.route('/', createDocsRoutes())

  return Object.assign(app, {
    openApiDocument,
    accounts,
    membership,
    pixels,
    carts: commerce.carts,
    orders: commerce.orders,
    paymentDeadlines: commerce.paymentDeadlines,
    taxInvoices: commerce.taxInvoices,
    orderMails: commerce.mails,
  })
}

export type ApiApp = ReturnType<typeof createApiApp>
