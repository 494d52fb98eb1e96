import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * The router's default pending component (decision 138): the skeleton of the page being loaded, shown when a
 * client navigation waits longer than `defaultPendingMs`. Its code is not in the first load; the root asks for it
 * once the first page is idle (`preload`), so it is there before any navigation can need it. Should a navigation
 * come first, the router offers the pending page in a transition, which waits for the code.
 */
export const PageSkeleton = lazyRouteComponent(() => import('./skeletons'))
