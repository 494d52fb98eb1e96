import { createFileRoute } from '@tanstack/react-router'
import { InfoPageView, infoPageHead, loadInfoPage } from '~/content/InfoPageView'

export const Route = createFileRoute('/terms-and-conditions')({
  loader: ({ context }) => loadInfoPage(context, 'terms-and-conditions'),
  head: ({ loaderData }) => infoPageHead(loaderData),
  component: TermsAndConditionsPage,
})

function TermsAndConditionsPage() {
  return <InfoPageView slug="terms-and-conditions" />
}
