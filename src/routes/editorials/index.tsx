import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

const searchSchema = z.object({
  page: z.coerce.number().int().min(2).max(400).optional().catch(undefined),
})

export const Route = createFileRoute('/editorials/')({
  validateSearch: searchSchema,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Editorials`, msg`Stories, lookbooks and the people behind them.`),
  component: EditorialsPage,
})

function EditorialsPage() {
  return (
    <PageHeading lead={<Trans>Stories, lookbooks and the people behind them.</Trans>}>
      {<Trans>Editorials</Trans>}
    </PageHeading>
  )
}
