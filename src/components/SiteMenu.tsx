import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { MenuIcon } from './icons'

const loadDialog = () => import('./SiteMenuDialog')
const SiteMenuDialog = lazy(loadDialog)

/**
 * The header's menu button. The menu itself (SiteMenuDialog) is loaded when the shopper first reaches for it
 * (pointer over or focus on the button, or the click itself), not with the page (issue 18).
 */
export function SiteMenu() {
  const { t } = useLingui()
  const [openRequest, setOpenRequest] = useState(0)
  const preload = () => void loadDialog().catch(() => undefined)
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-haspopup="dialog"
        aria-controls={openRequest > 0 ? 'site-menu' : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpenRequest((count) => count + 1)}
      >
        <MenuIcon />
        <span className="icon-button__label">{t`Menu`}</span>
      </button>
      {openRequest > 0 ? (
        <Suspense fallback={null}>
          <SiteMenuDialog openRequest={openRequest} />
        </Suspense>
      ) : null}
    </>
  )
}
