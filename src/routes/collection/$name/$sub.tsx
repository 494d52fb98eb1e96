import { createFileRoute } from '@tanstack/react-router'
import { listingSearchSchema } from '~/catalog/listing-search'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'
import { titleFromPath } from '~/seo/title'

export const Route = createFileRoute('/collection/$name/$sub')({
  validateSearch: listingSearchSchema,
  head: ({ match, params }) =>
    pageHead(match.context.i18n, `${titleFromPath(params.sub)} · ${titleFromPath(params.name)}`),
  component: SubCollectionPage,
})

function SubCollectionPage() {
  const { name, sub } = Route.useParams()
  return <PageHeading lead={titleFromPath(name)}>{titleFromPath(sub)}</PageHeading>
}
