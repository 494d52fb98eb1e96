import { useMatch } from '@tanstack/react-router'
import type { RouteId } from '~/routing/links'

/**
 * Skeletons of the pages whose data takes a moment on a client navigation (issue 19, item 6): grey shapes where the
 * page's parts will be, so the shopper sees the page coming rather than the old one frozen. One module, the router's
 * default pending component (src/components/page-skeleton.ts), loaded once the first page is idle: outside every
 * first load (decision 138). Hidden from assistive technology: the navigation progress bar says a page is loading.
 */

const CARDS = 8

function Lines({ count, className = '' }: { count: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className={`skeleton skeleton--line ${className}`} />
      ))}
    </>
  )
}

/** A listing: its heading, the toolbar and a grid of cards. */
function ListingSkeleton() {
  return (
    <div className="skeleton-page" data-skeleton="listing" aria-hidden="true">
      <span className="skeleton skeleton--heading" />
      <span className="skeleton skeleton--bar" />
      <ul className="product-grid">
        {Array.from({ length: CARDS }, (_, index) => (
          <li key={index}>
            <span className="skeleton skeleton--card" />
            <Lines count={2} className="skeleton--short" />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A product page: the gallery beside the name, price, sizes and the button. */
function ProductSkeleton() {
  return (
    <div className="skeleton-page" data-skeleton="product" aria-hidden="true">
      <span className="skeleton skeleton--line skeleton--short" />
      <div className="product__layout">
        <span className="skeleton skeleton--card" />
        <div className="skeleton-stack">
          <span className="skeleton skeleton--heading" />
          <Lines count={2} className="skeleton--short" />
          <span className="skeleton skeleton--bar" />
          <span className="skeleton skeleton--button" />
          <Lines count={4} />
        </div>
      </div>
    </div>
  )
}

/** An order or an account page: the heading and a few cards. */
function AccountSkeleton() {
  return (
    <div className="skeleton-page account-page" data-skeleton="account" aria-hidden="true">
      <span className="skeleton skeleton--heading" />
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="account-card">
          <Lines count={3} />
        </div>
      ))}
    </div>
  )
}

/** Any other page: its heading and a few lines. */
function TextSkeleton() {
  return (
    <div className="skeleton-page" data-skeleton="page" aria-hidden="true">
      <span className="skeleton skeleton--heading" />
      <Lines count={4} />
      <Lines count={2} className="skeleton--short" />
    </div>
  )
}

/** Routes whose page is a grid of product cards. */
const LISTINGS: ReadonlySet<string> = new Set<RouteId>([
  '/category/$name',
  '/collection/$name/',
  '/collection/$name/$sub',
  '/product/',
  '/search',
  '/wishlist',
])

/** The skeleton of the route that is loading (the pending match's route). */
export default function PageSkeleton() {
  const routeId: string = useMatch({ strict: false, select: (match) => match.routeId }) ?? ''
  if (routeId === '/product/$id') return <ProductSkeleton />
  if (LISTINGS.has(routeId)) return <ListingSkeleton />
  if (routeId.startsWith('/account/') || routeId.startsWith('/order/')) return <AccountSkeleton />
  return <TextSkeleton />
}
