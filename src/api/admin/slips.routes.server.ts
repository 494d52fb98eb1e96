import { body, json, refused, toWire } from '~/api/http.server'
import { adminOrderNumberParam, adminOrderSchema } from '~/contract/admin-orders'
import {
  adminSlipIdParam,
  adminSlipListSchema,
  adminSlipSchema,
  adminSlipsQuery,
  markPaidBody,
  slipRejectBody,
  statementConfirmBody,
  statementConfirmSchema,
  statementPreviewBody,
  statementPreviewSchema,
} from '~/contract/slips'
import type { TransferSlips } from '~/api/commerce/slips.service'
import { actorOf, adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission } from './guard.server'
import type { AdminOrders } from './orders.service'

const denied = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED) or the second factor is due (STEP_UP_REQUIRED)'),
}

const picture = { schema: { type: 'string' as const, format: 'binary' } }

/**
 * Transfer slips in the back office (issue 31 item 6): the review queue, a slip's picture, confirming (the order paid)
 * or rejecting it with a reason the shopper reads, "mark paid" with a bank reference, and a bank statement's lines
 * matched to open transfers (a preview, then the chosen matches). Each write is audited in its transaction.
 */
export function createSlipAdminRoutes(slips: TransferSlips, orders: AdminOrders, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/slips',
          operationId: 'adminSlipList',
          summary: 'Transfer slips of a status, oldest first: the slips to review by default',
          access: requirePermission('payments:confirm'),
          request: { query: adminSlipsQuery },
          responses: { 200: json(adminSlipListSchema, 'The slips'), 400: refused('Not a status'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const items = await slips.list(c.req.valid('query').status)
      return c.json(toWire(adminSlipListSchema, { items }), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/slips/{id}/picture',
          operationId: 'adminSlipPicture',
          summary: 'A slip’s picture as kept (metadata stripped)',
          access: requirePermission('payments:confirm'),
          request: { params: adminSlipIdParam },
          responses: {
            200: {
              description: 'The picture',
              content: { 'image/jpeg': picture, 'image/png': picture, 'image/webp': picture },
            },
            400: refused('Not a slip id'),
            ...denied,
            404: refused('No such slip'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { data, type } = await slips.picture(c.req.valid('param').id)
      c.header('Content-Type', type)
      c.header('X-Content-Type-Options', 'nosniff')
      return c.body(new Uint8Array(data), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/slips/{id}/confirm',
          operationId: 'adminSlipConfirm',
          summary: 'Confirm a slip under review: the order is paid (its e-mail, stock as for every payment)',
          access: requirePermission('payments:confirm'),
          request: { params: adminSlipIdParam },
          responses: {
            200: json(adminSlipSchema, 'Confirmed'),
            400: refused('Not a slip id'),
            ...denied,
            404: refused('No such slip'),
            409: refused('Decided already, the order not awaiting payment, or its reference used (REFERENCE_USED)'),
          },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminSlipSchema, await slips.confirm(c.req.valid('param').id, auditContextOf(c))), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/slips/{id}/reject',
          operationId: 'adminSlipReject',
          summary: 'Reject a slip under review with a reason the shopper reads in their language (order page, e-mail)',
          access: requirePermission('payments:confirm'),
          request: { params: adminSlipIdParam, ...body(slipRejectBody) },
          responses: {
            200: json(adminSlipSchema, 'Rejected'),
            400: refused('No reason'),
            ...denied,
            404: refused('No such slip'),
            409: refused('Decided already'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { reason, note } = c.req.valid('json')
      return c.json(
        toWire(adminSlipSchema, await slips.reject(c.req.valid('param').id, reason, note, auditContextOf(c))),
        200,
      )
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/orders/{number}/mark-paid',
          operationId: 'adminOrderMarkPaid',
          summary: 'Mark a bank transfer order paid with the bank’s reference (a transfer without a slip)',
          access: requirePermission('payments:confirm'),
          request: { params: adminOrderNumberParam, ...body(markPaidBody) },
          responses: {
            200: json(adminOrderSchema, 'Paid'),
            400: refused('No reference'),
            ...denied,
            404: refused('No such order'),
            409: refused('Not an unpaid bank transfer (NOT_ALLOWED), or the reference paid before (REFERENCE_USED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { number } = c.req.valid('param')
      await slips.markPaid(number, c.req.valid('json').reference, auditContextOf(c))
      return c.json(toWire(adminOrderSchema, await orders.detail(number, actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/payments/statement/preview',
          operationId: 'adminStatementPreview',
          summary:
            'A bank statement (CSV: date, amount, reference or description) matched to open transfers: a dry run',
          access: requirePermission('payments:confirm'),
          request: body(statementPreviewBody),
          responses: {
            200: json(statementPreviewSchema, 'Each credit with the order it would pay, or why none'),
            400: refused('Not a statement: fields say which line or column'),
            ...denied,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const proposals = await slips.previewStatement(c.req.valid('json').csv)
      return c.json(toWire(statementPreviewSchema, { proposals }), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/payments/statement/confirm',
          operationId: 'adminStatementConfirm',
          summary: 'The statement’s matches staff chose: each order paid with its line’s reference, each audited',
          access: requirePermission('payments:confirm'),
          request: body(statementConfirmBody),
          responses: {
            200: json(statementConfirmSchema, 'Each match paid, or why not'),
            400: refused('No matches'),
            ...denied,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const results = await slips.confirmStatement(c.req.valid('json').matches, auditContextOf(c))
      return c.json(toWire(statementConfirmSchema, { results }), 200)
    },
  )

  return app
}
