import { createFileRoute } from '@tanstack/react-router'
import { InfoPageView, infoPageHead, loadInfoPage } from '~/content/InfoPageView'

export const Route = createFileRoute('/about-us')({
  loader: ({ context }) => loadInfoPage(context, 'about-us'),
  head: ({ loaderData }) => infoPageHead(loaderData),
  component: AboutUsPage,
})

function AboutUsPage() {
  return <InfoPageView slug="about-us" />
}
