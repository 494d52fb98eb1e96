import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { categoriesQuery, productPageQuery } from '~/catalog/catalog.queries'
import { ProductListing } from '~/catalog/components/ProductListing'
import { listingInput, pageInstead } from '~/catalog/listing-loader'
import { isSlug } from '~/routing/search-params'
import { listingSearchSchema } from '~/catalog/listing-search'
import { Breadcrumbs } from '~/components/Breadcrumbs'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/category/$name')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps, location }) => {
    const { queryClient, boot } = context
    // A malformed name (`%22`, `a b`, `<script>`) is no category; the listing query would refuse it with a 500.
    if (!isSlug(params.name)) throw notFound({ data: { path: location.pathname } })
    const [categories, listing] = await Promise.all([
      queryClient.ensureQueryData(categoriesQuery(boot.locale)),
      queryClient.ensureQueryData(productPageQuery(listingInput(deps, boot, { category: params.name }))),
    ])
    const category = categories.items.find((item) => item.slug === params.name)
    if (!category) throw notFound({ data: { path: location.pathname } })
    const instead = pageInstead(deps.page, listing.totalPages)
    if (instead !== null) throw redirect({ to: '/category/$name', params, search: { ...deps, page: instead } })
    return { name: category.name }
  },
  head: ({ match, loaderData }) => ({
    ...pageHead(match.context.i18n, loaderData?.name ?? msg`Page not found`),
  }),
  component: CategoryPage,
})

function CategoryPage() {
  const { boot } = Route.useRouteContext()
  const params = Route.useParams()
  const search = Route.useSearch()
  const { name } = Route.useLoaderData()
  const { data: page } = useSuspenseQuery(productPageQuery(listingInput(search, boot, { category: params.name })))
  return (
    <>
      <Breadcrumbs trail={[{ name, link: { to: '/category/$name', params } }]} />
      <PageHeading>{name}</PageHeading>
      <ProductListing page={page} search={search} />
    </>
  )
}
