import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { listingSearchSchema } from '~/catalog/listing-search'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/product/')({
  validateSearch: listingSearchSchema,
  head: ({ match }) => {
    const { gender, tag } = match.search
    const title =
      tag === 'sale'
        ? msg`Special price`
        : gender === 'men'
          ? msg`Men`
          : gender === 'women'
            ? msg`Women`
            : msg`All products`
    return pageHead(match.context.i18n, title)
  },
  component: ProductListPage,
})

function ProductListPage() {
  const { gender, tag } = Route.useSearch()
  const title =
    tag === 'sale' ? (
      <Trans>Special price</Trans>
    ) : gender === 'men' ? (
      <Trans>Men</Trans>
    ) : gender === 'women' ? (
      <Trans>Women</Trans>
    ) : (
      <Trans>All products</Trans>
    )
  return <PageHeading>{title}</PageHeading>
}
