import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext, useSearch } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { formatMoney, isCurrency } from '~/domain/money'
import { REPORT_KINDS, type ReportKind } from '~/domain/reports'
import { bangkokDay } from '~/domain/shop-events'
import { reportExport, type Download, type Report } from '../api'
import { useScreenStepUp } from '../manage/common'
import { reportQuery } from '../queries'
import type { ReportsSearch } from '../search'
import { ErrorNotice } from '../screens/ErrorScreen'
import { can } from '../session'
import { isStepUpCancelled } from '../ui/StepUp'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { useAdminTitle } from '../ui/title'

/** Columns that hold money (minor units) and those that hold counts; the rest are words. */
const MONEY = new Set(['revenue', 'refunded', 'net', 'base', 'vat', 'total', 'spending_thb'])
const COUNTS = new Set(['orders', 'pieces', 'members'])

/** Hands a downloaded file to the browser as a download of its own name. */
function save({ blob, fileName }: Download) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The last day of a month (yyyy-mm). */
function monthEnd(month: string): string {
  const [year = 1970, number = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10)
}

/** The range a search asks for: its days, or this month so far (Bangkok); the VAT report reads whole months. */
export function rangeOfSearch(search: ReportsSearch, today = bangkokDay(new Date())): { from: string; to: string } {
  if (search.kind === 'vat') {
    const month = (search.from ?? today).slice(0, 7)
    return { from: `${month}-01`, to: monthEnd(month) }
  }
  const to = search.to ?? today
  return { from: search.from ?? `${to.slice(0, 7)}-01`, to }
}

function useLabels() {
  const { t } = useLingui()
  const kinds: Record<ReportKind, string> = {
    'sales-by-day': t`Sales by day`,
    'sales-by-category': t`Sales by category`,
    'sales-by-payment': t`Sales by payment method`,
    'sales-by-region': t`Sales by region`,
    vat: t`Output VAT (monthly)`,
    'members-by-tier': t`Members by tier`,
  }
  const columns: Record<string, string> = {
    day: t`Day`,
    currency: t`Currency`,
    orders: t`Orders`,
    revenue: t`Revenue`,
    refunded: t`Refunded`,
    net: t`Net`,
    category: t`Category`,
    pieces: t`Pieces`,
    payment_method: t`Payment method`,
    country: t`Country`,
    province: t`Province`,
    kind: t`Document`,
    number: t`Number`,
    date: t`Date`,
    buyer: t`Buyer`,
    buyer_tax_id: t`Buyer’s tax ID`,
    reference: t`Order or invoice`,
    base: t`Value before VAT`,
    vat: t`VAT 7 %`,
    total: t`Total`,
    tier: t`Tier`,
    members: t`Members`,
    spending_thb: t`Spending this cycle (THB)`,
    order: t`Order`,
  }
  const words: Record<string, string> = {
    card: t`Card`,
    paypal: t`PayPal`,
    bank_transfer: t`Bank transfer`,
    invoice: t`Tax invoice`,
    credit_note: t`Credit note`,
    member: t`Member`,
    vip: t`VIP`,
    vvip: t`VVIP`,
    pickup: t`Picked up at a store`,
    total: t`Total`,
  }
  return { kinds, columns, words }
}

