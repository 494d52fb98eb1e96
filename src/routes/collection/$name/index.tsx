import { createFileRoute } from '@tanstack/react-router'
import { listingSearchSchema } from '~/catalog/listing-search'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'
import { titleFromPath } from '~/seo/title'

export const Route = createFileRoute('/collection/$name/')({
  validateSearch: listingSearchSchema,
  head: ({ match, params }) => pageHead(match.context.i18n, titleFromPath(params.name)),
  component: CollectionPage,
})

function CollectionPage() {
  const { name } = Route.useParams()
  return <PageHeading>{titleFromPath(name)}</PageHeading>
}
