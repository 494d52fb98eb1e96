import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { formatMoney } from '~/domain/money'
import {
  bulkPrices,
  cancelPriceSchedule,
  createPriceSchedule,
  getPriceSchedule,
  isRefusal,
  updatePriceSchedule,
  type PricedProduct,
  type PriceFilter,
  type PriceSchedule,
  type PriceScheduleRow,
  type PriceScheduleStatus,
} from '../api'
import { adminKeys, priceSchedulesQuery } from '../queries'
import { bangkokInput, bangkokInputValue } from '../search'
import { formatWhen } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import {
  cleanFilter,
  majorText,
  parseMajor,
  PriceFilterFields,
  PricesNav,
  productName,
  useProblemText,
} from './prices-ui'
import { TableCaption, TableScroll } from '../ui/TableScroll'

const STATUS_LABELS: Record<PriceScheduleStatus, MessageDescriptor> = {
  planned: msg`Planned`,
  active: msg`On now`,
  ended: msg`Ended`,
  cancelled: msg`Cancelled`,
}

/** One group of sales (running, planned, past) as a table, with a cancel for those not over. */
function ScheduleTable({
  caption,
  rows,
  empty,
  onEdit,
}: {
  caption: string
  rows: readonly PriceScheduleRow[]
  empty: string
  /** A planned sale to change in the form below. */
  onEdit: (sale: PriceSchedule) => void
}) {
  const { i18n } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const cancel = useMutation({
    mutationFn: cancelPriceSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.prices }),
  })
  const open = useMutation({ mutationFn: getPriceSchedule, onSuccess: onEdit })
  return (
    <div className="admin-table">
      <TableScroll>
        <table>
          <TableCaption>{caption}</TableCaption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Sale</Trans>
              </th>
              <th scope="col">
                <Trans>Starts (Bangkok)</Trans>
              </th>
              <th scope="col">
                <Trans>Ends (Bangkok)</Trans>
              </th>
              <th scope="col">
                <Trans>Products</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <span className="admin-visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="admin-table__status">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} data-sale={row.name}>
                  <td>{row.name}</td>
                  <td>{formatWhen(row.starts_at, place.locale)}</td>
                  <td>{formatWhen(row.ends_at, place.locale)}</td>
                  <td>{row.products}</td>
                  <td>
                    <span className="admin-badge">{i18n._(STATUS_LABELS[row.status])}</span>
                  </td>
                  <td className="admin-actions">
                    {row.status === 'planned' ? (
                      <button
                        type="button"
                        className="admin-link-button"
                        disabled={open.isPending}
                        onClick={() => open.mutate(row.id)}
                      >
                        <Trans>Change</Trans>
                        <span className="admin-visually-hidden"> {row.name}</span>
                      </button>
                    ) : null}{' '}
                    {row.status === 'planned' || row.status === 'active' ? (
                      <button
                        type="button"
                        className="admin-link-button"
                        disabled={cancel.isPending}
                        onClick={() => cancel.mutate(row.id)}
                      >
                        <Trans>Cancel</Trans>
                        <span className="admin-visually-hidden"> {row.name}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      {cancel.isError ? <ErrorNotice error={cancel.error} /> : null}
      {open.isError ? <ErrorNotice error={open.error} /> : null}
    </div>
  )
}

type Line = { product: PricedProduct; saleThb: string; saleUsd: string }

/**
 * A sale planned: its name and times in Bangkok, the products of a filter, and a percentage off or a price per
 * product; a preview lists each product with its price now and on sale before anything is stored. With `editing`, a
 * planned sale changed whole (its products and prices as they are, a price per product), until it switches on.
 */
function PlanSale({ editing, onDone }: { editing: PriceSchedule | null; onDone: (saved: boolean) => void }) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const problemText = useProblemText()
  const id = useId()
  const result = useRef<HTMLParagraphElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const [name, setName] = useState(editing?.name ?? '')
  const [startsAt, setStartsAt] = useState(() =>
    bangkokInputValue(editing ? new Date(editing.starts_at) : new Date(Date.now() + 60 * 60_000)),
  )
  const [endsAt, setEndsAt] = useState(() =>
    bangkokInputValue(editing ? new Date(editing.ends_at) : new Date(Date.now() + 25 * 60 * 60_000)),
  )
  const [filter, setFilter] = useState<PriceFilter>({})
  const [mode, setMode] = useState<'percent' | 'prices'>(editing ? 'prices' : 'percent')
  const [percent, setPercent] = useState('20')
  const [lines, setLines] = useState<Line[] | null>(
    editing
      ? editing.lines.map((line) => ({
          product: line.product,
          saleThb: majorText(line.sale_thb),
          saleUsd: majorText(line.sale_usd),
        }))
      : null,
  )
  useEffect(() => {
    // A sale opened to change: the form's heading takes the focus (the form is below the tables).
    if (editing) heading.current?.focus()
  }, [editing])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [planned, setPlanned] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const lineCount = lines?.length ?? 0
  const editingName = editing?.name ?? ''
  const money = (amount: number, currency: 'thb' | 'usd') => formatMoney(amount, currency, place.locale)

  const preview = async () => {
    setFailure(null)
    setPlanned(null)
    const off = Number(percent)
    if (!Number.isInteger(off) || off < 1 || off > 90) {
      setErrors({ percent: t`A whole percentage from 1 to 90` })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const answer = await bulkPrices({
        filter: cleanFilter(filter),
        change: { kind: 'percent_off', percent: off, strike_through: true },
        apply: false,
      })
      setLines(
        answer.rows.map((row) => ({
          product: row.product,
          saleThb: majorText(row.after.price_thb),
          saleUsd: majorText(row.after.price_usd),
        })),
      )
    } catch (error) {
      setLines(null)
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!lines) return
    setFailure(null)
    const typed: Record<string, string> = {}
    const starts = bangkokInput(startsAt)
    const ends = bangkokInput(endsAt)
    if (!name.trim()) typed.name = t`Give the sale a name`
    if (!starts) typed.starts_at = t`Choose when the sale starts`
    if (!ends) typed.ends_at = t`Choose when the sale ends`
    const body = lines.map((line) => {
      const thb = parseMajor(line.saleThb)
      const usd = parseMajor(line.saleUsd)
      if (thb === null || usd === null) typed[`lines.${line.product.id}`] = t`Enter amounts such as 990 or 29.50`
      return { product_id: line.product.id, sale_thb: thb ?? 0, sale_usd: usd ?? 0 }
    })
    if (body.length === 0) typed.lines = t`Choose at least one product`
    setErrors(typed)
    if (Object.keys(typed).length > 0 || !starts || !ends) return
    setBusy(true)
    try {
      const input = { name: name.trim(), starts_at: starts, ends_at: ends, lines: body }
      const sale = editing ? await updatePriceSchedule(editing.id, input) : await createPriceSchedule(input)
      await queryClient.invalidateQueries({ queryKey: adminKeys.prices })
      if (editing) {
        onDone(true)
        return
      }
      setPlanned(sale.name)
      setLines(null)
      setName('')
      result.current?.focus()
    } catch (error) {
      if (isRefusal(error, 'INVALID_INPUT', 'SCHEDULE_OVERLAP')) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([field, code]) => [
              field,
              error.reason === 'SCHEDULE_OVERLAP' ? t`Already in the sale ${code} at that time` : problemText(code),
            ]),
          ),
        )
      }
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="admin-field__error">
        {errors[field]}
      </p>
    ) : null
  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined)

  return (
    <form className="admin-card admin-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        {editing ? <Trans>Change the sale {editingName}</Trans> : <Trans>Plan a sale</Trans>}
      </h2>
      {editing ? (
        <p className="admin-field__hint">
          <Trans>
            Its products and their sale prices are as planned: change any, leave one out, or preview a filter to start
            again from a percentage.
          </Trans>
        </p>
      ) : null}
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>
          <Trans>Name (such as 11.11)</Trans>
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={80}
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
          onChange={(event) => setName(event.target.value)}
        />
        {fieldError('name')}
      </div>
      <div className="admin-filters">
        <div className="admin-field">
          <label htmlFor={`${id}-starts`}>
            <Trans>Starts (Bangkok time)</Trans>
          </label>
          <input
            id={`${id}-starts`}
            type="datetime-local"
            step={1}
            value={startsAt}
            required
            aria-invalid={errors.starts_at ? true : undefined}
            aria-describedby={described('starts_at')}
            onChange={(event) => setStartsAt(event.target.value)}
          />
          {fieldError('starts_at')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-ends`}>
            <Trans>Ends (Bangkok time)</Trans>
          </label>
          <input
            id={`${id}-ends`}
            type="datetime-local"
            step={1}
            value={endsAt}
            required
            aria-invalid={errors.ends_at ? true : undefined}
            aria-describedby={described('ends_at')}
            onChange={(event) => setEndsAt(event.target.value)}
          />
          {fieldError('ends_at')}
        </div>
      </div>
      <fieldset className="admin-choice">
        <legend>
          <Trans>Products on sale</Trans>
        </legend>
        <PriceFilterFields
          filter={filter}
          onChange={(next) => {
            setFilter(next)
            setLines(null)
          }}
        />
      </fieldset>
      <fieldset className="admin-choice">
        <legend>
          <Trans>Sale prices</Trans>
        </legend>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'percent'} onChange={() => setMode('percent')} />{' '}
          <Trans>A percentage off every product</Trans>
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'prices'} onChange={() => setMode('prices')} />{' '}
          <Trans>A price per product (start from a percentage, then change any)</Trans>
        </label>
        <div className="admin-field">
          <label htmlFor={`${id}-percent`}>
            <Trans>Percentage off</Trans>
          </label>
          <input
            id={`${id}-percent`}
            inputMode="numeric"
            value={percent}
            aria-invalid={errors.percent ? true : undefined}
            aria-describedby={described('percent')}
            onChange={(event) => {
              setPercent(event.target.value)
              setLines(null)
            }}
          />
          {fieldError('percent')}
        </div>
      </fieldset>
      <div>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy}
          onClick={() => void preview()}
        >
          <Trans>Preview the sale</Trans>
        </button>
      </div>
      {fieldError('lines')}
      {lines ? (
        lines.length === 0 ? (
          <p className="admin-empty" role="status">
            <Trans>No product matches these filters.</Trans>
          </p>
        ) : (
          <>
            <div className="admin-table">
              <TableScroll>
                <table>
                  <TableCaption>
                    <Trans>{lineCount} products: their prices now and on sale</Trans>
                  </TableCaption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Product</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Now (THB)</Trans>
                      </th>
                      <th scope="col">
                        <Trans>On sale (THB)</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Now (USD)</Trans>
                      </th>
                      <th scope="col">
                        <Trans>On sale (USD)</Trans>
                      </th>
                      <th scope="col">
                        <span className="admin-visually-hidden">
                          <Trans>Actions</Trans>
                        </span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((line, index) => {
                      const label = productName(line.product, place.locale)
                      const error = errors[`lines.${line.product.id}`]
                      const update = (patch: Partial<Line>) =>
                        setLines(lines.map((other, at) => (at === index ? { ...other, ...patch } : other)))
                      return (
                        <tr key={line.product.id}>
                          <th scope="row">
                            {label}
                            {error ? <p className="admin-field__error">{error}</p> : null}
                          </th>
                          <td>{money(line.product.price_thb, 'thb')}</td>
                          <td>
                            {mode === 'prices' ? (
                              <input
                                className="admin-prices__amount"
                                inputMode="decimal"
                                aria-label={t`Sale price in baht of ${label}`}
                                value={line.saleThb}
                                onChange={(event) => update({ saleThb: event.target.value })}
                              />
                            ) : (
                              line.saleThb
                            )}
                          </td>
                          <td>{money(line.product.price_usd, 'usd')}</td>
                          <td>
                            {mode === 'prices' ? (
                              <input
                                className="admin-prices__amount"
                                inputMode="decimal"
                                aria-label={t`Sale price in dollars of ${label}`}
                                value={line.saleUsd}
                                onChange={(event) => update({ saleUsd: event.target.value })}
                              />
                            ) : (
                              line.saleUsd
                            )}
                          </td>
                          <td>
                            <button
                              type="button"
                              className="admin-link-button"
                              onClick={() => setLines(lines.filter((_, at) => at !== index))}
                            >
                              <Trans>Leave out</Trans>
                              <span className="admin-visually-hidden"> {label}</span>
                            </button>
                          </td>
                        </tr>
                      )
                    })}
                  </tbody>
                </table>
              </TableScroll>
            </div>
            <div className="admin-actions">
              <button type="submit" className="admin-button" disabled={busy}>
                {editing ? <Trans>Save the sale</Trans> : <Trans>Plan the sale</Trans>}
              </button>
              {editing ? (
                <button type="button" className="admin-button admin-button--quiet" onClick={() => onDone(false)}>
                  <Trans>Keep it as it was</Trans>
                </button>
              ) : null}
            </div>
          </>
        )
      ) : null}
      <p ref={result} tabIndex={-1} role="status" className={planned ? 'admin-notice' : undefined}>
        {planned ? <Trans>The sale {planned} is planned: it switches on and off by itself.</Trans> : null}
      </p>
      {failure ? <ErrorNotice error={failure} /> : null}
    </form>
  )
}

/** Sales planned ahead (issue 32 item 4): running, planned and past, and a form to plan one. */
export function PriceSalesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Sales`)
  const schedules = useQuery(priceSchedulesQuery)
  const [editing, setEditing] = useState<PriceSchedule | null>(null)
  const [changed, setChanged] = useState<string | null>(null)
  const items = schedules.data?.items ?? []
  const edit = (sale: PriceSchedule) => {
    setChanged(null)
    setEditing(sale)
  }
  const of = (...statuses: PriceScheduleStatus[]) => items.filter((row) => statuses.includes(row.status))
  return (
    <section>
      <h1>
        <Trans>Sales</Trans>
      </h1>
      <PricesNav />
      <p className="admin-field__hint">
        <Trans>
          A sale switches on by itself at its start: its products sell at the sale price with the regular price struck
          through. At its end the regular prices come back.
        </Trans>
      </p>
      {schedules.isPending ? (
        <p role="status">
          <Trans>Loading sales…</Trans>
        </p>
      ) : schedules.isError ? (
        <ErrorNotice error={schedules.error} />
      ) : (
        <>
          <ScheduleTable caption={t`On now`} rows={of('active')} empty={t`No sale is on now.`} onEdit={edit} />
          <ScheduleTable caption={t`Planned`} rows={of('planned')} empty={t`No sale is planned.`} onEdit={edit} />
          <ScheduleTable
            caption={t`Ended`}
            rows={of('ended', 'cancelled')}
            empty={t`No sale has ended yet.`}
            onEdit={edit}
          />
        </>
      )}
      <p role="status" className={changed ? 'admin-notice' : undefined}>
        {changed ? <Trans>The sale {changed} is changed.</Trans> : null}
      </p>
      <PlanSale
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={(saved) => {
          setChanged(saved ? (editing?.name ?? null) : null)
          setEditing(null)
        }}
      />
    </section>
  )
}
