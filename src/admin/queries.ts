import { queryOptions } from '@tanstack/react-query'
import {
  getOrder,
  listAllSessions,
  listApiKeys,
  listAudit,
  listBranches,
  listOrders,
  listOwnSessions,
  listRoles,
  listInvites,
  listSlips,
  listStaff,
  listStockTransfers,
  searchStock,
  searchPictures,
  pictureModel,
  stockLocations,
  stockMatrix,
  stockMovements,
  type StockTransferStatus,
  orderQueues,
  getPriceFamily,
  listCatalogChoices,
  listPricedProducts,
  listPriceSchedules,
  type PriceFilter,
  getMixMatch,
  getPromotionCode,
  getTierRules,
  listPromotionCodes,
  getProductChoices,
  getProductModel,
  listProducts,
  type ProductListQuery,
  type OrdersQuery,
  getEditorial,
  getInfoPage,
  listEditorials,
  listInfoPages,
  listCollectionTree,
  getAdminCollection,
  getSiteDocument,
  getSiteChoices,
  type SiteDocumentName,
  listMembers,
  getMember,
  dashboard,
  report,
  type ReportKind,
  listPrivacyRequests,
} from './api'
import type { AdminLocale } from './locale'
import { auditQueryOf, type AuditSearch, type MembersSearch, type OrdersSearch } from './search'

