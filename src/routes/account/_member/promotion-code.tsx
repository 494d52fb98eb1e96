import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { memberCodesQuery } from '~/account/membership.functions'
import { PageHeading } from '~/components/PageHeading'
import { formatMoney } from '~/domain/money'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/account/_member/promotion-code')({
  loader: ({ context }) => context.queryClient.ensureQueryData(memberCodesQuery()),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Promotion codes`, msg`Your discount codes and what is left to use.`),
  component: PromotionCodePage,
})

function PromotionCodePage() {
  const { t } = useLingui()
  const locale = useLocale()
  const { data: codes } = useSuspenseQuery(memberCodesQuery())
  const baht = (amount: number) => formatMoney(amount, 'thb', locale)
  return (
    <div className="account-page">
      <p>
        {/* Not the current page: only /account itself is (issue 29, item 23). */}
        <Link to="/account" activeOptions={{ exact: true }}>
          ← <Trans>Back</Trans>
        </Link>
      </p>
      <PageHeading lead={<Trans>Your discount codes and what is left to use.</Trans>}>
        {<Trans>Promotion codes</Trans>}
      </PageHeading>
      {codes.length === 0 ? (
        <p className="account-muted">
          <Trans>NO PROMOTION CODE AVAILABLE</Trans>
        </p>
      ) : (
        <table className="order-table">
          <thead>
            <tr>
              <th scope="col">{t`Code`}</th>
              <th scope="col">{t`Promotion`}</th>
              <th scope="col">{t`Value`}</th>
              <th scope="col">{t`Valid until`}</th>
              <th scope="col">{t`Total discount usage`}</th>
              <th scope="col">{t`Remaining usable discount`}</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => {
              const percent = code.percent
              const amount = code.amount
              const amountCurrency = code.amountCurrency
              const off =
                amount !== null && amountCurrency !== null ? formatMoney(amount, amountCurrency, locale) : null
              return (
                <tr key={code.code} className={code.used || code.expired ? 'code--spent' : undefined}>
                  <th scope="row" data-label={t`Code`}>
                    {code.code}{' '}
                    {code.used ? (
                      <span className="address-card__badge">{t`Used`}</span>
                    ) : code.expired ? (
                      <span className="address-card__badge">{t`Expired`}</span>
                    ) : null}
                  </th>
                  <td data-label={t`Promotion`}>
                    {code.kind === 'monthly'
                      ? t`Member code of the month`
                      : code.kind === 'goodwill'
                        ? t`A gift from our team`
                        : t`Birth-month code`}
                  </td>
                  <td data-label={t`Value`}>{off !== null ? t`${off} off` : t`${percent}% off`}</td>
                  <td data-label={t`Valid until`}>{formatDate(code.validUntil, locale)}</td>
                  <td data-label={t`Total discount usage`}>{baht(code.discountUsed)}</td>
                  <td data-label={t`Remaining usable discount`}>{baht(code.remaining)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </div>
  )
}
