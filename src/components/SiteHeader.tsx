import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { sessionQuery } from '~/account/session.functions'
import { cartQuery } from '~/cart/cart.functions'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { BRAND_NAME } from '~/brand'
import { BagIcon, HeartIcon, UserIcon } from './icons'
import { LanguageSwitch } from './LanguageSwitch'
import { RegionSwitch } from './RegionSwitch'
import { SearchToggle } from './SearchToggle'
import { SiteMenu } from './SiteMenu'

export function SiteHeader() {
  const { t } = useLingui()
  // The account link logs a guest in and brings them back here; a member goes straight to the account.
  const here = useRouterState({ select: (state) => state.location })
  const accountSearch = here.pathname.startsWith('/account') ? {} : { redirect: here.href }
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
      <div className="site-header__meta">
        <RegionSwitch />
        <LanguageSwitch />
      </div>
    </header>
  )
}
