import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageLink } from '~/catalog/components/PageLink'
import { orderHistoryQuery } from '~/checkout/checkout.functions'
import { orderStatusLabel } from '~/checkout/status-labels'
import { PageHeading } from '~/components/PageHeading'
import { formatMoney } from '~/domain/money'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'
import { pageParam, searchParams } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

const searchSchema = searchParams({
  page: pageParam(),
})

export const Route = createFileRoute('/account/_member/order-history')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orderHistoryQuery(deps.page)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Order history`, msg`Your orders, newest first.`),
  component: OrderHistoryPage,
})

/** The member's orders (§2): date, order id, price and status, newest first, 25 to a page. */
function OrderHistoryPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(orderHistoryQuery(page))
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize))
  const statusText = (status: string) => {
    const label = orderStatusLabel(status)
    return typeof label === 'string' ? label : i18n._(label)
  }

  return (
    <div className="account-page order-history">
      <p className="order-history__back">
        {/* Not the current page: only /account itself is (issue 29, item 23). */}
        <Link to="/account" className="link-button" activeOptions={{ exact: true }}>
          <span aria-hidden="true">← </span>
          <Trans>Back</Trans>
        </Link>
      </p>
      <PageHeading lead={<Trans>Your orders, newest first.</Trans>}>{<Trans>Order history</Trans>}</PageHeading>
      {data.items.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>NO ORDER HISTORY AVAILABLE</Trans>
        </p>
      ) : (
        <table className="order-table">
          <caption className="visually-hidden">{t`Your orders`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Order id`}</th>
              <th scope="col">{t`Price`}</th>
              <th scope="col">{t`Status`}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((order) => (
              <tr key={order.id}>
                <td data-label={t`Date`}>
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt, locale)}</time>
                </td>
                <th scope="row" data-label={t`Order id`}>
                  <Link to="/order/$number" params={{ number: order.number }}>
                    {order.number}
                  </Link>
                </th>
                <td data-label={t`Price`}>{formatMoney(order.total, order.currency, locale)}</td>
                <td data-label={t`Status`}>{statusText(order.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.total > data.pageSize ? (
        <nav className="pagination" aria-label={t`Pages`}>
          <PageLink page={page > 1 ? page - 1 : null} rel="prev">
            {t`Previous`}
          </PageLink>
          <span aria-current="page">
            <Trans>
              Page {page} of {totalPages}
            </Trans>
          </span>
          <PageLink page={page < totalPages ? page + 1 : null} rel="next">
            {t`Next`}
          </PageLink>
        </nav>
      ) : null}
    </div>
  )
}
