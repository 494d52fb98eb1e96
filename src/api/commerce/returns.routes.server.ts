import { createRoute } from '@hono/zod-openapi'
import { security, body, createSubApp, json, refused, toWire } from '~/api/http.server'
import { DEFAULT_PAGE_SIZE, langOnlyQuery } from '~/contract/catalog'
import {
  operatorReturnListSchema,
  operatorReturnSchema,
  operatorReturnsQuery,
  orderNumberParam,
  orderSchema,
  orderViewQuery,
  returnDecisionBody,
  returnIdParam,
  returnRequestBody,
  shipmentBody,
} from '~/contract/commerce'
import type { OrdersService } from './orders.service'
import type { ReturnDecisionsService } from './return-decisions.service'
import type { ReturnViews } from './return-views'
import type { CommerceCallers } from './callers.server'
import { operatorDoc } from './operator.server'
import { orderLang, orderWire, type BankAccount } from './order-wire'

/**
 * After the sale: the shopper's exchange and return requests, the back office's list and decisions, and the parcels
 * of an order with their tracking numbers.
 */
export function createReturnRoutes({
  orders,
  returnViews,
  returnDecisions,
  bank,
  callers,
}: {
  orders: OrdersService
  returnViews: ReturnViews
  returnDecisions: ReturnDecisionsService
  bank: BankAccount
  callers: CommerceCallers
}) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/return-requests',
      operationId: 'requestReturn',
      summary:
        'Ask for an exchange or return of some pieces, with a reason (after receipt, within 7 days, returnable pieces of a domestic order, each unit once)',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery, ...body(returnRequestBody) },
      responses: {
        201: json(orderSchema, 'Asked: the order with its requests'),
        400: refused('Field codes: no piece, a piece not of the order, more than bought, unknown size, note missing'),
        404: refused('No such order'),
        409: refused('Not possible: a reason per piece (notReceived, windowClosed, saleItem, alreadyRequested …)'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      const input = c.req.valid('json')
      const view = await orders.requestReturn(
        order,
        {
          kind: input.kind,
          reason: input.reason,
          note: input.note || null,
          items: input.items.map((item) => ({
            position: item.position,
            quantity: item.quantity,
            exchangeSize: item.exchange_size,
          })),
        },
        undefined,
        lang,
      )
      return c.json(orderWire(view, lang, bank), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/operator/returns',
      operationId: 'listReturnRequests',
      summary: 'Back office: exchange and return requests, newest first, 25 a page, optionally of one status',
      ...operatorDoc(['orders:read']),
      security: security.operator,
      request: { query: operatorReturnsQuery },
      responses: {
        200: json(operatorReturnListSchema, 'Requests'),
        401: refused('An API key is required'),
        403: refused('The key’s role lacks orders:read (PERMISSION_DENIED)'),
      },
    }),
    async (c) => {
      await callers.operator.require(c, 'listReturnRequests', ['orders:read'])
      const query = c.req.valid('query')
      const list = await returnViews.list(query.status ?? null, query.page, DEFAULT_PAGE_SIZE, query.lang)
      c.header('Cache-Control', 'private, no-store')
      return c.json(toWire(operatorReturnListSchema, list), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/operator/returns/{id}',
      operationId: 'getReturnRequest',
      summary: 'Back office: one exchange or return request with its order',
      ...operatorDoc(['orders:read']),
      security: security.operator,
      request: { params: returnIdParam, query: langOnlyQuery },
      responses: {
        200: json(operatorReturnSchema, 'The request'),
        401: refused('An API key is required'),
        403: refused('The key’s role lacks orders:read (PERMISSION_DENIED)'),
        404: refused('No such request'),
      },
    }),
    async (c) => {
      await callers.operator.require(c, 'getReturnRequest', ['orders:read'])
      const view = await returnViews.one(c.req.valid('param').id, c.req.valid('query').lang)
      c.header('Cache-Control', 'private, no-store')
      return c.json(toWire(operatorReturnSchema, view), 200)
    },
  )

  const DECISIONS = [
    ['accept', 'accepted', 'Back office: accept a request (the shopper is told); an optional note'],
    ['reject', 'rejected', 'Back office: reject a request, with a note the shopper reads'],
    ['complete', 'completed', 'Back office: an accepted request is done (exchanged, or refunded)'],
  ] as const
  for (const [action, status, summary] of DECISIONS) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/operator/returns/{id}/${action}`,
        operationId: `${action}ReturnRequest`,
        summary,
        ...operatorDoc(['returns:decide']),
        security: security.operator,
        request: { params: returnIdParam, query: langOnlyQuery, ...body(returnDecisionBody) },
        responses: {
          200: json(operatorReturnSchema, 'The request'),
          400: refused('A rejection needs a note'),
          401: refused('An API key is required'),
          403: refused('The key’s role lacks returns:decide (PERMISSION_DENIED)'),
          404: refused('No such request'),
          409: refused('Not a next status of this request'),
        },
      }),
      async (c) => {
        const call = await callers.operator.require(c, `${action}ReturnRequest`, ['returns:decide'])
        const note = c.req.valid('json').note || null
        const id = c.req.valid('param').id
        const record = call.recorder({ action: `return_request.${action}`, entityType: 'return_request', entityId: id })
        const view = await returnDecisions.decide(id, status, note, c.req.valid('query').lang, record)
        return c.json(toWire(operatorReturnSchema, view), 200)
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/operator/orders/{number}/shipments',
      operationId: 'addShipment',
      summary: 'Back office: a parcel of the order with its carrier and tracking number (shown with a link)',
      ...operatorDoc(['fulfilment:write']),
      security: security.operator,
      request: { params: orderNumberParam, ...body(shipmentBody) },
      responses: {
        201: json(orderSchema, 'Added'),
        200: json(orderSchema, 'This number was there already'),
        400: refused('Not a tracking number of this carrier'),
        401: refused('An API key is required'),
        403: refused('The key’s role lacks fulfilment:write (PERMISSION_DENIED)'),
        404: refused('No such order'),
        409: refused('The order is unpaid or cancelled'),
      },
    }),
    async (c) => {
      const call = await callers.operator.require(c, 'addShipment', ['fulfilment:write'])
      const order = await orders.requireByNumber(c.req.valid('param').number)
      const input = c.req.valid('json')
      const record = call.recorder({ action: 'order.add_shipment', entityType: 'order', entityId: order.number })
      const { added, order: view } = await orders.addShipment(order, input.carrier, input.tracking_number, record)
      const wired = orderWire(view, orderLang(order), bank)
      return added ? c.json(wired, 201) : c.json(wired, 200)
    },
  )
  return app
}
