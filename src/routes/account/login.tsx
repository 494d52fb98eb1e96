import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { safeRedirectPath } from '~/account/safe-redirect'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

/** Where to go after logging in: a path on this site only. */
const searchSchema = z.object({
  redirect: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => safeRedirectPath(value) ?? undefined),
})

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
