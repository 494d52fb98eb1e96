import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { editorialQuery } from '~/catalog/catalog.queries'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { isSlug } from '~/routing/search-params'
import { Breadcrumbs } from '~/components/Breadcrumbs'
import { RichContent } from '~/components/RichContent'
import { formatDate } from '~/i18n/dates'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/editorials/$name')({
  loader: async ({ context, params, location }) => {
    const { boot } = context
    // A malformed or overlong name is no editorial; the query's validator would refuse it with a 500.
    if (!isSlug(params.name)) throw notFound({ data: { path: location.pathname } })
    const editorial = await context.queryClient.ensureQueryData(
      editorialQuery(params.name, boot.locale, boot.region.ISOCurrencyCode),
    )
    if (!editorial) throw notFound({ data: { path: location.pathname } })
    return { title: editorial.title, excerpt: editorial.excerpt }
  },
  head: ({ match, loaderData }) => ({
    ...pageHead(match.context.i18n, loaderData?.title ?? msg`Page not found`, loaderData?.excerpt),
  }),
  component: EditorialPage,
})

function EditorialPage() {
  const { boot, i18n } = Route.useRouteContext()
  const params = Route.useParams()
  const { data: editorial } = useSuspenseQuery(editorialQuery(params.name, boot.locale, boot.region.ISOCurrencyCode))
  if (!editorial) return null
  return (
    <article className="editorial">
      <Breadcrumbs
        trail={[
          { name: i18n._(msg`Editorials`), link: { to: '/editorials' } },
          { name: editorial.title, link: { to: '/editorials/$name', params: { name: editorial.slug } } },
        ]}
      />
      <header className="editorial__head">
        <h1>{editorial.title}</h1>
        <p className="page-heading__lead">{editorial.excerpt}</p>
        <p className="editorial-card__date">
          <time dateTime={editorial.publishedAt}>{formatDate(editorial.publishedAt, boot.locale)}</time>
        </p>
      </header>
      <CatalogPicture
        image={editorial.heroImage}
        sizes="100vw"
        aspectRatio={16 / 10}
        priority
        className="editorial__hero"
      />
      <RichContent blocks={editorial.blocks} />
    </article>
  )
}
