import { body, json, refused, toWire } from '~/api/http.server'
import { adminOrderNumberParam } from '~/contract/admin-orders'
import { orderRefundsSchema, refundBody, refundCreatedSchema } from '~/contract/admin-refunds'
import { IDEMPOTENCY_KEY_HEADER } from '~/contract/headers'
import { z } from '@hono/zod-openapi'
import type { RefundAsk, RefundsService } from '~/api/commerce/refunds.service'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission } from './guard.server'

const denied = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED), or the second factor is needed again'),
}

const refundHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[A-Za-z0-9._:-]+$/)
    .optional()
    .openapi({ description: 'The same key on the same order answers the first refund, never makes a second' }),
})

/** Refunds (issue 31 item 7): an order's refunds and disputes, and a refund asked (payments:refund, step-up). */
export function createRefundAdminRoutes(refunds: RefundsService, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/orders/{number}/refunds',
          operationId: 'adminOrderRefunds',
          summary: 'An order’s refunds and disputes, what was paid and what may still be refunded, piece by piece',
          access: requirePermission('orders:read'),
          request: { params: adminOrderNumberParam },
          responses: {
            200: json(orderRefundsSchema, 'The refunds'),
            400: refused('Not an order number'),
            ...denied,
            404: refused('No such order'),
          },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(orderRefundsSchema, await refunds.ofOrder(c.req.valid('param').number)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/orders/{number}/refunds',
          operationId: 'adminOrderRefundCreate',
          summary:
            'Refund in full, by pieces or by an amount, through the order’s provider (a transfer: with the bank’s reference); never more than paid less refunded',
          access: requirePermission('payments:refund'),
          request: { params: adminOrderNumberParam, headers: refundHeaders, ...body(refundBody) },
          responses: {
            201: json(refundCreatedSchema, 'Refunded, or asked of the provider (pending); a repeated key: the first'),
            400: refused('No reason, no pieces, a line the order lacks, too many pieces, or no bank reference'),
            ...denied,
            404: refused('No such order'),
            409: refused(
              'Nothing paid (NOT_ALLOWED), more than may be refunded (REFUND_TOO_LARGE), a bank reference used before (IDEMPOTENCY_CONFLICT), or the provider refused (PAYMENT_FAILED)',
            ),
            503: refused('The provider could not be reached (PAYMENT_FAILED): nothing was refunded'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const common = {
        reason: input.reason,
        idempotencyKey: c.req.valid('header')[IDEMPOTENCY_KEY_HEADER] ?? null,
        bankReference: input.bank_reference ?? null,
      }
      const ask: RefundAsk =
        input.mode === 'pieces'
          ? { ...common, mode: 'pieces', pieces: input.pieces ?? [] }
          : input.mode === 'amount'
            ? { ...common, mode: 'amount', amount: input.amount ?? 0 }
            : { ...common, mode: 'full' }
      const result = await refunds.refund(c.req.valid('param').number, ask, auditContextOf(c))
      return c.json(toWire(refundCreatedSchema, result), 201)
    },
  )

  return app
}
