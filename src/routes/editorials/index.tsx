import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { editorialsQuery } from '~/catalog/catalog.queries'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { PageHeading } from '~/components/PageHeading'
import { formatDate } from '~/i18n/dates'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/editorials/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(editorialsQuery(context.boot.locale)),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Editorials`, msg`Stories, lookbooks and the people behind them.`),
  component: EditorialsPage,
})

function EditorialsPage() {
  const { boot } = Route.useRouteContext()
  const { data } = useSuspenseQuery(editorialsQuery(boot.locale))
  return (
    <>
      <PageHeading lead={<Trans>Stories, lookbooks and the people behind them.</Trans>}>
        <Trans>Editorials</Trans>
      </PageHeading>
      <ul className="editorial-list">
        {data.items.map((editorial, index) => (
          <li key={editorial.slug}>
            <article className="editorial-card">
              <Link to="/editorials/$name" params={{ name: editorial.slug }} className="editorial-card__link">
                <CatalogPicture
                  image={editorial.heroImage}
                  sizes="(min-width: 48rem) 50vw, 100vw"
                  aspectRatio={16 / 10}
                  priority={index === 0}
                />
                <h2>{editorial.title}</h2>
              </Link>
              <p className="editorial-card__date">
                <time dateTime={editorial.publishedAt}>{formatDate(editorial.publishedAt, boot.locale)}</time>
              </p>
              <p>{editorial.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  )
}
