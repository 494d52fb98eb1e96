import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { productStoresQuery } from '~/catalog/catalog.queries'
import { useLocale } from '~/i18n/use-locale'

/** Stock of the chosen size (or of every size) in each store: 'find in store' (§2). */
export function FindInStore({ productId, size }: { productId: string; size: string | undefined }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { data, isPending, isError, refetch } = useQuery(productStoresQuery(productId, locale, size))
  if (isPending) {
    return (
      <p role="status" aria-busy="true">
        <Trans>Checking the stores…</Trans>
      </p>
    )
  }
  if (isError || !data) {
    return (
      <p role="alert">
        <Trans>The stores could not be checked.</Trans>{' '}
        <button type="button" className="link-button" onClick={() => void refetch()}>
          {t`Try again`}
        </button>
      </p>
    )
  }
  const holding = data.stores.filter((store) => store.sizes.length > 0)
  return (
    <div className="find-in-store">
      <p>
        {size ? (
          <Trans>Stores with size {size} in stock today:</Trans>
        ) : (
          <Trans>Choose a size to see it in each store. Stores holding this piece:</Trans>
        )}
      </p>
      {holding.length === 0 ? (
        <p className="empty-state">
          <Trans>No store holds it at the moment.</Trans>
        </p>
      ) : (
        <ul className="store-stock">
          {holding.map((store) => (
            <li key={store.id}>
              <strong>{store.name}</strong>
              <span>{store.address}</span>
              <span>
                {store.sizes
                  .map((entry) => `${entry.size === 'OS' ? t`One size` : entry.size} × ${entry.quantity}`)
                  .join(', ')}
              </span>
              <a href={`tel:${store.phone.replace(/[^0-9+]/g, '')}`}>{store.phone}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
