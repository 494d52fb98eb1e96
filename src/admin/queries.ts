import { queryOptions } from '@tanstack/react-query'
import { listAllSessions, listApiKeys, listAudit, listOrders, listRoles, listStaff } from './api'
import { auditQueryOf, type AuditSearch, type OrdersSearch } from './search'

/** Query keys of the back office, by area (as the shop's, decision 169). */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  orders: ['admin', 'orders'] as const,
  staff: ['admin', 'staff'] as const,
  roles: ['admin', 'roles'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
  staffSessions: ['admin', 'staff-sessions'] as const,
  audit: ['admin', 'audit'] as const,
}

/** One page of the orders list, as the URL asks for it. */
export function ordersQuery(search: OrdersSearch) {
  return queryOptions({
    queryKey: [...adminKeys.orders, search],
    queryFn: () =>
      listOrders({ page: search.page, size: search.size, sort: search.sort, dir: search.dir, q: search.q }),
  })
}

/** The staff, enabled and disabled (staff:manage). */
export const staffQuery = queryOptions({ queryKey: adminKeys.staff, queryFn: listStaff })

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
