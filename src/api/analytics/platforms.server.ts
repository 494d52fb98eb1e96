import { z } from 'zod'
import { DeliveryError } from '~/api/providers/messages'
import type { MetaServerEventPayload, TikTokEventPayload } from '~/db/schema'
import { networkErrorCode, readJson } from '~/api/providers/http-answer.server'

export const DEFAULT_META_API_BASE_URL = 'https://graph.facebook.com'
export const DEFAULT_META_API_VERSION = 'v21.0'
export const DEFAULT_TIKTOK_API_BASE_URL = 'https://business-api.tiktok.com'
const DEFAULT_TIMEOUT_MS = 10_000
/** What a header value may hold; anything else makes fetch throw an error that quotes the value. */
const HEADER_TOKEN = /^[\x21-\x7e]+$/

/** Sends one normalised, hashed event to a platform; throws a DeliveryError saying whether a retry may help. */
export interface PixelSender<Payload> {
  send(event: Payload): Promise<{ reference: string | null }>
}

type HttpOptions = { timeoutMs?: number; fetch?: typeof fetch }

export type MetaCapiOptions = HttpOptions & {
  pixelId: string
  accessToken: string
  apiBaseUrl?: string
  apiVersion?: string
  /** Routes events to the Test Events tab of Events Manager instead of the live data. */
  testEventCode?: string
}

export type TikTokEventsOptions = HttpOptions & {
  pixelCode: string
  accessToken: string
  apiBaseUrl?: string
  testEventCode?: string
}

/** `POST /{pixel}/events` answer on success. */
const metaReceivedSchema = z.object({
  events_received: z.number().int(),
  fbtrace_id: z.string().optional(),
})

/** Graph API error body. */
const metaErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
})

/** Graph API error codes that ask to come back later: unknown or temporary trouble, request limits. */
const META_TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613])

/** Events API answer, also on errors: code 0 is success. */
const tiktokAnswerSchema = z.object({
  code: z.number().int(),
  message: z.string().optional(),
  request_id: z.string().optional(),
})

/** TikTok codes worth a retry: request limits (40100) and its own server trouble (5xxxx). */
function tiktokRetryable(code: number): boolean {
  return code === 40100 || code >= 50000
}

/** Provider text made safe for an error kept in the database: never the token, short. */
function scrub(text: string, secret: string): string {
  return (secret === '' ? text : text.split(secret).join('[token]')).replace(/\s+/g, ' ').slice(0, 200)
}

function trimBase(url: string): string {
  return url.replace(/\/+$/, '')
}

/**
 * POSTs JSON and reads the answer; network trouble and time-outs become retryable DeliveryErrors. The raw error
 * is not kept as the cause: it may quote the request address, which holds Meta's token.
 */
async function postJson(
  provider: string,
  label: string,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  options: HttpOptions,
): Promise<{ status: number; body: unknown }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const doFetch = options.fetch ?? fetch
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8', ...headers },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    return { status: response.status, body: await readJson(response) }
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new DeliveryError(`${label} did not answer within ${timeoutMs} ms`, { provider, retryable: true })
    }
    const code = networkErrorCode(error)
    throw new DeliveryError(`${label} request failed: network error${code ? ` (${code})` : ''}`, {
      provider,
      retryable: true,
    })
  }
}

/** 5xx is the platform's trouble; 408 and 429 ask to come back later; any other 4xx will fail again as sent. */
function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429
}

/**
 * Meta's Conversions API: `POST {apiBaseUrl}/{apiVersion}/{pixelId}/events?access_token=…` with
 * `{ data: [event], test_event_code? }`; answers `{ events_received, fbtrace_id }`.
 */
