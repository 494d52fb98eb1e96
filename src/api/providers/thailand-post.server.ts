import { z } from 'zod'
import { networkErrorCode, readJson } from './http-answer.server'

/**
 * Thailand Post's Track & Trace API (track.thailandpost.co.th, developer guide): the shop's API token is exchanged for
 * an access token (`POST /post/api/v1/authenticate/token`, `Authorization: Token {api token}`, valid about a month,
 * its expiry in the answer), with which parcels are tracked (`POST /post/api/v1/track`, `Authorization: Token {access
 * token}`, `{status: "all", language, barcode: [...]}`, at most 100 barcodes a call). The same items come pushed to
 * the shop's webhook once a parcel is subscribed (`POST /post/api/v1/hook`). Status codes: 101-103 accepted, 201-209
 * in transit, 301 out for delivery, 302 at a pick-up point, 401 a failed delivery, 501 delivered, 901 the COD paid.
 */

const DEFAULT_API_BASE_URL = 'https://trackapi.thailandpost.co.th'
const DEFAULT_TIMEOUT_MS = 10_000
/** The most barcodes one track call may name. */
export const THAILAND_POST_BATCH = 100

/** What the shop makes of a carrier's status. */
export const PARCEL_EVENT_KINDS = [
  'accepted',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed',
  'returned',
  'other',
] as const
export type ParcelEventKind = (typeof PARCEL_EVENT_KINDS)[number]

/** One status of one parcel as a carrier reports it. */
export type CarrierEvent = {
  trackingNumber: string
  kind: ParcelEventKind
  code: string
  description: string
  location: string | null
  occurredAt: Date
}

/** A parcel to ask after: its number and when the shop handed it over. */
export type TrackedParcel = { trackingNumber: string; shippedAt: Date }

export interface ParcelTracker {
  /** The events the carrier knows of each of these parcels (in any order; an unknown number has none). */
  track(parcels: readonly TrackedParcel[]): Promise<CarrierEvent[]>
}

export class TrackingProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
    this.name = 'TrackingProviderError'
  }
}

/** Thailand Post's status code as the shop's kind of event. */
export function kindOfThailandPostStatus(code: string): ParcelEventKind {
  const number = Number(code)
  if (number >= 101 && number <= 199) return 'accepted'
  if (number >= 201 && number <= 299) return 'in_transit'
  if (number === 301 || number === 302) return 'out_for_delivery'
  if (number >= 401 && number <= 499) return 'failed'
  if (number === 501) return 'delivered'
  if (number >= 601 && number <= 699) return 'returned'
  return 'other'
}

/**
 * A time as Thailand Post writes it: `DD/MM/YYYY HH:mm:ss+07:00` with a Buddhist-era year (19/07/2562 18:12:26+07:00),
 * or ISO 8601. Null when it is neither.
 */
