import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/account/_member/more-address')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Address book`, msg`Your saved delivery addresses.`),
  component: AddressBookPage,
})

function AddressBookPage() {
  return <PageHeading lead={<Trans>Your saved delivery addresses.</Trans>}>{<Trans>Address book</Trans>}</PageHeading>
}
