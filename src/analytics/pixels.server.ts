import { getPersonalCookie } from '~/server/personal-cookie.server'
import { env } from '../../app.config'
import { visitorHeaders } from '~/account/session.server'
import { pixelEventQueuedSchema } from '~/contract/analytics'
import { CONSENT_PREFS_COOKIE, parseConsent } from '~/consent/consent'
import { productApi } from '~/product-api/server-client.server'

export type ServerPixelEvent = {
  name: 'purchase'
  /** Shared with the browser pixel for de-duplication: the order number of a purchase. */
  eventId: string
  /** The order's token: it proves the purchase, and the API then takes the shopper's contact data from the order. */
  orderToken: string
  sourcePath: string
  customData: Record<string, unknown>
}

/**
 * Sends a purchase to the analytics API's Meta and TikTok endpoints (§7), only when the shopper allowed
 * advertising (PDPA). No personal data travels in the event: the API reads it from the order the token proves,
 * and the visitor's IP address and user agent from the request's headers (issue 15). Never fails the caller.
 */
export async function sendServerPixels(event: ServerPixelEvent): Promise<void> {
  const consent = parseConsent(getPersonalCookie(CONSENT_PREFS_COOKIE))
  if (!consent?.ad) return
  const body = {
    eventName: event.name,
    eventSourceUrl: `${env.SITE_URL}${event.sourcePath}`,
    eventId: event.eventId,
    userData: {},
    customData: event.customData,
    orderToken: event.orderToken,
    adConsent: true,
  }
  await Promise.all(
    ['/facebook-pixel/event', '/tiktok-pixel/event'].map((path) =>
      productApi()
        .send('POST', path, pixelEventQueuedSchema, { body, headers: visitorHeaders(false) })
        .catch((error: unknown) => {
          console.error(`Pixel event not recorded (${path}):`, error instanceof Error ? error.message : error)
        }),
    ),
  )
}
