import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/cart')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Cart`, msg`Your shopping cart.`),
  component: CartPage,
})

function CartPage() {
  return <PageHeading lead={<Trans>Your shopping cart.</Trans>}>{<Trans>Cart</Trans>}</PageHeading>
}
