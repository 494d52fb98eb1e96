import { createFileRoute } from '@tanstack/react-router'
import { InfoPageView, infoPageHead, loadInfoPage } from '~/content/InfoPageView'

export const Route = createFileRoute('/privacy-policy')({
  loader: ({ context }) => loadInfoPage(context, 'privacy-policy'),
  head: ({ loaderData }) => infoPageHead(loaderData),
  component: PrivacyPolicyPage,
})

function PrivacyPolicyPage() {
  return <InfoPageView slug="privacy-policy" />
}
