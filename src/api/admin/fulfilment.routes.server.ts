import { z } from '@hono/zod-openapi'
import { body, json, refused, toWire } from '~/api/http.server'
import { adminOrderNumberParam, adminOrderSchema } from '~/contract/admin-orders'
import {
  fulfilmentDocumentQuery,
  parcelEventsSchema,
  shipBody,
  thailandPostWebhookBody,
  trackingImportBody,
  trackingImportSchema,
  trackingWebhookParam,
  webhookAcceptedSchema,
} from '~/contract/admin-fulfilment'
import { ApiError } from '~/api/errors'
import { eventsOfThailandPostItems } from '~/api/providers/thailand-post.server'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  DENIED,
} from './guard.server'
import type { Fulfilment } from './fulfilment.service'
import type { AdminOrders } from './orders.service'
import { sameKey, type ParcelTracking } from './tracking.service'

const FILE_NAMES = { pick_list: 'pick-list', packing_slips: 'packing-slips', labels: 'labels' } as const

/** Fulfilment (issue 31 item 8, item 5's bulk actions): the warehouse's PDFs, shipping a parcel, the tracking CSV. */
export function createFulfilmentRoutes(
  fulfilment: Fulfilment,
  orders: AdminOrders,
  now: () => Date,
  tracking: ParcelTracking,
) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/fulfilment/documents',
          operationId: 'adminFulfilmentDocument',
          summary: 'A pick list, the packing slips or the 4×6 labels of the orders, as one PDF',
          description:
            'Each slip and label carries the order’s QR code: its page in the back office, which the shop’s /scan opens.',
          access: requirePermission('fulfilment:write'),
          request: { query: fulfilmentDocumentQuery },
          responses: {
            200: {
              description: 'The document (PDF)',
              content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
              headers: {
                'Content-Disposition': {
                  description: '`inline; filename="{kind}.pdf"`',
                  required: true,
                  schema: { type: 'string' },
                },
              },
            },
            400: refused('No kind, or no order numbers'),
            ...DENIED,
            404: refused('An order number no order has (fields name each)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { kind, numbers } = c.req.valid('query')
      const pdf = await fulfilment.document(kind, numbers)
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Disposition', `inline; filename="${FILE_NAMES[kind]}.pdf"`)
      return c.body(new Uint8Array(pdf), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/orders/{number}/parcels',
          operationId: 'adminOrderShip',
          summary:
            'A parcel handed to its carrier with its tracking number: the order ships (paid or packed → in transit)',
          description:
            'An order in transit gets one parcel more; the same parcel twice is kept once. The shopper’s “shipped” e-mail lists the parcels.',
          access: requirePermission('fulfilment:write'),
          request: { params: adminOrderNumberParam, ...body(shipBody) },
          responses: {
            200: json(adminOrderSchema, 'Shipped'),
            400: refused('Unknown carrier, or not a tracking number of this carrier'),
            ...DENIED,
            404: refused('No such order'),
            409: refused('Not paid yet, cancelled, received or returned (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { number } = c.req.valid('param')
      const input = c.req.valid('json')
      await fulfilment.ship(number, input.carrier, input.tracking_number, auditContextOf(c))
      return c.json(toWire(adminOrderSchema, await orders.detail(number, actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/fulfilment/tracking-import',
          operationId: 'adminTrackingImport',
          summary: 'Ship orders from a tracking CSV: a dry run reports each row; the apply ships all of them or none',
          access: requirePermission('fulfilment:write'),
          request: { ...body(trackingImportBody) },
          responses: {
            200: json(trackingImportSchema, 'The rows, each with its problems (a dry run), or all shipped'),
            400: refused(
              'An empty file, or an apply with bad rows: fields name each row (rows.{line}) and nothing changed',
            ),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const report = await fulfilment.importTracking(input.csv, input.apply, auditContextOf(c))
      return c.json(toWire(trackingImportSchema, report), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/orders/{number}/tracking',
          operationId: 'adminOrderTracking',
          summary: 'What the carrier said of each parcel of the order (polled or pushed), oldest first',
          access: requirePermission('orders:read'),
          request: { params: adminOrderNumberParam },
          responses: {
            200: json(parcelEventsSchema, 'The parcels’ events'),
            400: refused('Not an order number'),
            ...DENIED,
            404: refused('No such order'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const order = await fulfilment.requireByNumber(c.req.valid('param').number)
      const events = await tracking.ofOrder(order.id)
      return c.json(
        toWire(parcelEventsSchema, {
          events: events.map((event) => ({ ...event, occurredAt: event.occurredAt.toISOString() })),
          receivedAt: order.receivedAt?.toISOString() ?? null,
        }),
        200,
      )
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/webhooks/thailand-post/{key}',
          operationId: 'thailandPostWebhook',
          summary: 'Thailand Post’s tracking push: each parcel’s statuses stored; a delivered parcel’s order received',
          description:
            'The address given to Thailand Post’s webhook carries the shop’s secret (THAILAND_POST_WEBHOOK_KEY). A ' +
            'delivery makes the order received at the carrier’s time of delivery, audited as the system.',
          access: { kind: 'public' },
          request: { params: trackingWebhookParam, ...body(thailandPostWebhookBody) },
          responses: {
            200: json(webhookAcceptedSchema, 'Received: how many items, how many new events'),
            400: refused('Not a tracking push'),
            404: refused('No webhook at this address'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const expected = tracking.options.webhookKey
      if (!expected || !sameKey(c.req.valid('param').key, expected)) {
        throw new ApiError(404, 'NOT_FOUND', 'No such endpoint')
      }
      const { items } = c.req.valid('json')
      const { recorded } = await tracking.record(eventsOfThailandPostItems(items), 'webhook')
      return c.json({ received: items.length, recorded }, 200)
    },
  )

  return app
}
