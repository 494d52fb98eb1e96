import { security, createSubApp, json, requestContext } from '~/api/http.server'
import { errorSchema } from '~/contract/errors'
import { lineWebhookBody, lineWebhookHeaders, lineWebhookReceivedSchema } from '~/contract/admin-alerts'
import type { StaffAlerts } from './staff-alerts.server'

/**
 * LINE's Messaging API webhook (issue 31 item 10, decision 186): the shop's LINE Official Account's events, signed
 * with the channel secret. A staff member's link code in a message links their LINE account for staff alerts.
 * Mounted only where the channel secret is configured.
 */
export function createLineWebhookRoutes(alerts: StaffAlerts) {
  const app = createSubApp()
  if (!alerts.linking) return app

  // Documented only: the handler reads the raw body, which the signature covers, and answers a bad one itself.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/line/webhook',
    operationId: 'receiveLineWebhook',
    summary: 'LINE Messaging API webhooks, signed (x-line-signature): a staff member’s link code links their LINE',
    security: security.none,
    request: {
      headers: lineWebhookHeaders,
      body: { content: { 'application/json': { schema: lineWebhookBody } }, required: true },
    },
    responses: {
      200: json(lineWebhookReceivedSchema, 'Received (also events the shop ignores, and redeliveries)'),
      400: json(errorSchema, 'Not a webhook body'),
      401: json(errorSchema, 'Not signed by LINE with this channel’s secret'),
    },
  })
  app.post('/line/webhook', async (c) => {
    const raw = await c.req.text()
    if (!alerts.signedByLine(raw, c.req.header('x-line-signature'))) {
      return c.json({ code: 401, message: 'Bad signature' }, 401)
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return c.json({ code: 400, message: 'Not JSON' }, 400)
    }
    const { ip } = requestContext(c)
    await alerts.receiveWebhook(parsed, ip, c.req.header('x-request-id') ?? null)
    return c.json({ received: true as const }, 200)
  })
  return app
}
