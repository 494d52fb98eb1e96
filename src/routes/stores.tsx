import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { productStoresQuery, storesQuery } from '~/catalog/catalog.queries'
import type { Store } from '~/catalog/types'
import { PageHeading } from '~/components/PageHeading'
import { searchParams, sizeParam, slugParam } from '~/routing/search-params'
import { serializeJsonLd, storeAnchor, storesLd } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'
import { pageHead } from '~/seo/page-head'

/** ?product= (and ?size=) show which sizes of that product each store holds. */
const searchSchema = searchParams({ product: slugParam(), size: sizeParam() })

export const Route = createFileRoute('/stores')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(storesQuery(context.boot.locale)),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Stores`, msg`Find our stores, their opening hours and how to reach them.`),
  component: StoresPage,
})

function OpeningHours({ hours }: { hours: Store['hours'] }) {
  const { t } = useLingui()
  const days = [t`Sunday`, t`Monday`, t`Tuesday`, t`Wednesday`, t`Thursday`, t`Friday`, t`Saturday`]
  return (
    <table className="hours">
      <caption className="visually-hidden">{t`Opening hours`}</caption>
      <tbody>
        {[1, 2, 3, 4, 5, 6, 0].map((day) => {
          const entry = hours.find((item) => item.day === day)
          return (
            <tr key={day}>
              <th scope="row">{days[day]}</th>
              <td>{entry ? `${entry.opens}–${entry.closes}` : t`Closed`}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function StoresPage() {
  const { t } = useLingui()
  const { boot } = Route.useRouteContext()
  const { product, size } = Route.useSearch()
  const { data } = useSuspenseQuery(storesQuery(boot.locale))
  const stock = useQuery({ ...productStoresQuery(product ?? '', boot.locale, size), enabled: product !== undefined })
  const sizesAt = (storeId: string) => stock.data?.stores.find((store) => store.id === storeId)?.sizes ?? []
  return (
    <>
      <PageHeading lead={<Trans>Find our stores, their opening hours and how to reach them.</Trans>}>
        <Trans>Stores</Trans>
      </PageHeading>
      {product ? (
        <p className="notice">
          {stock.data === null ? (
            <Trans>NO PRODUCT FOUND</Trans>
          ) : (
            <>
              <Trans>Showing which sizes of this product each store holds.</Trans>{' '}
              <Link to="/product/$id" params={{ id: product }}>
                <Trans>Back to the product</Trans>
              </Link>
            </>
          )}
        </p>
      ) : null}
      {/* Each store as a Store (Google's local business markup): address, coordinates, opening hours, telephone. */}
      <StructuredData json={import.meta.env.SSR ? serializeJsonLd(storesLd(data.items, boot)) : null} />
      <ul className="store-list">
        {data.items.map((store) => (
          <li key={store.id} id={storeAnchor(store)} className="store-card">
            <h2>{store.name}</h2>
            <p>{store.address}</p>
            <p>
              <a href={`tel:${store.phone.replace(/[^0-9+]/g, '')}`}>{store.phone}</a>
              {' · '}
              <a href={store.mapUrl} target="_blank" rel="noopener noreferrer">
                {t`Open in maps`}
              </a>
            </p>
            <OpeningHours hours={store.hours} />
            {product && stock.data ? (
              <p className="store-card__stock">
                {sizesAt(store.id).length === 0 ? (
                  <Trans>Not in stock here</Trans>
                ) : (
                  <>
                    <Trans>In stock:</Trans>{' '}
                    {sizesAt(store.id)
                      .map((entry) => `${entry.size === 'OS' ? t`One size` : entry.size} × ${entry.quantity}`)
                      .join(', ')}
                  </>
                )}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}
