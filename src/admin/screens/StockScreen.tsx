import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext, useSearch } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { STOCK_ADJUST_REASONS, type StockAdjustReason, type StockMovementReason } from '~/domain/stock'
import { adjustStock, setStockThreshold, type StockMatrix } from '../api'
import { adminKeys, stockMatrixQuery, stockMovementsQuery, stockSearchQuery } from '../queries'
import { can } from '../session'
import { formatWhen } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import { StockCountSheet } from './StockCountSheet'
import { TableCaption, TableScroll } from '../ui/TableScroll'

/** Why stock moved, in the staff's words: an adjustment's reason or a transfer's step. */
export const MOVEMENT_REASONS: Record<StockMovementReason, ReturnType<typeof msg>> = {
  received: msg`Received (delivery)`,
  damaged: msg`Damaged`,
  lost: msg`Lost`,
  found: msg`Found`,
  count: msg`Stock count`,
  other: msg`Other`,
  transfer_sent: msg`Transfer sent`,
  transfer_received: msg`Transfer received`,
  transfer_cancelled: msg`Transfer cancelled (put back)`,
}

type Colour = StockMatrix['colours'][number]
type Size = Colour['sizes'][number]
type Target = { sku: string; location: string }

function Loading() {
  return (
    <p role="status" className="admin-notice">
      <Trans>Loading…</Trans>
    </p>
  )
}

