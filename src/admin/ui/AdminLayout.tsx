import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet, useLocation, useRouteContext } from '@tanstack/react-router'
import type { StaffPermission } from '~/domain/staff-permissions'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { BRAND_NAME } from '~/brand'
import { isRefusal, signOut, type Me } from '../api'
import { roleName } from '../manage/labels'
import { ADMIN_BUNDLE_MARKER } from '../marker'
import { ADMIN_LANGUAGE_NAMES, adminPathIn, otherAdminLocale, type AdminLocale } from '../locale'
import { ErrorNotice } from '../screens/ErrorScreen'
import { can, CSV_PERMISSIONS } from '../session'

/**
 * Who is signed in, and the way out: the sign-out ends the session on the server, then the sign-in is loaded afresh
 * (nothing of the session's screens stays in memory).
 */
function SignedIn({ me, locale, basepath }: { me: Me; locale: AdminLocale; basepath: string }) {
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const leave = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await signOut()
    } catch (error) {
      // A session that has already ended is as good as signed out.
      if (!isRefusal(error, 'UNAUTHENTICATED')) {
        setFailure(error)
        setBusy(false)
        return
      }
    }
    window.location.assign(`${basepath}/sign-in`)
  }
  return (
    <div className="admin-who">
      <p className="admin-who__name">{me.name}</p>
      <p className="admin-who__role">{roleName(me.role, me.role.id, locale)}</p>
      <button
        type="button"
        className="admin-button admin-button--secondary"
        disabled={busy}
        onClick={() => void leave()}
      >
        <Trans>Sign out</Trans>
      </button>
      {failure ? <ErrorNotice error={failure} /> : null}
    </div>
  )
}

/** A screen of the navigation: its path and the permission a role needs to see it (the API checks again). */
type NavPath =
  | '/orders'
  | '/slips'
  | '/reports'
  | '/privacy-requests'
  | '/products'
  | '/pictures'
  | '/stock'
  | '/prices'
  | '/promotions'
  | '/import-export'
  | '/content'
  | '/site'
  | '/staff'
  | '/roles'
  | '/api-keys'
  | '/staff-sessions'
  | '/audit'
  | '/members'
type NavGroup = 'sales' | 'shoppers' | 'catalog' | 'content' | 'staff'

/**
 * The navigation's screens in groups (what the shop sells, what it shows, who works in it), each shown only to a
 * role that may open it; a group none of whose screens the role may open is left out. Add a screen here: its group,
 * its path and its permission (and its name in `useNavLabels`).
 */
const NAV: ReadonlyArray<{
  group: NavGroup
  /** A screen's permission, or several of which any opens it (import and export: each kind its own). */
  links: ReadonlyArray<{ to: NavPath; permission: StaffPermission | readonly StaffPermission[] }>
}> = [
  {
    group: 'sales',
    links: [
      { to: '/orders', permission: 'orders:read' },
      { to: '/slips', permission: 'payments:confirm' },
      { to: '/reports', permission: 'reports:read' },
    ],
  },
  {
    group: 'shoppers',
    links: [
      { to: '/members', permission: 'members:read' },
      { to: '/privacy-requests', permission: 'members:read' },
    ],
  },
  {
    group: 'catalog',
    links: [
      { to: '/products', permission: 'catalog:write' },
      { to: '/pictures', permission: 'catalog:write' },
      { to: '/stock', permission: 'stock:write' },
      { to: '/prices', permission: 'prices:write' },
      { to: '/promotions', permission: 'promotions:write' },
      { to: '/import-export', permission: CSV_PERMISSIONS },
    ],
  },
  {
    group: 'content',
    links: [
      { to: '/content', permission: 'content:write' },
      { to: '/site', permission: ['catalog:write', 'content:write'] },
    ],
  },
  {
    group: 'staff',
    links: [
      { to: '/staff', permission: 'staff:manage' },
      { to: '/roles', permission: 'staff:manage' },
      { to: '/api-keys', permission: 'keys:manage' },
      { to: '/staff-sessions', permission: 'staff:manage' },
      { to: '/audit', permission: 'audit:read' },
    ],
  },
]

function useNavLabels(): { groups: Record<NavGroup, string>; links: Record<NavPath, string> } {
  const { t } = useLingui()
  return {
    groups: {
      sales: t`Sales and orders`,
      shoppers: t`Shoppers`,
      catalog: t`Catalog`,
      content: t`Content`,
      staff: t`Staff and security`,
    },
    links: {
      '/orders': t`Orders`,
      '/slips': t`Slips to review`,
      '/reports': t`Reports`,
      '/privacy-requests': t`Privacy requests`,
      '/products': t`Products`,
      '/pictures': t`Pictures`,
      '/stock': t`Stock`,
      '/prices': t`Prices`,
      '/promotions': t`Promotions`,
      '/import-export': t`Import and export`,
      '/content': t`Pages`,
      '/site': t`Site`,
      '/staff': t`Staff`,
      '/roles': t`Roles`,
      '/api-keys': t`API keys`,
      '/staff-sessions': t`Staff sessions`,
      '/audit': t`Audit log`,
      '/members': t`Members`,
    },
  }
}

