import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../app.config'

/**
 * Pages that only make sense with a shopper's session. The cart is not among them: without the shopper's
 * cookie it is the empty cart (nothing personal), and issue 8 asks for it to be crawlable (Lighthouse SEO
 * 100 on /cart).
 */
const PRIVATE = ['/account', '/checkout', '/wishlist', '/quick-pass', '/api/']

/** robots.txt: private pages stay out of search engines; the sitemap is announced with the site URL. */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: () => {
        const lines = ['User-agent: *']
        for (const path of PRIVATE) {
          lines.push(`Disallow: ${path}`)
          if (!path.startsWith('/api')) lines.push(`Disallow: /en${path}`)
        }
        lines.push('', `Sitemap: ${env.SITE_URL}/sitemap.xml`, '')
        return new Response(lines.join('\n'), {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
        })
      },
    },
  },
})
