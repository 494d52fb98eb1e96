import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/scan')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Scan`, msg`Scan a product's barcode or QR code to open it.`),
  component: ScanPage,
})

function ScanPage() {
  return (
    <PageHeading lead={<Trans>Scan a product's barcode or QR code to open it.</Trans>}>
      {<Trans>Scan</Trans>}
    </PageHeading>
  )
}
