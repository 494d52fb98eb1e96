import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/quick-pass')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Quick pass`, msg`Your member pass for our stores.`),
  component: QuickPassPage,
})

function QuickPassPage() {
  return <PageHeading lead={<Trans>Your member pass for our stores.</Trans>}>{<Trans>Quick pass</Trans>}</PageHeading>
}
