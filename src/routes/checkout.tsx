import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

/** Pages from which /checkout may be entered (§4): the cart, or checkout itself. */
const CHECKOUT_ENTRY_PATHS = new Set(['/cart', '/checkout'])

export const Route = createFileRoute('/checkout')({
  beforeLoad: ({ context }) => {
    const previous = context.previousPath()
    if (previous === null || !CHECKOUT_ENTRY_PATHS.has(previous)) {
      throw redirect({ to: '/cart', replace: true })
    }
  },
  staticData: { layout: 'checkout' },
  head: ({ match }) => pageHead(match.context.i18n, msg`Checkout`),
  component: CheckoutPage,
})

function CheckoutPage() {
  return (
    <PageHeading lead={<Trans>Delivery, payment and a last look at your order.</Trans>}>
      <Trans>Checkout</Trans>
    </PageHeading>
  )
}
