import { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  stripSearchParams,
} from '@tanstack/react-router'
import { AdminApiNotAvailable } from './api'
import { adminRewrite, type AdminPlace } from './locale'
import {
  apiKeysQuery,
  auditQuery,
  orderQuery,
  ordersQuery,
  membersQuery,
  memberQuery,
  rolesQuery,
  staffQuery,
  staffSessionsQuery,
  slipsQuery,
  stockLocationsQuery,
  stockMatrixQuery,
  stockSearchQuery,
  pictureModelQuery,
  pictureSearchQuery,
  stockTransfersQuery,
  priceFamilyQuery,
  pricedProductsQuery,
  priceSchedulesQuery,
  mixMatchQuery,
  promotionCodeQuery,
  promotionCodesQuery,
  privacyRequestsQuery,
  tierRulesQuery,
  productChoicesQuery,
  productListQuery,
  productModelQuery,
  editorialQuery,
  editorialsQuery,
  infoPageQuery,
  infoPagesQuery,
  collectionTreeQuery,
  reportQuery,
} from './queries'
import { ApiKeysScreen } from './manage/ApiKeysScreen'
import { AuditScreen } from './manage/AuditScreen'
import { RolesScreen } from './manage/RolesScreen'
import { StaffScreen } from './manage/StaffScreen'
import { StaffSessionsScreen } from './manage/StaffSessionsScreen'
import { AdminForbidden, can, CSV_PERMISSIONS, requirePermission, signedInContext } from './session'
import {
  ORDERS_SEARCH_DEFAULTS,
  MEMBERS_SEARCH_DEFAULTS,
  membersSearchSchema,
  PRICES_SEARCH_DEFAULTS,
  PRODUCTS_SEARCH_DEFAULTS,
  productsSearchSchema,
  STOCK_TRANSFERS_SEARCH_DEFAULTS,
  auditSearchSchema,
  ordersSearchSchema,
  pricesSearchSchema,
  signInSearchSchema,
  stockSearchSchema,
  picturesSearchSchema,
  stockTransfersSearchSchema,
  REPORTS_SEARCH_DEFAULTS,
  reportsSearchSchema,
} from './search'
import { BulkPricesScreen } from './screens/BulkPricesScreen'
import { PriceSalesScreen } from './screens/PriceSalesScreen'
import { PricesScreen, ProductPricesScreen } from './screens/PricesScreen'
import { ErrorScreen } from './screens/ErrorScreen'
import { HomeScreen } from './screens/HomeScreen'
import { InviteScreen } from './screens/InviteScreen'
import { MySessionsScreen } from './screens/MySessionsScreen'
import { MyAlertsScreen, myAlertsQuery } from './screens/MyAlertsScreen'
import { NotFoundScreen } from './screens/NotFoundScreen'
import { OrderScreen } from './screens/OrderScreen'
import { OrdersScreen } from './screens/OrdersScreen'
import { MemberScreen, MembersScreen } from './screens/MembersScreen'
import { SignInScreen } from './screens/SignInScreen'
import { SlipsScreen } from './screens/SlipsScreen'
import { StockScreen } from './screens/StockScreen'
import { PicturesScreen } from './screens/PicturesScreen'
import { CsvScreen } from './screens/CsvScreen'
import { StockTransfersScreen } from './screens/StockTransfersScreen'
import {
  MixMatchScreen,
  NewPromotionCodeScreen,
  PromotionCodeScreen,
  PromotionCodesScreen,
  TierRulesScreen,
} from './screens/PromotionsScreen'
import { NewProductScreen, ProductScreen, ProductsScreen } from './screens/ProductsScreen'
import { ContentScreen, EditorialScreen, InfoPageScreen, NewEditorialScreen } from './screens/ContentScreen'
import { AdminLayout } from './ui/AdminLayout'
import { CollectionScreen, CollectionsScreen } from './screens/site/CollectionsScreens'
import { HomeEditorScreen } from './screens/site/HomeEditorScreen'
import { MenuEditorScreen } from './screens/site/MenuEditorScreen'
import { SiteScreen } from './screens/site/SiteScreen'
import { rangeOfSearch, ReportsScreen } from './reports/ReportsScreen'
import { PrivacyScreen } from './screens/PrivacyScreen'
import { cleanFilter as cleanPriceFilter } from './screens/prices-ui'

/** What every route of the back office can read: its query cache and where it is (language, basepath). */
export type AdminRouterContext = { queryClient: QueryClient; place: AdminPlace }

