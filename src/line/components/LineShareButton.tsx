import { lazy, Suspense } from 'react'
import { useLiffView } from '../liff-store'

export type LineShareProduct = {
  title: string
  /** The product's path on the shop, in the shopper's language. */
  path: string
  /** An image of the product (absolute or on the shop), JPEG or PNG as LINE wants. */
  imageUrl: string | null
}

const LineShareAction = lazy(() => import('./LineShareAction'))

/** §5: 'share with friends on LINE', shown only once the LIFF layer started (inside LINE). */
export function LineShareButton(props: LineShareProduct) {
  const { phase } = useLiffView()
  if (phase !== 'ready') return null
  return (
    <Suspense fallback={null}>
      <LineShareAction {...props} />
    </Suspense>
  )
}
