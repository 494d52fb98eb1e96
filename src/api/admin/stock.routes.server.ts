import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminStockAdjustBody,
  adminStockCountBody,
  adminStockCountedSchema,
  adminStockAdjustedSchema,
  adminStockLocationsSchema,
  adminStockMatrixSchema,
  adminStockMovementPageSchema,
  adminStockMovementsQuery,
  adminStockProductParam,
  adminStockSearchQuery,
  adminStockSearchSchema,
  adminStockSkuParam,
  adminStockThresholdBody,
  adminStockThresholdSchema,
  adminStockTransferBody,
  adminStockTransferIdParam,
  adminStockTransferPageSchema,
  adminStockTransferSchema,
  adminStockTransfersQuery,
} from '~/contract/admin-stock'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  DENIED,
} from './guard.server'
import type { AdminStock } from './stock.service'

/**
 * Stock (issue 32 item 3, decision 191): reads with `orders:read` (every role that works on orders sees what is where),
 * changes with `stock:write`, each audited in its own transaction.
 */
export function createStockAdminRoutes(stock: AdminStock, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/stock/locations',
          operationId: 'adminStockLocations',
          summary: 'Where stock is kept: the online warehouse, then each store',
          access: requirePermission('orders:read'),
          responses: { 200: json(adminStockLocationsSchema, 'The locations'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(toWire(adminStockLocationsSchema, { locations: await stock.locations(actorOf(c).language) }), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/stock/products',
          operationId: 'adminStockSearch',
          summary: 'Models found by name, SKU or barcode (25 at most), with their pieces online and in the stores',
          access: requirePermission('orders:read'),
          request: { query: adminStockSearchQuery },
          responses: { 200: json(adminStockSearchSchema, 'The models found'), 400: refused('Bad query'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const found = await stock.search(c.req.valid('query').q, actorOf(c).language)
      return c.json(toWire(adminStockSearchSchema, found), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/stock/products/{id}',
          operationId: 'adminStockMatrix',
          summary: 'A model’s colour × size matrix per location, with each size’s low-stock threshold',
          access: requirePermission('orders:read'),
          request: { params: adminStockProductParam },
          responses: {
            200: json(adminStockMatrixSchema, 'The matrix'),
            400: refused('Not an id'),
            ...DENIED,
            404: refused('No such product'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const matrix = await stock.matrix(c.req.valid('param').id, actorOf(c).language)
      return c.json(toWire(adminStockMatrixSchema, matrix), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/stock/adjustments',
          operationId: 'adminStockAdjust',
          summary: 'Change a size’s count at a location by a delta or to a counted quantity, with a reason',
          access: requirePermission('stock:write'),
          request: body(adminStockAdjustBody),
          responses: {
            200: json(adminStockAdjustedSchema, 'The count after the change, and its ledger line'),
            400: refused('No reason, neither or both of delta and counted, an unknown location or size'),
            ...DENIED,
            409: refused('The count would go below zero (STOCK_SHORT; fields.available says how many there are)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const adjusted = await stock.adjust(c.req.valid('json'), auditContextOf(c))
      return c.json(toWire(adminStockAdjustedSchema, adjusted), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/stock/counts',
          operationId: 'adminStockCount',
          summary: 'A count sheet: the sizes counted at one location set to what was found, all or nothing',
          access: requirePermission('stock:write'),
          request: body(adminStockCountBody),
          responses: {
            200: json(adminStockCountedSchema, 'Each size’s count after, and the change the count made'),
            400: refused('An unknown location, or a size unknown or named twice (fields.lines.{n}.sku)'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => c.json(await stock.count(c.req.valid('json'), auditContextOf(c)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/stock/sizes/{id}/movements',
          operationId: 'adminStockMovements',
          summary: 'A size’s history: its adjustments and transfers at every location, newest first, 25 a page',
          access: requirePermission('orders:read'),
          request: { params: adminStockSkuParam, query: adminStockMovementsQuery },
          responses: {
            200: json(adminStockMovementPageSchema, 'A page of the size’s ledger'),
            400: refused('Bad page'),
            ...DENIED,
            404: refused('No such size'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const page = await stock.movements(c.req.valid('param').id, c.req.valid('query').page, actorOf(c).language)
      return c.json(toWire(adminStockMovementPageSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/stock/sizes/{id}/threshold',
          operationId: 'adminStockThreshold',
          summary: 'Set a size’s low-stock threshold: staff are alerted when an order takes the online stock below it',
          access: requirePermission('stock:write'),
          request: { params: adminStockSkuParam, ...body(adminStockThresholdBody) },
          responses: {
            200: json(adminStockThresholdSchema, 'The threshold set'),
            400: refused('Not a whole number from 0'),
            ...DENIED,
            404: refused('No such size'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const set = await stock.setThreshold(
        c.req.valid('param').id,
        c.req.valid('json').low_stock_threshold,
        auditContextOf(c),
      )
      return c.json(toWire(adminStockThresholdSchema, set), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/stock/transfers',
          operationId: 'adminStockTransferList',
          summary: 'Transfers between locations of a status (the open ones unless said), newest first, 25 a page',
          access: requirePermission('orders:read'),
          request: { query: adminStockTransfersQuery },
          responses: {
            200: json(adminStockTransferPageSchema, 'A page of transfers'),
            400: refused('Bad filter'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const page = await stock.transfers(query.status, query.page, actorOf(c).language)
      return c.json(toWire(adminStockTransferPageSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/stock/transfers',
          operationId: 'adminStockTransferSend',
          summary: 'Send pieces from one location to another: they leave `from` now and arrive when received',
          access: requirePermission('stock:write'),
          request: body(adminStockTransferBody),
          responses: {
            201: json(adminStockTransferSchema, 'Sent'),
            400: refused('The same location twice, an unknown location or size, a size twice'),
            ...DENIED,
            409: refused('A line names more pieces than `from` holds (STOCK_SHORT, fields per line): nothing sent'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const context = auditContextOf(c)
      const id = await stock.send(c.req.valid('json'), context)
      return c.json(toWire(adminStockTransferSchema, await stock.transfer(id, context.actor.language)), 201)
    },
  )

  const CLOSINGS = [
    ['receive', 'received', 'adminStockTransferReceive', 'Receive a sent transfer: its pieces added at `to`'],
    ['cancel', 'cancelled', 'adminStockTransferCancel', 'Cancel a sent transfer: its pieces put back at `from`'],
  ] as const
  for (const [action, outcome, operationId, summary] of CLOSINGS) {
    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/stock/transfers/{id}/${action}`,
            operationId,
            summary,
            access: requirePermission('stock:write'),
            request: { params: adminStockTransferIdParam },
            responses: {
              200: json(adminStockTransferSchema, outcome === 'received' ? 'Received' : 'Cancelled'),
              400: refused('Not a transfer id'),
              ...DENIED,
              404: refused('No such transfer'),
              409: refused('Received or cancelled already (TRANSFER_CLOSED)'),
            },
          },
          now,
        ),
      ),
      async (c) => {
        const context = auditContextOf(c)
        const { id } = c.req.valid('param')
        await stock.close(id, outcome, context)
        return c.json(toWire(adminStockTransferSchema, await stock.transfer(id, context.actor.language)), 200)
      },
    )
  }

  return app
}
