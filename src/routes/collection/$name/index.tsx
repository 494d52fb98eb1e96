import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { collectionQuery, productPageQuery } from '~/catalog/catalog.queries'
import { CollectionChips } from '~/catalog/components/CollectionChips'
import { ProductListing } from '~/catalog/components/ProductListing'
import { listingInput, pageInstead } from '~/catalog/listing-loader'
import { isSlug } from '~/routing/search-params'
import { listingSearchSchema } from '~/catalog/listing-search'
import { Breadcrumbs } from '~/components/Breadcrumbs'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/collection/$name/')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps, location }) => {
    const { queryClient, boot } = context
    // A malformed name is no collection; the listing query would refuse it with a 500.
    if (!isSlug(params.name)) throw notFound({ data: { path: location.pathname } })
    const [collection, listing] = await Promise.all([
      queryClient.ensureQueryData(collectionQuery(params.name, boot.locale)),
      queryClient.ensureQueryData(productPageQuery(listingInput(deps, boot, { collection: params.name }))),
    ])
    // A sub-collection has its own URL under its parent.
    if (!collection || collection.parent) throw notFound({ data: { path: location.pathname } })
    const instead = pageInstead(deps.page, listing.totalPages)
    if (instead !== null) throw redirect({ to: '/collection/$name', params, search: { ...deps, page: instead } })
    return { name: collection.name, description: collection.description }
  },
  head: ({ match, loaderData }) =>
    pageHead(match.context.i18n, loaderData?.name ?? msg`Page not found`, loaderData?.description),
  component: CollectionPage,
})

function CollectionPage() {
  const { boot } = Route.useRouteContext()
  const params = Route.useParams()
  const search = Route.useSearch()
  const { data: collection } = useSuspenseQuery(collectionQuery(params.name, boot.locale))
  const { data: page } = useSuspenseQuery(productPageQuery(listingInput(search, boot, { collection: params.name })))
  if (!collection) return null
  return (
    <>
      <Breadcrumbs
        trail={[{ name: collection.name, link: { to: '/collection/$name', params: { name: collection.slug } } }]}
      />
      <PageHeading lead={collection.description}>{collection.name}</PageHeading>
      <CollectionChips collection={collection} />
      <ProductListing page={page} search={search} />
    </>
  )
}
