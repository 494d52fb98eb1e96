import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { PageHeading } from '~/components/PageHeading'
import { redirectParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

const searchSchema = z.object({ redirect: redirectParam() })

export const Route = createFileRoute('/account/register')({
  validateSearch: searchSchema,
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Register`,
      msg`Become a member to save addresses, keep a wishlist and earn VIP status.`,
    ),
  component: RegisterPage,
})

function RegisterPage() {
  return (
    <PageHeading lead={<Trans>Become a member to save addresses, keep a wishlist and earn VIP status.</Trans>}>
      {<Trans>Register</Trans>}
    </PageHeading>
  )
}
