import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '~/checkout/types'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'

/** The parcels of the order: carrier, tracking number and a link to the carrier's tracking page. */
export function Shipments({ shipments }: { shipments: Order['shipments'] }) {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <ul className="shipments">
      {shipments.map((shipment) => {
        const number = shipment.trackingNumber
        const date = formatDate(shipment.createdAt, locale)
        return (
          <li key={`${shipment.carrier}-${number}`} className="shipments__parcel">
            <p>
              <strong>{shipment.carrierName}</strong> <span className="shipments__number">{number}</span>
            </p>
            <p className="account-muted">
              <Trans>Sent on {date}</Trans>
            </p>
            {shipment.latest ? <LatestEvent latest={shipment.latest} /> : null}
            {shipment.url ? (
              <p>
                <a href={shipment.url} target="_blank" rel="noopener noreferrer">
                  {t`Track parcel ${number}`}
                  <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                </a>
              </p>
            ) : (
              <p className="account-muted">
                <Trans>Ask the carrier about this parcel with its tracking number.</Trans>
              </p>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** What the carrier said last of a parcel (its tracking), and when. */
function LatestEvent({ latest }: { latest: NonNullable<Order['shipments'][number]['latest']> }) {
  const locale = useLocale()
  const when = formatDate(latest.occurredAt, locale)
  const what = latest.location ? `${latest.description} (${latest.location})` : latest.description
  return (
    <p className="shipments__latest">
      <Trans>
        Latest from the carrier: {what}, {when}
      </Trans>
    </p>
  )
}