export function parseThailandPostDate(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?([+-]\d{2}:\d{2}|Z)?$/.exec(
    text.trim(),
  )
  if (match) {
    const [, day, month, year, hour, minute, second = '00', offset = '+07:00'] = match
    const gregorian = Number(year) > 2400 ? Number(year) - 543 : Number(year)
    const iso = `${String(gregorian).padStart(4, '0')}-${month}-${day}T${hour}:${minute}:${second}${offset}`
    const date = new Date(iso)
    return Number.isNaN(date.getTime()) ? null : date
  }
  const date = /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** An item of a track answer or a webhook push. */
const itemSchema = z
  .object({
    barcode: z.string(),
    status: z.union([z.string(), z.number()]).transform(String),
    status_description: z.string().nullish(),
    status_date: z.string(),
    location: z.string().nullish(),
  })
  .passthrough()

export type ThailandPostItem = z.input<typeof itemSchema>

/** The items as events; an item whose date cannot be read is left out. */
export function eventsOfThailandPostItems(items: readonly unknown[]): CarrierEvent[] {
  const events: CarrierEvent[] = []
  for (const raw of items) {
    const item = itemSchema.safeParse(raw)
    if (!item.success) continue
    const occurredAt = parseThailandPostDate(item.data.status_date)
    if (!occurredAt) continue
    events.push({
      trackingNumber: item.data.barcode.trim().toUpperCase(),
      kind: kindOfThailandPostStatus(item.data.status),
      code: item.data.status,
      description: item.data.status_description?.trim() || item.data.status,
      location: item.data.location?.trim() || null,
      occurredAt,
    })
  }
  return events
}

const tokenSchema = z.object({ token: z.string().min(1), expire: z.string().optional() })
const trackSchema = z.object({
  response: z.object({ items: z.record(z.string(), z.array(z.unknown()).nullable()) }),
})

/** The Track & Trace API with the shop's API token; `fetch` can be swapped for tests. */
export function createThailandPostTracker(options: {
  apiToken: string
  apiBaseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
  now?: () => Date
  language?: 'TH' | 'EN'
}): ParcelTracker {
  const base = (options.apiBaseUrl ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '')
  const send = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  let access: { token: string; until: number } | null = null

  async function call(path: string, token: string, body?: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await send(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      })
    } catch (error) {
      throw new TrackingProviderError(`Thailand Post: no answer (${networkErrorCode(error) ?? 'network'})`)
    }
    const answer = await readJson(response)
    if (!response.ok) throw new TrackingProviderError(`Thailand Post: HTTP ${response.status}`, response.status)
    return answer
  }

  async function accessToken(): Promise<string> {
    if (access && access.until > now().getTime() + 60_000) return access.token
    const answer = tokenSchema.safeParse(await call('/post/api/v1/authenticate/token', options.apiToken))
    if (!answer.success) throw new TrackingProviderError('Thailand Post: no access token in the answer')
    const expiry = answer.data.expire ? Date.parse(answer.data.expire.replace(' ', 'T')) : Number.NaN
    // Kept until its expiry, or a day when the answer does not say.
    access = { token: answer.data.token, until: Number.isNaN(expiry) ? now().getTime() + 86_400_000 : expiry }
    return access.token
  }

  return {
    async track(parcels) {
      const trackingNumbers = parcels.map((parcel) => parcel.trackingNumber)
      const events: CarrierEvent[] = []
      for (let start = 0; start < trackingNumbers.length; start += THAILAND_POST_BATCH) {
        const barcode = trackingNumbers.slice(start, start + THAILAND_POST_BATCH)
        const body = { status: 'all', language: options.language ?? 'TH', barcode }
        let answer: unknown
        try {
          answer = await call('/post/api/v1/track', await accessToken(), body)
        } catch (error) {
          // An access token refused before its time: asked for again, once.
          if (!(error instanceof TrackingProviderError) || error.status !== 401) throw error
          access = null
          answer = await call('/post/api/v1/track', await accessToken(), body)
        }
        const parsed = trackSchema.safeParse(answer)
        if (!parsed.success) throw new TrackingProviderError('Thailand Post: the track answer has no items')
        for (const items of Object.values(parsed.data.response.items))
          events.push(...eventsOfThailandPostItems(items ?? []))
      }
      return events
    },
  }
}

/**
 * The demo carrier (no Thailand Post token configured): a parcel is accepted when added, in transit after an hour,
 * out for delivery after a day and delivered after two, so a demo shop's orders move along as real ones would.
 */
export function createDemoTracker(options: { now?: () => Date } = {}): ParcelTracker {
  const now = options.now ?? (() => new Date())
  const steps: Array<{ after: number; code: string; description: string }> = [
    { after: 0, code: '103', description: 'รับฝาก (Accepted)' },
    { after: 3600_000, code: '201', description: 'อยู่ระหว่างการขนส่ง (In transit)' },
    { after: 86_400_000, code: '301', description: 'อยู่ระหว่างการนำจ่าย (Out for delivery)' },
    { after: 2 * 86_400_000, code: '501', description: 'นำจ่ายสำเร็จ (Delivered)' },
  ]
  return {
    async track(parcels) {
      const at = now().getTime()
      return parcels.flatMap(({ trackingNumber, shippedAt: shipped }) => {
        return steps
          .filter((step) => shipped.getTime() + step.after <= at)
          .map((step) => ({
            trackingNumber,
            kind: kindOfThailandPostStatus(step.code),
            code: step.code,
            description: step.description,
            location: null,
            occurredAt: new Date(shipped.getTime() + step.after),
          }))
      })
    },
  }
}
