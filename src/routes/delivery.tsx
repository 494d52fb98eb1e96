import { createFileRoute } from '@tanstack/react-router'
import { InfoPageView, infoPageHead, loadInfoPage } from '~/content/InfoPageView'

export const Route = createFileRoute('/delivery')({
  loader: ({ context }) => loadInfoPage(context, 'delivery'),
  head: ({ loaderData }) => infoPageHead(loaderData),
  component: DeliveryPage,
})

function DeliveryPage() {
  return <InfoPageView slug="delivery" />
}
