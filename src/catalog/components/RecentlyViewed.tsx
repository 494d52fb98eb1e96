import { Trans } from '@lingui/react/macro'
import { useQueries } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { productQuery } from '~/catalog/catalog.queries'
import {
  parseViewed,
  readViewed,
  storedViewed,
  subscribeViewed,
  withViewed,
  writeViewed,
  type ViewedPiece,
} from '~/catalog/recently-viewed'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { ProductGrid } from './ProductCard'

/** Cards shown at most: two rows on a wide screen. */
const SHOWN = 8

const nothingOnServer = () => null

/**
 * "Recently viewed" (docs/decisions/139): the pieces this device kept, as cards read fresh from the catalog (the
 * product page's own query, so prices are in the shopper's currency, sold-out pieces say so, and opening one is
 * instant). On a product page it first records that page's piece and leaves it out of the list. Loaded lazily once
 * the page is hydrated and idle (RecentlyViewedSlot): never in the server's HTML, which a shared cache keeps for
 * every shopper (decision 027).
 */
export default function RecentlyViewed({ current }: { current?: ViewedPiece }) {
  const locale = useLocale()
  const currency = useCurrency()
  const headingId = useId()
  const [cleared, setCleared] = useState(false)
  const stored = useSyncExternalStore(subscribeViewed, storedViewed, nothingOnServer)
  const pieces = useMemo(() => parseViewed(stored), [stored])
  const currentId = current?.id
  const currentColor = current?.color

  useEffect(() => {
    if (!currentId) return
    writeViewed(withViewed(readViewed(), currentColor ? { id: currentId, color: currentColor } : { id: currentId }))
  }, [currentId, currentColor])

  const shown = pieces.filter((piece) => piece.id !== currentId).slice(0, SHOWN)
  const results = useQueries({
    queries: shown.map((piece) => productQuery(piece.id, locale, currency, piece.color)),
  })
  const settled = results.every((result) => !result.isPending)
  // A piece the catalog no longer has (its query answered null) is forgotten.
  const gone = settled ? shown.filter((_, index) => results[index]?.data === null).map((piece) => piece.id) : []
  const goneKey = gone.join(' ')
  useEffect(() => {
    if (!goneKey) return
    const remove = new Set(goneKey.split(' '))
    writeViewed(readViewed().filter((piece) => !remove.has(piece.id)))
  }, [goneKey])

  const clear = () => {
    writeViewed([])
    setCleared(true)
  }

  const products = results.flatMap((result) => (result.data ? [result.data] : []))
  if (cleared && shown.length === 0) {
    return (
      <section className="recently-viewed home-section" aria-labelledby={headingId}>
        <h2 id={headingId}>
          <Trans>Recently viewed</Trans>
        </h2>
        <p role="status">
          <Trans>Your recently viewed pieces were cleared from this device.</Trans>
        </p>
      </section>
    )
  }
  if (!settled || products.length === 0) return null
  return (
    <section className="recently-viewed home-section" aria-labelledby={headingId}>
      <div className="recently-viewed__head">
        <h2 id={headingId}>
          <Trans>Recently viewed</Trans>
        </h2>
        <button type="button" className="link-button" onClick={clear}>
          <Trans>Clear the list</Trans>
        </button>
      </div>
      <ProductGrid products={products} />
    </section>
  )
}
