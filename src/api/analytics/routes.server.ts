import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { AccountError } from '~/api/accounts/errors'
import { bearer, bearerToken, body, createSubApp, json, refused } from '~/api/http.server'
import type { Db } from '~/db/client.server'
import { pixelEvents, type PixelPlatform } from '~/db/schema'
import type { PixelService } from './pixel.service.server'
import { pixelEventBody, pixelEventFromBody, pixelEventQueuedSchema } from './schemas'

export { pixelEventBody, pixelEventFromBody, pixelEventQueuedSchema, type PixelEventBody } from './schemas'

export type PixelRoutesOptions = {
  pixels: PixelService
  db?: Db
  /** The back office may read the queue of an event (GET …/operator/pixel-events?event_id=). */
  operatorToken?: string | null
}

const queueSchema = z
  .object({
    items: z.array(
      z.object({
        platform: z.string(),
        event_id: z.string(),
        event_name: z.string(),
        status: z.string(),
        attempts: z.int(),
        payload: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .openapi('PixelQueue')

const ENDPOINTS: ReadonlyArray<{ path: string; platform: PixelPlatform; name: string }> = [
  { path: '/facebook-pixel/event', platform: 'meta', name: 'Meta’s Conversions API' },
  { path: '/tiktok-pixel/event', platform: 'tiktok', name: 'TikTok’s Events API' },
]

/**
 * The analytics endpoints of §7: a tracking event for Meta or TikTok, stored hashed and forwarded from a queue
 * when the platform's token is configured (recorded only otherwise).
 */
export function createPixelRoutes(options: PixelRoutesOptions) {
  const app = createSubApp()
  for (const endpoint of ENDPOINTS) {
    app.openapi(
      createRoute({
        method: 'post',
        path: endpoint.path,
        summary: `A tracking event for ${endpoint.name} (de-duplicated with the browser pixel by event id)`,
        request: body(pixelEventBody),
        responses: {
          202: json(pixelEventQueuedSchema, 'Accepted: stored, and queued when the platform is configured'),
          400: refused('Invalid input, or another pixel than the configured one'),
        },
      }),
      async (c) => {
        const result = await options.pixels.record(endpoint.platform, pixelEventFromBody(c.req.valid('json')))
        return c.json({ queued: result.stored && result.status === 'pending' }, 202)
      },
    )
  }
  const db = options.db
  const operatorToken = options.operatorToken
  if (db && operatorToken) {
    app.openapi(
      createRoute({
        method: 'get',
        path: '/operator/pixel-events',
        summary: 'Back office: the queued pixel events of one event id (hashed as sent)',
        security: bearer,
        request: { query: z.object({ event_id: z.string().min(1).max(200) }) },
        responses: { 200: json(queueSchema, 'Events'), 401: refused('Operator token required') },
      }),
      async (c) => {
        const token = bearerToken(c)
        if (!token || token !== operatorToken) throw new AccountError(401, 'UNAUTHENTICATED', 'Operator token required')
        const rows = await db
          .select()
          .from(pixelEvents)
          .where(eq(pixelEvents.eventId, c.req.valid('query').event_id))
        return c.json(
          {
            items: rows.map((row) => ({
              platform: row.platform,
              event_id: row.eventId,
              event_name: row.eventName,
              status: row.status,
              attempts: row.attempts,
              payload: row.payload as Record<string, unknown>,
            })),
          },
          200,
        )
      },
    )
  }
  return app
}
