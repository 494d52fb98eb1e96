import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InfoPageView, infoPageHead, loadInfoPage } from '~/content/InfoPageView'
import type { LocaleCode } from '~/i18n/locales'
import { pageHead } from '~/seo/page-head'
import { titleFromPath } from '~/seo/title'

/**
 * The catch-all (§2): any other path shows its content page when one exists, titled by the fallback rule (the path,
 * in English); otherwise 404 'Page not found: {path}'. On the Thai site the page keeps its own Thai title (issue 16:
 * no English heading such as "CAREERS" on a Thai page).
 */
function fallbackTitle(locale: LocaleCode, path: string): string | undefined {
  return locale === 'th' ? undefined : titleFromPath(path)
}

export const Route = createFileRoute('/$')({
  loader: ({ context, params }) => loadInfoPage(context, params._splat ?? ''),
  head: ({ loaderData, params, match }) =>
    loaderData
      ? infoPageHead(loaderData, fallbackTitle(match.context.boot.locale, params._splat ?? ''))
      : pageHead(match.context.i18n, msg`Page not found`),
  component: FallbackPage,
})

function FallbackPage() {
  const { _splat: path = '' } = Route.useParams()
  const { boot } = Route.useRouteContext()
  return <InfoPageView slug={path} title={fallbackTitle(boot.locale, path)} />
}
