import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/stores')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Stores`, msg`Find our stores, their opening hours and how to reach them.`),
  component: StoresPage,
})

function StoresPage() {
  return (
    <PageHeading lead={<Trans>Find our stores, their opening hours and how to reach them.</Trans>}>
      {<Trans>Stores</Trans>}
    </PageHeading>
  )
}
