import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/category/')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Categories`, msg`Shop by category.`),
  component: CategoriesPage,
})

function CategoriesPage() {
  return <PageHeading lead={<Trans>Shop by category.</Trans>}>{<Trans>Categories</Trans>}</PageHeading>
}
