import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { categoriesQuery } from '~/catalog/catalog.queries'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/category/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(categoriesQuery(context.boot.locale)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Categories`, msg`Shop by category.`),
  component: CategoriesPage,
})

function CategoriesPage() {
  const { boot } = Route.useRouteContext()
  const { data } = useSuspenseQuery(categoriesQuery(boot.locale))
  return (
    <>
      <PageHeading lead={<Trans>Shop by category.</Trans>}>
        <Trans>Categories</Trans>
      </PageHeading>
      <ul className="tiles">
        {data.items.map(({ slug, name, productCount }) => (
          <li key={slug}>
            <Link to="/category/$name" params={{ name: slug }}>
              <span>{name}</span>
              <span className="tiles__count">
                <Trans>{productCount} pieces</Trans>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
