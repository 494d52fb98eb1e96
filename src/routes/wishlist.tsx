import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/wishlist')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Wishlist`, msg`Pieces you have saved for later.`),
  component: WishlistPage,
})

function WishlistPage() {
  return <PageHeading lead={<Trans>Pieces you have saved for later.</Trans>}>{<Trans>Wishlist</Trans>}</PageHeading>
}
