import { lazy, Suspense, useEffect, useMemo } from 'react'
import { readViewed, withViewed, writeViewed, type ViewedPiece } from '~/catalog/recently-viewed'

/** The list itself (cards read from the catalog): its code comes only when there is something to show. */
const RecentlyViewed = lazy(() => import('~/catalog/components/RecentlyViewed'))

/**
 * Where "Recently viewed" goes (decision 139), rendered in the browser only (ClientOnly), its code fetched once the
 * page is idle. It records the product page's piece on this device and loads the list's code only when the device
 * kept another piece: a first visit, which has nothing to show, downloads none of it (issue 29, item 24).
 */
export default function RecentlyViewedSlot({ current }: { current?: ViewedPiece }) {
  const currentId = current?.id
  const currentColor = current?.color
  // Read while rendering, in the browser only (ClientOnly): what the device kept before this piece is recorded.
  const wanted = useMemo(() => readViewed().some((piece) => piece.id !== currentId), [currentId])
  useEffect(() => {
    if (!currentId) return
    writeViewed(withViewed(readViewed(), currentColor ? { id: currentId, color: currentColor } : { id: currentId }))
  }, [currentId, currentColor])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <RecentlyViewed current={current} />
    </Suspense>
  )
}
