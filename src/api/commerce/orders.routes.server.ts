import { createRoute, z } from '@hono/zod-openapi'
import { security, body, createSubApp, json, refused, toWire } from '~/api/http.server'
import { DEFAULT_PAGE_SIZE } from '~/contract/catalog'
import { ORDER_STATUS_PERMISSIONS } from '~/domain/staff-permissions'
import {
  historyQuery,
  historySchema,
  orderNumberParam,
  orderSchema,
  orderViewQuery,
  payAgainSchema,
  statusBody,
} from '~/contract/commerce'
import type { OrdersService } from './orders.service'
import type { PaymentsService } from './payments.service'
import type { TaxInvoiceService } from './tax-invoice.service'
import type { CommerceCallers } from './callers.server'
import { orderLang, orderWire, type BankAccount } from './order-wire'

/**
 * An order's endpoints: its page (member, or guest with the order token), its tax invoice, paying it again,
 * cancelling it; the member's history; the back office's status change.
 */
export function createOrderRoutes({
  orders,
  payments,
  taxInvoices,
  bank,
  callers,
}: {
  orders: OrdersService
  payments: PaymentsService
  taxInvoices: TaxInvoiceService
  bank: BankAccount
  callers: CommerceCallers
}) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{number}',
      operationId: 'getOrder',
      summary: 'An order: its member, or a guest with the order token (X-Order-Token)',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery },
      responses: {
        200: json(orderSchema, 'The order'),
        400: refused('Not a language of the shop'),
        404: refused('No such order (or not yours)'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      c.header('Cache-Control', 'private, no-store')
      return c.json(orderWire(await orders.view(order, undefined, undefined, lang), lang, bank), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{number}/tax-invoice',
      operationId: 'getTaxInvoice',
      summary:
        'The order’s full tax invoice as a PDF (Thai with English): issued at the first request, the same invoice after',
      description:
        'For a paid order (paid, packed, in transit, received) in THB, delivered in Thailand, whose address carries a ' +
        '13-digit Thai tax ID. Invoice numbers form one gapless series (TI0000001 …). Same access as the order: its ' +
        'member, or a guest with the order token (X-Order-Token). Refusals are 409 TAX_INVOICE_UNAVAILABLE with ' +
        'fields.tax_invoice one of notPaid, closed, currency, pickup, international, noTaxId.',
      security: security.order,
      request: { params: orderNumberParam },
      responses: {
        200: {
          description: 'The tax invoice (A4 PDF); Content-Disposition names the invoice number',
          content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
          headers: {
            'Content-Disposition': {
              description: '`attachment; filename="tax-invoice-{number}.pdf"`',
              required: true,
              schema: { type: 'string' },
            },
            'X-Tax-Invoice-Number': {
              description: 'The invoice’s number in the gapless series (TI0000001 …)',
              required: true,
              schema: { type: 'string' },
            },
          },
        },
        404: refused('No such order (or not yours)'),
        409: refused('No tax invoice for this order: fields.tax_invoice says why'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      const invoice = await taxInvoices.issue(order)
      const { renderTaxInvoicePdf } = await import('./tax-invoice-pdf.server')
      const pdf = await renderTaxInvoicePdf(invoice)
      c.header('Cache-Control', 'private, no-store')
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Disposition', `attachment; filename="tax-invoice-${invoice.number}.pdf"`)
      c.header('X-Tax-Invoice-Number', invoice.number)
      return c.body(new Uint8Array(pdf), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/pay',
      operationId: 'payOrderAgain',
      summary: 'Pay a card or PayPal order again after a declined, cancelled or abandoned payment',
      security: security.order,
      request: { params: orderNumberParam },
      responses: { 200: json(payAgainSchema, 'Where to pay'), 404: refused('No such order') },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      return c.json({ redirect_url: await payments.retryPayment(order) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/orders',
      operationId: 'listMyOrders',
      summary: 'The member’s orders, newest first, 25 a page',
      security: security.member,
      request: { query: historyQuery },
      responses: { 200: json(historySchema, 'Orders'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await callers.requireMember(c)
      c.header('Cache-Control', 'private, no-store')
      const history = await orders.history(member.id, c.req.valid('query').page, DEFAULT_PAGE_SIZE)
      return c.json(toWire(historySchema, history), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/operator/orders/{number}/status',
      operationId: 'changeOrderStatus',
      summary: 'Back office: move an order to its next status',
      description: `Needs, by the status asked: ${Object.entries(ORDER_STATUS_PERMISSIONS)
        .map(([status, permission]) => `\`${status}\` \`${permission}\``)
        .join(
          ', ',
        )}; an API key of a role that holds it (or the deprecated OPERATOR_TOKEN, with a manager’s permissions). The change is audited.`,
      'x-permissions-by-status': ORDER_STATUS_PERMISSIONS,
      security: security.operator,
      request: { params: orderNumberParam, ...body(statusBody) },
      responses: {
        200: json(orderSchema, 'The order'),
        401: refused('An API key is required'),
        403: refused('The key’s role lacks the permission of this status (PERMISSION_DENIED)'),
        404: refused('No such order'),
        409: refused('Not a next status of this order'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const call = await callers.operator.require(c, 'changeOrderStatus', [ORDER_STATUS_PERMISSIONS[input.status]])
      const order = await orders.requireByNumber(c.req.valid('param').number)
      const record = call.recorder({ action: 'order.change_status', entityType: 'order', entityId: order.number })
      return c.json(
        orderWire(await orders.changeStatus(order.id, input.status, input.note, { record }), orderLang(order), bank),
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/cancel',
      operationId: 'cancelOrder',
      summary: 'Cancel an order before it is packed (the stock goes back)',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery },
      responses: {
        200: json(orderSchema, 'Cancelled'),
        400: refused('Not a language of the shop'),
        404: refused('No such order'),
        409: refused('Too late'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      return c.json(orderWire(await orders.cancelByShopper(order, lang), lang, bank), 200)
    },
  )

  return app
}
