import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminOrderNumberParam,
  adminOrderPageSchema,
  adminOrderSchema,
  adminOrdersQuery,
  orderAddressBody,
  orderCancelBody,
  orderNoteBody,
  orderNoteSchema,
  orderQueuesSchema,
} from '~/contract/admin-orders'
import { addressInputOf } from '~/api/accounts/address-wire'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  DENIED,
} from './guard.server'
import type { AdminOrders } from './orders.service'

/** The orders workspace (issue 31 item 5): the list, the queues, an order's detail, notes, cancelling, the address. */
export function createOrderAdminRoutes(orders: AdminOrders, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/orders',
          operationId: 'adminOrderList',
          summary: 'The orders: filtered, searched (number, name, telephone, e-mail), sorted and paged',
          access: requirePermission('orders:read'),
          request: { query: adminOrdersQuery },
          responses: { 200: json(adminOrderPageSchema, 'A page of orders'), 400: refused('Bad filter'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const page = await orders.list(
        {
          status: query.status,
          paymentStatus: query.payment_status,
          paymentMethod: query.payment_method,
          currency: query.currency,
          placedFrom: query.placed_from,
          placedTo: query.placed_to,
          store: query.store,
          openReturn: query.open_return === undefined ? undefined : query.open_return === 'true',
          q: query.q || undefined,
        },
        { sort: query.sort, dir: query.dir, page: query.page, size: query.size },
      )
      return c.json(toWire(adminOrderPageSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/orders/queues',
          operationId: 'adminOrderQueues',
          summary: 'The work waiting: payments to confirm, orders to pack and to ship, returns to decide',
          access: requirePermission('orders:read'),
          responses: { 200: json(orderQueuesSchema, 'Each queue’s count and its oldest’s age'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(orderQueuesSchema, await orders.queues()), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/orders/{number}',
          operationId: 'adminOrderGet',
          summary: 'An order: lines, totals, customer, address, payments, parcels, returns, documents, notes, timeline',
          access: requirePermission('orders:read'),
          request: { params: adminOrderNumberParam },
          responses: {
            200: json(adminOrderSchema, 'The order'),
            400: refused('Not an order number'),
            ...DENIED,
            404: refused('No such order'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const detail = await orders.detail(c.req.valid('param').number, actorOf(c).language)
      return c.json(toWire(adminOrderSchema, detail), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/orders/{number}/notes',
          operationId: 'adminOrderNoteCreate',
          summary: 'A staff note on the order (staff read it in the timeline; the shopper never does)',
          access: requirePermission('orders:write'),
          request: { params: adminOrderNumberParam, ...body(orderNoteBody) },
          responses: {
            201: json(orderNoteSchema, 'Noted'),
            400: refused('An empty or too long note'),
            ...DENIED,
            404: refused('No such order'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const note = await orders.addNote(c.req.valid('param').number, c.req.valid('json').body, auditContextOf(c))
      return c.json(toWire(orderNoteSchema, note), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/orders/{number}/cancel',
          operationId: 'adminOrderCancel',
          summary: 'Cancel the order with a reason, before it is packed (§4): its stock back, the shopper told',
          access: requirePermission('orders:write'),
          request: { params: adminOrderNumberParam, ...body(orderCancelBody) },
          responses: {
            200: json(adminOrderSchema, 'Cancelled'),
            400: refused('No reason'),
            ...DENIED,
            403: refused(
              'The role lacks the permission (PERMISSION_DENIED), or the order is paid (a money action) and the session gave its second factor more than 5 minutes ago (STEP_UP_REQUIRED)',
            ),
            404: refused('No such order'),
            409: refused('Packed, on its way or done: too late (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { number } = c.req.valid('param')
      await orders.cancel(number, c.req.valid('json').reason, auditContextOf(c))
      return c.json(toWire(adminOrderSchema, await orders.detail(number, actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/orders/{number}/address',
          operationId: 'adminOrderAddressUpdate',
          summary: 'Change where a courier order goes, before it is packed (§4); checked as checkout checks it',
          access: requirePermission('orders:write'),
          request: { params: adminOrderNumberParam, ...body(orderAddressBody) },
          responses: {
            200: json(adminOrderSchema, 'Changed'),
            400: refused('The address is not valid: fields say which'),
            ...DENIED,
            404: refused('No such order'),
            409: refused('Packed, on its way, done, or picked up at a branch (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { number } = c.req.valid('param')
      await orders.editAddress(number, addressInputOf(c.req.valid('json')), auditContextOf(c))
      return c.json(toWire(adminOrderSchema, await orders.detail(number, actorOf(c).language)), 200)
    },
  )

  return app
}
