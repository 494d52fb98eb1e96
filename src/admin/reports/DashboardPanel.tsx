import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useMemo } from 'react'
import { formatMoney } from '~/domain/money'
import type { Dashboard } from '../api'
import { dashboardQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'
import { DayChart, type DaySeries } from '../ui/DayChart'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { formatAge, QUEUE_LABELS } from '../ui/order-labels'

type Period = Dashboard['periods'][number]
type StockRow = Dashboard['sold_out']['items'][number]
type PieceRow = Dashboard['best_sellers']['by_pieces'][number]

const COLOURS = { thb: '#1f5f8b', usd: '#a3472f' }

/** A count as the staff member's language writes it. */
function useCount() {
  const { place } = useRouteContext({ from: '__root__' })
  return useMemo(() => new Intl.NumberFormat(place.locale === 'th' ? 'th-TH' : 'en-US'), [place.locale])
}

function SalesTable({ periods }: { periods: Dashboard['periods'] }) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const count = useCount()
  const names: Record<Period['id'], string> = { today: t`Today`, '7d': t`7 days`, '30d': t`30 days` }
  return (
    <TableScroll>
      <table className="admin-table admin-figures">
        <TableCaption>
          <Trans>Sales (paid orders, by the day they were placed)</Trans>
        </TableCaption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Period</Trans>
            </th>
            <th scope="col">
              <Trans>Currency</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Orders</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Revenue</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Refunded</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Net</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Average order</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.flatMap((period) =>
            period.sales.map((sales) => (
              <tr key={`${period.id}-${sales.currency}`} data-period={period.id} data-currency={sales.currency}>
                <th scope="row">{names[period.id]}</th>
                <td>{sales.currency.toUpperCase()}</td>
                <td className="admin-number">{count.format(sales.orders)}</td>
                <td className="admin-number">{formatMoney(sales.revenue, sales.currency, place.locale)}</td>
                <td className="admin-number">{formatMoney(sales.refunded, sales.currency, place.locale)}</td>
                <td className="admin-number">{formatMoney(sales.net, sales.currency, place.locale)}</td>
                <td className="admin-number">{formatMoney(sales.average, sales.currency, place.locale)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </TableScroll>
  )
}

function FunnelTable({ periods }: { periods: Dashboard['periods'] }) {
  const { t } = useLingui()
  const count = useCount()
  const names: Record<Period['id'], string> = { today: t`Today`, '7d': t`7 days`, '30d': t`30 days` }
  const steps = [
    ['product_viewed', t`Product viewed`],
    ['added_to_cart', t`Added to cart`],
    ['checkout_started', t`Checkout`],
    ['paid', t`Paid`],
  ] as const
  const share = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–')
  return (
    <TableScroll>
      <table className="admin-table admin-figures">
        <TableCaption>
          <Trans>The funnel (the shop’s own anonymous counts; % of product views)</Trans>
        </TableCaption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Period</Trans>
            </th>
            {steps.map(([key, label]) => (
              <th key={key} scope="col" className="admin-number">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={period.id} data-period={period.id}>
              <th scope="row">{names[period.id]}</th>
              {steps.map(([key]) => (
                <td key={key} className="admin-number">
                  {count.format(period.funnel[key])}
                  {key === 'product_viewed' ? null : (
                    <span className="admin-figures__share">
                      {' '}
                      ({share(period.funnel[key], period.funnel.product_viewed)})
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}

function Charts({ daily }: { daily: Dashboard['daily'] }) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const count = useCount()
  const days = useMemo(() => daily.map((point) => point.day), [daily])
  const orders = useMemo<DaySeries[]>(
    () => [
      { label: t`Orders in THB`, values: daily.map((point) => point.thb_orders), colour: COLOURS.thb },
      { label: t`Orders in USD`, values: daily.map((point) => point.usd_orders), colour: COLOURS.usd },
    ],
    [daily, t],
  )
  const thb = useMemo<DaySeries[]>(
    () => [{ label: t`Revenue in THB`, values: daily.map((point) => point.thb_revenue / 100), colour: COLOURS.thb }],
    [daily, t],
  )
  const usd = useMemo<DaySeries[]>(
    () => [{ label: t`Revenue in USD`, values: daily.map((point) => point.usd_revenue / 100), colour: COLOURS.usd }],
    [daily, t],
  )
  const whole = useMemo(() => (value: number) => count.format(value), [count])
  const baht = useMemo(() => (value: number) => formatMoney(Math.round(value) * 100, 'thb', place.locale), [place])
  const dollars = useMemo(() => (value: number) => formatMoney(Math.round(value * 100), 'usd', place.locale), [place])
  const total = (key: 'thb_orders' | 'usd_orders') => daily.reduce((sum, point) => sum + point[key], 0)
  const thbOrders = count.format(total('thb_orders'))
  const usdOrders = count.format(total('usd_orders'))
  return (
    <div className="admin-charts">
      <figure className="admin-chart-figure">
        <figcaption>
          <Trans>Orders per day, last 30 days</Trans>{' '}
          <span className="admin-chart-legend">
            {orders.map((one) => (
              <span key={one.label} style={{ borderColor: one.colour }}>
                {one.label}
              </span>
            ))}
          </span>
        </figcaption>
        <DayChart days={days} series={orders} format={whole} />
        <p className="admin-visually-hidden">
          <Trans>
            {thbOrders} orders in THB and {usdOrders} in USD; each day is in the table below.
          </Trans>
        </p>
      </figure>
      <figure className="admin-chart-figure">
        <figcaption>
          <Trans>Revenue per day in THB</Trans>
        </figcaption>
        <DayChart days={days} series={thb} format={baht} />
      </figure>
      <figure className="admin-chart-figure">
        <figcaption>
          <Trans>Revenue per day in USD</Trans>
        </figcaption>
        <DayChart days={days} series={usd} format={dollars} />
      </figure>
      <details className="admin-chart-table">
        <summary>
          <Trans>The charts as a table, day by day</Trans>
        </summary>
        <TableScroll>
          <table className="admin-table admin-figures">
            <TableCaption>
              <Trans>Orders and revenue per day, last 30 days</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col" className="admin-number">
                  <Trans>Orders in THB</Trans>
                </th>
                <th scope="col" className="admin-number">
                  <Trans>Revenue in THB</Trans>
                </th>
                <th scope="col" className="admin-number">
                  <Trans>Orders in USD</Trans>
                </th>
                <th scope="col" className="admin-number">
                  <Trans>Revenue in USD</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{point.day}</th>
                  <td className="admin-number">{count.format(point.thb_orders)}</td>
                  <td className="admin-number">{formatMoney(point.thb_revenue, 'thb', place.locale)}</td>
                  <td className="admin-number">{count.format(point.usd_orders)}</td>
                  <td className="admin-number">{formatMoney(point.usd_revenue, 'usd', place.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </div>
  )
}

function BestSellers({ caption, rows }: { caption: string; rows: readonly PieceRow[] }) {
  const { place } = useRouteContext({ from: '__root__' })
  const count = useCount()
  if (rows.length === 0) {
    return (
      <section className="admin-figures-empty">
        <h3>{caption}</h3>
        <p className="admin-empty">
          <Trans>Nothing sold in the last 30 days.</Trans>
        </p>
      </section>
    )
  }
  return (
    <TableScroll>
      <table className="admin-table admin-figures">
        <TableCaption>{caption}</TableCaption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Pieces</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Revenue in THB</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Revenue in USD</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.product_id}>
              <th scope="row">
                {row.name} <span className="admin-muted">{row.product_id}</span>
              </th>
              <td className="admin-number">{count.format(row.pieces)}</td>
              <td className="admin-number">{formatMoney(row.revenue_thb, 'thb', place.locale)}</td>
              <td className="admin-number">{formatMoney(row.revenue_usd, 'usd', place.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}

function StockList({
  caption,
  empty,
  list,
}: {
  caption: string
  empty: string
  list: { total: number; items: readonly StockRow[] }
}) {
  const count = useCount()
  if (list.total === 0) {
    return (
      <section className="admin-figures-empty">
        <h3>{caption}</h3>
        <p className="admin-empty">{empty}</p>
      </section>
    )
  }
  return (
    <TableScroll>
      <table className="admin-table admin-figures">
        <TableCaption>
          {caption} ({count.format(list.total)})
        </TableCaption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col">
              <Trans>Size</Trans>
            </th>
            <th scope="col">SKU</th>
            <th scope="col" className="admin-number">
              <Trans>Online</Trans>
            </th>
            <th scope="col" className="admin-number">
              <Trans>Threshold</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((row) => (
            <tr key={row.sku}>
              <th scope="row">
                {row.name} · {row.colour}
              </th>
              <td>{row.size}</td>
              <td>{row.sku}</td>
              <td className="admin-number">{count.format(row.online)}</td>
              <td className="admin-number">{count.format(row.threshold)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}

/** The queues' counts and ages for a role that reads figures but not orders (no links to the orders list). */
function QueueFigures({ queues }: { queues: Dashboard['queues']['queues'] }) {
  const { i18n, t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  return (
    <ul className="admin-queues" aria-label={t`Work waiting`}>
      {queues.map((queue) => {
        const waited = queue.oldest_age_seconds === null ? null : formatAge(queue.oldest_age_seconds, place.locale)
        return (
          <li key={queue.id} className="admin-queue">
            <span className="admin-queue__link">
              <span className="admin-queue__name">{i18n._(QUEUE_LABELS[queue.id])}</span>
              <span className="admin-queue__count">{queue.count}</span>
              <span className="admin-queue__age">
                {waited === null ? <Trans>Nothing waiting</Trans> : <Trans>Oldest waiting {waited}</Trans>}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The dashboard (issue 33 item 3, decision 202): today, 7 and 30 days of sales per currency, the funnel, charts of the
 * 30 days (with their table), best sellers, sizes sold out and low stock; queues for a role without the orders list.
 */
export function DashboardPanel({ showQueues }: { showQueues: boolean }) {
  const { t } = useLingui()
  const figures = useQuery(dashboardQuery)
  if (figures.isError) return <ErrorNotice error={figures.error} />
  if (!figures.data) {
    return (
      <p className="admin-empty" role="status">
        <Trans>Loading the figures…</Trans>
      </p>
    )
  }
  const data = figures.data
  return (
    <div className="admin-dashboard">
      {showQueues ? <QueueFigures queues={data.queues.queues} /> : null}
      <section aria-labelledby="admin-dashboard-sales">
        <h2 id="admin-dashboard-sales">
          <Trans>Sales figures</Trans>
        </h2>
        <SalesTable periods={data.periods} />
        <Charts daily={data.daily} />
      </section>
      <section aria-labelledby="admin-dashboard-funnel">
        <h2 id="admin-dashboard-funnel">
          <Trans>Funnel</Trans>
        </h2>
        <FunnelTable periods={data.periods} />
      </section>
      <section aria-labelledby="admin-dashboard-best">
        <h2 id="admin-dashboard-best">
          <Trans>Best sellers, last 30 days</Trans>
        </h2>
        <div className="admin-dashboard__pair">
          <BestSellers caption={t`By pieces`} rows={data.best_sellers.by_pieces} />
          <BestSellers caption={t`By revenue`} rows={data.best_sellers.by_revenue} />
        </div>
      </section>
      <section aria-labelledby="admin-dashboard-stock">
        <h2 id="admin-dashboard-stock">
          <Trans>Stock to watch</Trans>
        </h2>
        <div className="admin-dashboard__pair">
          <StockList
            caption={t`Sizes sold out online`}
            empty={t`No published size is sold out.`}
            list={data.sold_out}
          />
          <StockList
            caption={t`Sizes below their low-stock threshold`}
            empty={t`No size is below its threshold.`}
            list={data.low_stock}
          />
        </div>
      </section>
    </div>
  )
}
