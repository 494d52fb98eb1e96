import type { LanguageStrategy } from '~/config/constants'
import { LOCALE_CODES, type LocaleCode } from '~/i18n/locales'
import { routeUrl, type RouteTarget } from '~/routing/links'

/** A page of the sitemap: a typed link to it (decision 034), and when it last changed. */
export type SitemapEntry = { link: RouteTarget; lastModified?: string }

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * sitemap.xml with every page in both languages: one <url> a page and language, each naming its
 * alternates (hreflang th, en and x-default) as search engines ask.
 */
export function sitemapXml(
  entries: SitemapEntry[],
  options: { siteUrl: string; strategy: LanguageStrategy; defaultLocale: LocaleCode },
): string {
  const url = (link: RouteTarget, lang: LocaleCode) => escapeXml(routeUrl(link, { ...options, lang }))
  const locales = options.strategy === 'no_prefix' ? [options.defaultLocale] : LOCALE_CODES
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  lines.push('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
  for (const entry of entries) {
    for (const locale of locales) {
      lines.push('<url>', `<loc>${url(entry.link, locale)}</loc>`)
      if (entry.lastModified) lines.push(`<lastmod>${escapeXml(entry.lastModified.slice(0, 10))}</lastmod>`)
      if (locales.length > 1) {
        for (const alternate of locales) {
          lines.push(`<xhtml:link rel="alternate" hreflang="${alternate}" href="${url(entry.link, alternate)}"/>`)
        }
        lines.push(
          `<xhtml:link rel="alternate" hreflang="x-default" href="${url(entry.link, options.defaultLocale)}"/>`,
        )
      }
      lines.push('</url>')
    }
  }
  lines.push('</urlset>')
  return lines.join('\n')
}
