import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { formatMoney } from '~/domain/money'
import type { ReturnReason, ReturnStatus } from '~/domain/returns'
import { creditNoteUrl, decideReturn, endReturn, getReturn, receiveReturn, type AdminReturn } from '../api'
import { adminKeys } from '../queries'
import { can } from '../session'
import { formatWhen } from '../ui/order-labels'
import { ErrorNotice } from './ErrorScreen'

const RETURN_STATUS_LABELS: Record<ReturnStatus, MessageDescriptor> = {
  requested: msg`To decide`,
  accepted: msg`Accepted: waiting for the pieces`,
  rejected: msg`Rejected`,
  completed: msg`Completed`,
}

const REASON_LABELS: Record<ReturnReason, MessageDescriptor> = {
  size_does_not_fit: msg`The size does not fit`,
  not_as_pictured: msg`Not as pictured`,
  faulty_or_damaged: msg`Faulty or damaged`,
  wrong_item_sent: msg`The wrong item was sent`,
  changed_my_mind: msg`Changed their mind`,
  other: msg`Other`,
}

/** A request's own query, under the orders' key: an order's change asks for it again too. */
function returnQuery(id: string) {
  return queryOptions({ queryKey: [...adminKeys.orders, 'return', id] as const, queryFn: () => getReturn(id) })
}

type Counts = { asNew: number; damaged: number; notReturned: number }

