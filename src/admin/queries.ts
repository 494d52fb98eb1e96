import { queryOptions } from '@tanstack/react-query'
import { listOrders, listOwnSessions } from './api'
import type { OrdersSearch } from './search'

/** Query keys of the back office, by area (as the shop's, decision 169). */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  orders: ['admin', 'orders'] as const,
  ownSessions: ['admin', 'sessions', 'mine'] as const,
}

/** The signed-in staff member's own sessions. */
export const ownSessionsQuery = queryOptions({
  queryKey: adminKeys.ownSessions,
  queryFn: listOwnSessions,
})

/** One page of the orders list, as the URL asks for it. */
export function ordersQuery(search: OrdersSearch) {
  return queryOptions({
    queryKey: [...adminKeys.orders, search],
    queryFn: () =>
      listOrders({ page: search.page, size: search.size, sort: search.sort, dir: search.dir, q: search.q }),
  })
}
