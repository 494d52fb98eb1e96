import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type DragEvent } from 'react'
import { ORDER_STATUSES, type OrderStatus } from '~/domain/orders'
import { csvApply, csvCheck, csvExport, csvReport, type CsvDryRun, type CsvSummary, type Download } from '../api'
import { useScreenStepUp } from '../manage/common'
import { can } from '../session'
import { ORDER_STATUS_LABELS } from '../ui/order-labels'
import { isStepUpCancelled } from '../ui/StepUp'
import { useAdminTitle } from '../ui/title'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { ErrorNotice } from './ErrorScreen'

type Kind = 'products' | 'stock' | 'prices' | 'orders'
type ImportKind = Exclude<Kind, 'orders'>

const PERMISSION = {
  products: 'catalog:write',
  stock: 'stock:write',
  prices: 'prices:write',
  orders: 'exports:run',
} as const

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

/**
 * Import and export (issue 32 item 7, decision 199): a kind chosen, its export downloaded; a file chosen (or dropped),
 * checked first (the figures and the bad rows, the whole report to download), then applied all or nothing once it has
 * no errors. Each kind shows only for the role that may change it; orders (export only) ask for the second factor.
 */
export function CsvScreen() {
  const { t, i18n } = useLingui()
  useAdminTitle(t`Import and export`)
  const { me } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const ids = useId()
  const stepUp = useScreenStepUp()
  const kinds = (['products', 'stock', 'prices', 'orders'] as const).filter(
    (kind) => can(me, PERMISSION[kind]) && (kind !== 'orders' || can(me, 'orders:read')),
  )
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'products')
  const [file, setFile] = useState<File | null>(null)
  const [dryRun, setDryRun] = useState<CsvDryRun | null>(null)
  const [applied, setApplied] = useState<CsvSummary | null>(null)
  const [busy, setBusy] = useState<'export' | 'check' | 'report' | 'apply' | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [dragging, setDragging] = useState(false)
  const [orderFilter, setOrderFilter] = useState<{ from: string; to: string; status: OrderStatus | '' }>({
    from: '',
    to: '',
    status: '',
  })
  const rangeBackwards = orderFilter.from !== '' && orderFilter.to !== '' && orderFilter.from > orderFilter.to
  const input = useRef<HTMLInputElement>(null)
  const names: Record<Kind, string> = {
    products: t`Products`,
    stock: t`Stock`,
    prices: t`Prices`,
    orders: t`Orders`,
  }

  const kindName = names[kind]
  const shown = dryRun?.errors.length ?? 0
  const total = dryRun?.total_errors ?? 0

  function choose(next: File | null) {
    setFile(next)
    setDryRun(null)
    setApplied(null)
    setFailure(null)
  }

  async function run<T>(step: NonNullable<typeof busy>, work: () => Promise<T>): Promise<T | null> {
    setBusy(step)
    setFailure(null)
    try {
      return await work()
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
      return null
    } finally {
      setBusy(null)
    }
  }

  const exportNow = () =>
    run('export', () =>
      kind === 'orders'
        ? stepUp.run(() =>
            csvExport('orders', {
              from: orderFilter.from || undefined,
              to: orderFilter.to || undefined,
              status: orderFilter.status || undefined,
            }),
          )
        : csvExport(kind),
    ).then((done) => done && save(done))
  const importKind: ImportKind | null = kind === 'orders' ? null : kind
  const check = () =>
    file && importKind
      ? run('check', () => csvCheck(importKind, file)).then((result) => {
          setApplied(null)
          setDryRun(result)
        })
      : undefined
  const report = () =>
    file && importKind ? run('report', () => csvReport(importKind, file)).then((done) => done && save(done)) : undefined
  const apply = () =>
    file && importKind
      ? run('apply', () => csvApply(importKind, file)).then(async (result) => {
          if (!result) return
          setApplied(result.summary)
          setDryRun(null)
          await queryClient.invalidateQueries()
        })
      : undefined

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files[0] ?? null)
  }

  const figures = (summary: CsvSummary) => (
    <dl className="admin-csv-figures">
      <div>
        <dt>
          <Trans>Rows</Trans>
        </dt>
        <dd>{summary.rows}</dd>
      </div>
      <div>
        <dt>
          <Trans>To create</Trans>
        </dt>
        <dd>{summary.create}</dd>
      </div>
      <div>
        <dt>
          <Trans>To change</Trans>
        </dt>
        <dd>{summary.update}</dd>
      </div>
      <div>
        <dt>
          <Trans>Unchanged</Trans>
        </dt>
        <dd>{summary.unchanged}</dd>
      </div>
      <div>
        <dt>
          <Trans>Rows with errors</Trans>
        </dt>
        <dd>{summary.errors}</dd>
      </div>
    </dl>
  )

  return (
    <div className="admin-page admin-csv">
      <h1>
        <Trans>Import and export</Trans>
      </h1>
      {stepUp.dialog}
      <div className="admin-field">
        <label htmlFor={`${ids}-kind`}>
          <Trans>What</Trans>
        </label>
        <select
          id={`${ids}-kind`}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind)
            choose(null)
          }}
        >
          {kinds.map((option) => (
            <option key={option} value={option}>
              {names[option]}
            </option>
          ))}
        </select>
      </div>

      <section className="admin-card" aria-labelledby={`${ids}-export`}>
        <h2 id={`${ids}-export`}>
          <Trans>Export</Trans>
        </h2>
        <p>
          {kind === 'orders' ? (
            <Trans>Orders, newest first. You will be asked for your second factor again.</Trans>
          ) : (
            <Trans>A CSV file (UTF-8, opens in Excel with Thai) that imports back as it is.</Trans>
          )}
        </p>
        {kind === 'orders' ? (
          <div className="admin-form admin-form--inline">
            <div className="admin-field">
              <label htmlFor={`${ids}-from`}>
                <Trans>Placed from</Trans>
              </label>
              <input
                id={`${ids}-from`}
                type="date"
                value={orderFilter.from}
                onChange={(event) => setOrderFilter({ ...orderFilter, from: event.target.value })}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={`${ids}-to`}>
                <Trans>Placed until</Trans>
              </label>
              <input
                id={`${ids}-to`}
                type="date"
                value={orderFilter.to}
                aria-invalid={rangeBackwards ? true : undefined}
                aria-describedby={rangeBackwards ? `${ids}-range-error` : undefined}
                onChange={(event) => setOrderFilter({ ...orderFilter, to: event.target.value })}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={`${ids}-status`}>
                <Trans>Status</Trans>
              </label>
              <select
                id={`${ids}-status`}
                value={orderFilter.status}
                onChange={(event) => setOrderFilter({ ...orderFilter, status: event.target.value as OrderStatus | '' })}
              >
                <option value="">{t`Every status`}</option>
                {ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {i18n._(ORDER_STATUS_LABELS[status])}
                  </option>
                ))}
              </select>
            </div>
            {rangeBackwards ? (
              <p id={`${ids}-range-error`} className="admin-field__error" role="alert">
                <Trans>The last day is before the first.</Trans>
              </p>
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          className="admin-button"
          onClick={() => void exportNow()}
          disabled={busy !== null || (kind === 'orders' && rangeBackwards)}
        >
          {busy === 'export' ? <Trans>Preparing the file…</Trans> : <Trans>Download {kindName} CSV</Trans>}
        </button>
      </section>

      {importKind ? (
        <section className="admin-card" aria-labelledby={`${ids}-import`}>
          <h2 id={`${ids}-import`}>
            <Trans>Import</Trans>
          </h2>
          <div
            className={`admin-csv-drop${dragging ? ' admin-csv-drop--over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <label htmlFor={`${ids}-file`}>
              <Trans>CSV file (10 MB and 20,000 rows at most): choose one or drop it here</Trans>
            </label>
            <input
              ref={input}
              id={`${ids}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            {file ? <p className="admin-hint">{file.name}</p> : null}
          </div>
          <div className="admin-actions">
            <button
              type="button"
              className="admin-button"
              onClick={() => void check()}
              disabled={!file || busy !== null}
            >
              {busy === 'check' ? <Trans>Checking…</Trans> : <Trans>Check the file (dry run)</Trans>}
            </button>
            <button
              type="button"
              className="admin-button"
              onClick={() => void apply()}
              disabled={!file || !dryRun || dryRun.summary.errors > 0 || busy !== null}
            >
              {busy === 'apply' ? <Trans>Applying…</Trans> : <Trans>Apply</Trans>}
            </button>
          </div>
          <div role="status" aria-live="polite">
            {dryRun ? (
              <>
                <h3>
                  <Trans>Dry run: nothing has changed yet</Trans>
                </h3>
                {figures(dryRun.summary)}
                {dryRun.summary.errors === 0 ? (
                  <p>
                    <Trans>No errors: the file can be applied.</Trans>
                  </p>
                ) : (
                  <p>
                    <Trans>
                      Fix the rows below in the file, then check it again. Apply stays off while there are errors.
                    </Trans>
                  </p>
                )}
              </>
            ) : null}
            {applied ? (
              <>
                <h3>
                  <Trans>Applied</Trans>
                </h3>
                {figures(applied)}
              </>
            ) : null}
          </div>
          {dryRun && dryRun.errors.length > 0 ? (
            <>
              <TableScroll>
                <table className="admin-table">
                  <TableCaption>
                    <Trans>
                      Bad rows (the first {shown} of {total})
                    </Trans>
                  </TableCaption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Row</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Column</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Value</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Problem</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {dryRun.errors.map((error) => (
                      <tr key={`${error.row}-${error.column}`}>
                        <td>{error.row}</td>
                        <td>{error.column}</td>
                        <td>{error.value}</td>
                        <td>{error.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => void report()}
                disabled={busy !== null}
              >
                {busy === 'report' ? <Trans>Preparing the report…</Trans> : <Trans>Download the full report</Trans>}
              </button>
            </>
          ) : null}
        </section>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </div>
  )
}