/** Query keys of the back office, by area (as the shop's, decision 169). */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  orders: ['admin', 'orders'] as const,
  order: (number: string) => ['admin', 'orders', 'one', number] as const,
  queues: ['admin', 'orders', 'queues'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  reports: ['admin', 'reports'] as const,
  branches: (language: AdminLocale) => ['admin', 'branches', language] as const,
  ownSessions: ['admin', 'sessions', 'mine'] as const,
  staff: ['admin', 'staff'] as const,
  invites: ['admin', 'staff', 'invites'] as const,
  roles: ['admin', 'roles'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
  staffSessions: ['admin', 'staff-sessions'] as const,
  audit: ['admin', 'audit'] as const,
  stock: ['admin', 'stock'] as const,
  pictures: ['admin', 'pictures'] as const,
  prices: ['admin', 'prices'] as const,
  priceSchedules: ['admin', 'prices', 'schedules'] as const,
  promotions: ['admin', 'promotions'] as const,
  privacy: ['admin', 'privacy'] as const,
  site: ['admin', 'site'] as const,
  products: ['admin', 'products'] as const,
  content: ['admin', 'content'] as const,
  members: ['admin', 'members'] as const,
  member: (id: string) => ['admin', 'members', 'one', id] as const,
}

/** The members list as the URL asks for it (issue 33 item 1). */
export function membersQuery(search: MembersSearch) {
  return queryOptions({
    queryKey: [...adminKeys.members, 'list', search],
    queryFn: () =>
      listMembers({
        page: search.page,
        size: search.size,
        sort: search.sort,
        dir: search.dir,
        q: search.q,
        tier: search.tier,
        blocked: search.blocked,
      }),
  })
}

/** One member, whole. */
export function memberQuery(id: string) {
  return queryOptions({ queryKey: adminKeys.member(id), queryFn: () => getMember(id) })
}

/** What the API is asked for a list URL: the URL's short names (search.ts) as the API's parameters. */
export function ordersQueryOf(search: OrdersSearch): OrdersQuery {
  return {
    page: search.page,
    size: search.size,
    sort: search.sort,
    dir: search.dir,
    q: search.q,
    status: search.status,
    payment_status: search.payment,
    payment_method: search.method,
    currency: search.currency,
    placed_from: search.from,
    placed_to: search.to,
    store: search.store,
    open_return: search.returns === 'open' ? 'true' : undefined,
  }
}

/** The signed-in staff member's own sessions. */
export const ownSessionsQuery = queryOptions({
  queryKey: adminKeys.ownSessions,
  queryFn: listOwnSessions,
})

/** One page of the orders list, as the URL asks for it. */
export function ordersQuery(search: OrdersSearch) {
  return queryOptions({
    queryKey: [...adminKeys.orders, 'list', search],
    queryFn: () => listOrders(ordersQueryOf(search)),
  })
}

/** The queues of work (the home screen). */
export const queuesQuery = queryOptions({ queryKey: adminKeys.queues, queryFn: orderQueues, staleTime: 30_000 })

/** One order, whole. */
export function orderQuery(number: string) {
  return queryOptions({ queryKey: adminKeys.order(number), queryFn: () => getOrder(number) })
}

/** The brand's branches (they change seldom). */
export function branchesQuery(language: AdminLocale) {
  return queryOptions({
    queryKey: adminKeys.branches(language),
    queryFn: () => listBranches(language),
    staleTime: 60 * 60_000,
  })
}

/** The staff, enabled and disabled (staff:manage). */
export const staffQuery = queryOptions({ queryKey: adminKeys.staff, queryFn: listStaff })

/** The invitations still open (staff:manage); under the staff's key, so a new invitation refreshes them. */
export const invitesQuery = queryOptions({ queryKey: adminKeys.invites, queryFn: listInvites })

/** The roles, built-in first, with their permissions. */
export const rolesQuery = queryOptions({ queryKey: adminKeys.roles, queryFn: listRoles })

/** The API keys, revoked ones too (keys:manage). */
export const apiKeysQuery = queryOptions({ queryKey: adminKeys.apiKeys, queryFn: listApiKeys })

/** Every staff member's live sessions (staff:manage). */
export const staffSessionsQuery = queryOptions({ queryKey: adminKeys.staffSessions, queryFn: listAllSessions })

/** One page of the audit log, as the URL asks for it. */
export function auditQuery(search: AuditSearch) {
  return queryOptions({
    queryKey: [...adminKeys.audit, search],
    queryFn: () => listAudit(auditQueryOf(search)),
    staleTime: 0,
  })
}

/** The transfer slips waiting for review (issue 31 item 6). */
export const slipsQuery = queryOptions({ queryKey: ['admin', 'slips', 'review'] as const, queryFn: () => listSlips() })

/** Models found by name or SKU in the stock screen (the first models when nothing is typed). */
export function stockSearchQuery(q: string) {
  return queryOptions({ queryKey: [...adminKeys.stock, 'search', q], queryFn: () => searchStock(q) })
}

/** A model's colour × size matrix per location. */
export function stockMatrixQuery(id: string) {
  return queryOptions({ queryKey: [...adminKeys.stock, 'matrix', id], queryFn: () => stockMatrix(id) })
}

/** A size's movement history (its first page). */
export function stockMovementsQuery(sku: string) {
  return queryOptions({ queryKey: [...adminKeys.stock, 'movements', sku], queryFn: () => stockMovements(sku) })
}

/** Where stock is kept: the online warehouse, then the stores. */
export const stockLocationsQuery = queryOptions({
  queryKey: [...adminKeys.stock, 'locations'],
  queryFn: stockLocations,
  staleTime: 60_000,
})

/** Transfers of a status (the open ones, sent, first). */
export function stockTransfersQuery(status: StockTransferStatus) {
  return queryOptions({
    queryKey: [...adminKeys.stock, 'transfers', status],
    queryFn: () => listStockTransfers(status),
  })
}
/** A page of the colours with their prices (issue 32 item 4). */
export function pricedProductsQuery(filter: PriceFilter, page: number) {
  return queryOptions({
    queryKey: [...adminKeys.prices, 'list', filter, page],
    queryFn: () => listPricedProducts(filter, page),
  })
}

/** A model's colours with their prices. */
export function priceFamilyQuery(id: string) {
  return queryOptions({ queryKey: [...adminKeys.prices, 'family', id], queryFn: () => getPriceFamily(id) })
}

/** The sales planned, running and past; asked again often, since they switch by themselves. */
export const priceSchedulesQuery = queryOptions({
  queryKey: adminKeys.priceSchedules,
  queryFn: listPriceSchedules,
  staleTime: 0,
  refetchInterval: 5_000,
})

/** The shop's categories or collections to filter by (they change seldom). */
export function catalogChoicesQuery(kind: 'categories' | 'collections', language: AdminLocale) {
  return queryOptions({
    queryKey: ['admin', 'catalog', kind, language] as const,
    queryFn: () => listCatalogChoices(kind, language),
    staleTime: 60 * 60_000,
  })
}
/** The shop's discount codes with their uses (promotions:write); read afresh, a code's state moves with the clock. */
export const promotionCodesQuery = queryOptions({
  queryKey: [...adminKeys.promotions, 'codes'],
  queryFn: listPromotionCodes,
  staleTime: 0,
})

/** One discount code, for its form. */
export function promotionCodeQuery(id: string) {
  return queryOptions({ queryKey: [...adminKeys.promotions, 'codes', id], queryFn: () => getPromotionCode(id) })
}

/** The mix-and-match bundle prices and the pieces carrying the tag. */
export const mixMatchQuery = queryOptions({ queryKey: [...adminKeys.promotions, 'mix-match'], queryFn: getMixMatch })

/** The member tier rules (constants: they do not change while the shop runs). */
export const tierRulesQuery = queryOptions({
  queryKey: [...adminKeys.promotions, 'tiers'],
  queryFn: getTierRules,
  staleTime: Infinity,
})

/** A page of models as the products screen's URL asks for it (catalog:write). */
export function productListQuery(query: ProductListQuery) {
  return queryOptions({ queryKey: [...adminKeys.products, 'list', query], queryFn: () => listProducts(query) })
}

/** A model whole, for its editor. */
export function productModelQuery(id: string) {
  return queryOptions({ queryKey: [...adminKeys.products, 'one', id], queryFn: () => getProductModel(id) })
}

/** The categories, collections and tags (with what each does) the editor offers. */
export const productChoicesQuery = queryOptions({
  queryKey: [...adminKeys.products, 'choices'],
  queryFn: getProductChoices,
  staleTime: 60_000,
})
/** Models found by name or SKU in the pictures screen (the first models when nothing is typed). */
export function pictureSearchQuery(q: string) {
  return queryOptions({ queryKey: [...adminKeys.pictures, 'search', q], queryFn: () => searchPictures(q) })
}

/** A model's colours with their pictures. */
export function pictureModelQuery(id: string) {
  return queryOptions({ queryKey: [...adminKeys.pictures, 'model', id], queryFn: () => pictureModel(id) })
}

/** The info pages (issue 32 item 6). */
export const infoPagesQuery = queryOptions({
  queryKey: [...adminKeys.content, 'pages'],
  queryFn: listInfoPages,
  staleTime: 0,
})

/** One info page: published, its draft, its versions. */
export function infoPageQuery(slug: string) {
  return queryOptions({
    queryKey: [...adminKeys.content, 'pages', slug],
    queryFn: () => getInfoPage(slug),
    staleTime: 0,
  })
}

/** The editorials, drafts and published. */
export const editorialsQuery = queryOptions({
  queryKey: [...adminKeys.content, 'editorials'],
  queryFn: listEditorials,
  staleTime: 0,
})

/** One editorial: its status, its text, its draft, its versions. */
export function editorialQuery(slug: string) {
  return queryOptions({
    queryKey: [...adminKeys.content, 'editorials', slug],
    queryFn: () => getEditorial(slug),
    staleTime: 0,
  })
}
/** Every collection as a tree (catalog:write). */
export const collectionTreeQuery = queryOptions({
  queryKey: [...adminKeys.site, 'collections'],
  queryFn: listCollectionTree,
})

/** One collection with its pieces, for its editor. */
export function adminCollectionQuery(slug: string) {
  return queryOptions({ queryKey: [...adminKeys.site, 'collections', slug], queryFn: () => getAdminCollection(slug) })
}

/** A site document (the home page or the menu) with its versions (content:write). */
export function siteDocumentQuery(document: SiteDocumentName) {
  return queryOptions({ queryKey: [...adminKeys.site, 'document', document], queryFn: () => getSiteDocument(document) })
}

/** The collections and editorials the home page's blocks may name. */
export const siteChoicesQuery = queryOptions({ queryKey: [...adminKeys.site, 'choices'], queryFn: getSiteChoices })

/** The dashboard's figures (issue 33 item 3): kept a minute, since they move with every order. */
export const dashboardQuery = queryOptions({ queryKey: adminKeys.dashboard, queryFn: dashboard, staleTime: 60_000 })

/** A report over a range of days (issue 33 item 4). */
export function reportQuery(kind: ReportKind, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...adminKeys.reports, kind, range],
    queryFn: () => report(kind, range),
    staleTime: 60_000,
  })
}
/** The shoppers' privacy requests (members:read); read afresh, the days left move with the clock. */
export const privacyRequestsQuery = queryOptions({
  queryKey: [...adminKeys.privacy, 'requests'],
  queryFn: listPrivacyRequests,
  staleTime: 0,
})
