import { OpenAPIHono } from '@hono/zod-openapi'
import { notFound } from '~/api/http.server'
import { registerDocumentComponents } from '~/api/openapi.server'
import { createAuthRoutes } from './auth.routes.server'
import { adminOnError, adminRequestMiddleware, staffCookieName, type AdminEnv } from './guard.server'
import { createManageRoutes } from './manage.routes.server'
import { createAlertRoutes } from './alerts.routes.server'
import type { StaffAlerts } from '~/api/alerts/staff-alerts.server'
import { createOrderAdminRoutes } from './orders.routes.server'
import { AdminOrders } from './orders.service'
import type { OrdersService } from '~/api/commerce/orders.service'
import type { RefundsService } from '~/api/commerce/refunds.service'
import { createRefundAdminRoutes } from './refunds.routes.server'
import { adminDocumentOf, registerAdminComponents } from './openapi.server'
import { createFulfilmentRoutes } from './fulfilment.routes.server'
import { Fulfilment } from './fulfilment.service'
import { ParcelTracking, type TrackingOptions } from './tracking.service'
import { createReturnAdminRoutes } from './returns.routes.server'
import { AdminReturns, type RefundReturn } from './returns.service'
import type { ReturnDecisionsService } from '~/api/commerce/return-decisions.service'
import type { ReturnViews } from '~/api/commerce/return-views'
import { createAdminServices, type AdminServiceOptions } from './services.server'
import { createSlipAdminRoutes } from './slips.routes.server'
import { createStockAdminRoutes } from './stock.routes.server'
import { AdminStock } from './stock.service'
import type { TransferSlips } from '~/api/commerce/slips.service'
import { createPriceAdminRoutes } from './prices.routes.server'
import { PriceBook } from './prices.service'
import { createPromotionRoutes } from './promotions.routes.server'
import { AdminPromotions } from './promotions.service'
import { createProductAdminRoutes } from './products.routes.server'
import { AdminProducts } from './products.service'
import { PreviewTokens } from '~/api/catalog/preview-tokens.server'
import { createPictureAdminRoutes } from './pictures.routes.server'
import { AdminPictures } from './pictures.service'
import type { MediaStorage } from '~/media/storage.server'
import { createContentAdminRoutes } from './content.routes.server'
import { AdminContent } from './content.service'
import { createCsvAdminRoutes } from './csv.routes.server'
import { createReportAdminRoutes } from './reports.routes.server'
import { AdminReports } from './reports.service'
import { CsvTransfers } from './csv.service'
import { createCollectionAdminRoutes } from './collections.routes.server'
import { AdminCollections } from './collections.service'
import { createSiteAdminRoutes } from './site.routes.server'
import { AdminSite } from './site.service'
import { createMemberAdminRoutes } from './members.routes.server'
import { AdminMembers } from './members.service'
import { MembershipService } from '~/api/accounts/membership.service'
import { DEFAULT_THB_PER_USD } from '~/api/options.server'
import { createPrivacyAdminRoutes } from './privacy.routes.server'
import type { PrivacyService } from '~/api/privacy/privacy.service'

export type AdminApiOptions = AdminServiceOptions & {
  /** The store keys this API serves: /api/admin/{storeKey}/… (the product API's; unknown keys are 404). */
  storeKeys: string[]
  /** Secure cookies (HTTPS): the staff cookie is `__Host-staff`, Secure. */
  secureCookies?: boolean
  /** The shop's orders (the commerce area's service): the orders workspace reads and changes them through it. */
  orders: OrdersService
  /** The shop's refunds (the commerce area's service): the back office asks for them and reads them. */
  refunds: RefundsService
  /** LINE alerts for staff (issue 31 item 10): each staff member's own settings. */
  alerts?: StaffAlerts
  /** Transfer slips (issue 31 item 6): the review queue, decisions, manual payments and statement matching. */
  slips?: TransferSlips
  /** Parcel tracking: the carrier's API (or the demo carrier) and the webhook's secret; none: neither. */
  tracking?: TrackingOptions
  /** The shop's return decisions and views (issue 31 item 9), and where a return's refund is paid (item 7's). */
  returns: { decisions: ReturnDecisionsService; views: ReturnViews; refundReturn?: RefundReturn }
  /** Prices and sales planned ahead (issue 32 item 4): the product API's, whose worker switches the sales. */
  prices?: PriceBook
  /** Preview tokens of models not yet published (issue 32 item 1): the product API's, which takes them. */
  previews?: PreviewTokens
  /** The model editor (issue 32 item 1): the product API's, whose worker publishes the scheduled models. */
  products?: AdminProducts
  /** Where product pictures are kept (issue 32 item 2, decision 194): files under DATA_DIR/media, or a bucket. */
  media?: MediaStorage
  /** The shop's membership (§4, §6, §9): the members' tiers and codes the back office's member pages read (issue 33). */
  membership?: MembershipService
  /** The shoppers' privacy rights (issue 33 item 2): the product API's service, whose job e-mails the links. */
  privacy?: PrivacyService
}

/**
 * The admin API (issue 31, decision 173): the back office's JSON API at /api/admin/{storeKey}/…, next to the product
 * API and on its database and services, with its own OpenAPI 3.1 document (…/openapi.json) naming per operation the
 * permission it needs. Staff sign in with a cookie session; machines call with API keys (Bearer).
 */