function ReportTable({
  caption,
  columns,
  rows,
  totals,
  empty,
}: {
  caption: string
  columns: string[]
  rows: Report['rows']
  totals: Report['totals']
  empty: string
}) {
  const { place } = useRouteContext({ from: '__root__' })
  const labels = useLabels()
  const count = new Intl.NumberFormat(place.locale === 'th' ? 'th-TH' : 'en-US')
  const currencyAt = columns.indexOf('currency')
  const cell = (row: ReadonlyArray<string | number>, index: number) => {
    const column = columns[index] ?? ''
    const value = row[index] ?? ''
    if (typeof value === 'number' && MONEY.has(column)) {
      const currency = currencyAt >= 0 ? row[currencyAt] : 'thb'
      return formatMoney(value, isCurrency(currency) ? currency : 'thb', place.locale)
    }
    if (typeof value === 'number' && COUNTS.has(column)) return count.format(value)
    if (column === 'currency') return String(value).toUpperCase()
    return labels.words[String(value)] ?? String(value)
  }
  const numeric = (column: string) => MONEY.has(column) || COUNTS.has(column)
  if (rows.length === 0) {
    return (
      <p className="admin-empty" role="status">
        {empty}
      </p>
    )
  }
  return (
    <TableScroll>
      <table className="admin-table admin-figures">
        <TableCaption>{caption}</TableCaption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={numeric(column) ? 'admin-number' : undefined}>
                {labels.columns[column] ?? column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column} scope="row">
                    {cell(row, index)}
                  </th>
                ) : (
                  <td key={column} className={numeric(column) ? 'admin-number' : undefined}>
                    {cell(row, index)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {totals.length > 0 ? (
          <tfoot>
            {totals.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column} scope="row">
                      {cell(row, index)}
                    </th>
                  ) : (
                    <td key={column} className={numeric(column) ? 'admin-number' : undefined}>
                      {row[index] === '' ? '' : cell(row, index)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </TableScroll>
  )
}

/**
 * The reports (issue 33 item 4, decision 202): a report chosen, its range of Bangkok days (a month for the VAT report)
 * in the URL, its table with totals, and its CSV for a role that may export (the second factor asked again).
 */
export function ReportsScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Reports`)
  const { me } = useRouteContext({ from: '__root__' })
  const search = useSearch({ from: '/reports' })
  const navigate = useNavigate({ from: '/reports' })
  const labels = useLabels()
  const ids = useId()
  const stepUp = useScreenStepUp()
  const range = rangeOfSearch(search)
  const report = useQuery(reportQuery(search.kind, range))
  const [kind, setKind] = useState<ReportKind>(search.kind)
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [month, setMonth] = useState(range.from.slice(0, 7))
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const mayExport = can(me, 'exports:run')

  const show = (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    if (kind === 'vat') {
      if (!/^\d{4}-\d{2}$/.test(month)) return setFormError(t`Choose a month.`)
      void navigate({ search: { kind, from: `${month}-01`, to: monthEnd(month) } })
      return
    }
    if (!from || !to) return setFormError(t`Choose the first and the last day.`)
    if (from > to) return setFormError(t`The last day must not be before the first.`)
    void navigate({ search: { kind, from, to } })
  }

  const download = async () => {
    setBusy(true)
    setFailure(null)
    try {
      save(await stepUp.run(() => reportExport(search.kind, range)))
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const title = labels.kinds[search.kind]
  const data = report.data
  return (
    <section aria-labelledby="admin-reports-title" className="admin-reports">
      <h1 id="admin-reports-title">
        <Trans>Reports</Trans>
      </h1>
      <form className="admin-reports__form" onSubmit={show} noValidate>
        <div className="admin-field">
          <label htmlFor={`${ids}-kind`}>
            <Trans>Report</Trans>
          </label>
          <select id={`${ids}-kind`} value={kind} onChange={(event) => setKind(event.target.value as ReportKind)}>
            {REPORT_KINDS.map((one) => (
              <option key={one} value={one}>
                {labels.kinds[one]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'vat' ? (
          <div className="admin-field">
            <label htmlFor={`${ids}-month`}>
              <Trans>Tax month</Trans>
            </label>
            <input
              id={`${ids}-month`}
              type="month"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              aria-invalid={formError ? true : undefined}
              aria-describedby={formError ? `${ids}-error` : undefined}
            />
          </div>
        ) : kind === 'members-by-tier' ? null : (
          <>
            <div className="admin-field">
              <label htmlFor={`${ids}-from`}>
                <Trans>From</Trans>
              </label>
              <input
                id={`${ids}-from`}
                type="date"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                aria-invalid={formError ? true : undefined}
                aria-describedby={formError ? `${ids}-error` : undefined}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={`${ids}-to`}>
                <Trans>To</Trans>
              </label>
              <input
                id={`${ids}-to`}
                type="date"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                aria-invalid={formError ? true : undefined}
                aria-describedby={formError ? `${ids}-error` : undefined}
              />
            </div>
          </>
        )}
        <button type="submit" className="admin-button">
          <Trans>Show</Trans>
        </button>
      </form>
      {formError ? (
        <p id={`${ids}-error`} className="admin-error" role="alert">
          {formError}
        </p>
      ) : null}
      <h2>
        {title}{' '}
        <span className="admin-muted">
          {search.kind === 'members-by-tier' ? <Trans>as they stand now</Trans> : `${range.from} – ${range.to}`}
        </span>
      </h2>
      {mayExport ? (
        <p>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={busy || !data}
            onClick={() => void download()}
          >
            {busy ? <Trans>Preparing the file…</Trans> : <Trans>Download CSV</Trans>}
          </button>
        </p>
      ) : null}
      {stepUp.dialog}
      {failure ? <ErrorNotice error={failure} /> : null}
      {report.isError ? (
        <ErrorNotice error={report.error} />
      ) : !data ? (
        <p className="admin-empty" role="status">
          <Trans>Loading the report…</Trans>
        </p>
      ) : (
        <>
          <ReportTable
            caption={title}
            columns={data.columns}
            rows={data.rows}
            totals={data.totals}
            empty={search.kind === 'vat' ? t`No tax invoice or credit note in this month.` : t`Nothing in these days.`}
          />
          {search.kind === 'vat' ? (
            <>
              <h3>
                <Trans>Zero-rated exports (sent abroad, no Thai VAT)</Trans>
              </h3>
              <ReportTable
                caption={t`Zero-rated exports`}
                columns={data.zero_rated_columns}
                rows={data.zero_rated}
                totals={[]}
                empty={t`No export in this month.`}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  )
}