/**
 * The back office's frame (DESIGN.md §8): a skip link, a header with the shop's name, "Back office" and the language
 * switch, a navigation that folds behind a Menu button on a phone, and the screen in `main`. Keyboard-first: the skip
 * link comes first, and after a navigation the focus moves to the new screen. Signed in, the navigation lists only the
 * screens the role may open (the API checks again) and ends with who is signed in and the sign-out.
 */
export function AdminLayout() {
  const { t } = useLingui()
  const { place, me } = useRouteContext({ from: '__root__' })
  const labels = useNavLabels()
  const navId = useId()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const main = useRef<HTMLElement>(null)
  const other = otherAdminLocale(place.locale)
  const switchHref = adminPathIn(
    other,
    `${place.basepath}${location.pathname === '/' ? '' : location.pathname}`,
    location.searchStr,
  )

  // A navigation inside the app lands the focus on the new screen (as a page load would), not the link left behind.
  const firstPath = useRef(location.pathname)
  useEffect(() => {
    if (location.pathname === firstPath.current) return
    firstPath.current = location.pathname
    setMenuOpen(false)
    main.current?.focus()
  }, [location.pathname])

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    main.current?.focus()
    main.current?.scrollIntoView()
  }
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuButton.current?.focus()
  }

  return (
    <div className="admin" data-app={ADMIN_BUNDLE_MARKER}>
      <a className="skip-link" href="#admin-main" onClick={skipToMain}>
        <Trans>Skip to content</Trans>
      </a>
      <header className="admin-header">
        <Link to="/" className="admin-brand">
          <span className="admin-brand__shop">{BRAND_NAME}</span>
          <span className="admin-brand__name">
            <Trans>Back office</Trans>
          </span>
        </Link>
        <a className="admin-header__lang" href={switchHref} hrefLang={other} lang={other}>
          {ADMIN_LANGUAGE_NAMES[other]}
        </a>
        <button
          ref={menuButton}
          type="button"
          className="admin-header__menu"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Trans>Menu</Trans>
        </button>
      </header>
      <div className="admin-body">
        <nav
          id="admin-nav"
          className={menuOpen ? 'admin-nav admin-nav--open' : 'admin-nav'}
          aria-label={t`Back office`}
          onKeyDown={closeOnEscape}
        >
          {/* The screens in groups (NAV), each a list named by its heading; home first, the staff's own last. */}
          <ul>
            {me ? (
              <li>
                <Link to="/" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
                  <Trans>Home</Trans>
                </Link>
              </li>
            ) : (
              <li>
                <Link to="/sign-in" activeProps={{ 'aria-current': 'page' }}>
                  <Trans>Sign in</Trans>
                </Link>
              </li>
            )}
          </ul>
          {NAV.map(({ group, links }) => {
            const shown = links.filter((link) =>
              typeof link.permission === 'string'
                ? can(me, link.permission)
                : link.permission.some((permission) => can(me, permission)),
            )
            if (shown.length === 0) return null
            return (
              <div key={group} className="admin-nav__group">
                <h2 id={`${navId}-${group}`} className="admin-nav__heading">
                  {labels.groups[group]}
                </h2>
                <ul aria-labelledby={`${navId}-${group}`}>
                  {shown.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} activeProps={{ 'aria-current': 'page' }}>
                        {labels.links[link.to]}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
          {me ? (
            <div className="admin-nav__group">
              <h2 id={`${navId}-you`} className="admin-nav__heading">
                <Trans>You</Trans>
              </h2>
              <ul aria-labelledby={`${navId}-you`}>
                <li>
                  <Link to="/sessions/mine" activeProps={{ 'aria-current': 'page' }}>
                    <Trans>My sessions</Trans>
                  </Link>
                </li>
                <li>
                  <Link to="/alerts/mine" activeProps={{ 'aria-current': 'page' }}>
                    <Trans>My alerts</Trans>
                  </Link>
                </li>
              </ul>
            </div>
          ) : null}
          {me ? <SignedIn me={me} locale={place.locale} basepath={place.basepath} /> : null}
        </nav>
        <main id="admin-main" ref={main} tabIndex={-1} className="admin-main">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
