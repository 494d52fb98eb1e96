import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../app.config'
import { sitemapSchema } from '~/contract/catalog'
import { productApi } from '~/product-api/server-client.server'
import { sitemapXml, type SitemapEntry } from '~/seo/sitemap'

const STATIC_PATHS = [
  '/',
  '/product',
  '/category',
  '/collection',
  '/editorials',
  '/stores',
  '/about-us',
  '/delivery',
  '/privacy-policy',
  '/terms-and-conditions',
]
const ROUTED_CONTENT = new Set(['about-us', 'delivery', 'privacy-policy', 'terms-and-conditions'])

async function handle(): Promise<Response> {
  try {
    const data = await productApi().get('/sitemap-entries', sitemapSchema)
    const entries: SitemapEntry[] = [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...data.categories.map((slug) => ({ path: `/category/${slug}` })),
      ...data.collections.map((collection) => ({
        path: collection.parent
          ? `/collection/${collection.parent}/${collection.slug}`
          : `/collection/${collection.slug}`,
      })),
      ...data.editorials.map((slug) => ({ path: `/editorials/${slug}` })),
      ...data.contentPages.filter((slug) => !ROUTED_CONTENT.has(slug)).map((slug) => ({ path: `/${slug}` })),
      ...data.products.map((product) => ({ path: `/product/${product.id}`, lastModified: product.updatedAt })),
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
