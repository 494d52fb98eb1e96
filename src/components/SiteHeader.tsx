import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { sessionQuery } from '~/account/session.functions'
import { cartQuery } from '~/cart/cart.functions'
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '~/catalog/categories'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { BRAND_NAME } from '~/brand'
import { BagIcon, HeartIcon, UserIcon } from './icons'
import { LanguageSwitch } from './LanguageSwitch'
import { RegionSwitch } from './RegionSwitch'
import { SearchToggle } from './SearchToggle'
import { SiteMenu } from './SiteMenu'
import type { RoutePath } from '~/routing/links'

export function SiteHeader() {
  const { t } = useLingui()
  // The account link logs a guest in and brings them back here; a member goes straight to the account.
  const here = useRouterState({ select: (state) => state.location })
  const accountSearch = here.pathname.startsWith('/account' satisfies RoutePath) ? {} : { redirect: here.href }
  const { data: member } = useQuery(sessionQuery())
  const locale = useLocale()
  const currency = useCurrency()
  const { data: cart } = useQuery(cartQuery(locale, currency))
  const count = cart?.count ?? 0
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <div className="site-header__start">
          <SiteMenu />
          <SearchToggle />
        </div>
        <Link to="/" className="brand" aria-label={t`${BRAND_NAME} home`}>
          {BRAND_NAME}
        </Link>
        <div className="site-header__end">
          {member ? (
            <Link to="/account" className="icon-button" aria-label={t`My account`}>
              <UserIcon />
            </Link>
          ) : (
            <Link to="/account/login" search={accountSearch} className="icon-button" aria-label={t`My account`}>
              <UserIcon />
            </Link>
          )}
          <Link to="/wishlist" className="icon-button" aria-label={t`Wishlist`}>
            <HeartIcon />
          </Link>
          <Link to="/cart" className="icon-button cart-link" aria-label={count > 0 ? t`Cart, ${count} items` : t`Cart`}>
            <BagIcon />
            {count > 0 ? (
              <span className="cart-link__count" aria-hidden="true">
                {count}
              </span>
            ) : null}
          </Link>
        </div>
      </div>
      <CategoryBar />
      <div className="site-header__meta">
        <RegionSwitch />
        <LanguageSwitch />
      </div>
    </header>
  )
}

/**
 * On a wide screen the categories stand in a bar under the header (issue 16): the hamburger is not the only way
 * round the shop. Hidden on a phone, where the menu holds them.
 */
function CategoryBar() {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  return (
    <nav className="category-bar" aria-label={t`Categories`}>
      <ul>
        <li>
          <Link to="/product" search={{ tag: 'new' }}>
            <Trans>New arrivals</Trans>
          </Link>
        </li>
        <li>
          <Link to="/product" search={{ gender: 'women' }}>
            <Trans>Women</Trans>
          </Link>
        </li>
        <li>
          <Link to="/product" search={{ gender: 'men' }}>
            <Trans>Men</Trans>
          </Link>
        </li>
        {CATEGORY_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to="/category/$name" params={{ name: slug }} activeProps={{ 'aria-current': 'page' }}>
              {i18n._(CATEGORY_LABELS[slug])}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/product" search={{ tag: 'sale' }}>
            <Trans>Special price</Trans>
          </Link>
        </li>
        <li>
          <Link to="/collection" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
            <Trans>Collections</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}
