import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { bulkPrices, isRefusal, type BulkPriceInput, type BulkPriceResult, type PriceFilter } from '../api'
import { adminKeys } from '../queries'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import {
  cleanFilter,
  parseMajor,
  PriceCell,
  PriceFilterFields,
  PricesNav,
  productName,
  useProblemText,
} from './prices-ui'
import { TableCaption, TableScroll } from '../ui/TableScroll'

/**
 * Bulk change by filter (issue 32 item 4): the products of a category, collection, tag or words, a percentage off or
 * one fixed price, previewed row by row (old and new prices), then applied to all of them or none.
 */
export function BulkPricesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Bulk price change`)
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const problemText = useProblemText()
  const id = useId()
  const report = useRef<HTMLDivElement>(null)
  const [filter, setFilter] = useState<PriceFilter>({})
  const [kind, setKind] = useState<'percent_off' | 'fixed'>('percent_off')
  const [percent, setPercent] = useState('10')
  const [thb, setThb] = useState('')
  const [usd, setUsd] = useState('')
  const [strike, setStrike] = useState(true)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<BulkPriceResult | null>(null)
  const [rowProblems, setRowProblems] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const changeOf = (): BulkPriceInput['change'] | null => {
    const typed: Record<string, string> = {}
    let change: BulkPriceInput['change'] | null = null
    if (kind === 'percent_off') {
      const off = Number(percent)
      if (!Number.isInteger(off) || off < 1 || off > 90) typed.percent = t`A whole percentage from 1 to 90`
      else change = { kind, percent: off, strike_through: strike }
    } else {
      const priceThb = parseMajor(thb)
      const priceUsd = parseMajor(usd)
      if (priceThb === null) typed.thb = t`Enter an amount such as 1290 or 1290.50`
      if (priceUsd === null) typed.usd = t`Enter an amount such as 39 or 39.50`
      if (priceThb !== null && priceUsd !== null) {
        change = { kind, price_thb: priceThb, price_usd: priceUsd, strike_through: strike }
      }
    }
    setErrors(typed)
    return Object.keys(typed).length > 0 ? null : change
  }

  const run = async (apply: boolean) => {
    const change = changeOf()
    if (!change) return
    setBusy(true)
    setFailure(null)
    setRowProblems({})
    try {
      const answer = await bulkPrices({ filter: cleanFilter(filter), change, apply })
      setResult(answer)
      if (apply) await queryClient.invalidateQueries({ queryKey: adminKeys.prices })
      report.current?.focus()
    } catch (error) {
      if (isRefusal(error, 'INVALID_INPUT')) {
        setRowProblems(
          Object.fromEntries(
            Object.entries(error.fields)
              .filter(([field]) => field.startsWith('rows.'))
              .map(([field, code]) => [field.slice('rows.'.length), problemText(code)]),
          ),
        )
      }
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void run(false)
  }
  const reset = () => {
    setResult(null)
    setFailure(null)
  }
  const bad = result ? result.rows.filter((row) => row.problem !== null).length : 0
  const count = result?.rows.length ?? 0
  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="admin-field__error">
        {errors[field]}
      </p>
    ) : null

  return (
    <section>
      <h1>
        <Trans>Bulk price change</Trans>
      </h1>
      <PricesNav />
      <form className="admin-card admin-form" onSubmit={submit} noValidate>
        <fieldset className="admin-choice">
          <legend>
            <Trans>Which products</Trans>
          </legend>
          <PriceFilterFields
            filter={filter}
            onChange={(next) => {
              setFilter(next)
              reset()
            }}
          />
        </fieldset>
        <fieldset className="admin-choice">
          <legend>
            <Trans>The change</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'percent_off'}
              onChange={() => {
                setKind('percent_off')
                reset()
              }}
            />{' '}
            <Trans>A percentage off the price now</Trans>
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'fixed'}
              onChange={() => {
                setKind('fixed')
                reset()
              }}
            />{' '}
            <Trans>One price for all of them</Trans>
          </label>
          {kind === 'percent_off' ? (
            <div className="admin-field">
              <label htmlFor={`${id}-percent`}>
                <Trans>Percentage off</Trans>
              </label>
              <input
                id={`${id}-percent`}
                inputMode="numeric"
                value={percent}
                aria-invalid={errors.percent ? true : undefined}
                aria-describedby={errors.percent ? `${id}-percent-error` : undefined}
                onChange={(event) => {
                  setPercent(event.target.value)
                  reset()
                }}
              />
              {fieldError('percent')}
            </div>
          ) : (
            <div className="admin-filters">
              <div className="admin-field">
                <label htmlFor={`${id}-thb`}>
                  <Trans>Price (THB)</Trans>
                </label>
                <input
                  id={`${id}-thb`}
                  inputMode="decimal"
                  value={thb}
                  aria-invalid={errors.thb ? true : undefined}
                  aria-describedby={errors.thb ? `${id}-thb-error` : undefined}
                  onChange={(event) => {
                    setThb(event.target.value)
                    reset()
                  }}
                />
                {fieldError('thb')}
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-usd`}>
                  <Trans>Price (USD)</Trans>
                </label>
                <input
                  id={`${id}-usd`}
                  inputMode="decimal"
                  value={usd}
                  aria-invalid={errors.usd ? true : undefined}
                  aria-describedby={errors.usd ? `${id}-usd-error` : undefined}
                  onChange={(event) => {
                    setUsd(event.target.value)
                    reset()
                  }}
                />
                {fieldError('usd')}
              </div>
            </div>
          )}
          <label className="admin-check">
            <input
              type="checkbox"
              checked={strike}
              onChange={(event) => {
                setStrike(event.target.checked)
                reset()
              }}
            />{' '}
            <Trans>Show the price before the change struck through</Trans>
          </label>
        </fieldset>
        <div>
          <button type="submit" className="admin-button admin-button--secondary" disabled={busy}>
            <Trans>Preview the change</Trans>
          </button>
        </div>
        <div ref={report} tabIndex={-1} className="admin-bulk__result">
          {result ? (
            <>
              <p role="status">
                {count === 0 ? (
                  <Trans>No product matches these filters.</Trans>
                ) : result.applied ? (
                  <Trans>{count} products changed. The shop shows the new prices now.</Trans>
                ) : bad > 0 ? (
                  <Trans>
                    {bad} products cannot take this change. Change it, or narrow the filter: nothing was changed.
                  </Trans>
                ) : (
                  <Trans>{count} products would change. Nothing is changed until you apply it.</Trans>
                )}
              </p>
              <div className="admin-table">
                <TableScroll>
                  <table>
                    <TableCaption>
                      <Trans>Each product’s prices before and after</Trans>
                    </TableCaption>
                    <thead>
                      <tr>
                        <th scope="col">
                          <Trans>Product</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Before (THB)</Trans>
                        </th>
                        <th scope="col">
                          <Trans>After (THB)</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Before (USD)</Trans>
                        </th>
                        <th scope="col">
                          <Trans>After (USD)</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Check</Trans>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.rows.map((row) => {
                        const problem = row.problem ?? rowProblems[row.product.id] ?? null
                        return (
                          <tr key={row.product.id}>
                            <th scope="row">{productName(row.product, place.locale)}</th>
                            <td>
                              <PriceCell
                                price={row.product.price_thb}
                                compareAt={row.product.compare_at_thb}
                                currency="thb"
                              />
                            </td>
                            <td>
                              <PriceCell
                                price={row.after.price_thb}
                                compareAt={row.after.compare_at_thb}
                                currency="thb"
                              />
                            </td>
                            <td>
                              <PriceCell
                                price={row.product.price_usd}
                                compareAt={row.product.compare_at_usd}
                                currency="usd"
                              />
                            </td>
                            <td>
                              <PriceCell
                                price={row.after.price_usd}
                                compareAt={row.after.compare_at_usd}
                                currency="usd"
                              />
                            </td>
                            <td>{problem ? problemText(problem) : <Trans>OK</Trans>}</td>
                          </tr>
                        )
                      })}
                    </tbody>
                  </table>
                </TableScroll>
              </div>
              {!result.applied && bad === 0 && count > 0 ? (
                <button type="button" className="admin-button" disabled={busy} onClick={() => void run(true)}>
                  <Trans>Apply to {count} products</Trans>
                </button>
              ) : null}
            </>
          ) : null}
        </div>
        {failure ? <ErrorNotice error={failure} /> : null}
      </form>
    </section>
  )
}
