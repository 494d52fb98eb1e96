import { createRoute } from '@hono/zod-openapi'
import { body, createSubApp, json, refused } from '~/api/http.server'
import type { PixelPlatform } from '~/db/schema'
import type { PixelService } from './pixel.service.server'
import { pixelEventBody, pixelEventFromBody, pixelEventQueuedSchema } from './schemas'

export { pixelEventBody, pixelEventFromBody, pixelEventQueuedSchema, type PixelEventBody } from './schemas'

export type PixelRoutesOptions = { pixels: PixelService }

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
  return app
}
