import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { isRefusal, setPrices, type PricedProduct } from '../api'
import { adminKeys, priceFamilyQuery, pricedProductsQuery } from '../queries'
import type { PricesSearch } from '../search'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import {
  cleanFilter,
  majorText,
  parseMajor,
  PriceCell,
  PriceFilterFields,
  PricesNav,
  productName,
  useProblemText,
} from './prices-ui'
import { TableCaption, TableScroll } from '../ui/TableScroll'

const listRoute = getRouteApi('/prices')
const productRoute = getRouteApi('/prices/$id')

/** The colours with their prices (issue 32 item 4): filtered by the URL, 25 a page, each opening its model. */
export function PricesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Prices`)
  const { place } = useRouteContext({ from: '__root__' })
  const search = listRoute.useSearch()
  const navigate = listRoute.useNavigate()
  const { page, ...filter } = search
  const list = useQuery(pricedProductsQuery(cleanFilter(filter), page))
  const [draft, setDraft] = useState(filter)
  const id = useId()
  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / 25))
  const go = (next: Partial<PricesSearch>) => void navigate({ search: (before) => ({ ...before, ...next }) })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ ...cleanFilter(draft), page: 1 })
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        <Trans>Prices</Trans>
      </h1>
      <PricesNav />
      <form className="admin-form" onSubmit={submit} role="search">
        <PriceFilterFields filter={draft} onChange={setDraft} />
        <div>
          <button type="submit" className="admin-button">
            <Trans>Show</Trans>
          </button>
        </div>
      </form>
      <div className="admin-table">
        <TableScroll>
          <table>
            <TableCaption>
              <Trans>{total} products</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Price (THB)</Trans>
                </th>
                <th scope="col">
                  <Trans>Price (USD)</Trans>
                </th>
              </tr>
            </thead>
            <tbody aria-busy={list.isPending}>
              {list.isPending ? (
                <tr>
                  <td colSpan={3} className="admin-table__status" role="status">
                    <Trans>Loading products…</Trans>
                  </td>
                </tr>
              ) : list.isError ? (
                <tr>
                  <td colSpan={3} className="admin-table__status">
                    <ErrorNotice error={list.error} />
                  </td>
                </tr>
              ) : list.data.items.length === 0 ? (
                <tr>
                  <td colSpan={3} className="admin-table__status">
                    <Trans>No product matches these filters.</Trans>
                  </td>
                </tr>
              ) : (
                list.data.items.map((product) => (
                  <tr key={product.id}>
                    <td>
                      <Link to="/prices/$id" params={{ id: product.id }}>
                        {productName(product, place.locale)}
                      </Link>
                    </td>
                    <td>
                      <PriceCell price={product.price_thb} compareAt={product.compare_at_thb} currency="thb" />
                    </td>
                    <td>
                      <PriceCell price={product.price_usd} compareAt={product.compare_at_usd} currency="usd" />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
        <nav className="admin-pager" aria-label={t`Pages`}>
          <button type="button" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            <Trans>Previous</Trans>
          </button>
          <span>
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <button type="button" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            <Trans>Next</Trans>
          </button>
        </nav>
      </div>
    </section>
  )
}

type Draft = { priceThb: string; compareAtThb: string; priceUsd: string; compareAtUsd: string }

const draftOf = (product: PricedProduct): Draft => ({
  priceThb: majorText(product.price_thb),
  compareAtThb: majorText(product.compare_at_thb),
  priceUsd: majorText(product.price_usd),
  compareAtUsd: majorText(product.compare_at_usd),
})

const FIELD_OF: Record<keyof Draft, string> = {
  priceThb: 'price_thb',
  compareAtThb: 'compare_at_thb',
  priceUsd: 'price_usd',
  compareAtUsd: 'compare_at_usd',
}

/** One colour's prices: four fields in baht and dollars, each refusal shown by its field. */
function ColourPrices({ product }: { product: PricedProduct }) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const problemText = useProblemText()
  const id = useId()
  const [draft, setDraft] = useState<Draft>(() => draftOf(product))
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const labels: Record<keyof Draft, string> = {
    priceThb: t`Price (THB)`,
    compareAtThb: t`Old price, struck through (THB)`,
    priceUsd: t`Price (USD)`,
    compareAtUsd: t`Old price, struck through (USD)`,
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaved(false)
    setFailure(null)
    const typed: Record<string, string> = {}
    const amount = (key: keyof Draft, optional: boolean): number | null => {
      if (optional && draft[key].trim() === '') return null
      const value = parseMajor(draft[key])
      if (value === null) typed[FIELD_OF[key]] = t`Enter an amount such as 1290 or 1290.50`
      return value
    }
    const input = {
      price_thb: amount('priceThb', false) ?? 0,
      compare_at_thb: amount('compareAtThb', true),
      price_usd: amount('priceUsd', false) ?? 0,
      compare_at_usd: amount('compareAtUsd', true),
    }
    setErrors(typed)
    if (Object.keys(typed).length > 0) return
    setBusy(true)
    try {
      const after = await setPrices(product.id, input)
      setDraft(draftOf(after))
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: adminKeys.prices })
    } catch (error) {
      if (isRefusal(error, 'INVALID_INPUT') && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, code]) => [field, problemText(code)])))
      }
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="admin-card admin-form admin-prices__colour" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-title`}>{product.colour[place.locale]}</h2>
      <div className="admin-prices__fields">
        {(Object.keys(FIELD_OF) as Array<keyof Draft>).map((key) => {
          const error = errors[FIELD_OF[key]]
          return (
            <div className="admin-field" key={key}>
              <label htmlFor={`${id}-${key}`}>{labels[key]}</label>
              <input
                id={`${id}-${key}`}
                inputMode="decimal"
                autoComplete="off"
                value={draft[key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${key}-error` : undefined}
                required={key === 'priceThb' || key === 'priceUsd'}
                onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              />
              {error ? (
                <p id={`${id}-${key}-error`} className="admin-field__error">
                  {error}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      <div>
        <button type="submit" className="admin-button" disabled={busy}>
          <Trans>Save prices</Trans>
        </button>
      </div>
      {saved ? (
        <p role="status" className="admin-notice">
          <Trans>Saved: the shop shows the new prices now.</Trans>
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </form>
  )
}

/** A model's colours, each with its prices in THB and USD (issue 32 item 4). */
export function ProductPricesScreen() {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const { id } = productRoute.useParams()
  const family = useQuery(priceFamilyQuery(id))
  const first = family.data?.colours[0]
  useAdminTitle(first ? first.name[place.locale] : t`Prices`)
  return (
    <section>
      <p>
        <Link to="/prices">
          <Trans>All prices</Trans>
        </Link>
      </p>
      <h1>{first ? first.name[place.locale] : <Trans>Prices</Trans>}</h1>
      {family.isPending ? (
        <p role="status">
          <Trans>Loading prices…</Trans>
        </p>
      ) : family.isError ? (
        <ErrorNotice error={family.error} />
      ) : (
        <>
          <p className="admin-field__hint">
            <Trans>
              Prices in baht and dollars. An old price above the price is shown struck through in the shop; leave it
              empty for none.
            </Trans>
          </p>
          {family.data.colours.map((colour) => (
            <ColourPrices key={colour.id} product={colour} />
          ))}
        </>
      )}
    </section>
  )
}
