import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/account/_member/promotion-code')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Promotion codes`, msg`Your discount codes and what is left to use.`),
  component: PromotionCodePage,
})

function PromotionCodePage() {
  return (
    <PageHeading lead={<Trans>Your discount codes and what is left to use.</Trans>}>
      {<Trans>Promotion codes</Trans>}
    </PageHeading>
  )
}
