import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext, useSearch } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { closeStockTransfer, sendStockTransfer, type StockLocation, type StockTransfer } from '../api'
import { adminKeys, stockLocationsQuery, stockTransfersQuery } from '../queries'
import { can } from '../session'
import { formatWhen } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import { TableCaption, TableScroll } from '../ui/TableScroll'

type Line = { key: number; sku: string; quantity: string }

/** A new transfer: from, to, its lines (a SKU and how many), a note. The pieces leave `from` when it is sent. */
function NewTransfer({ locations, onSent }: { locations: StockLocation[]; onSent: (said: string) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const ids = useId()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [note, setNote] = useState('')
  const [lines, setLines] = useState<Line[]>([{ key: 1, sku: '', quantity: '1' }])
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const update = (key: number, change: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)))

  async function submit() {
    setProblem(null)
    setFailure(null)
    if (!from || !to) return setProblem(t`Choose where the pieces leave from and where they go.`)
    if (from === to) return setProblem(t`Choose two different locations.`)
    const wanted = lines.filter((line) => line.sku.trim() !== '')
    if (wanted.length === 0) return setProblem(t`Add at least one SKU.`)
    if (wanted.some((line) => !/^[1-9]\d*$/.test(line.quantity.trim()))) {
      return setProblem(t`Each quantity is a whole number from 1.`)
    }
    const skus = wanted.map((line) => line.sku.trim())
    if (new Set(skus).size !== skus.length) return setProblem(t`Each SKU once: add up its pieces on one line.`)
    setBusy(true)
    try {
      const sent = await sendStockTransfer({
        from,
        to,
        note: note.trim(),
        lines: wanted.map((line) => ({ sku: line.sku.trim(), quantity: Number(line.quantity) })),
      })
      await queryClient.invalidateQueries({ queryKey: adminKeys.stock })
      const pieces = sent.lines.reduce((sum, line) => sum + line.quantity, 0)
      const fromName = sent.from.name
      const toName = sent.to.name
      onSent(t`Sent: ${pieces} pieces left ${fromName} for ${toName}.`)
      setLines([{ key: Date.now(), sku: '', quantity: '1' }])
      setNote('')
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const place = (id: string, value: string, set: (value: string) => void, label: string) => (
    <div className="admin-field">
      <label htmlFor={`${ids}-${id}`}>{label}</label>
      <select id={`${ids}-${id}`} required value={value} onChange={(event) => set(event.target.value)}>
        <option value="">{t`Choose a location`}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <section className="admin-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <Trans>New transfer</Trans>
      </h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {place('from', from, setFrom, t`From`)}
        {place('to', to, setTo, t`To`)}
        <fieldset className="admin-field">
          <legend>
            <Trans>Pieces</Trans>
          </legend>
          {lines.map((line, index) => {
            const n = index + 1
            return (
              <div key={line.key} className="admin-stock__line">
                <label htmlFor={`${ids}-sku-${line.key}`}>
                  <Trans>SKU {n}</Trans>
                </label>
                <input
                  id={`${ids}-sku-${line.key}`}
                  value={line.sku}
                  autoCapitalize="characters"
                  onChange={(event) => update(line.key, { sku: event.target.value })}
                />
                <label htmlFor={`${ids}-quantity-${line.key}`}>
                  <Trans>Quantity {n}</Trans>
                </label>
                <input
                  id={`${ids}-quantity-${line.key}`}
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(event) => update(line.key, { quantity: event.target.value })}
                />
                {lines.length > 1 ? (
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                  >
                    <Trans>Remove line {n}</Trans>
                  </button>
                ) : null}
              </div>
            )
          })}
          <button
            type="button"
            className="admin-button admin-button--secondary admin-button--small"
            onClick={() => setLines((current) => [...current, { key: Date.now(), sku: '', quantity: '1' }])}
          >
            <Trans>Add a line</Trans>
          </button>
        </fieldset>
        <div className="admin-field">
          <label htmlFor={`${ids}-note`}>
            <Trans>Note (optional)</Trans>
          </label>
          <input id={`${ids}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </div>
        {problem ? (
          <p role="alert" className="admin-field__error">
            {problem}
          </p>
        ) : null}
        {failure ? <ErrorNotice error={failure} /> : null}
        <button type="submit" className="admin-button" disabled={busy}>
          <Trans>Send transfer</Trans>
        </button>
      </form>
    </section>
  )
}

function TransferCard({
  transfer,
  writable,
  onDone,
}: {
  transfer: StockTransfer
  writable: boolean
  onDone: (said: string) => void
}) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const ids = useId()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const fromName = transfer.from.name
  const toName = transfer.to.name
  const sentAt = formatWhen(transfer.sent_at, place.locale)
  const sentBy = transfer.sent_by

  async function close(action: 'receive' | 'cancel') {
    setBusy(true)
    setFailure(null)
    try {
      await closeStockTransfer(transfer.id, action)
      await queryClient.invalidateQueries({ queryKey: adminKeys.stock })
      onDone(
        action === 'receive'
          ? t`Received at ${toName}: the pieces are in its stock.`
          : t`Cancelled: the pieces are back at ${fromName}.`,
      )
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="admin-card" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>
        <Trans>
          From {fromName} to {toName}
        </Trans>
      </h3>
      <p>
        <Trans>
          Sent {sentAt} by {sentBy}
        </Trans>
        {transfer.note ? ` · ${transfer.note}` : ''}
      </p>
      <TableScroll>
        <table className="admin-table">
          <TableCaption className="admin-visually-hidden">
            <Trans>
              Pieces from {fromName} to {toName}
            </Trans>
          </TableCaption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col">
                <Trans>Size</Trans>
              </th>
              <th scope="col">
                <Trans>Quantity</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {transfer.lines.map((line) => (
              <tr key={line.sku}>
                <td>
                  {line.name} · {line.colour} <span className="admin-stock__id">{line.sku}</span>
                </td>
                <td>{line.size}</td>
                <td>{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {transfer.status === 'sent' && writable ? (
        <div className="admin-stock__actions">
          <button type="button" className="admin-button" disabled={busy} onClick={() => void close('receive')}>
            <Trans>Receive at {toName}</Trans>
          </button>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={busy}
            onClick={() => void close('cancel')}
          >
            <Trans>Cancel and put back</Trans>
          </button>
        </div>
      ) : null}
      {transfer.closed_at ? (
        <p>
          {transfer.status === 'received' ? <Trans>Received</Trans> : <Trans>Cancelled</Trans>}{' '}
          {formatWhen(transfer.closed_at, place.locale)} · {transfer.closed_by}
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </li>
  )
}

/** Transfers between locations (issue 32 item 3): a new one, and the lists of open, received and cancelled ones. */
export function StockTransfersScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Stock transfers`)
  const { me } = useRouteContext({ from: '__root__' })
  const { status } = useSearch({ from: '/stock/transfers' })
  const locations = useQuery(stockLocationsQuery)
  const transfers = useQuery(stockTransfersQuery(status))
  const [said, setSaid] = useState<string | null>(null)
  const writable = can(me, 'stock:write')
  const tabs = [
    ['sent', t`Open`],
    ['received', t`Received`],
    ['cancelled', t`Cancelled`],
  ] as const
  return (
    <div className="admin-stock">
      <h1>
        <Trans>Stock transfers</Trans>
      </h1>
      <p>
        <Link to="/stock">
          <Trans>Back to stock</Trans>
        </Link>
      </p>
      <div role="status">{said ? <p className="admin-notice">{said}</p> : null}</div>
      {writable ? (
        locations.isPending ? (
          <p role="status" className="admin-notice">
            <Trans>Loading…</Trans>
          </p>
        ) : locations.isError ? (
          <ErrorNotice error={locations.error} />
        ) : (
          <NewTransfer locations={locations.data.locations} onSent={setSaid} />
        )
      ) : null}
      <nav aria-label={t`Transfers by status`} className="admin-stock__tabs">
        <ul>
          {tabs.map(([value, label]) => (
            <li key={value}>
              <Link
                to="/stock/transfers"
                search={{ status: value }}
                aria-current={value === status ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {transfers.isPending ? (
        <p role="status" className="admin-notice">
          <Trans>Loading…</Trans>
        </p>
      ) : transfers.isError ? (
        <ErrorNotice error={transfers.error} />
      ) : transfers.data.items.length === 0 ? (
        <p className="admin-notice">
          {status === 'sent' ? <Trans>No transfer is on its way.</Trans> : <Trans>None yet.</Trans>}
        </p>
      ) : (
        <ul className="admin-cards" aria-label={t`Transfers`}>
          {transfers.data.items.map((transfer) => (
            <TransferCard key={transfer.id} transfer={transfer} writable={writable} onDone={setSaid} />
          ))}
        </ul>
      )}
    </div>
  )
}
