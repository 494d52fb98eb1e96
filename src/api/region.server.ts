import { createRoute } from '@hono/zod-openapi'
import { countryFromRequest, regionForCountry } from '~/region/region'
import { ipInfoSchema } from '~/contract/catalog'
import { createSubApp, json, security } from './http.server'

/** Where the caller is, from the CDN's country header: the storefront's region and currency (§7). */
export function createRegionRoutes() {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/ip-api/info',
      operationId: 'getIpInfo',
      security: security.none,
      summary: 'Where the caller is (CDN country header), for region and currency',
      responses: { 200: json(ipInfoSchema, 'Location') },
    }),
    (c) => {
      const headers = c.req.raw.headers
      const code = countryFromRequest(headers, null) ?? 'TH'
      const ip = headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? headers.get('x-real-ip') ?? ''
      return c.json({ country: regionForCountry(code, ip).country, country_code: code, query: ip }, 200)
    },
  )

  return app
}
