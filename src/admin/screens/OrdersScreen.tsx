import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { CURRENCIES, formatMoney } from '~/domain/money'
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '~/domain/orders'
import type { OrderRow } from '../api'
import { branchesQuery, ordersQuery } from '../queries'
import { ORDER_SORTS, ordersSearchSchema, type OrderSort, type OrdersSearch } from '../search'
import { formatWhen, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../ui/order-labels'
import { Table, type ListColumn, type ListSort } from '../ui/Table'
import { useAdminTitle } from '../ui/title'
import { deleteView, readViews, saveView, type SavedView } from '../views'
import { ErrorNotice } from './ErrorScreen'
import { BulkFulfilment } from './BulkFulfilment'

const route = getRouteApi('/orders')

function Placed({ at }: { at: string }) {
  const { place } = useRouteContext({ from: '__root__' })
  return <>{formatWhen(at, place.locale)}</>
}

function Status({ row }: { row: OrderRow }) {
  const { i18n } = useLingui()
  return <>{i18n._(ORDER_STATUS_LABELS[row.status])}</>
}

function Payment({ row }: { row: OrderRow }) {
  const { i18n } = useLingui()
  const method = i18n._(PAYMENT_METHOD_LABELS[row.payment_method])
  return (
    <>
      {method}
      {row.payment_status ? ` · ${i18n._(PAYMENT_STATUS_LABELS[row.payment_status])}` : null}
    </>
  )
}

function Total({ row }: { row: OrderRow }) {
  const { place } = useRouteContext({ from: '__root__' })
  return <>{formatMoney(row.total, row.currency, place.locale)}</>
}

/** The orders list's columns; the sortable ones' ids are the sort keys of the URL (search.ts). */
const COLUMNS: ReadonlyArray<ListColumn<OrderRow>> = [
  {
    id: 'number',
    accessorKey: 'number',
    header: () => <Trans>Order</Trans>,
    cell: ({ row }) => (
      <Link to="/orders/$number" params={{ number: row.original.number }}>
        {row.original.number}
      </Link>
    ),
  },
  {
    id: 'placed',
    accessorKey: 'placed_at',
    header: () => <Trans>Placed</Trans>,
    cell: ({ row }) => <Placed at={row.original.placed_at} />,
  },
  { id: 'customer', accessorKey: 'customer', header: () => <Trans>Customer</Trans>, enableSorting: false },
  { id: 'telephone', accessorKey: 'telephone', header: () => <Trans>Telephone</Trans>, enableSorting: false },
  {
    id: 'status',
    accessorKey: 'status',
    header: () => <Trans>Status</Trans>,
    cell: ({ row }) => <Status row={row.original} />,
  },
  {
    id: 'payment',
    accessorKey: 'payment_method',
    header: () => <Trans>Payment</Trans>,
    enableSorting: false,
    cell: ({ row }) => <Payment row={row.original} />,
  },
  {
    id: 'total',
    accessorKey: 'total',
    header: () => <Trans>Total</Trans>,
    cell: ({ row }) => <Total row={row.original} />,
  },
]

const isOrderSort = (id: string): id is OrderSort => (ORDER_SORTS as ReadonlyArray<string>).includes(id)

/** The filters of the URL, without its page and order: what a saved view and the filter form hold. */
type Filters = Omit<OrdersSearch, 'page' | 'size' | 'sort' | 'dir'>

/** The filter form: each field a search parameter; applying it is a navigation (the URL is the view). */
function FilterForm({ search }: { search: OrdersSearch }) {
  const { t, i18n } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const navigate = route.useNavigate()
  const branches = useQuery(branchesQuery(place.locale))
  const id = useId()
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' && entry !== '' ? entry : undefined
    }
    // Through the URL's own schema: what it would not take is dropped, as when typed into the address bar.
    const filters = ordersSearchSchema.parse({
      q: value('q'),
      status: value('status'),
      payment: value('payment'),
      method: value('method'),
      currency: value('currency'),
      from: value('from'),
      to: value('to'),
      store: value('store'),
      returns: value('returns'),
    })
    void navigate({
      search: (prev) => ({
        ...prev,
        q: filters.q,
        status: filters.status,
        payment: filters.payment,
        method: filters.method,
        currency: filters.currency,
        from: filters.from,
        to: filters.to,
        store: filters.store,
        returns: filters.returns,
        page: 1,
      }),
    })
  }
  const select = (
    name: keyof Filters,
    label: string,
    options: ReadonlyArray<{ value: string; label: string }>,
    current: string | undefined,
  ) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} name={name} defaultValue={current ?? ''}>
        <option value="">{t`Any`}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    // A new URL gives the form its values again (the key), so the back button shows the filters it brings back.
    <form role="search" className="admin-filters" onSubmit={apply} key={JSON.stringify(search)}>
      <div className="admin-field admin-filters__q">
        <label htmlFor={`${id}-q`}>
          <Trans>Search</Trans>
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={search.q ?? ''}
          aria-describedby={`${id}-q-hint`}
          maxLength={100}
        />
        <p id={`${id}-q-hint`} className="admin-field__hint">
          <Trans>Order number, name, telephone or e-mail</Trans>
        </p>
      </div>
      {select(
        'status',
        t`Status`,
        ORDER_STATUSES.map((value) => ({ value, label: i18n._(ORDER_STATUS_LABELS[value]) })),
        search.status,
      )}
      {select(
        'payment',
        t`Payment status`,
        PAYMENT_STATUSES.map((value) => ({ value, label: i18n._(PAYMENT_STATUS_LABELS[value]) })),
        search.payment,
      )}
      {select(
        'method',
        t`Payment method`,
        PAYMENT_METHODS.map((value) => ({ value, label: i18n._(PAYMENT_METHOD_LABELS[value]) })),
        search.method,
      )}
      {select(
        'currency',
        t`Currency`,
        CURRENCIES.map((value) => ({ value, label: value.toUpperCase() })),
        search.currency,
      )}
      {select(
        'store',
        t`Pick-up branch`,
        (branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name })),
        search.store,
      )}
      {select('returns', t`Returns`, [{ value: 'open', label: t`A return to decide` }], search.returns)}
      <div className="admin-field">
        <label htmlFor={`${id}-from`}>
          <Trans>Placed from</Trans>
        </label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={search.from ?? ''} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-to`}>
          <Trans>Placed to</Trans>
        </label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={search.to ?? ''} />
      </div>
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button">
          <Trans>Apply filters</Trans>
        </button>
        <Link to="/orders" className="admin-filters__clear">
          <Trans>Clear</Trans>
        </Link>
      </div>
    </form>
  )
}

/** Saved views: a name for the URL of a list, kept in this browser. */
function SavedViews({ search }: { search: OrdersSearch }) {
  const { t } = useLingui()
  const id = useId()
  const [views, setViews] = useState<SavedView[]>(() => readViews())
  const [name, setName] = useState('')
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!name.trim()) return
    setViews(saveView(name, { ...search, page: 1 }))
    setName('')
  }
  return (
    <section className="admin-views" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Saved views</Trans>
      </h2>
      {views.length > 0 ? (
        <ul>
          {views.map((view) => {
            const viewName = view.name
            return (
              <li key={view.name}>
                <Link to="/orders" search={view.search}>
                  {view.name}
                </Link>{' '}
                <button
                  type="button"
                  className="admin-link-button"
                  aria-label={t`Delete the view ${viewName}`}
                  onClick={() => setViews(deleteView(viewName))}
                >
                  <Trans>Delete</Trans>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <form className="admin-views__save" onSubmit={save}>
        <label htmlFor={`${id}-name`}>
          <Trans>Name this view</Trans>
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={60}
          required
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="admin-button">
          <Trans>Save view</Trans>
        </button>
      </form>
    </section>
  )
}

/** The orders list (issue 31 item 5): filtered, searched, sorted and paged by the server, as the URL says. */
export function OrdersScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Orders`)
  const search = route.useSearch()
  const page = search.page
  const navigate = route.useNavigate()
  const orders = useQuery(ordersQuery(search))
  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.page_size)) : null
  const changeSort = ({ id, dir }: ListSort) => {
    if (isOrderSort(id)) void navigate({ search: (prev) => ({ ...prev, sort: id, dir, page: 1 }) })
  }
  const total = orders.data?.total
  return (
    <section aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title">
        <Trans>Orders</Trans>
      </h1>
      <FilterForm search={search} />
      <SavedViews search={search} />
      <Table
        caption={
          total === undefined ? (
            <Trans>Orders, page {page}</Trans>
          ) : (
            <Trans>
              Orders, page {page}: {total} found
            </Trans>
          )
        }
        columns={COLUMNS}
        rows={orders.data?.items ?? NO_ROWS}
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
      <BulkFulfilment rows={orders.data?.items ?? NO_ROWS} />
    </section>
  )
}

/** The empty page, one array for every render (a new one would rebuild the table's rows). */
const NO_ROWS: OrderRow[] = []
