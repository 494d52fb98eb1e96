import { createRoute } from '@hono/zod-openapi'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { outboxMessages } from '~/db/schema'
import { security, createSubApp, json, toWire } from '~/api/http.server'
import { addressBody, geoQuery, outboxSchema } from '~/contract/accounts'

/** Development only: the messages the outbox kept, readable while it is the delivery in use (never in production). */
export function createOutboxRoutes(options: { db: Db }) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/dev/outbox',
      operationId: 'listOutbox',
      security: security.none,
      summary: 'Development only: messages the outbox kept instead of sending (absent with real providers)',
      request: { query: geoQuery.pick({}).extend({ recipient: addressBody.shape.email.optional() }) },
      responses: { 200: json(outboxSchema, 'Newest first') },
    }),
    async (c) => {
      const recipient = c.req.valid('query').recipient
      const rows = await options.db
        .select()
        .from(outboxMessages)
        .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(50)
      return c.json(
        toWire(outboxSchema, {
          items: rows.map((row) => ({
            channel: row.channel,
            recipient: row.recipient,
            subject: row.subject,
            body: row.body,
            createdAt: row.createdAt.toISOString(),
          })),
        }),
        200,
      )
    },
  )

  return app
}
