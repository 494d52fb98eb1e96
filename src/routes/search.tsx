import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

/** The search query is a typed search parameter, so the canonical link keeps it. */
const searchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  page: z.coerce.number().int().min(2).max(400).optional().catch(undefined),
})

export const Route = createFileRoute('/search')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Search`),
  component: SearchPage,
})

function SearchPage() {
  const { q } = Route.useSearch()
  return (
    <PageHeading lead={q ? <Trans>Results for “{q}”</Trans> : <Trans>What are you looking for?</Trans>}>
      <Trans>Search</Trans>
    </PageHeading>
  )
}
