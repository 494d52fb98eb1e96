import { z } from '@hono/zod-openapi'
import { PIXEL_EVENT_NAMES } from '~/domain/tracking'

/** Custom data is passed on to the platforms as given; this much JSON at most. */
const MAX_CUSTOM_DATA_JSON = 8_000

/** The length of a value as JSON; nesting too deep to write (RangeError) counts as too large. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** §3 "userData", plain text: the API normalises and hashes it per platform, nothing personal is stored in clear. */
export const pixelUserDataSchema = z
  .object({
    /** The shopper's IP address (the storefront's server function passes it on; never hashed). */
    client_ip_address: z
      .union([z.ipv4(), z.ipv6()])
      // zod-to-openapi writes both as `format: ip`, the same schema twice.
      .openapi({ type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] })
      .optional(),
    client_user_agent: z.string().trim().max(1024).optional(),
    first_name: z.string().trim().max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    email: z.string().trim().max(254).optional(),
    /** Any notation; read in `country` (Thailand by default) unless it starts with + or 00. */
    phone: z.string().trim().max(40).optional(),
    /** ISO 3166-1 alpha-2. */
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    zip_code: z.string().trim().max(16).optional(),
  })
  .openapi('PixelUserData')

/** §7 payload of POST /facebook-pixel/event and POST /tiktok-pixel/event, in snake_case. */
export const pixelEventBody = z
  .object({
    event_name: z.enum(PIXEL_EVENT_NAMES),
    event_source_url: z.url({ protocol: /^https?$/ }).max(2048),
    /** The id the browser pixel used for the same event (de-duplication); a purchase defaults to custom_data.order_id. */
    event_id: z.string().trim().min(1).max(200).optional(),
    user_data: pixelUserDataSchema,
    /** Meta-style custom data (value, currency, content_ids, contents, content_type, order_id, search_string …). */
    custom_data: z
      .record(z.string().min(1).max(64), z.unknown())
      .refine((data) => jsonLength(data) <= MAX_CUSTOM_DATA_JSON, { message: 'too large' })
      .optional(),
    pixel_id: z.string().trim().min(1).max(64).optional(),
    /**
     * A purchase's order token (the one its order page is reached with): with it, and with `ad_consent`, the
     * shopper's contact data is taken from the order itself and forwarded hashed. Without both, no personal data
     * is forwarded, whatever `user_data` holds (issue 15).
     */
    order_token: z.string().trim().min(16).max(200).optional(),
    /** The shopper allowed advertising cookies (PDPA): the storefront's server says so from the consent cookie. */
    ad_consent: z.boolean().optional(),
  })
  .openapi('PixelEvent')

export type PixelEventBody = z.infer<typeof pixelEventBody>

export const pixelEventQueuedSchema = z
  .object({
    /** True when this call stored a new event that will be forwarded to the platform. */
    queued: z.boolean(),
  })
  .openapi('PixelEventQueued')

/** The back office's view of an event's queue (GET …/operator/pixel-events?event_id=). */
export const pixelQueueSchema = z
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

export const pixelQueueQuery = z.object({ event_id: z.string().min(1).max(200) })
