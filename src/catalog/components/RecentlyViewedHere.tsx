import { lazy, Suspense, useEffect, useMemo } from 'react'
import { afterIdle } from '~/build/idle'
import { RECENTLY_VIEWED_KEY, type ViewedPiece } from '~/catalog/recently-viewed-key'

/** The slot (it records pieces and shows the list), fetched once the page is idle, outside the first load. */
// A default export on purpose: Vite's preload helper is not filled in for `import().then(({ named }) => …)` chained
// after another promise (the chunk threw "__VITE_PRELOAD__ is not defined").
const RecentlyViewedSlot = lazy(() => afterIdle().then(() => import('~/catalog/components/RecentlyViewedSlot')))

/** Whether this device keeps a list at all (a refusing browser: no). */
function keepsList(): boolean {
  try {
    return window.localStorage.getItem(RECENTLY_VIEWED_KEY) !== null
  } catch {
    return false
  }
}

/**
 * "Recently viewed" on home and the product page (decision 163), rendered in the browser only (ClientOnly). A device
 * that keeps a list gets the slot's code once the page is idle; a first visit has nothing to show, so it records its
 * first piece here, in a line, and downloads none of it (issue 29, item 24).
 */
export function RecentlyViewedHere({ current }: { current?: ViewedPiece }) {
  const currentId = current?.id
  const currentColor = current?.color
  // Read while rendering, in the browser only: whether there was a list before this page recorded its piece.
  // Read again for each piece (a client-side navigation to another product keeps this component).
  const kept = useMemo(() => currentId !== '' && keepsList(), [currentId])
  useEffect(() => {
    if (kept || !currentId) return
    const piece: ViewedPiece = currentColor ? { id: currentId, color: currentColor } : { id: currentId }
    try {
      window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([piece]))
    } catch {
      // A device that would not keep it: nothing is recorded (decision 139).
    }
  }, [kept, currentId, currentColor])
  if (!kept) return null
  return (
    <Suspense fallback={null}>
      <RecentlyViewedSlot current={current} />
    </Suspense>
  )
}
