import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { PageHeading } from '~/components/PageHeading'
import { pageParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

const searchSchema = z.object({
  page: pageParam(),
})

export const Route = createFileRoute('/account/_member/order-history')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Order history`, msg`Your orders, newest first.`),
  component: OrderHistoryPage,
})

function OrderHistoryPage() {
  return <PageHeading lead={<Trans>Your orders, newest first.</Trans>}>{<Trans>Order history</Trans>}</PageHeading>
}
