import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/account/_member/')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`My account`, msg`Personal information, addresses, orders and membership.`),
  component: AccountPage,
})

function AccountPage() {
  return (
    <PageHeading lead={<Trans>Personal information, addresses, orders and membership.</Trans>}>
      {<Trans>My account</Trans>}
    </PageHeading>
  )
}
