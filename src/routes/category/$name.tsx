import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { CATEGORY_LABELS, isCategorySlug } from '~/catalog/categories'
import { listingSearchSchema } from '~/catalog/listing-search'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/category/$name')({
  validateSearch: listingSearchSchema,
  loader: ({ params }) => {
    if (!isCategorySlug(params.name)) throw notFound({ data: { path: `/category/${params.name}` } })
    return { slug: params.name }
  },
  head: ({ match, loaderData }) =>
    pageHead(match.context.i18n, loaderData ? CATEGORY_LABELS[loaderData.slug] : msg`Page not found`),
  component: CategoryPage,
})

function CategoryPage() {
  const { i18n } = useLingui()
  const { slug } = Route.useLoaderData()
  return <PageHeading>{i18n._(CATEGORY_LABELS[slug])}</PageHeading>
}