/** Receiving: each line's pieces by condition (all as new at first) and where those as new go back on sale. */
function ReceiveForm({ request, onDone }: { request: AdminReturn; onDone: (updated: AdminReturn) => void }) {
  const id = useId()
  const { t } = useLingui()
  const [location, setLocation] = useState(request.locations[0]?.id ?? 'online')
  const [counts, setCounts] = useState<Record<number, Counts>>(() =>
    Object.fromEntries(
      request.items.map((item) => [item.position, { asNew: item.quantity, damaged: 0, notReturned: 0 }]),
    ),
  )
  const receive = useMutation({
    mutationFn: () =>
      receiveReturn(request.id, {
        location,
        pieces: request.items.map((item) => {
          const count = counts[item.position] ?? { asNew: 0, damaged: 0, notReturned: 0 }
          return {
            position: item.position,
            as_new: count.asNew,
            damaged: count.damaged,
            not_returned: count.notReturned,
          }
        }),
      }),
    onSuccess: onDone,
  })
  const set = (position: number, field: keyof Counts, value: string) =>
    setCounts((current) => ({
      ...current,
      [position]: {
        ...(current[position] ?? { asNew: 0, damaged: 0, notReturned: 0 }),
        [field]: Math.max(0, Number.parseInt(value, 10) || 0),
      },
    }))
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    receive.mutate()
  }
  const fields: Array<[keyof Counts, string]> = [
    ['asNew', t`As new (back on sale)`],
    ['damaged', t`Damaged`],
    ['notReturned', t`Not returned`],
  ]
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Trans>Receive the pieces</Trans>
      </h3>
      {request.items.map((item) => {
        const count = counts[item.position] ?? { asNew: 0, damaged: 0, notReturned: 0 }
        const total = count.asNew + count.damaged + count.notReturned
        const name = item.name
        const size = item.size
        const quantity = item.quantity
        return (
          <fieldset key={item.position} className="admin-return__piece">
            <legend>{`${name} (${size}) × ${quantity}`}</legend>
            {fields.map(([field, label]) => (
              <div className="admin-field" key={field}>
                <label htmlFor={`${id}-${item.position}-${field}`}>{label}</label>
                <input
                  id={`${id}-${item.position}-${field}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={item.quantity}
                  value={count[field]}
                  aria-invalid={total !== item.quantity}
                  onChange={(event) => set(item.position, field, event.target.value)}
                />
              </div>
            ))}
            {total !== item.quantity ? (
              <p className="admin-field__error" role="alert">
                <Trans>The three counts must add up to {quantity}.</Trans>
              </p>
            ) : null}
          </fieldset>
        )
      })}
      <div className="admin-field">
        <label htmlFor={`${id}-location`}>
          <Trans>Restock the pieces as new at</Trans>
        </label>
        <select id={`${id}-location`} value={location} onChange={(event) => setLocation(event.target.value)}>
          {request.locations.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name}
            </option>
          ))}
        </select>
      </div>
      {receive.isError ? <ErrorNotice error={receive.error} /> : null}
      <button type="submit" className="admin-button" disabled={receive.isPending}>
        <Trans>Record the pieces received</Trans>
      </button>
    </form>
  )
}

/**
 * One exchange or return request on the order screen (issue 31 item 9): decide it with a note the shopper reads,
 * receive its pieces by condition and restock them, end it with an exchange or a refund due, open its credit note.
 */
export function ReturnPanel({ id }: { id: string }) {
  const { i18n, t } = useLingui()
  const { me, place } = useRouteContext({ from: '__root__' })
  const formId = useId()
  const queryClient = useQueryClient()
  const request = useQuery(returnQuery(id))
  const [note, setNote] = useState('')
  const changed = (updated: AdminReturn) => {
    queryClient.setQueryData(returnQuery(id).queryKey, updated)
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders })
  }
  const decide = useMutation({
    mutationFn: (decision: 'accept' | 'reject') => decideReturn(id, decision, note.trim()),
    onSuccess: changed,
  })
  const end = useMutation({
    mutationFn: (outcome: 'exchange' | 'refund') => endReturn(id, outcome),
    onSuccess: changed,
  })

  if (request.isError) return <ErrorNotice error={request.error} />
  const data = request.data
  if (!data) {
    return (
      <p role="status">
        <Trans>Loading the request…</Trans>
      </p>
    )
  }
  const mayDecide = can(me, 'returns:decide')
  const money = (amount: number) => formatMoney(amount, data.order.currency, place.locale)
  const when = (iso: string) => formatWhen(iso, place.locale)
  const kind = data.kind === 'exchange' ? t`Exchange` : t`Return`
  const status = i18n._(RETURN_STATUS_LABELS[data.status])
  const reason = i18n._(REASON_LABELS[data.reason])
  const decisionNote = data.decision_note
  const receivedAt = data.receipt ? when(data.receipt.received_at) : ''
  const receivedBy = data.receipt?.received_by ?? ''
  const restockedAt = data.receipt?.location_name ?? ''
  const refundDue = data.outcome?.refund_amount == null ? '' : money(data.outcome.refund_amount)
  const creditNote = data.credit_note?.number ?? ''
  const taxInvoice = data.credit_note?.invoice_number ?? ''
  return (
    <div className="admin-return">
      <p>
        <strong>{kind}</strong> · {status} · {reason}
        {data.note ? <> · “{data.note}”</> : null}
      </p>
      <ul>
        {data.items.map((item) => (
          <li key={item.position}>
            {item.name} ({item.size}) × {item.quantity}
            {item.exchange_size ? <> → {item.exchange_size}</> : null}
          </li>
        ))}
      </ul>
      {data.decision_note ? (
        <p>
          <Trans>Note to the customer: {decisionNote}</Trans>
        </p>
      ) : null}

      {mayDecide && data.allowed.decide ? (
        <div className="admin-form">
          <div className="admin-field">
            <label htmlFor={`${formId}-note`}>
              <Trans>Note to the customer (required to reject)</Trans>
            </label>
            <textarea
              id={`${formId}-note`}
              value={note}
              rows={2}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {decide.isError ? <ErrorNotice error={decide.error} /> : null}
          <div className="admin-actions">
            <button
              type="button"
              className="admin-button"
              disabled={decide.isPending}
              onClick={() => decide.mutate('accept')}
            >
              <Trans>Accept</Trans>
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={decide.isPending}
              onClick={() => decide.mutate('reject')}
            >
              <Trans>Reject</Trans>
            </button>
          </div>
        </div>
      ) : null}

      {mayDecide && data.allowed.receive ? <ReceiveForm request={data} onDone={changed} /> : null}

      {data.receipt ? (
        <p role="status">
          <Trans>
            Received {receivedAt} by {receivedBy}; pieces as new restocked at {restockedAt}.
          </Trans>
        </p>
      ) : null}

      {mayDecide && (data.allowed.exchange || data.allowed.refund) ? (
        <div className="admin-actions">
          {end.isError ? <ErrorNotice error={end.error} /> : null}
          <button
            type="button"
            className="admin-button"
            disabled={end.isPending}
            onClick={() => end.mutate('exchange')}
          >
            <Trans>Exchange: hold the new size</Trans>
          </button>
          <button type="button" className="admin-button" disabled={end.isPending} onClick={() => end.mutate('refund')}>
            <Trans>Refund the pieces back</Trans>
          </button>
        </div>
      ) : null}

      {data.outcome?.outcome === 'exchange' ? (
        <p role="status">
          <Trans>Exchanged: the new sizes are held for the parcel.</Trans>{' '}
          {data.replacements.map((line) => `${line.sku} (${line.size}) × ${line.quantity}`).join(', ')}
        </p>
      ) : null}
      {data.outcome?.outcome === 'refund' && data.outcome.refund_amount !== null ? (
        <p role="status">
          <Trans>Refund due: {refundDue}</Trans>
        </p>
      ) : null}
      {data.credit_note ? (
        <p>
          <a href={creditNoteUrl(data.id)} target="_blank" rel="noreferrer">
            <Trans>
              Credit note {creditNote} (tax invoice {taxInvoice})
            </Trans>
          </a>
        </p>
      ) : null}
    </div>
  )
}
