import { createRoute, z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { security, createSubApp, refused } from '~/api/http.server'
import { ApiError } from '~/api/errors'
import type { Db } from '~/db/client.server'
import { creditNotes } from '~/db/schema'
import { orderNumberParam } from '~/contract/commerce'
import type { OrdersService } from './orders.service'
import type { CommerceCallers } from './callers.server'

/** A credit note's number as printed (CN0000001 …). */
const creditNoteParam = orderNumberParam.extend({ credit: z.string().regex(/^CN\d{7,}$/) })

/**
 * The shopper's credit notes (ใบลดหนี้, issue 31 item 9): each refunded return of an order that has a tax invoice has
 * one, downloadable with the same access as the order (its member, or a guest with the order token).
 */
export function createCreditNoteRoutes({
  db,
  orders,
  callers,
}: {
  db: Db
  orders: OrdersService
  callers: CommerceCallers
}) {
  const app = createSubApp()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{number}/credit-notes/{credit}',
      operationId: 'getCreditNote',
      summary: 'A credit note of the order (a refunded return’s, reducing its tax invoice) as a PDF, as issued',
      security: security.order,
      request: { params: creditNoteParam },
      responses: {
        200: {
          description: 'The credit note (A4 PDF); Content-Disposition names its number',
          content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
          headers: {
            'Content-Disposition': {
              description: '`attachment; filename="credit-note-{number}.pdf"`',
              required: true,
              schema: { type: 'string' },
            },
          },
        },
        400: refused('Not an order or credit note number'),
        404: refused('No such order (or not yours), or no such credit note of it'),
      },
    }),
    async (c) => {
      const { number, credit } = c.req.valid('param')
      const order = await orders.forViewer(number, await callers.orderViewer(c))
      const [note] = await db
        .select()
        .from(creditNotes)
        .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, credit)))
      if (!note) throw new ApiError(404, 'NOT_FOUND', 'No such credit note')
      const { renderCreditNotePdf } = await import('./credit-note-pdf.server')
      const pdf = await renderCreditNotePdf(note)
      c.header('Cache-Control', 'private, no-store')
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Disposition', `attachment; filename="credit-note-${note.number}.pdf"`)
      return c.body(new Uint8Array(pdf), 200)
    },
  )
  return app
}
