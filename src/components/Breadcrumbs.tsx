import { useLingui } from '@lingui/react/macro'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { localizePath } from '~/i18n/paths'
import { breadcrumbJsonLd, type Crumb } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'

/** Where the page sits (home › category › product), as links and as a BreadcrumbList for search engines. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useLingui()
  const router = useRouter()
  const { boot } = useRouteContext({ from: '__root__' })
  const crumbs: Crumb[] = [{ name: t`Home`, path: '/' }, ...trail]
  const paths = { strategy: boot.config.languageStrategy, defaultLocale: boot.defaultLocale }
  const follow = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    void router.navigate({ href: path })
  }
  return (
    <nav className="breadcrumbs" aria-label={t`Breadcrumb`}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <a href={localizePath(crumb.path, boot.locale, paths)} onClick={follow(crumb.path)}>
                {crumb.name}
              </a>
            )}
          </li>
        ))}
      </ol>
      <StructuredData
        key={crumbs.map((crumb) => crumb.path).join(' ')}
        json={import.meta.env.SSR ? breadcrumbJsonLd(crumbs, boot) : null}
      />
    </nav>
  )
}