const rootRoute = createRootRouteWithContext<AdminRouterContext>()({
  // Every screen but the sign-in and an invitation's needs a session (session.ts); `me` is in every route's context.
  beforeLoad: ({ context, location }) =>
    signedInContext({
      queryClient: context.queryClient,
      pathname: location.pathname,
      href: `${location.pathname}${location.searchStr}`,
    }),
  component: AdminLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
})

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeScreen })

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: signInSearchSchema,
  // Someone signed in has nothing to do here: the page they were going to, or home.
  beforeLoad: ({ context, search }) => {
    if (context.me) throw redirect({ href: search.redirect ?? '/', replace: true })
  },
  component: SignInScreen,
})

// An invitation's acceptance (public): its token is in the link's fragment, which the screen reads and removes.
const inviteRoute = createRoute({ getParentRoute: () => rootRoute, path: 'invite', component: InviteScreen })

// The signed-in staff member's own sessions (every role).
const mySessionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sessions/mine',
  component: MySessionsScreen,
})

// The signed-in staff member's own LINE alerts (every role: each sees the alerts the role allows).
const myAlertsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'alerts/mine',
  loader: ({ context }) => context.queryClient.prefetchQuery(myAlertsQuery),
  component: MyAlertsScreen,
})

const ordersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'orders',
  validateSearch: ordersSearchSchema,
  // The defaults are not written into the URL: /admin/orders is the first page, newest first.
  search: { middlewares: [stripSearchParams(ORDERS_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context }) => requirePermission(context.me, 'orders:read'),
  loaderDeps: ({ search }) => search,
  // The page's rows are asked for with the navigation (DESIGN.md §6); the screen reads them from the cache and shows
  // a failure in the table's place, so the list's header, sort and pager stay.
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(ordersQuery(deps)),
  component: OrdersScreen,
})

const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'orders/$number',
  beforeLoad: ({ context }) => requirePermission(context.me, 'orders:read'),
  loader: ({ context, params }) => context.queryClient.prefetchQuery(orderQuery(params.number)),
  component: OrderScreen,
})

// Members (issue 33 item 1): the list as its URL says, and a member's page; members:read opens them.
const membersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'members',
  validateSearch: membersSearchSchema,
  search: { middlewares: [stripSearchParams(MEMBERS_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context }) => requirePermission(context.me, 'members:read'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(membersQuery(deps)),
  component: MembersScreen,
})

const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'members/$id',
  beforeLoad: ({ context }) => requirePermission(context.me, 'members:read'),
  loader: ({ context, params }) => context.queryClient.prefetchQuery(memberQuery(params.id)),
  component: MemberScreen,
})

// The staff screens (issue 31 items 1–4): each asks its permission before it loads, and its data with the navigation.
const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'staff',
  beforeLoad: ({ context }) => requirePermission(context.me, 'staff:manage'),
  loader: ({ context }) =>
    Promise.all([context.queryClient.prefetchQuery(staffQuery), context.queryClient.prefetchQuery(rolesQuery)]),
  component: StaffScreen,
})

const rolesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'roles',
  beforeLoad: ({ context }) => requirePermission(context.me, 'staff:manage'),
  loader: ({ context }) => context.queryClient.prefetchQuery(rolesQuery),
  component: RolesScreen,
})

const apiKeysRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'api-keys',
  beforeLoad: ({ context }) => requirePermission(context.me, 'keys:manage'),
  loader: ({ context }) =>
    Promise.all([context.queryClient.prefetchQuery(apiKeysQuery), context.queryClient.prefetchQuery(rolesQuery)]),
  component: ApiKeysScreen,
})

const staffSessionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'staff-sessions',
  beforeLoad: ({ context }) => requirePermission(context.me, 'staff:manage'),
  loader: ({ context }) =>
    Promise.all([context.queryClient.prefetchQuery(staffSessionsQuery), context.queryClient.prefetchQuery(staffQuery)]),
  component: StaffSessionsScreen,
})

const auditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'audit',
  validateSearch: auditSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.me, 'audit:read'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(auditQuery(deps)),
  component: AuditScreen,
})

// The reports (issue 33 item 4): which report and its days in the URL.
const reportsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reports',
  validateSearch: reportsSearchSchema,
  search: { middlewares: [stripSearchParams(REPORTS_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context }) => requirePermission(context.me, 'reports:read'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(reportQuery(deps.kind, rangeOfSearch(deps))),
  component: ReportsScreen,
})

// Transfer slips to review and the bank statement's matching (issue 31 item 6).
const slipsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'slips',
  beforeLoad: ({ context }) => requirePermission(context.me, 'payments:confirm'),
  loader: ({ context }) => context.queryClient.prefetchQuery(slipsQuery),
  component: SlipsScreen,
})

