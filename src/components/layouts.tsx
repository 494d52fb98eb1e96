import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { BRAND_NAME } from '~/brand'
import { DemoNotice } from './DemoNotice'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

export const LAYOUTS = ['default', 'checkout'] as const
export type LayoutName = (typeof LAYOUTS)[number]

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  )
}

/** The shared default layout of every page (§2). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <DemoNotice />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  )
}

/** Checkout's own layout: no menu to wander off through, a way back to the cart. */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <DemoNotice />
      <header className="site-header site-header--checkout">
        <div className="site-header__bar">
          <Link to="/cart" className="back-link">
            <Trans>Back to cart</Trans>
          </Link>
          <Link to="/" className="brand">
            {BRAND_NAME}
          </Link>
          <span />
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  )
}
