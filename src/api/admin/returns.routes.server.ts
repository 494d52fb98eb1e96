import { z } from '@hono/zod-openapi'
import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminReturnAcceptBody,
  adminReturnIdParam,
  adminReturnPageSchema,
  adminReturnReceiveBody,
  adminReturnRejectBody,
  adminReturnSchema,
  adminReturnsQuery,
} from '~/contract/admin-returns'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  DENIED,
} from './guard.server'
import type { AdminReturns } from './returns.service'

const pdf = {
  description: 'The credit note (A4 PDF); Content-Disposition names its number',
  content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
}

/** Returns to the end (issue 31 item 9): the queue, a request, decide, receive and restock, exchange or refund. */
export function createReturnAdminRoutes(returns: AdminReturns, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/returns',
          operationId: 'adminReturnList',
          summary: 'The exchange and return requests, newest first, 25 a page, optionally of one status',
          access: requirePermission('orders:read'),
          request: { query: adminReturnsQuery },
          responses: { 200: json(adminReturnPageSchema, 'A page of requests'), 400: refused('Bad filter'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      return c.json(toWire(adminReturnPageSchema, await returns.list(query.status, query.page)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/returns/{id}',
          operationId: 'adminReturnGet',
          summary: 'A request: its pieces with their prices, what came back, the outcome, the credit note',
          access: requirePermission('orders:read'),
          request: { params: adminReturnIdParam },
          responses: {
            200: json(adminReturnSchema, 'The request'),
            400: refused('Not a request id'),
            ...DENIED,
            404: refused('No such request'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const detail = await returns.detail(c.req.valid('param').id, actorOf(c).language)
      return c.json(toWire(adminReturnSchema, detail), 200)
    },
  )

  const DECISIONS = [
    ['accept', 'accepted', adminReturnAcceptBody, 'Accept a request (the shopper’s e-mail queued with it); a note'],
    ['reject', 'rejected', adminReturnRejectBody, 'Reject a request with a note the shopper reads'],
  ] as const
  for (const [action, status, schema, summary] of DECISIONS) {
    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/returns/{id}/${action}`,
            operationId: action === 'accept' ? 'adminReturnAccept' : 'adminReturnReject',
            summary,
            access: requirePermission('returns:decide'),
            request: { params: adminReturnIdParam, ...body(schema) },
            responses: {
              200: json(adminReturnSchema, 'Decided'),
              400: refused('A rejection without a note, a note too long'),
              ...DENIED,
              404: refused('No such request'),
              409: refused('Decided already (NOT_ALLOWED)'),
            },
          },
          now,
        ),
      ),
      async (c) => {
        const { id } = c.req.valid('param')
        const note = c.req.valid('json').note || null
        await returns.decide(id, status, note, auditContextOf(c))
        return c.json(toWire(adminReturnSchema, await returns.detail(id, actorOf(c).language)), 200)
      },
    )
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/returns/{id}/receive',
          operationId: 'adminReturnReceive',
          summary:
            'The pieces received, each line split as new, damaged, not returned; those as new restocked at the location',
          access: requirePermission('returns:decide'),
          request: { params: adminReturnIdParam, ...body(adminReturnReceiveBody) },
          responses: {
            200: json(adminReturnSchema, 'Received'),
            400: refused('A line missing or twice, counts that do not add up to the request’s, an unknown location'),
            ...DENIED,
            404: refused('No such request'),
            409: refused('Not accepted, or received already (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      await returns.receive(
        id,
        {
          location: input.location,
          pieces: input.pieces.map((piece) => ({
            position: piece.position,
            asNew: piece.as_new,
            damaged: piece.damaged,
            notReturned: piece.not_returned,
          })),
        },
        auditContextOf(c),
      )
      return c.json(toWire(adminReturnSchema, await returns.detail(id, actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/returns/{id}/exchange',
          operationId: 'adminReturnExchange',
          summary: 'End with an exchange: the sizes asked for held from the online stock, replacement lines made',
          access: requirePermission('returns:decide'),
          request: { params: adminReturnIdParam },
          responses: {
            200: json(adminReturnSchema, 'Exchanged: the request is completed'),
            ...DENIED,
            404: refused('No such request'),
            409: refused('Out of stock (OUT_OF_STOCK, fields per line), not received, ended already (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id } = c.req.valid('param')
      await returns.exchange(id, auditContextOf(c))
      return c.json(toWire(adminReturnSchema, await returns.detail(id, actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/returns/{id}/refund',
          operationId: 'adminReturnRefund',
          summary:
            'End with a refund: the pieces back at the prices paid (discount share off) recorded as due; a credit note ' +
            'when the order has a tax invoice',
          access: requirePermission('returns:decide'),
          request: { params: adminReturnIdParam },
          responses: {
            200: json(adminReturnSchema, 'The refund is due: the request is completed'),
            ...DENIED,
            404: refused('No such request'),
            409: refused('Not received, nothing came back, ended already (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id } = c.req.valid('param')
      await returns.refund(id, auditContextOf(c))
      return c.json(toWire(adminReturnSchema, await returns.detail(id, actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/returns/{id}/credit-note',
          operationId: 'adminReturnCreditNote',
          summary: 'The request’s credit note (ใบลดหนี้) as a PDF, as issued',
          access: requirePermission('orders:read'),
          request: { params: adminReturnIdParam },
          responses: { 200: pdf, ...DENIED, 404: refused('No such request, or no credit note issued for it') },
        },
        now,
      ),
    ),
    async (c) => {
      const note = await returns.creditNote(c.req.valid('param').id)
      const { renderCreditNotePdf } = await import('~/api/commerce/credit-note-pdf.server')
      const bytes = await renderCreditNotePdf(note)
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Disposition', `inline; filename="credit-note-${note.number}.pdf"`)
      return c.body(new Uint8Array(bytes), 200)
    },
  )

  return app
}
