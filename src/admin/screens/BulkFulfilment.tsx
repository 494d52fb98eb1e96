import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fulfilmentDocumentUrl, importTracking, type OrderRow, type TrackingImport } from '../api'
import { adminKeys } from '../queries'
import { can } from '../session'
import { ErrorNotice } from './ErrorScreen'

/** What is wrong with a row of the tracking CSV, in the staff member's words. */
const PROBLEM_LABELS: Record<TrackingImport['rows'][number]['problems'][number], MessageDescriptor> = {
  columns: msg`three columns expected: order number, carrier, tracking number`,
  order_missing: msg`no order number`,
  carrier_unknown: msg`unknown carrier`,
  tracking_malformed: msg`not a tracking number of this carrier`,
  duplicate: msg`the same parcel twice`,
  order_unknown: msg`no such order`,
  status_wrong: msg`the order is not ready to ship`,
}

/** The orders of the page picked, and their documents as one PDF each. */
function PrintSelected({ rows }: { rows: readonly OrderRow[] }) {
  const { t } = useLingui()
  const id = useId()
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const chosen = rows.map((row) => row.number).filter((number) => picked.has(number))
  const toggle = (number: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = new Set(picked)
    if (event.target.checked) next.add(number)
    else next.delete(number)
    setPicked(next)
  }
  const count = chosen.length
  return (
    <fieldset className="admin-bulk__print">
      <legend>
        <Trans>Print for the orders you pick</Trans>
      </legend>
      <div className="admin-bulk__orders">
        <label>
          <input
            type="checkbox"
            checked={rows.length > 0 && count === rows.length}
            onChange={(event) => setPicked(new Set(event.target.checked ? rows.map((row) => row.number) : []))}
          />{' '}
          <Trans>All on this page</Trans>
        </label>
        {rows.map((row) => (
          <label key={row.number}>
            <input type="checkbox" checked={picked.has(row.number)} onChange={toggle(row.number)} /> {row.number}
          </label>
        ))}
      </div>
      <p id={`${id}-count`} aria-live="polite">
        <Trans>{count} picked</Trans>
      </p>
      {count > 0 ? (
        <p className="admin-fulfilment__documents">
          <a className="admin-button" href={fulfilmentDocumentUrl('labels', chosen)} target="_blank" rel="noopener">
            <Trans>Print labels</Trans>
          </a>{' '}
          <a
            className="admin-button admin-button--secondary"
            href={fulfilmentDocumentUrl('packing_slips', chosen)}
            target="_blank"
            rel="noopener"
          >
            <Trans>Print packing slips</Trans>
          </a>{' '}
          <a href={fulfilmentDocumentUrl('pick_list', chosen)} target="_blank" rel="noopener">
            <Trans>Pick list</Trans>
          </a>
        </p>
      ) : (
        <p className="admin-field__hint">{t`Pick orders to print their labels, packing slips or pick list.`}</p>
      )}
    </fieldset>
  )
}

/** The carrier's tracking CSV: checked first (nothing changes), then every row shipped or none. */
function TrackingUpload() {
  const { i18n } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [csv, setCsv] = useState('')
  const [fileName, setFileName] = useState('')
  const report = useRef<HTMLDivElement>(null)
  const check = useMutation({
    mutationFn: (apply: boolean) => importTracking(csv, apply),
    onSuccess: (result) => {
      if (result.applied) void queryClient.invalidateQueries({ queryKey: adminKeys.orders })
      report.current?.focus()
    },
  })
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    check.reset()
    setFileName(file?.name ?? '')
    setCsv(file ? await file.text() : '')
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (csv) check.mutate(false)
  }
  const result = check.data
  const ok = result?.ok ?? 0
  const bad = result?.bad ?? 0
  return (
    <form className="admin-form admin-bulk__upload" onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>
          <Trans>Tracking CSV (order number, carrier, tracking number)</Trans>
        </label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" required onChange={(event) => void read(event)} />
      </div>
      <button type="submit" className="admin-button admin-button--secondary" disabled={!csv || check.isPending}>
        <Trans>Check the file</Trans>
      </button>
      {check.isError ? <ErrorNotice error={check.error} /> : null}
      <div ref={report} tabIndex={-1} className="admin-bulk__result">
        {result ? (
          <>
            <p role="status">
              {result.applied ? (
                <Trans>{ok} parcels shipped.</Trans>
              ) : result.bad > 0 ? (
                <Trans>
                  {fileName}: {bad} rows cannot be shipped. Correct them and check again: nothing was changed.
                </Trans>
              ) : (
                <Trans>{ok} rows ready to ship. Nothing is changed until you ship them.</Trans>
              )}
            </p>
            <table className="admin-bulk__report">
              <caption>
                <Trans>The file’s rows</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Line</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Order</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Tracking number</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Check</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.line}>
                    <td>{row.line}</td>
                    <td>{row.order_number}</td>
                    <td>{row.tracking_number ?? ''}</td>
                    <td>
                      {row.problems.length === 0 ? (
                        <Trans>OK</Trans>
                      ) : (
                        row.problems.map((problem) => i18n._(PROBLEM_LABELS[problem])).join('; ')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {!result.applied && result.bad === 0 ? (
              <button
                type="button"
                className="admin-button"
                disabled={check.isPending}
                onClick={() => check.mutate(true)}
              >
                <Trans>Ship {ok} parcels</Trans>
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </form>
  )
}

/**
 * Bulk fulfilment under the orders list (issue 31 item 5): the picked orders' labels, packing slips and pick list,
 * and marking orders shipped from the carrier's tracking CSV. For roles with fulfilment:write.
 */
export function BulkFulfilment({ rows }: { rows: readonly OrderRow[] }) {
  const { me } = useRouteContext({ from: '__root__' })
  const id = useId()
  if (!can(me, 'fulfilment:write')) return null
  return (
    <section className="admin-card admin-bulk" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Print and ship</Trans>
      </h2>
      <PrintSelected rows={rows} />
      <TrackingUpload />
    </section>
  )
}
