import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useRouteContext } from '@tanstack/react-router'
import { formatMoney, type Money } from '~/domain/money'
import type { OrderRow } from '../api'
import { ordersQuery } from '../queries'
import { ORDER_SORTS, type OrderSort } from '../search'
import { Table, type ListColumn, type ListSort } from '../ui/Table'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

const route = getRouteApi('/orders')

/** An amount as the shop writes it (฿1,290, $39.00), in the back office's language. */
function Amount({ amount, currency }: Money) {
  const { place } = useRouteContext({ from: '__root__' })
  return <>{formatMoney(amount, currency, place.locale)}</>
}

/** The orders list's columns; their ids are the sort keys of the URL (search.ts). */
const COLUMNS: ReadonlyArray<ListColumn<OrderRow>> = [
  { id: 'number', accessorKey: 'number', header: () => <Trans>Order</Trans> },
  { id: 'placed', accessorKey: 'placedAt', header: () => <Trans>Placed</Trans> },
  { id: 'customer', accessorKey: 'customer', header: () => <Trans>Customer</Trans>, enableSorting: false },
  { id: 'status', accessorKey: 'status', header: () => <Trans>Status</Trans> },
  {
    id: 'total',
    accessorFn: (row) => row.total.amount,
    header: () => <Trans>Total</Trans>,
    cell: ({ row }) => <Amount {...row.original.total} />,
  },
]

const isOrderSort = (id: string): id is OrderSort => (ORDER_SORTS as ReadonlyArray<string>).includes(id)

/** The orders list (issue 31): a page of orders as the URL says, sorted and paged by the server. */
export function OrdersScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Orders`)
  const search = route.useSearch()
  const page = search.page
  const navigate = route.useNavigate()
  const orders = useQuery(ordersQuery(search))
  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : null
  const changeSort = ({ id, dir }: ListSort) => {
    if (isOrderSort(id)) void navigate({ search: (prev) => ({ ...prev, sort: id, dir, page: 1 }) })
  }
  return (
    <section aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title">
        <Trans>Orders</Trans>
      </h1>
      <Table
        caption={<Trans>Orders, page {page}</Trans>}
        columns={COLUMNS}
        rows={orders.data?.rows ?? NO_ROWS}
        rowId={(row) => row.number}
        sort={{ id: search.sort, dir: search.dir }}
        onSortChange={changeSort}
        page={page}
        pageCount={pageCount}
        onPageChange={(to) => void navigate({ search: (prev) => ({ ...prev, page: to }) })}
        status={
          orders.isError ? (
            <ErrorNotice error={orders.error} />
          ) : orders.isPending ? (
            <Trans>Loading…</Trans>
          ) : (
            <Trans>No orders.</Trans>
          )
        }
      />
    </section>
  )
}

/** The empty page, one array for every render (a new one would rebuild the table's rows). */
const NO_ROWS: OrderRow[] = []