/** The adjust form of one size at one location: a delta or a counted quantity, a reason (required), a note. */
function AdjustForm({
  matrix,
  target,
  onDone,
  onClose,
}: {
  matrix: StockMatrix
  target: Target
  onDone: (said: string) => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const ids = useId()
  const [mode, setMode] = useState<'delta' | 'counted'>('delta')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState<StockAdjustReason | ''>('')
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const first = useRef<HTMLSelectElement>(null)
  useEffect(() => first.current?.focus(), [target.sku, target.location])
  const size = matrix.colours.flatMap((colour) => colour.sizes).find((candidate) => candidate.sku === target.sku)
  const colour = matrix.colours.find((candidate) => candidate.sizes.some((s) => s.sku === target.sku))
  const place = matrix.locations.find((candidate) => candidate.id === target.location)
  const now = size?.quantities.find((quantity) => quantity.location === target.location)?.quantity ?? 0
  const what = `${colour?.colour ?? ''} ${size?.size ?? ''}`
  const where = place?.name ?? target.location

  async function submit() {
    setProblem(null)
    setFailure(null)
    const value = Number(amount)
    if (!reason) return setProblem(t`Choose a reason.`)
    if (amount.trim() === '' || !Number.isInteger(value)) return setProblem(t`Enter a whole number.`)
    if (mode === 'delta' && value === 0) return setProblem(t`Enter a change other than 0.`)
    if (mode === 'counted' && value < 0) return setProblem(t`A count cannot be below zero.`)
    if (mode === 'delta' && now + value < 0) return setProblem(t`Only ${now} there: the count cannot go below zero.`)
    if (reason === 'other' && !note.trim()) return setProblem(t`Say why in the note.`)
    setBusy(true)
    try {
      const done = await adjustStock({
        location: target.location,
        sku: target.sku,
        reason,
        note: note.trim(),
        ...(mode === 'delta' ? { delta: value } : { counted: value }),
      })
      await queryClient.invalidateQueries({ queryKey: adminKeys.stock })
      const after = done.quantity
      onDone(t`Saved: ${what} at ${where} is now ${after}.`)
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="admin-card admin-form admin-stock__adjust"
      aria-labelledby={`${ids}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h3 id={`${ids}-title`}>
        <Trans>
          Adjust {what} at {where} (now {now})
        </Trans>
      </h3>
      <div className="admin-field">
        <label htmlFor={`${ids}-reason`}>
          <Trans>Reason</Trans>
        </label>
        <select
          ref={first}
          id={`${ids}-reason`}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value as StockAdjustReason | '')}
        >
          <option value="">{t`Choose a reason`}</option>
          {STOCK_ADJUST_REASONS.map((key) => (
            <option key={key} value={key}>
              {i18n._(MOVEMENT_REASONS[key])}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="admin-field">
        <legend>
          <Trans>Enter</Trans>
        </legend>
        <label>
          <input type="radio" name={`${ids}-mode`} checked={mode === 'delta'} onChange={() => setMode('delta')} />{' '}
          <Trans>A change (+ added, − taken away)</Trans>
        </label>
        <label>
          <input type="radio" name={`${ids}-mode`} checked={mode === 'counted'} onChange={() => setMode('counted')} />{' '}
          <Trans>The quantity counted</Trans>
        </label>
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${ids}-amount`}>{mode === 'delta' ? t`Change (pieces)` : t`Counted`}</label>
        <input
          id={`${ids}-amount`}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-describedby={problem ? `${ids}-problem` : undefined}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${ids}-note`}>
          <Trans>Note (needed for “Other”)</Trans>
        </label>
        <input id={`${ids}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </div>
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="admin-field__error">
          {problem}
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
      <div className="admin-stock__actions">
        <button type="submit" className="admin-button" disabled={busy}>
          <Trans>Save</Trans>
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </form>
  )
}

/** One colour's table: a row a size, a column a location; each count is a button that opens its adjust form. */
function ColourTable({
  matrix,
  colour,
  writable,
  onPick,
}: {
  matrix: StockMatrix
  colour: Colour
  writable: boolean
  onPick: (target: Target) => void
}) {
  const { t } = useLingui()
  const search = useSearch({ from: '/stock' })
  const low = (size: Size) => (size.quantities[0]?.quantity ?? 0) < size.low_stock_threshold
  return (
    <TableScroll>
      <table className="admin-table admin-stock__matrix">
        <TableCaption>
          <span className="admin-stock__swatch" style={{ background: colour.colour_hex }} aria-hidden="true" />{' '}
          {colour.colour} <span className="admin-stock__id">{colour.product_id}</span>
        </TableCaption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Size</Trans>
            </th>
            {matrix.locations.map((place) => (
              <th scope="col" key={place.id}>
                {place.name}
              </th>
            ))}
            <th scope="col">
              <Trans>Alert under</Trans>
            </th>
            <th scope="col">
              <Trans>History</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {colour.sizes.map((size) => {
            const sku = size.sku
            return (
              <tr key={size.sku}>
                <th scope="row">
                  {size.size} <span className="admin-stock__id">{size.sku}</span>
                </th>
                {size.quantities.map((cell) => {
                  const where = matrix.locations.find((place) => place.id === cell.location)?.name ?? cell.location
                  const colourName = colour.colour
                  const sizeName = size.size
                  const count = cell.quantity
                  const label = t`Adjust ${colourName} ${sizeName} at ${where}: ${count}`
                  return (
                    <td key={cell.location} className="admin-stock__count">
                      {writable ? (
                        <button
                          type="button"
                          className="admin-button admin-button--quiet admin-button--small"
                          aria-label={label}
                          onClick={() => onPick({ sku: size.sku, location: cell.location })}
                        >
                          {cell.quantity}
                        </button>
                      ) : (
                        cell.quantity
                      )}
                    </td>
                  )
                })}
                <td>
                  {size.low_stock_threshold}
                  {low(size) ? (
                    <span className="admin-stock__low">
                      {' '}
                      <Trans>low online</Trans>
                    </span>
                  ) : null}
                </td>
                <td>
                  <Link to="/stock" search={{ ...search, sku: size.sku }} aria-label={t`History of ${sku}`}>
                    <Trans>History</Trans>
                  </Link>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableScroll>
  )
}

/** A size's low-stock threshold and its movement history. */
function SizePanel({ sku, writable }: { sku: string; writable: boolean }) {
  const { t, i18n } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const history = useQuery(stockMovementsQuery(sku))
  const ids = useId()
  const [threshold, setThreshold] = useState('')
  const [said, setSaid] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const heading = history.data ? `${history.data.name} · ${history.data.size} · ${sku}` : sku

  async function save() {
    setSaid(null)
    setFailure(null)
    const value = Number(threshold)
    if (threshold.trim() === '' || !Number.isInteger(value) || value < 0) {
      setSaid(t`Enter a whole number from 0.`)
      return
    }
    setBusy(true)
    try {
      await setStockThreshold(sku, value)
      await queryClient.invalidateQueries({ queryKey: adminKeys.stock })
      setSaid(t`Saved: staff are alerted when the online stock falls under ${value}.`)
      setThreshold('')
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <Trans>History of {heading}</Trans>
      </h2>
      {writable ? (
        <form
          className="admin-form admin-form--inline"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <div className="admin-field">
            <label htmlFor={`${ids}-threshold`}>
              <Trans>Alert staff when the online stock falls under</Trans>
            </label>
            <input
              id={`${ids}-threshold`}
              inputMode="numeric"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </div>
          <button type="submit" className="admin-button admin-button--secondary" disabled={busy}>
            <Trans>Save threshold</Trans>
          </button>
        </form>
      ) : null}
      <div role="status">{said}</div>
      {failure ? <ErrorNotice error={failure} /> : null}
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <ErrorNotice error={history.error} />
      ) : history.data.items.length === 0 ? (
        <p className="admin-notice">
          <Trans>No adjustment or transfer of this size yet.</Trans>
        </p>
      ) : (
        <TableScroll>
          <table className="admin-table">
            <TableCaption className="admin-visually-hidden">
              <Trans>Movements, newest first</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Where</Trans>
                </th>
                <th scope="col">
                  <Trans>Change (pieces)</Trans>
                </th>
                <th scope="col">
                  <Trans>After</Trans>
                </th>
                <th scope="col">
                  <Trans>Reason</Trans>
                </th>
                <th scope="col">
                  <Trans>Who</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.items.map((movement) => (
                <tr key={movement.id}>
                  <td>{formatWhen(movement.at, place.locale)}</td>
                  <td>{movement.location_name}</td>
                  <td>{movement.delta > 0 ? `+${movement.delta}` : movement.delta}</td>
                  <td>{movement.quantity_after}</td>
                  <td>
                    {i18n._(MOVEMENT_REASONS[movement.reason])}
                    {movement.note ? ` · ${movement.note}` : ''}
                  </td>
                  <td>{movement.actor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  )
}

function MatrixSection({ id }: { id: string }) {
  const { me } = useRouteContext({ from: '__root__' })
  const matrix = useQuery(stockMatrixQuery(id))
  const [target, setTarget] = useState<Target | null>(null)
  const [said, setSaid] = useState<string | null>(null)
  const [counting, setCounting] = useState(false)
  const writable = can(me, 'stock:write')
  const ids = useId()
  if (matrix.isPending) return <Loading />
  if (matrix.isError) return <ErrorNotice error={matrix.error} />
  const data = matrix.data
  return (
    <section aria-labelledby={`${ids}-title`} className="admin-stock__product">
      <h2 id={`${ids}-title`}>
        {data.name} <span className="admin-stock__id">{data.family_id}</span>
      </h2>
      {writable ? (
        <p className="admin-field__hint">
          <Trans>Choose a count to adjust it. Every change needs a reason and is kept in the size’s history.</Trans>
        </p>
      ) : null}
      <div role="status">{said ? <p className="admin-notice">{said}</p> : null}</div>
      {writable && !counting ? (
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => {
            setSaid(null)
            setTarget(null)
            setCounting(true)
          }}
        >
          <Trans>Count this model</Trans>
        </button>
      ) : null}
      {counting ? (
        <StockCountSheet
          matrix={data}
          onDone={(text) => {
            setSaid(text)
            setCounting(false)
          }}
          onClose={() => setCounting(false)}
        />
      ) : null}
      {data.colours.map((colour) => (
        <div key={colour.product_id}>
          <ColourTable
            matrix={data}
            colour={colour}
            writable={writable}
            onPick={(picked) => {
              setSaid(null)
              setTarget(picked)
            }}
          />
          {target && colour.sizes.some((size) => size.sku === target.sku) ? (
            <AdjustForm
              matrix={data}
              target={target}
              onDone={(text) => {
                setSaid(text)
                setTarget(null)
              }}
              onClose={() => setTarget(null)}
            />
          ) : null}
        </div>
      ))}
    </section>
  )
}

/**
 * Stock (issue 32 item 3): find a model by name or SKU, its colour × size matrix per location with each count
 * adjustable in place (a reason required), each size's threshold and history; transfers on their own screen.
 */
export function StockScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Stock`)
  const { me } = useRouteContext({ from: '__root__' })
  const search = useSearch({ from: '/stock' })
  const navigate = useNavigate({ from: '/stock' })
  const [typed, setTyped] = useState(search.q ?? '')
  const ids = useId()
  const q = search.q ?? ''
  const found = useQuery(stockSearchQuery(q))
  return (
    <div className="admin-stock">
      <h1>
        <Trans>Stock</Trans>
      </h1>
      <p>
        <Link to="/stock/transfers">
          <Trans>Transfers between locations</Trans>
        </Link>
      </p>
      <form
        role="search"
        className="admin-form admin-form--inline"
        onSubmit={(event) => {
          event.preventDefault()
          void navigate({ search: { q: typed.trim() || undefined } })
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${ids}-q`}>
            <Trans>Find a product (name or SKU)</Trans>
          </label>
          <input id={`${ids}-q`} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className="admin-button">
          <Trans>Search</Trans>
        </button>
      </form>
      {search.product ? null : found.isPending ? (
        <Loading />
      ) : found.isError ? (
        <ErrorNotice error={found.error} />
      ) : found.data.items.length === 0 ? (
        <p className="admin-notice">
          {q ? <Trans>No product matches “{q}”.</Trans> : <Trans>There are no products yet.</Trans>}
        </p>
      ) : (
        <ul className="admin-stock__results" aria-label={t`Products found`}>
          {found.data.items.map((item) => {
            const online = item.online
            const inStores = item.in_stores
            return (
              <li key={item.family_id}>
                <Link to="/stock" search={{ q: search.q, product: item.family_id }}>
                  {item.name}
                </Link>{' '}
                <span className="admin-stock__id">{item.family_id}</span>{' '}
                <span>
                  <Trans>
                    {online} online · {inStores} in stores
                  </Trans>
                </span>
              </li>
            )
          })}
        </ul>
      )}
      {search.product ? (
        <>
          <p>
            <Link to="/stock" search={{ q: search.q }}>
              <Trans>Back to the products found</Trans>
            </Link>
          </p>
          <MatrixSection id={search.product} />
        </>
      ) : null}
      {search.sku ? <SizePanel sku={search.sku} writable={can(me, 'stock:write')} /> : null}
    </div>
  )
}
