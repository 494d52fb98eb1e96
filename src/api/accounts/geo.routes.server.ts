import { createRoute } from '@hono/zod-openapi'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { security, createSubApp, refused, shared, toWire } from '~/api/http.server'
import {
  geoListSchema,
  geoQuery,
  postcodeParam,
  postcodePlacesSchema,
  subDistrictListSchema,
} from '~/contract/accounts'

/** Thai postal data for the address form: provinces, districts, sub-districts and the places of a postcode. */
export function createGeoRoutes() {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/provinces',
      operationId: 'listThaiProvinces',
      security: security.none,
      summary: 'Thai provinces',
      request: { query: geoQuery },
      responses: { 200: shared(geoListSchema, 'Provinces') },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      return c.json(toWire(geoListSchema, { items: postal.provinces(c.req.valid('query').lang) }), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/districts',
      operationId: 'listThaiDistricts',
      security: security.none,
      summary: 'Districts of a Thai province',
      request: { query: geoQuery },
      responses: { 200: shared(geoListSchema, 'Districts') },
    }),
    async (c) => {
      const query = c.req.valid('query')
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      return c.json(toWire(geoListSchema, { items: postal.districts(query.province ?? '', query.lang) }), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/sub-districts',
      operationId: 'listThaiSubDistricts',
      security: security.none,
      summary: 'Sub-districts of a Thai district, with their postcodes',
      request: { query: geoQuery },
      responses: { 200: shared(subDistrictListSchema, 'Sub-districts') },
    }),
    async (c) => {
      const query = c.req.valid('query')
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      const items = postal.subDistricts(query.province ?? '', query.district ?? '', query.lang)
      return c.json(toWire(subDistrictListSchema, { items }), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/postcodes/{postcode}',
      operationId: 'getThaiPostcode',
      security: security.none,
      summary: 'The places of a Thai postcode (to fill the form from it)',
      request: { params: postcodeParam, query: geoQuery },
      responses: { 200: shared(postcodePlacesSchema, 'Places'), 400: refused('Not five digits') },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      const items = postal.byPostcode(c.req.valid('param').postcode, c.req.valid('query').lang)
      return c.json(toWire(postcodePlacesSchema, { items }), 200)
    },
  )

  return app
}
