import { getCookie, getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import { env } from '../../app.config'
import { pixelEventQueuedSchema } from '~/api/analytics/schemas'
import { CONSENT_PREFS_COOKIE, parseConsent } from '~/consent/consent'
import { productApi } from '~/product-api/server-client.server'

export type ServerPixelEvent = {
  name: 'purchase' | 'add_to_cart'
  /** Shared with the browser pixel for de-duplication: the order number of a purchase. */
  eventId: string
  sourcePath: string
  user: { email?: string; phone?: string; firstName?: string; lastName?: string; country?: string; zipCode?: string }
  customData: Record<string, unknown>
}

/**
 * Sends an event to the analytics API's Meta and TikTok endpoints (§7), only when the shopper allowed
 * advertising (PDPA). Personal data goes as typed; the API normalises and hashes it. Never fails the caller.
 */
export async function sendServerPixels(event: ServerPixelEvent): Promise<void> {
  const consent = parseConsent(getCookie(CONSENT_PREFS_COOKIE))
  if (!consent?.ad) return
  const ip = getRequestIP({ xForwardedFor: env.TRUST_PROXY })
  const body = {
    eventName: event.name,
    eventSourceUrl: `${env.SITE_URL}${event.sourcePath}`,
    eventId: event.eventId,
    userData: {
      ...(ip && /^[0-9a-f:.]+$/i.test(ip) ? { clientIpAddress: ip.replace(/^::ffff:/, '') } : {}),
      clientUserAgent: getRequestHeader('user-agent')?.slice(0, 1024),
      ...event.user,
    },
    customData: event.customData,
  }
  await Promise.all(
    ['/facebook-pixel/event', '/tiktok-pixel/event'].map((path) =>
      productApi()
        .send('POST', path, pixelEventQueuedSchema, { body })
        .catch((error: unknown) => {
          console.error(`Pixel event not recorded (${path}):`, error instanceof Error ? error.message : error)
        }),
    ),
  )
}
