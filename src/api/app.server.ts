import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { ShopEvent } from '~/domain/shop-events'
import { ShopEvents } from './shop-events.server'
import { OTP_SENDS_PER_IP_PER_HOUR } from '~/domain/otp'
import { DEMO_SELLER } from '~/config/schema'
import { CatalogService } from './catalog/catalog.service'
import { keepCatalogReads } from './catalog/catalog-reads'
import { createCatalogRoutes } from './catalog/routes.server'
import { createDelivery } from './accounts/delivery.server'
import { createAccountRoutes } from './accounts/routes.server'
import { MembershipService } from './accounts/membership.service'
import { createAccountServices } from './accounts/services.server'
import { createMembershipRoutes } from './accounts/membership.routes.server'
import { createQuickPassRoutes } from './accounts/quick-pass.server'
import { createCommerceRoutes } from './commerce/routes.server'
import { operatorAccess } from './commerce/operator.server'
import { PixelService } from './analytics/pixel.service.server'
import { createPixelRoutes } from './analytics/routes.server'
import { notFound, serverErrorResponse } from './http.server'
import { createDocsRoutes } from './docs.server'
import { documentOf, registerDocumentComponents } from './openapi.server'
import { createRegionRoutes } from './region.server'
import { createAdminApp, previewUrl, type AdminApiOptions, type AdminApp } from './admin/app.server'
import { AdminProducts } from './admin/products.service'
import { createAdminServices } from './admin/services.server'
import { FileMediaStorage } from '~/media/storage.server'
import { StaffAlerts } from './alerts/staff-alerts.server'
import { createLineWebhookRoutes } from './alerts/webhook.routes.server'
import { DEFAULT_THB_PER_USD, DEMO_BANK_ACCOUNT, type ApiOptions } from './options.server'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TransferSlips } from './commerce/slips.service'
import { createSlipRoutes } from './commerce/slips.routes.server'
import { commerceCallers } from './commerce/callers.server'
import { createDemoSlipVerifier } from './providers/slipok.server'
import { PriceBook } from './admin/prices.service'
import { PreviewTokens } from './catalog/preview-tokens.server'
import { PrivacyService } from './privacy/privacy.service'
import { createPrivacyRoutes } from './privacy/privacy.routes.server'

/**
 * The product API (§7, DESIGN.md §1): JSON over HTTP at {API_URL}/public/{storeKey}/…, snake_case on
 * the wire, an OpenAPI 3.1 document generated from its zod schemas at …/openapi.json.
 */
