import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { productPageQuery } from '~/catalog/catalog.queries'
import { ProductListing } from '~/catalog/components/ProductListing'
import { listingInput, pageInstead } from '~/catalog/listing-loader'
import { listingSearchSchema, type ListingSearch } from '~/catalog/listing-search'
import { Breadcrumbs } from '~/components/Breadcrumbs'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

function titleOf({ gender, tag }: ListingSearch): MessageDescriptor {
  if (tag === 'sale') return msg`Special price`
  if (tag === 'new') return msg`New arrivals`
  if (tag === 'mix_match') return msg`Mix and match`
  if (gender === 'men') return msg`Men`
  if (gender === 'women') return msg`Women`
  return msg`All products`
}

export const Route = createFileRoute('/product/')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const listing = await context.queryClient.ensureQueryData(productPageQuery(listingInput(deps, context.boot)))
    const instead = pageInstead(deps.page, listing.totalPages)
    if (instead !== null) throw redirect({ to: '/product', search: { ...deps, page: instead } })
  },
  head: ({ match }) => pageHead(match.context.i18n, titleOf(match.search)),
  component: ProductListPage,
})

function ProductListPage() {
  const { i18n } = useLingui()
  const { boot } = Route.useRouteContext()
  const search = Route.useSearch()
  const { data: page } = useSuspenseQuery(productPageQuery(listingInput(search, boot)))
  const title = i18n._(titleOf(search))
  return (
    <>
      <Breadcrumbs trail={[{ name: title, link: { to: '/product' } }]} />
      <PageHeading>{title}</PageHeading>
      <ProductListing page={page} search={search} />
    </>
  )
}
