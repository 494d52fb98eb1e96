import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { CARRIERS } from '~/domain/carriers'
import { fulfilmentDocumentUrl, orderTracking, shipOrder, type AdminOrder, type CarrierId } from '../api'
import { adminKeys } from '../queries'
import { can } from '../session'
import { formatWhen } from '../ui/order-labels'
import { ErrorNotice } from './ErrorScreen'

/** The statuses an order ships from (§4; the API checks it too). */
const SHIPPABLE = new Set(['paid', 'packed', 'in_transit'])

/** The carrier's news of the order's parcels. */
function TrackingEvents({ order }: { order: AdminOrder }) {
  const { place } = useRouteContext({ from: '__root__' })
  const tracking = useQuery({
    queryKey: [...adminKeys.order(order.number), 'tracking'],
    queryFn: () => orderTracking(order.number),
    enabled: order.parcels.length > 0,
  })
  if (!tracking.data || tracking.data.events.length === 0) return null
  const received = tracking.data.received_at ? formatWhen(tracking.data.received_at, place.locale) : null
  return (
    <>
      <h3>
        <Trans>Tracking</Trans>
      </h3>
      <ol className="admin-tracking">
        {tracking.data.events.map((event) => (
          <li key={`${event.tracking_number}-${event.code}-${event.occurred_at}`}>
            <time dateTime={event.occurred_at}>{formatWhen(event.occurred_at, place.locale)}</time> ·{' '}
            {event.tracking_number} · {event.description}
            {event.location ? ` · ${event.location}` : ''}
          </li>
        ))}
      </ol>
      {received ? (
        <p>
          <Trans>Received {received}: the 7 days for exchanges and returns count from here.</Trans>
        </p>
      ) : null}
    </>
  )
}

/** A parcel handed to its carrier: carrier, tracking number, and the order ships. */
function ShipForm({ order, onShipped }: { order: AdminOrder; onShipped: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [carrier, setCarrier] = useState<CarrierId>('thailand_post')
  const [tracking, setTracking] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const ship = useMutation({
    mutationFn: () => shipOrder(order.number, carrier, tracking),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.order(order.number), updated)
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders })
      setTracking('')
      onShipped()
    },
    onError: () => input.current?.focus(),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!tracking.trim()) {
      input.current?.focus()
      return
    }
    ship.mutate()
  }
  const inTransit = order.status === 'in_transit'
  return (
    <form className="admin-form admin-ship" onSubmit={submit} aria-label={t`Mark shipped`}>
      <div className="admin-field">
        <label htmlFor={`${id}-carrier`}>
          <Trans>Carrier</Trans>
        </label>
        <select id={`${id}-carrier`} value={carrier} onChange={(event) => setCarrier(event.target.value as CarrierId)}>
          {CARRIERS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name[place.locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-tracking`}>
          <Trans>Tracking number</Trans>
        </label>
        <input
          id={`${id}-tracking`}
          ref={input}
          value={tracking}
          required
          maxLength={60}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={ship.isError || undefined}
          aria-describedby={ship.isError ? `${id}-error` : undefined}
          onChange={(event) => setTracking(event.target.value)}
        />
      </div>
      {ship.isError ? (
        <div id={`${id}-error`}>
          <ErrorNotice error={ship.error} />
        </div>
      ) : null}
      <button type="submit" className="admin-button" disabled={ship.isPending}>
        {inTransit ? <Trans>Add parcel</Trans> : <Trans>Mark shipped</Trans>}
      </button>
    </form>
  )
}

/**
 * Fulfilment on the order's screen (issue 31 item 8): its label, packing slip and pick list as PDFs, a parcel added
 * with its tracking number (the order ships), and the carrier's news. Shown to roles with fulfilment:write; the news
 * to every reader of the order.
 */
export function FulfilmentPanel({ order }: { order: AdminOrder }) {
  const { me } = useRouteContext({ from: '__root__' })
  const id = useId()
  const [shipped, setShipped] = useState(false)
  const mayShip = can(me, 'fulfilment:write')
  const shippable = SHIPPABLE.has(order.status)
  if (!mayShip && order.parcels.length === 0) return null
  return (
    <section className="admin-card admin-fulfilment" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Packing and shipping</Trans>
      </h2>
      {mayShip ? (
        <p className="admin-fulfilment__documents">
          <a
            className="admin-button"
            href={fulfilmentDocumentUrl('labels', [order.number])}
            target="_blank"
            rel="noopener"
          >
            <Trans>Print label</Trans>
          </a>{' '}
          <a
            className="admin-button admin-button--secondary"
            href={fulfilmentDocumentUrl('packing_slips', [order.number])}
            target="_blank"
            rel="noopener"
          >
            <Trans>Print packing slip</Trans>
          </a>{' '}
          <a href={fulfilmentDocumentUrl('pick_list', [order.number])} target="_blank" rel="noopener">
            <Trans>Pick list</Trans>
          </a>
        </p>
      ) : null}
      <div role="status">{shipped ? <Trans>Shipped: the customer is told by e-mail.</Trans> : null}</div>
      {mayShip && shippable ? <ShipForm order={order} onShipped={() => setShipped(true)} /> : null}
      <TrackingEvents order={order} />
    </section>
  )
}
