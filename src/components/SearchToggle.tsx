import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { SearchIcon } from './icons'

/** The search field and its suggestions are loaded when the shopper opens the search, not with every page. */
const loadSearchBox = () => import('~/catalog/components/SearchBox').then(({ SearchBox }) => ({ default: SearchBox }))
const SearchBox = lazy(loadSearchBox)

/** The header's search: a button that opens the search field with suggestions under the header. */
export function SearchToggle() {
  const { t } = useLingui()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // Open on the page where it was opened: a navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls="header-search"
        onPointerEnter={() => void loadSearchBox().catch(() => undefined)}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <SearchIcon />
        <span className="icon-button__label">{t`Search`}</span>
      </button>
      <div id="header-search" className="header-search" hidden={!open}>
        {open ? (
          <Suspense fallback={null}>
            <SearchBox autoFocus />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}