export function createAdminApp(options: AdminApiOptions, services = createAdminServices(options)) {
  const secure = options.secureCookies ?? false
  const cookie = { name: staffCookieName(secure), secure }
  const app = new OpenAPIHono<AdminEnv>({ strict: false }).basePath('/api/admin/:storeKey')
  registerDocumentComponents(app.openAPIRegistry)
  registerAdminComponents(app.openAPIRegistry, cookie.name)

  app.use('*', async (c, next) => {
    if (!options.storeKeys.includes(c.req.param('storeKey') ?? '')) return notFound(c, 'Unknown store')
    await next()
    c.header('Cache-Control', 'no-store')
  })
  app.use(
    '*',
    adminRequestMiddleware({
      resolver: services.resolver,
      cookieName: cookie.name,
      origins: services.webauthn.origins,
      denials: services.audit,
    }),
  )
  app.notFound((c) => notFound(c, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`))
  app.onError((error, c) => adminOnError(error, c))

  app.route('/', createAuthRoutes(services, cookie))
  app.route('/', createManageRoutes(services))
  const adminOrders = new AdminOrders(services.db, options.orders, services.audit, services.now)
  app.route('/', createOrderAdminRoutes(adminOrders, services.now))
  app.route('/', createRefundAdminRoutes(options.refunds, services.now))
  if (options.alerts) app.route('/', createAlertRoutes(options.alerts, services.now))
  if (options.slips) app.route('/', createSlipAdminRoutes(options.slips, adminOrders, services.now))
  const site = new URL(options.siteUrl).origin
  const fulfilment = new Fulfilment(services.db, options.orders, services.audit, services.now, (number) =>
    new URL(`/admin/orders/${encodeURIComponent(number)}`, site).toString(),
  )
  const tracking = new ParcelTracking(
    services.db,
    options.orders,
    services.audit,
    options.tracking ?? { tracker: null, webhookKey: null },
  )
  app.route('/', createFulfilmentRoutes(fulfilment, adminOrders, services.now, tracking))
  app.route(
    '/',
    createReturnAdminRoutes(
      new AdminReturns({ db: services.db, audit: services.audit, now: services.now, ...options.returns }),
      services.now,
    ),
  )

  app.route(
    '/',
    createReportAdminRoutes(
      new AdminReports(services.db, adminOrders, services.now),
      services.audit,
      services.db,
      services.now,
    ),
  )

  const stock = new AdminStock(services.db, services.audit, services.now)
  app.route('/', createStockAdminRoutes(stock, services.now))
  const prices = options.prices ?? new PriceBook(services.db, services.audit, services.now)
  app.route('/', createPriceAdminRoutes(prices, services.now))
  app.route('/', createPromotionRoutes(new AdminPromotions(services.db, services.audit, services.now), services.now))
  const products =
    options.products ??
    new AdminProducts(
      services.db,
      services.audit,
      services.now,
      options.previews ?? new PreviewTokens(services.db, services.now),
      previewUrl(site),
    )
  app.route('/', createProductAdminRoutes(products, services.now))
  app.route(
    '/',
    createCsvAdminRoutes(
      new CsvTransfers(services.db, services.audit, services.now, { products, prices, stock }),
      services.now,
    ),
  )
  if (options.media) {
    app.route(
      '/',
      createPictureAdminRoutes(new AdminPictures(services.db, services.audit, options.media), services.now),
    )
  }

  app.route(
    '/',
    createContentAdminRoutes(
      new AdminContent(services.db, services.audit, services.now, options.media ?? null, shopPageUrl(site)),
      services.now,
    ),
  )
  app.route(
    '/',
    createCollectionAdminRoutes(new AdminCollections(services.db, services.audit, options.media ?? null), services.now),
  )
  app.route('/', createSiteAdminRoutes(new AdminSite(services.db, services.audit, options.media ?? null), services.now))

  const membership =
    options.membership ??
    new MembershipService(services.db, { thbSatangPerUsdCent: DEFAULT_THB_PER_USD, now: services.now })
  app.route(
    '/',
    createMemberAdminRoutes(new AdminMembers(services.db, services.audit, membership, services.now), services.now),
  )
  if (options.privacy) app.route('/', createPrivacyAdminRoutes(options.privacy, services.now))

  const openApiDocument = adminDocumentOf(app, new URL(options.siteUrl).origin)
  app.get('/openapi.json', (c) => c.json(openApiDocument()))

  return Object.assign(app, { openApiDocument, services, tracking, products })
}

export type AdminApp = ReturnType<typeof createAdminApp>

/** The shop's product page of a model with a preview token (decision 195), in the staff member's language. */
export function previewUrl(site: string) {
  return (familyId: string, token: string, language: 'th' | 'en') =>
    new URL(
      `${language === 'en' ? '/en' : ''}/product/${encodeURIComponent(familyId)}?preview=${encodeURIComponent(token)}`,
      site,
    ).toString()
}

/** The shop's page of an info page (`/delivery`) or an editorial (`/editorials/<slug>`), in the staff's language. */
export function shopPageUrl(site: string) {
  return (kind: 'info_page' | 'editorial', slug: string, language: 'th' | 'en') =>
    new URL(
      `${language === 'en' ? '/en' : ''}${kind === 'editorial' ? '/editorials' : ''}/${encodeURIComponent(slug)}`,
      site,
    ).toString()
}
