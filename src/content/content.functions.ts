import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { LOCALE_CODES, type LocaleCode } from '~/i18n/locales'
import { findContentPage } from './content.server'

/** The shape of a content page path: lower-case words joined by hyphens, in segments. */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9-]{1,80}(\/[a-z0-9-]{1,80}){0,4}$/

const contentPageInput = z.object({
  slug: z.string().max(400).regex(CONTENT_SLUG_PATTERN),
  locale: z.enum(LOCALE_CODES),
})

/** A content page (info pages and the catch-all's pages); null when the path has none. */
export const getContentPage = createServerFn({ method: 'GET' })
  .validator(contentPageInput)
  .handler(({ data }) => findContentPage(data.slug, data.locale))

export const contentPageQuery = (slug: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ['content-page', locale, slug],
    queryFn: () => getContentPage({ data: { slug, locale } }),
    staleTime: 10 * 60_000,
  })
