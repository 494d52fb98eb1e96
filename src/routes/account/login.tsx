import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { PageHeading } from '~/components/PageHeading'
import { redirectParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

const searchSchema = z.object({ redirect: redirectParam() })

export const Route = createFileRoute('/account/login')({
  validateSearch: searchSchema,
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Log in`,
      msg`Log in with a one-time code sent to your telephone or e-mail, or with LINE.`,
    ),
  component: LoginPage,
})

function LoginPage() {
  return (
    <PageHeading lead={<Trans>Log in with a one-time code sent to your telephone or e-mail, or with LINE.</Trans>}>
      {<Trans>Log in</Trans>}
    </PageHeading>
  )
}
