import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { PageHeading } from '~/components/PageHeading'
import { redirectParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

const searchSchema = z.object({ redirect: redirectParam() })

export const Route = createFileRoute('/account/confirm-otp')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Confirm your code`, msg`Enter the six-digit code we sent you.`),
  component: ConfirmOtpPage,
})

function ConfirmOtpPage() {
  return (
    <PageHeading lead={<Trans>Enter the six-digit code we sent you.</Trans>}>
      {<Trans>Confirm your code</Trans>}
    </PageHeading>
  )
}
