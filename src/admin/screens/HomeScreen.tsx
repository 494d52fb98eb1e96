import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { OrderQueue } from '~/contract/admin-orders'
import type { OrderQueues } from '../api'
import { queuesQuery } from '../queries'
import type { OrdersSearch } from '../search'
import { can } from '../session'
import { formatAge, QUEUE_LABELS } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import { DashboardPanel } from '../reports/DashboardPanel'

/** Where each queue's link goes: the orders list filtered to it, the longest-waiting first. */
const QUEUE_SEARCH: Record<OrderQueue, Partial<OrdersSearch>> = {
  confirm_payment: { status: 'awaiting_payment', method: 'bank_transfer', dir: 'asc' },
  pack: { status: 'paid', dir: 'asc' },
  ship: { status: 'packed', dir: 'asc' },
  returns: { returns: 'open', dir: 'asc' },
}

function Queue({ queue }: { queue: OrderQueues['queues'][number] }) {
  const { i18n } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const age = queue.oldest_age_seconds
  const waited = age === null ? null : formatAge(age, place.locale)
  return (
    <li className="admin-queue">
      <Link to="/orders" search={QUEUE_SEARCH[queue.id]} className="admin-queue__link">
        <span className="admin-queue__name">{i18n._(QUEUE_LABELS[queue.id])}</span>
        <span className="admin-queue__count">{queue.count}</span>
        <span className="admin-queue__age">
          {waited === null ? <Trans>Nothing waiting</Trans> : <Trans>Oldest waiting {waited}</Trans>}
        </span>
      </Link>
    </li>
  )
}

/**
 * The back office's home: the work waiting, each queue a link to its orders; and for a role with `reports:read` the
 * dashboard (issue 33 item 3) below it.
 */
export function HomeScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Home`)
  const { me } = useRouteContext({ from: '__root__' })
  const mayReadOrders = can(me, 'orders:read')
  const mayReadReports = can(me, 'reports:read')
  const queues = useQuery({ ...queuesQuery, enabled: mayReadOrders })
  return (
    <section aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">
        <Trans>Today</Trans>
      </h1>
      {!mayReadOrders && mayReadReports ? null : !mayReadOrders ? (
        <p className="admin-empty">
          <Trans>Your role has no work queues. The menu shows what you can open.</Trans>
        </p>
      ) : queues.isError ? (
        <ErrorNotice error={queues.error} />
      ) : queues.data ? (
        <ul className="admin-queues" aria-label={t`Work waiting`}>
          {queues.data.queues.map((queue) => (
            <Queue key={queue.id} queue={queue} />
          ))}
        </ul>
      ) : (
        <p className="admin-empty">
          <Trans>Loading…</Trans>
        </p>
      )}
      {can(me, 'payments:confirm') ? (
        <p>
          <Link to="/slips" className="admin-queue__slips">
            <Trans>Transfer slips to review</Trans>
          </Link>
        </p>
      ) : null}
      {mayReadReports ? <DashboardPanel showQueues={!mayReadOrders} /> : null}
    </section>
  )
}
