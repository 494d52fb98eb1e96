import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../app.config'
import { LOCALE_CODES } from '~/i18n/locales'
import { routePath, type RouteTarget } from '~/routing/links'

/**
 * Pages that only make sense with a shopper's session. The cart is not among them: without the shopper's
 * cookie it is the empty cart (nothing personal), and issue 8 asks for it to be crawlable (Lighthouse SEO
 * 100 on /cart).
 */
const PRIVATE: RouteTarget[] = [{ to: '/account' }, { to: '/checkout' }, { to: '/wishlist' }, { to: '/quick-pass' }]

/** robots.txt: private pages stay out of search engines; the sitemap is announced with the site URL. */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: (): Response => {
        const lines = ['User-agent: *']
        // Each private page in every language, as the configured strategy writes it (one line per distinct path).
        const disallowed = new Set<string>()
        for (const target of PRIVATE) {
          for (const lang of LOCALE_CODES) {
            disallowed.add(
              routePath(target, { lang, strategy: env.LANGUAGE_STRATEGY, defaultLocale: env.DEFAULT_LOCALE }),
            )
          }
        }
        for (const path of disallowed) lines.push(`Disallow: ${path}`)
        lines.push('Disallow: /api/')
        lines.push('', `Sitemap: ${env.SITE_URL}/sitemap.xml`, '')
        return new Response(lines.join('\n'), {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
        })
      },
    },
  },
})
