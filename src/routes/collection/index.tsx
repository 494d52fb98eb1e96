import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/collection/')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Collections`, msg`Every collection, season by season.`),
  component: CollectionsPage,
})

function CollectionsPage() {
  return (
    <PageHeading lead={<Trans>Every collection, season by season.</Trans>}>{<Trans>Collections</Trans>}</PageHeading>
  )
}
