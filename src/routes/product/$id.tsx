import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

const searchSchema = z.object({
  size: z
    .string()
    .regex(/^[A-Za-z0-9.]{1,6}$/)
    .optional()
    .catch(undefined),
})

export const Route = createFileRoute('/product/$id')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Product`),
  component: ProductPage,
})

function ProductPage() {
  const { id } = Route.useParams()
  return (
    <PageHeading lead={<Trans>Product {id}</Trans>}>
      <Trans>Product</Trans>
    </PageHeading>
  )
}