export function createApiApp(options: ApiOptions) {
  const app = new OpenAPIHono({ strict: false }).basePath('/api/public/:storeKey')
  registerDocumentComponents(app.openAPIRegistry)

  app.use('*', async (c, next) => {
    if (!options.storeKeys.includes(c.req.param('storeKey') ?? '')) return notFound(c, 'Unknown store')
    await next()
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store')
  })
  // The shop's own funnel (issue 33, decision 202): a product read, a piece added, an order placed, each counted once
  // answered (a kept catalog answer too: this runs around the catalog's cache), anonymously and never failing the call.
  const shopEvents = new ShopEvents(options.db)
  const counted =
    (method: string, event: ShopEvent, status: number): MiddlewareHandler =>
    async (c, next) => {
      await next()
      if (c.req.method !== method || c.res.status !== status || c.req.query('preview') !== undefined) return
      await shopEvents.count(event)
    }
  app.use('/products/:id', counted('GET', 'product_viewed', 200))
  app.use('/cart/items', counted('POST', 'added_to_cart', 201))
  app.use('/orders', counted('POST', 'checkout_started', 201))
  // Catalog answers kept until the catalog changes (decision 124): a product or a listing read once, not per call.
  if (options.catalogReads) app.use('*', keepCatalogReads(options.catalogReads))

  app.notFound((c) => notFound(c, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`))
  app.onError((error, c) => serverErrorResponse(c, error))

  const catalog = new CatalogService(options.db)
  // Staff previews of models not yet published (decision 195): issued by the admin API, taken by the product read.
  const previews = new PreviewTokens(options.db, options.admin?.now)
  app.route('/', createRegionRoutes())
  app.route('/', createCatalogRoutes({ db: options.db, catalog, previews }))

  const delivery = options.accounts?.delivery ?? createDelivery(options.db)
  const membership = new MembershipService(options.db, {
    thbSatangPerUsdCent: options.accounts?.thbPerUsd ?? DEFAULT_THB_PER_USD,
    now: options.accounts?.now,
  })
  const accounts = createAccountServices({
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
  app.route('/', createMembershipRoutes({ sessions: accounts.sessions, membership }))
  app.route('/', createQuickPassRoutes({ db: options.db, sessions: accounts.sessions, now: options.accounts?.now }))
  const siteUrl = options.commerce?.siteUrl ?? 'http://localhost:3000'
  const apiBase = options.commerce?.apiBaseUrl ?? `/api/public/${options.storeKeys[0] ?? 'demo'}`
  // The admin API's services (issue 31): made here, before its app (below), since the back-office calls of this API
  // (`/operator/…`) take API keys through its resolver and write its audit log (decision 174); they read nothing
  // until called.
  const adminOptions: Omit<AdminApiOptions, 'orders' | 'refunds' | 'returns'> = {
    db: options.db,
    storeKeys: options.storeKeys,
    deliver: delivery.deliver,
    siteUrl,
    secureCookies: options.admin?.secureCookies,
    webauthn: options.admin?.webauthn,
    codesPerIpPerHour: options.admin?.codesPerIpPerHour,
    now: options.admin?.now ?? options.accounts?.now,
    tracking: options.admin?.tracking,
  }
  const adminServices = createAdminServices(adminOptions)
  const operator = operatorAccess({
    operatorToken: options.commerce?.operatorToken ?? null,
    resolver: adminServices.resolver,
    audit: adminServices.audit,
  })
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
    operator,
    seller: options.commerce?.seller ?? DEMO_SELLER,
    deliver: delivery.deliver,
    pushLine: options.commerce?.pushLine ?? null,
    membership,
    bankTransfer: options.commerce?.bankTransfer,
    unpaidHolds: options.commerce?.unpaidHolds,
    onPaymentReminder: options.commerce?.onPaymentReminder,
    onReturnAccepted: options.commerce?.onReturnAccepted,
    now: options.commerce?.now,
    audit: adminServices.audit,
  })
  app.route('/', commerce)
  // Transfer slips (issue 31 item 6): the shopper's upload here, the staff's review in the admin API.
  const bank = options.commerce?.bank ?? DEMO_BANK_ACCOUNT
  const slips = new TransferSlips({
    db: options.db,
    orders: commerce.orders,
    audit: adminServices.audit,
    verifier: options.slips?.verifier ?? createDemoSlipVerifier(bank),
    shop: { accountNumber: bank.accountNumber, promptPayId: bank.promptPayId },
    storageDir: options.slips?.storageDir ?? join(tmpdir(), 'storefront-slips'),
    deliver: delivery.deliver,
    orderPage: (number, lang) => options.storefront.order(number, lang),
    now: options.admin?.now ?? options.accounts?.now,
  })
  app.route('/', createSlipRoutes({ orders: commerce.orders, slips, callers: commerceCallers(accounts, operator) }))

  const pixels = new PixelService(options.db, {
    meta: options.analytics?.meta ?? null,
    tiktok: options.analytics?.tiktok ?? null,
    now: options.accounts?.now,
  })
  app.route('/', createPixelRoutes({ pixels, db: options.db, operator }))

  // The shopper's privacy rights (issue 33 item 2, decision 201): data download, erasure, consents; the admin API's
  // privacy requests use the same service.
  const privacy = new PrivacyService({
    db: options.db,
    now: options.accounts?.now ?? (() => new Date()),
    deliver: delivery.deliver,
    exportPage: (token, lang) => options.storefront.privacyExport(token, lang),
    codes: accounts.codes,
    challenges: accounts.challenges,
    throttle: accounts.throttle,
    audit: adminServices.audit,
  })
  app.route('/', createPrivacyRoutes({ privacy, sessions: accounts.sessions }))

  // LINE alerts for staff (issue 31 item 10): LINE's webhook links their accounts; the admin API their settings.
  const staffAlerts = new StaffAlerts({
    db: options.db,
    audit: adminServices.audit,
    siteUrl,
    ...options.staffAlerts,
    now: adminOptions.now,
  })
  app.route('/', createLineWebhookRoutes(staffAlerts))
  // Prices and sales planned ahead (issue 32 item 4): the admin API edits them, the server's worker switches the sales.
  const prices = new PriceBook(options.db, adminServices.audit, adminOptions.now ?? (() => new Date()))
  // The model editor (issue 32 item 1): the admin API edits models, the server's worker publishes scheduled ones.
  const products = new AdminProducts(
    options.db,
    adminServices.audit,
    adminOptions.now ?? (() => new Date()),
    previews,
    previewUrl(new URL(siteUrl).origin),
  )

  const openApiDocument = documentOf(app, {
    termsUrl: options.storefront.terms('en'),
    serverUrl: new URL(apiBase, siteUrl).origin,
  })
  app.get('/openapi.json', (c) => c.json(openApiDocument()))
  app.route('/', createDocsRoutes())

  // The admin API (issue 31): its own app and document at /api/admin/{storeKey}/…, on the same database and delivery.
  // Its services are made above (the operator calls and the hourly purge use them); its routes and document on its
  // first call, so neither the shop's start nor its own calls pay for them.
  let admin: AdminApp | null = null
  const adminApp = () =>
    (admin ??= createAdminApp(
      {
        ...adminOptions,
        orders: commerce.orders,
        refunds: commerce.refunds,
        alerts: staffAlerts,
        slips,
        privacy,
        prices,
        previews,
        products,
        membership,
        media: options.media ?? new FileMediaStorage(join(tmpdir(), 'storefront-media')),
        returns: {
          decisions: commerce.returnDecisions,
          views: commerce.returnViews,
          // A return's refund goes through the shop's one refund (decision 185), once per return (its id the key).
          refundReturn: async (due, context) => {
            const pieces = due.pieces.filter((piece) => piece.quantity > 0)
            if (pieces.length === 0) return true
            // A transfer is sent back by staff from the bank, then recorded with its reference: it stays due.
            if (due.paymentMethod === 'bank_transfer') return false
            const { refund } = await commerce.refunds.refundPieces(
              due.orderNumber,
              pieces.map(({ position, quantity }) => ({ position, quantity })),
              due.creditNote ? `Return (credit note ${due.creditNote})` : 'Return',
              context,
              `return-${due.requestId}`,
            )
            return refund.status !== 'failed'
          },
        },
      },
      adminServices,
    ))
  const publicFetch = app.fetch.bind(app)
  const fetch: typeof app.fetch = (request, ...rest) =>
    isAdminUrl(request.url) ? adminApp().fetch(request, ...rest) : publicFetch(request, ...rest)

  const api = Object.assign(app, {
    fetch,
    adminServices,
    openApiDocument,
    accounts,
    membership,
    pixels,
    carts: commerce.carts,
    orders: commerce.orders,
    paymentDeadlines: commerce.paymentDeadlines,
    taxInvoices: commerce.taxInvoices,
    orderMails: commerce.mails,
    staffAlerts,
    slips,
    prices,
    products,
    privacy,
  })
  // A getter, not a value: Object.assign would make the admin app at once.
  return Object.defineProperty(api, 'admin', { get: adminApp, enumerable: true }) as typeof api & {
    readonly admin: AdminApp
  }
}

/** Whether a request is the admin API's (/api/admin/…), told from its URL's text: every call of the shop asks. */
function isAdminUrl(url: string): boolean {
  const path = url.indexOf('/', url.indexOf('://') + 3)
  return path !== -1 && url.startsWith('/api/admin/', path)
}

export type ApiApp = ReturnType<typeof createApiApp>