// Stock (issue 32 item 3): the matrix per location with its adjustments, and the transfers between locations. The
// screens are the warehouse's (stock:write); the API lets every role with orders:read read the counts.
const stockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'stock',
  validateSearch: stockSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.me, 'stock:write'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.product
      ? context.queryClient.prefetchQuery(stockMatrixQuery(deps.product))
      : context.queryClient.prefetchQuery(stockSearchQuery(deps.q ?? '')),
  component: StockScreen,
})

const stockTransfersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'stock/transfers',
  validateSearch: stockTransfersSearchSchema,
  search: { middlewares: [stripSearchParams(STOCK_TRANSFERS_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context }) => requirePermission(context.me, 'stock:write'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(stockTransfersQuery(deps.status)),
      context.queryClient.prefetchQuery(stockLocationsQuery),
    ]),
  component: StockTransfersScreen,
})

// Pictures (issue 32 item 2): a model's colours, each with its pictures to upload, order, describe and crop.
const picturesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pictures',
  validateSearch: picturesSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.me, 'catalog:write'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.product
      ? context.queryClient.prefetchQuery(pictureModelQuery(deps.product))
      : context.queryClient.prefetchQuery(pictureSearchQuery(deps.q ?? '')),
  component: PicturesScreen,
})

// Import and export (issue 32 item 7): products, stock and prices as CSV files, checked first, then applied whole.
const csvRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'import-export',
  beforeLoad: ({ context }) => {
    if (!CSV_PERMISSIONS.some((permission) => can(context.me, permission))) {
      requirePermission(context.me, 'catalog:write')
    }
  },
  component: CsvScreen,
})

// Prices (issue 32 item 4): the colours with their prices, a model's, the sales planned ahead, bulk changes.
const pricesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'prices',
  validateSearch: pricesSearchSchema,
  search: { middlewares: [stripSearchParams(PRICES_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context }) => requirePermission(context.me, 'prices:write'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: { page, ...filter } }) =>
    context.queryClient.prefetchQuery(pricedProductsQuery(cleanPriceFilter(filter), page)),
  component: PricesScreen,
})

const priceSalesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'prices/sales',
  beforeLoad: ({ context }) => requirePermission(context.me, 'prices:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(priceSchedulesQuery),
  component: PriceSalesScreen,
})

const bulkPricesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'prices/bulk',
  beforeLoad: ({ context }) => requirePermission(context.me, 'prices:write'),
  component: BulkPricesScreen,
})

const productPricesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'prices/$id',
  beforeLoad: ({ context }) => requirePermission(context.me, 'prices:write'),
  loader: ({ context, params }) => context.queryClient.prefetchQuery(priceFamilyQuery(params.id)),
  component: ProductPricesScreen,
})

// The site (issue 32 item 6): collections (catalog:write), the home page's blocks and the menu (content:write).
const siteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'site',
  beforeLoad: ({ context }) => {
    if (!can(context.me, 'catalog:write') && !can(context.me, 'content:write')) {
      throw new AdminForbidden('content:write')
    }
  },
  component: SiteScreen,
})

const siteCollectionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'site/collections',
  beforeLoad: ({ context }) => requirePermission(context.me, 'catalog:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(collectionTreeQuery),
  component: CollectionsScreen,
})

const siteCollectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'site/collections/$slug',
  beforeLoad: ({ context }) => requirePermission(context.me, 'catalog:write'),
  component: CollectionScreen,
})

const siteHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'site/home',
  beforeLoad: ({ context }) => requirePermission(context.me, 'content:write'),
  component: HomeEditorScreen,
})

const siteMenuRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'site/menu',
  beforeLoad: ({ context }) => requirePermission(context.me, 'content:write'),
  component: MenuEditorScreen,
})

// Promotions (issue 32 item 5): the discount codes, a code's form, the mix-and-match prices, the tier rules.
const promotionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'promotions',
  beforeLoad: ({ context }) => requirePermission(context.me, 'promotions:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(promotionCodesQuery),
  component: PromotionCodesScreen,
})

const newPromotionCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'promotions/codes/new',
  beforeLoad: ({ context }) => requirePermission(context.me, 'promotions:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(promotionCodesQuery),
  component: NewPromotionCodeScreen,
})

const promotionCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'promotions/codes/$id',
  beforeLoad: ({ context }) => requirePermission(context.me, 'promotions:write'),
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(promotionCodeQuery(params.id)),
      context.queryClient.prefetchQuery(promotionCodesQuery),
    ]),
  component: PromotionCodeScreen,
})

const mixMatchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'promotions/mix-match',
  beforeLoad: ({ context }) => requirePermission(context.me, 'promotions:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(mixMatchQuery),
  component: MixMatchScreen,
})

const tierRulesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'promotions/tiers',
  beforeLoad: ({ context }) => requirePermission(context.me, 'promotions:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(tierRulesQuery),
  component: TierRulesScreen,
})

// Products (issue 32 item 1): the models with their status, a new model's form, a model's editor.
const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products',
  validateSearch: productsSearchSchema,
  search: { middlewares: [stripSearchParams(PRODUCTS_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context }) => requirePermission(context.me, 'catalog:write'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(productListQuery(deps)),
      context.queryClient.prefetchQuery(productChoicesQuery),
    ]),
  component: ProductsScreen,
})

const newProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products/new',
  beforeLoad: ({ context }) => requirePermission(context.me, 'catalog:write'),
  loader: ({ context }) => context.queryClient.prefetchQuery(productChoicesQuery),
  component: NewProductScreen,
})

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products/$id',
  beforeLoad: ({ context }) => requirePermission(context.me, 'catalog:write'),
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(productModelQuery(params.id)),
      context.queryClient.prefetchQuery(productChoicesQuery),
    ]),
  component: ProductScreen,
})

// Pages (issue 32 item 6): the info pages and the editorials, each with its editor, preview and versions.
const contentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'content',
  beforeLoad: ({ context }) => requirePermission(context.me, 'content:write'),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(infoPagesQuery),
      context.queryClient.prefetchQuery(editorialsQuery),
    ]),
  component: ContentScreen,
})

const infoPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'content/pages/$slug',
  beforeLoad: ({ context }) => requirePermission(context.me, 'content:write'),
  loader: ({ context, params }) => context.queryClient.prefetchQuery(infoPageQuery(params.slug)),
  component: InfoPageScreen,
})

const newEditorialRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'content/editorials/new',
  beforeLoad: ({ context }) => requirePermission(context.me, 'content:write'),
  component: NewEditorialScreen,
})

const editorialRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'content/editorials/$slug',
  beforeLoad: ({ context }) => requirePermission(context.me, 'content:write'),
  loader: ({ context, params }) => context.queryClient.prefetchQuery(editorialQuery(params.slug)),
  component: EditorialScreen,
})

// Privacy requests (issue 33 item 2): shoppers' copies of data and erasures, consent records.
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy-requests',
  beforeLoad: ({ context }) => requirePermission(context.me, 'members:read'),
  loader: ({ context }) => context.queryClient.prefetchQuery(privacyRequestsQuery),
  component: PrivacyScreen,
})

const routeTree = rootRoute.addChildren([
  homeRoute,
  signInRoute,
  inviteRoute,
  mySessionsRoute,
  ordersRoute,
  orderRoute,
  membersRoute,
  memberRoute,
  staffRoute,
  rolesRoute,
  apiKeysRoute,
  staffSessionsRoute,
  auditRoute,
  reportsRoute,
  myAlertsRoute,
  slipsRoute,
  stockRoute,
  stockTransfersRoute,
  picturesRoute,
  csvRoute,
  pricesRoute,
  priceSalesRoute,
  bulkPricesRoute,
  productPricesRoute,
  siteRoute,
  siteCollectionsRoute,
  siteCollectionRoute,
  siteHomeRoute,
  siteMenuRoute,
  promotionsRoute,
  newPromotionCodeRoute,
  promotionCodeRoute,
  mixMatchRoute,
  tierRulesRoute,
  productsRoute,
  newProductRoute,
  productRoute,
  contentRoute,
  infoPageRoute,
  newEditorialRoute,
  editorialRoute,
  privacyRoute,
])

/** A call the server does not offer yet is not asked again; another failure is retried once. */
function retry(failures: number, error: Error): boolean {
  return !(error instanceof AdminApiNotAvailable) && failures < 1
}

/** The back office's router, under its language's basepath (/admin or /en/admin). */
export function createAdminRouter(place: AdminPlace) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry, staleTime: 10_000 } } })
  return createRouter({
    routeTree,
    rewrite: adminRewrite(place.basepath),
    context: { queryClient, place },
    // A screen's failure (its role may not open it, its data did not load) is shown in the frame, under the nav.
    defaultErrorComponent: ErrorScreen,
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

export type AdminRouter = ReturnType<typeof createAdminRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AdminRouter
  }
}
