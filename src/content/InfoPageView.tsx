import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound, useRouteContext } from '@tanstack/react-router'
import { contentPageQuery } from '~/catalog/catalog.queries'
import type { ContentPage } from '~/catalog/types'
import { PageHeading } from '~/components/PageHeading'
import { RichContent } from '~/components/RichContent'
import type { RouterContext } from '~/router'
import { fullTitle, shareTextMeta } from '~/seo/share'

/** The shape of a content page path: lower-case words joined by single hyphens. */
const CONTENT_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Loads a content page of the product API into the query cache; a path without one is a 404. */
export async function loadInfoPage(context: RouterContext, slug: string): Promise<ContentPage> {
  if (!CONTENT_SLUG.test(slug)) throw notFound({ data: { path: `/${slug}` } })
  const { boot } = context
  const page = await context.queryClient.ensureQueryData(
    contentPageQuery(slug, boot.locale, boot.region.ISOCurrencyCode),
  )
  if (!page) throw notFound({ data: { path: `/${slug}` } })
  return page
}

export function infoPageHead(page: ContentPage | undefined, title?: string) {
  const text = fullTitle(title ?? page?.title ?? '')
  return { meta: [{ title: text }, ...shareTextMeta(text, page?.description)] }
}

export function InfoPageView({ slug, title }: { slug: string; title?: string }) {
  const { boot } = useRouteContext({ from: '__root__' })
  const { data: page } = useSuspenseQuery(contentPageQuery(slug, boot.locale, boot.region.ISOCurrencyCode))
  if (!page) return null
  return (
    <article>
      <PageHeading>{title ?? page.title}</PageHeading>
      <RichContent blocks={page.blocks} />
    </article>
  )
}
