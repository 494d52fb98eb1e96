import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound, useRouteContext } from '@tanstack/react-router'
import { BRAND_NAME } from '~/brand'
import { ContentBlocks } from '~/components/ContentBlocks'
import { PageHeading } from '~/components/PageHeading'
import type { RouterContext } from '~/router'
import { CONTENT_SLUG_PATTERN, contentPageQuery } from './content.functions'
import type { ContentPage } from './info-pages'

/** Loads a content page into the query cache; a path without one is a 404. */
export async function loadInfoPage(context: RouterContext, slug: string): Promise<ContentPage> {
  if (!CONTENT_SLUG_PATTERN.test(slug)) throw notFound({ data: { path: `/${slug}` } })
  const page = await context.queryClient.ensureQueryData(contentPageQuery(slug, context.boot.locale))
  if (!page) throw notFound({ data: { path: `/${slug}` } })
  return page
}

export function infoPageHead(page: ContentPage | undefined, title?: string) {
  const text = title ?? page?.title ?? ''
  const fullTitle = text ? `${text} | ${BRAND_NAME}` : BRAND_NAME
  return {
    meta: [
      { title: fullTitle },
      { property: 'og:title', content: fullTitle },
      ...(page
        ? [
            { name: 'description', content: page.description },
            { property: 'og:description', content: page.description },
          ]
        : []),
    ],
  }
}

export function InfoPageView({ slug, title }: { slug: string; title?: string }) {
  const { boot } = useRouteContext({ from: '__root__' })
  const { data: page } = useSuspenseQuery(contentPageQuery(slug, boot.locale))
  if (!page) return null
  return (
    <article>
      <PageHeading>{title ?? page.title}</PageHeading>
      <ContentBlocks blocks={page.blocks} />
    </article>
  )
}
