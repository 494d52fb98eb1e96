import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { collectionQuery, productPageQuery } from '~/catalog/catalog.queries'
import { ProductListing } from '~/catalog/components/ProductListing'
import { listingInput, pageInstead } from '~/catalog/listing-loader'
import { isSlug } from '~/routing/search-params'
import { listingSearchSchema } from '~/catalog/listing-search'
import { Breadcrumbs } from '~/components/Breadcrumbs'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/collection/$name/$sub')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps, location }) => {
    const { queryClient, boot } = context
    // Malformed names are no collection; the listing query would refuse them with a 500.
    if (!isSlug(params.name) || !isSlug(params.sub)) {
      throw notFound({ data: { path: location.pathname } })
    }
    const [collection, listing] = await Promise.all([
      queryClient.ensureQueryData(collectionQuery(params.sub, boot.locale, params.name)),
      queryClient.ensureQueryData(productPageQuery(listingInput(deps, boot, { collection: params.sub }))),
    ])
    if (!collection) throw notFound({ data: { path: location.pathname } })
    const instead = pageInstead(deps.page, listing.totalPages)
    if (instead !== null) {
      throw redirect({ to: '/collection/$name/$sub', params, search: { ...deps, page: instead } })
    }
    return { name: collection.name, description: collection.description, parent: collection.parent?.name ?? '' }
  },
  head: ({ match, loaderData }) =>
    pageHead(
      match.context.i18n,
      loaderData ? `${loaderData.name} · ${loaderData.parent}` : msg`Page not found`,
      loaderData?.description,
    ),
  component: SubCollectionPage,
})

function SubCollectionPage() {
  const { boot } = Route.useRouteContext()
  const params = Route.useParams()
  const search = Route.useSearch()
  const { data: collection } = useSuspenseQuery(collectionQuery(params.sub, boot.locale, params.name))
  const { data: page } = useSuspenseQuery(productPageQuery(listingInput(search, boot, { collection: params.sub })))
  if (!collection) return null
  return (
    <>
      <Breadcrumbs
        trail={[
          {
            name: collection.parent?.name ?? params.name,
            link: { to: '/collection/$name', params: { name: params.name } },
          },
          { name: collection.name, link: { to: '/collection/$name/$sub', params } },
        ]}
      />
      <PageHeading lead={collection.description}>{collection.name}</PageHeading>
      <ProductListing page={page} search={search} />
    </>
  )
}