export function createMetaCapiSender(options: MetaCapiOptions): PixelSender<MetaServerEventPayload> {
  const provider = 'meta'
  const label = 'Meta Conversions API'
  const endpoint = new URL(
    `${trimBase(options.apiBaseUrl ?? DEFAULT_META_API_BASE_URL)}/${encodeURIComponent(
      options.apiVersion ?? DEFAULT_META_API_VERSION,
    )}/${encodeURIComponent(options.pixelId)}/events`,
  )
  endpoint.searchParams.set('access_token', options.accessToken)
  const url = endpoint.toString()
  const fail = (message: string, retryable: boolean, status?: number) =>
    new DeliveryError(scrub(message, options.accessToken), {
      provider,
      retryable,
      ...(status !== undefined ? { status } : {}),
    })

  return {
    async send(event) {
      const payload = { data: [event], ...(options.testEventCode ? { test_event_code: options.testEventCode } : {}) }
      const { status, body } = await postJson(provider, label, url, {}, payload, options)
      if (status < 200 || status > 299) {
        const parsed = metaErrorSchema.safeParse(body)
        const error = parsed.success ? parsed.data.error : undefined
        const detail = error
          ? [error.type, error.code, error.error_subcode, error.message]
              .filter((part) => part !== undefined && part !== '')
              .join(' ')
          : ''
        const retryable =
          retryableStatus(status) ||
          error?.is_transient === true ||
          (error?.code !== undefined && META_TRANSIENT_CODES.has(error.code))
        throw fail(`${label} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable, status)
      }
      // A 2xx means Meta took the request: a retry would only be de-duplicated, so nothing below is retryable.
      const parsed = metaReceivedSchema.safeParse(body)
      if (!parsed.success) throw fail(`${label} answered HTTP ${status} with an unexpected body`, false, status)
      if (parsed.data.events_received < 1) throw fail(`${label} received no event`, false, status)
      return { reference: parsed.data.fbtrace_id ?? null }
    },
  }
}

/**
 * TikTok's Events API 2.0: `POST {apiBaseUrl}/open_api/v1.3/event/track/` with the `Access-Token` header and
 * `{ event_source: 'web', event_source_id, data: [event] }`; answers `{ code: 0, message: 'OK' }`, any other
 * code (even with HTTP 200) being an error.
 */
export function createTikTokEventsSender(options: TikTokEventsOptions): PixelSender<TikTokEventPayload> {
  const provider = 'tiktok'
  const label = 'TikTok Events API'
  const url = `${trimBase(options.apiBaseUrl ?? DEFAULT_TIKTOK_API_BASE_URL)}/open_api/v1.3/event/track/`
  const fail = (message: string, retryable: boolean, status?: number) =>
    new DeliveryError(scrub(message, options.accessToken), {
      provider,
      retryable,
      ...(status !== undefined ? { status } : {}),
    })

  return {
    async send(event) {
      if (!HEADER_TOKEN.test(options.accessToken)) throw fail(`${label}: the access token is malformed`, false)
      const payload = {
        event_source: 'web',
        event_source_id: options.pixelCode,
        ...(options.testEventCode ? { test_event_code: options.testEventCode } : {}),
        data: [event],
      }
      const { status, body } = await postJson(
        provider,
        label,
        url,
        { 'access-token': options.accessToken },
        payload,
        options,
      )
      const parsed = tiktokAnswerSchema.safeParse(body)
      const answer = parsed.success ? parsed.data : undefined
      const detail = answer ? [answer.code, answer.message].filter((part) => part !== undefined && part !== '') : []
      if (status < 200 || status > 299) {
        const retryable = retryableStatus(status) || (answer !== undefined && tiktokRetryable(answer.code))
        throw fail(`${label} answered HTTP ${status}${detail.length ? `: ${detail.join(' ')}` : ''}`, retryable, status)
      }
      if (!answer) throw fail(`${label} answered HTTP ${status} with an unexpected body`, false, status)
      if (answer.code !== 0) {
        throw fail(`${label} refused the event: ${detail.join(' ')}`, tiktokRetryable(answer.code), status)
      }
      return { reference: answer.request_id ?? null }
    },
  }
}
