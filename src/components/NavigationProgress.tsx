import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'

/**
 * A thin bar at the top of the window while a client navigation is under way (issue 19, item 6). It is in the
 * page from the first moment the router is pending, but the stylesheet keeps it hidden (from eyes and from
 * assistive technology alike) for its first 150 ms, so a fast navigation shows nothing. Part of every first load:
 * kept to a few hundred bytes, the delay and the motion are the stylesheet's.
 */
export function NavigationProgress() {
  const { t } = useLingui()
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  return pending ? <div className="nav-progress" role="progressbar" aria-label={t`Loading the page`} /> : null
}
