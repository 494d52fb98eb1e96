import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { siteMenuQuery } from '~/catalog/catalog.queries'
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '~/catalog/categories'
import { shopHref } from '~/routing/shop-href'
import { CloseIcon } from './icons'

/**
 * The whole menu of §2 in a native modal dialog: focus moves in and is trapped, Escape closes it,
 * and the page behind is inert. It closes itself after every navigation. Loaded the first time the shopper
 * opens the menu (SiteMenu); it opens on every new `openRequest`.
 */
export default function SiteMenuDialog({ openRequest }: { openRequest: number }) {
  const { t } = useLinguiMacro()
  const { i18n } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const { boot } = useRouteContext({ from: '__root__' })
  // The featured links the back office published (decision 198); none by default, and none while they load.
  const featured = useQuery(siteMenuQuery(boot.locale)).data?.links ?? []

  useEffect(() => {
    dialog.current?.close()
  }, [pathname])

  useEffect(() => {
    if (openRequest > 0 && !dialog.current?.open) dialog.current?.showModal()
  }, [openRequest])

  const close = () => dialog.current?.close()

  return (
    <dialog id="site-menu" ref={dialog} className="menu" aria-label={t`Menu`}>
      <div className="menu__top">
        <button type="button" className="icon-button" onClick={close}>
          <CloseIcon />
          <span className="visually-hidden">{t`Close menu`}</span>
        </button>
      </div>
      <nav aria-label={t`Main`}>
        <ul className="menu__list">
          {featured.map((link) => (
            <li key={link.path}>
              <a href={shopHref(link.path, boot)} onClick={close}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/" onClick={close}>
              <Trans>Home</Trans>
            </Link>
          </li>
          <li>
            <Link to="/collection" onClick={close}>
              <Trans>Collections</Trans>
            </Link>
          </li>
          <li>
            <Link to="/product" search={{ gender: 'men' }} onClick={close}>
              <Trans>Men</Trans>
            </Link>
          </li>
          <li>
            <Link to="/product" search={{ gender: 'women' }} onClick={close}>
              <Trans>Women</Trans>
            </Link>
          </li>
          <li>
            <details className="menu__group">
              <summary>
                <Trans>Products</Trans>
              </summary>
              <ul>
                <li>
                  <Link to="/product" onClick={close}>
                    <Trans>All products</Trans>
                  </Link>
                </li>
                {CATEGORY_SLUGS.map((slug) => (
                  <li key={slug}>
                    <Link to="/category/$name" params={{ name: slug }} onClick={close}>
                      {i18n._(CATEGORY_LABELS[slug])}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <li>
            <Link to="/product" search={{ tag: 'sale' }} onClick={close}>
              <Trans>Special price</Trans>
            </Link>
          </li>
          <li>
            <Link to="/editorials" onClick={close}>
              <Trans>Editorials</Trans>
            </Link>
          </li>
          <li>
            <Link to="/stores" onClick={close}>
              <Trans>Stores</Trans>
            </Link>
          </li>
        </ul>
        <ul className="menu__list menu__list--small">
          <li>
            <Link to="/$" params={{ _splat: 'info' }} onClick={close}>
              <Trans>Info</Trans>
            </Link>
          </li>
          <li>
            <Link to="/about-us" onClick={close}>
              <Trans>About us</Trans>
            </Link>
          </li>
          <li>
            <Link to="/$" params={{ _splat: 'careers' }} onClick={close}>
              <Trans>Careers</Trans>
            </Link>
          </li>
          <li>
            <Link to="/$" params={{ _splat: 'supplier-applications' }} onClick={close}>
              <Trans>Supplier applications</Trans>
            </Link>
          </li>
          <li>
            <Link to="/account" onClick={close}>
              <Trans>My account</Trans>
            </Link>
          </li>
        </ul>
      </nav>
    </dialog>
  )
}
