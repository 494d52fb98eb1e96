import { createRoute } from '@hono/zod-openapi'
import { security, body, createSubApp, refused } from '~/api/http.server'
import { priceBody, productParam, skuParam, stockBody } from '~/contract/commerce'
import { ApiError } from '~/api/errors'
import type { ShelfService } from './shelf.service'
import type { CommerceCallers } from './callers.server'
import { operatorDoc } from './operator.server'

/** The back office's endpoints for prices and stock. */
export function createShelfRoutes({ shelf, callers }: { shelf: ShelfService; callers: CommerceCallers }) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'put',
      path: '/operator/products/{id}/price',
      operationId: 'setProductPrice',
      summary: 'Back office: a product’s prices in both currencies (carts show the change)',
      ...operatorDoc(['prices:write']),
      security: security.operator,
      request: { params: productParam, ...body(priceBody) },
      responses: {
        204: { description: 'Saved' },
        401: refused('An API key is required'),
        403: refused('The key’s role lacks prices:write (PERMISSION_DENIED)'),
        404: refused('No such product'),
      },
    }),
    async (c) => {
      const call = await callers.operator.require(c, 'setProductPrice', ['prices:write'])
      const input = c.req.valid('json')
      const id = c.req.valid('param').id
      const found = await shelf.setPrices(
        id,
        {
          priceThb: input.price_thb,
          priceUsd: input.price_usd,
          compareAtThb: input.compare_at_thb,
          compareAtUsd: input.compare_at_usd,
        },
        call.recorder({ action: 'product.set_price', entityType: 'product', entityId: id }),
      )
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such product')
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/operator/variants/{sku}/stock',
      operationId: 'setVariantStock',
      summary: 'Back office: the online stock of a size',
      ...operatorDoc(['stock:write']),
      security: security.operator,
      request: { params: skuParam, ...body(stockBody) },
      responses: {
        204: { description: 'Saved' },
        401: refused('An API key is required'),
        403: refused('The key’s role lacks stock:write (PERMISSION_DENIED)'),
        404: refused('No such size'),
      },
    }),
    async (c) => {
      const call = await callers.operator.require(c, 'setVariantStock', ['stock:write'])
      const sku = c.req.valid('param').sku
      const found = await shelf.setStock(
        sku,
        c.req.valid('json').stock_online,
        call.recorder({ action: 'variant.set_stock', entityType: 'variant', entityId: sku }),
        call,
      )
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such size')
      return c.body(null, 204)
    },
  )
  return app
}
