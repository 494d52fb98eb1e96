import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../app.config'
import { sitemapSchema } from '~/contract/catalog'
import { productApi } from '~/product-api/server-client.server'
import type { RouteTarget } from '~/routing/links'
import { sitemapXml, type SitemapEntry } from '~/seo/sitemap'

const STATIC_PAGES: RouteTarget[] = [
  { to: '/' },
  { to: '/product' },
  { to: '/category' },
  { to: '/collection' },
  { to: '/editorials' },
  { to: '/stores' },
  { to: '/about-us' },
  { to: '/delivery' },
  { to: '/privacy-policy' },
  { to: '/terms-and-conditions' },
]
const ROUTED_CONTENT = new Set(['about-us', 'delivery', 'privacy-policy', 'terms-and-conditions'])

async function handle(): Promise<Response> {
  try {
    const data = await productApi().get('/sitemap-entries', sitemapSchema)
    const entries: SitemapEntry[] = [
      ...STATIC_PAGES.map((link) => ({ link })),
      ...data.categories.map((name) => ({ link: { to: '/category/$name', params: { name } } }) as const),
      ...data.collections.map((collection) =>
        collection.parent
          ? ({
              link: { to: '/collection/$name/$sub', params: { name: collection.parent, sub: collection.slug } },
            } as const)
          : ({ link: { to: '/collection/$name', params: { name: collection.slug } } } as const),
      ),
      ...data.editorials.map((name) => ({ link: { to: '/editorials/$name', params: { name } } }) as const),
      // Content pages without a route of their own are served by the catch-all page.
      ...data.contentPages
        .filter((slug) => !ROUTED_CONTENT.has(slug))
        .map((slug) => ({ link: { to: '/$', params: { _splat: slug } } }) as const),
      ...data.products.map(
        (product) =>
          ({ link: { to: '/product/$id', params: { id: product.id } }, lastModified: product.updatedAt }) as const,
      ),
    ]
    const xml = sitemapXml(entries, {
      siteUrl: env.SITE_URL,
      strategy: env.LANGUAGE_STRATEGY,
      defaultLocale: env.DEFAULT_LOCALE,
    })
    return new Response(xml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    })
  } catch (error) {
    console.error('sitemap.xml failed', error)
    return new Response('Service unavailable', { status: 503, headers: { 'Retry-After': '30' } })
  }
}

/** sitemap.xml: every page of the shop in both languages. */
export const Route = createFileRoute('/sitemap.xml')({ server: { handlers: { GET: handle } } })
