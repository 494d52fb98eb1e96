import { Trans, useLingui } from '@lingui/react/macro'
import { isReturnReason, isReturnStatus, RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '~/checkout/return-labels'
import type { Order } from '~/checkout/types'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'

/** The exchanges and returns asked for on this order, each with its pieces and where it stands. */
export function ReturnRequestList({ requests }: { requests: Order['returns'] }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  if (requests.length === 0) return null
  return (
    <ul className="return-requests" aria-label={t`Your requests`}>
      {requests.map((request) => {
        const date = formatDate(request.createdAt, locale)
        const status = isReturnStatus(request.status) ? i18n._(RETURN_STATUS_LABELS[request.status]) : request.status
        const reason = isReturnReason(request.reason) ? i18n._(RETURN_REASON_LABELS[request.reason]) : request.reason
        const answer = request.decisionNote
        return (
          <li key={request.id} className="return-requests__request">
            <p>
              <strong>
                {request.kind === 'exchange' ? <Trans>Exchange</Trans> : <Trans>Return and refund</Trans>}
              </strong>{' '}
              <span className="account-muted">
                <Trans>asked for on {date}</Trans>
              </span>
            </p>
            <p className="return-requests__status">
              <Trans>Status: {status}</Trans>
            </p>
            <ul className="return-requests__pieces">
              {request.items.map((item) => {
                const size = item.size === 'OS' ? t`One size` : item.size
                const quantity = item.quantity
                const wanted = item.exchangeSize === 'OS' ? t`One size` : item.exchangeSize
                return (
                  <li key={item.position}>
                    {item.name}{' '}
                    <span className="account-muted">
                      {wanted && wanted !== size ? (
                        <Trans>
                          Size {size} · Quantity {quantity} · for size {wanted}
                        </Trans>
                      ) : (
                        <Trans>
                          Size {size} · Quantity {quantity}
                        </Trans>
                      )}
                    </span>
                  </li>
                )
              })}
            </ul>
            <p className="account-muted">
              <Trans>Reason: {reason}</Trans>
            </p>
            {request.note ? <p className="account-muted return-requests__note">{request.note}</p> : null}
            {answer ? (
              <p className="return-requests__decision">
                <Trans>Our answer: {answer}</Trans>
              </p>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
