import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { can } from '../../session'
import { useAdminTitle } from '../../ui/title'

/**
 * Collections, the home page's blocks and the menu (issue 32 item 6, decision 198): collections as a tree with their
 * words in Thai and English side by side, a picture, their pieces in order; the home page's blocks and the menu's
 * featured links edited as documents (saved as drafts or published, previewed, their versions restored). Every move
 * is a button, and focus stays on the moved item.
 */

export function SiteScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Site`)
  const me = useRouteContext({ from: '/site', select: (context) => context.me })
  return (
    <div className="admin-site">
      <h1>
        <Trans>Site</Trans>
      </h1>
      <ul className="admin-site__sections">
        {can(me, 'catalog:write') ? (
          <li>
            <Link to="/site/collections">
              <Trans>Collections</Trans>
            </Link>{' '}
            <Trans>Collections and sub-collections: their words, picture and pieces.</Trans>
          </li>
        ) : null}
        {can(me, 'content:write') ? (
          <li>
            <Link to="/site/home">
              <Trans>Home page</Trans>
            </Link>{' '}
            <Trans>The home page’s blocks, their order, drafts and versions.</Trans>
          </li>
        ) : null}
        {can(me, 'content:write') ? (
          <li>
            <Link to="/site/menu">
              <Trans>Menu</Trans>
            </Link>{' '}
            <Trans>Featured links at the top of the shop’s menu.</Trans>
          </li>
        ) : null}
      </ul>
    </div>
  )
}
