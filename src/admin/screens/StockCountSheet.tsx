import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { AdminApiError, countStock, type StockMatrix } from '../api'
import { adminKeys } from '../queries'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { ErrorNotice } from './ErrorScreen'

/**
 * A count sheet (issue 32 item 3): a model's every colour and size at one location, each with the count on record and
 * a box for what was found. Only the sizes filled in are counted; they are saved all or nothing, each as a "stock
 * count" line of its size's history. A size whose box is left empty keeps its count.
 */
export function StockCountSheet({
  matrix,
  onDone,
  onClose,
}: {
  matrix: StockMatrix
  onDone: (said: string) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const ids = useId()
  const queryClient = useQueryClient()
  const [location, setLocation] = useState(matrix.locations[0]?.id ?? 'online')
  const [found, setFound] = useState<Record<string, string>>({})
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [bad, setBad] = useState<ReadonlySet<string>>(new Set())
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const at = matrix.locations.findIndex((place) => place.id === location)
  const where = matrix.locations[at]?.name ?? location

  async function submit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    setFailure(null)
    const filled = Object.entries(found).filter(([, value]) => value.trim() !== '')
    const wrong = new Set(filled.filter(([, value]) => !/^\d{1,6}$/.test(value.trim())).map(([sku]) => sku))
    setBad(wrong)
    if (wrong.size > 0) return setProblem(t`Counts are whole numbers from 0. Correct the marked boxes.`)
    if (filled.length === 0) return setProblem(t`Fill in at least one count.`)
    setBusy(true)
    try {
      const done = await countStock({
        location,
        note: note.trim(),
        lines: filled.map(([sku, value]) => ({ sku, counted: Number(value.trim()) })),
      })
      await queryClient.invalidateQueries({ queryKey: adminKeys.stock })
      const counted = done.lines.length
      const changed = done.lines.filter((line) => line.delta !== 0).length
      onDone(t`Count saved at ${where}. Sizes counted: ${counted}; changed: ${changed}.`)
    } catch (error) {
      if (error instanceof AdminApiError) {
        const lines = Object.keys(error.fields)
          .map((field) => /^lines\.(\d+)\.sku$/.exec(field)?.[1])
          .filter((index): index is string => index !== undefined)
          .map((index) => filled[Number(index)]?.[0])
          .filter((sku): sku is string => sku !== undefined)
        if (lines.length > 0) setBad(new Set(lines))
      }
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="admin-stock__sheet admin-card"
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${ids}-title`}>
        <Trans>Count sheet</Trans>
      </h3>
      <p className="admin-field__hint">
        <Trans>Fill in what you found. Sizes left empty keep their count; the filled ones are saved together.</Trans>
      </p>
      <div className="admin-field">
        <label htmlFor={`${ids}-location`}>
          <Trans>Where</Trans>
        </label>
        <select
          id={`${ids}-location`}
          value={location}
          onChange={(event) => {
            setLocation(event.target.value)
            setFound({})
            setBad(new Set())
          }}
        >
          {matrix.locations.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name}
            </option>
          ))}
        </select>
      </div>
      {matrix.colours.map((colour) => (
        <TableScroll key={colour.product_id}>
          <table className="admin-table admin-stock__matrix">
            <TableCaption>
              {colour.colour} · {where}
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Size</Trans>
                </th>
                <th scope="col">
                  <Trans>On record</Trans>
                </th>
                <th scope="col">
                  <Trans>Found</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {colour.sizes.map((size) => {
                const colourName = colour.colour
                const sizeName = size.size
                const wrong = bad.has(size.sku)
                return (
                  <tr key={size.sku}>
                    <th scope="row">
                      {size.size} <span className="admin-stock__id">{size.sku}</span>
                    </th>
                    <td>{size.quantities[at]?.quantity ?? 0}</td>
                    <td>
                      <input
                        className="admin-stock__found"
                        inputMode="numeric"
                        autoComplete="off"
                        aria-label={t`Found: ${colourName} ${sizeName}`}
                        aria-invalid={wrong ? true : undefined}
                        value={found[size.sku] ?? ''}
                        onChange={(event) => setFound({ ...found, [size.sku]: event.target.value })}
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </TableScroll>
      ))}
      <div className="admin-field">
        <label htmlFor={`${ids}-note`}>
          <Trans>Note (optional)</Trans>
        </label>
        <input id={`${ids}-note`} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {problem ? (
        <p role="alert" className="admin-notice admin-notice--error">
          {problem}
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save the count</Trans>}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </form>
  )
}
