import { queryOptions } from '@tanstack/react-query'
import { listOrders } from './api'
import type { OrdersSearch } from './search'

/** Query keys of the back office, by area (as the shop's, decision 169). */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  orders: ['admin', 'orders'] as const,
}

/** One page of the orders list, as the URL asks for it. */
export function ordersQuery(search: OrdersSearch) {
  return queryOptions({
    queryKey: [...adminKeys.orders, search],
    queryFn: () =>
      listOrders({ page: search.page, size: search.size, sort: search.sort, dir: search.dir, q: search.q }),
  })
}
