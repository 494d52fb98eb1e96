import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InfoPageView, infoPageHead, loadInfoPage } from '~/content/InfoPageView'
import { pageHead } from '~/seo/page-head'
import { titleFromPath } from '~/seo/title'

/**
 * The catch-all (§2): any other path shows its content page when one exists, titled by the
 * fallback rule; otherwise 404 'Page not found: {path}'.
 */
export const Route = createFileRoute('/$')({
  loader: ({ context, params }) => loadInfoPage(context, params._splat ?? ''),
  head: ({ loaderData, params, match }) =>
    loaderData
      ? infoPageHead(loaderData, titleFromPath(params._splat ?? ''))
      : pageHead(match.context.i18n, msg`Page not found`),
  component: FallbackPage,
})

function FallbackPage() {
  const { _splat: path = '' } = Route.useParams()
  return <InfoPageView slug={path} title={titleFromPath(path)} />
}
