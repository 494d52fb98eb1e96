import { useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { breadcrumbJsonLd, type Crumb } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'

/** Where the page sits (home › category › product), as links and as a BreadcrumbList for search engines. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useLingui()
  const { boot } = useRouteContext({ from: '__root__' })
  const crumbs: Crumb[] = [{ name: t`Home`, link: { to: '/' } }, ...trail]
  // The trail's links name the page: a new trail (a client navigation) is new structured data.
  const key = JSON.stringify(trail.map((crumb) => crumb.link))
  return (
    <nav className="breadcrumbs" aria-label={t`Breadcrumb`}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              // A router link: a plain click navigates in the page, a modified click opens a tab, as before.
              <Link {...crumb.link}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
      <StructuredData key={key} json={import.meta.env.SSR ? breadcrumbJsonLd(crumbs, boot) : null} />
    </nav>
  )
}
