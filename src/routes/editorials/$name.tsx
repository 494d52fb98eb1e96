import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'
import { titleFromPath } from '~/seo/title'

export const Route = createFileRoute('/editorials/$name')({
  head: ({ match, params }) => pageHead(match.context.i18n, titleFromPath(params.name)),
  component: EditorialPage,
})

function EditorialPage() {
  const { name } = Route.useParams()
  return <PageHeading>{titleFromPath(name)}</PageHeading>
}
