import { isIP } from 'node:net'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { sameDigest, sha256 } from '~/api/accounts/crypto.server'
import { security, body, createSubApp, json, refused, requestContext } from '~/api/http.server'
import type { Db } from '~/db/client.server'
import { orders, pixelEvents, type PixelPlatform } from '~/db/schema'
import type { PixelUserInput } from './normalise'
import type { PixelEventInput, PixelService } from './pixel.service.server'
import { operatorDoc, type OperatorAccess } from '~/api/commerce/operator.server'
import {
  pixelEventBody,
  pixelEventQueuedSchema,
  pixelQueueQuery,
  pixelQueueSchema,
  type PixelEventBody,
} from '~/contract/analytics'

export { pixelEventBody, pixelEventQueuedSchema, type PixelEventBody } from '~/contract/analytics'

/** The service's input from the wire payload. */
export function pixelEventFromBody(body: PixelEventBody): PixelEventInput {
  const user = body.user_data
  return {
    eventName: body.event_name,
    eventSourceUrl: body.event_source_url,
    eventId: body.event_id ?? null,
    userData: {
      clientIpAddress: user.client_ip_address ?? null,
      clientUserAgent: user.client_user_agent ?? null,
      firstName: user.first_name ?? null,
      lastName: user.last_name ?? null,
      email: user.email ?? null,
      phone: user.phone ?? null,
      country: user.country ?? null,
      zipCode: user.zip_code ?? null,
    },
    customData: body.custom_data ?? null,
    pixelId: body.pixel_id ?? null,
  }
}

export type PixelRoutesOptions = {
  pixels: PixelService
  db?: Db
  /** The back office may read the queue of an event (GET …/operator/pixel-events?event_id=) with an API key. */
  operator?: OperatorAccess | null
}

const ENDPOINTS: ReadonlyArray<{ path: string; platform: PixelPlatform; name: string; operationId: string }> = [
  {
    path: '/facebook-pixel/event',
    platform: 'meta',
    name: 'Meta’s Conversions API',
    operationId: 'recordMetaPixelEvent',
  },
  {
    path: '/tiktok-pixel/event',
    platform: 'tiktok',
    name: 'TikTok’s Events API',
    operationId: 'recordTiktokPixelEvent',
  },
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
        operationId: endpoint.operationId,
        security: security.none,
        summary: `A tracking event for ${endpoint.name} (de-duplicated with the browser pixel by event id)`,
        request: body(pixelEventBody),
        responses: {
          202: json(pixelEventQueuedSchema, 'Accepted: stored, and queued when the platform is configured'),
          400: refused('Invalid input, or another pixel than the configured one'),
        },
      }),
      async (c) => {
        const body = c.req.valid('json')
        const event = pixelEventFromBody(body)
        const result = await options.pixels.record(endpoint.platform, {
          ...event,
          userData: await trustedUserData(c, body, event.userData.country ?? null),
        })
        return c.json({ queued: result.stored && result.status === 'pending' }, 202)
      },
    )
  }
  /**
   * What of the shopper goes to the platforms (issue 15): the IP address and user agent of the request itself
   * (the storefront's server passes the visitor's on), and personal data only for a purchase the caller can prove
   * (the order's token) and for which the shopper allowed advertising; that data is then the order's own, never
   * what the caller typed, so nobody can make the shop forward someone else's e-mail or phone.
   */
  async function trustedUserData(c: Context, body: PixelEventBody, country: string | null): Promise<PixelUserInput> {
    const context = requestContext(c)
    const network = {
      clientIpAddress: isIP(context.ip) ? context.ip.replace(/^::ffff:/, '') : null,
      clientUserAgent: context.userAgent?.slice(0, 1024) ?? null,
    }
    const none = { firstName: null, lastName: null, email: null, phone: null, zipCode: null }
    const number = body.event_id ?? (typeof body.custom_data?.order_id === 'string' ? body.custom_data.order_id : null)
    if (!options.db || body.event_name !== 'purchase' || body.ad_consent !== true || !body.order_token || !number) {
      return { ...network, ...none, country }
    }
    const [order] = await options.db
      .select({
        email: orders.email,
        telephone: orders.telephone,
        address: orders.address,
        accessTokenHash: orders.accessTokenHash,
      })
      .from(orders)
      .where(eq(orders.number, number))
      .limit(1)
    if (!order || !sameDigest(sha256(body.order_token), order.accessTokenHash)) {
      return { ...network, ...none, country }
    }
    return {
      ...network,
      email: order.email,
      phone: order.telephone,
      firstName: order.address?.firstname || null,
      lastName: order.address?.lastname || null,
      country: order.address?.country || country,
      zipCode: order.address?.postcode || null,
    }
  }

  const db = options.db
  const operator = options.operator
  if (db && operator) {
    app.openapi(
      createRoute({
        method: 'get',
        path: '/operator/pixel-events',
        operationId: 'listPixelEventQueue',
        summary: 'Back office: the queued pixel events of one event id (hashed as sent)',
        ...operatorDoc(['members:read'], 'The events hold a shopper’s hashed details: members:read.'),
        security: security.operator,
        request: { query: pixelQueueQuery },
        responses: {
          200: json(pixelQueueSchema, 'Events'),
          401: refused('An API key is required'),
          403: refused('The key’s role lacks members:read (PERMISSION_DENIED)'),
        },
      }),
      async (c) => {
        await operator.require(c, 'listPixelEventQueue', ['members:read'])
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
