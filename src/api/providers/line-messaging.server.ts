import { z } from 'zod'
import { DeliveryError } from './messages'
import { networkErrorCode, readJson } from './http-answer.server'

const PROVIDER = 'line'
const DEFAULT_API_BASE_URL = 'https://api.line.me'
const DEFAULT_TIMEOUT_MS = 10_000
/** LINE's limits for one push: 1 to 5 message objects, each text at most 5000 characters (UTF-16 code units). */
const MAX_MESSAGES = 5
const MAX_TEXT_LENGTH = 5000
/** A user id as LINE issues it: 'U' and 32 lowercase hex digits. Group ('C…') and room ('R…') ids are not members. */
const LINE_USER_ID = /^U[0-9a-f]{32}$/
/** The retry key LINE accepts: a UUID in hexadecimal form. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** What a header value may hold; anything else makes fetch throw an error that quotes the value. */
const HEADER_TOKEN = /^[\x21-\x7e]+$/

/** `POST /v2/bot/message/push` answer on success (HTTP 200): `{}`, or the sent messages on newer API versions. */
const sentSchema = z.object({
  sentMessages: z.array(z.object({ id: z.string() })).optional(),
})

/** Error body of any non-2xx answer. */
const errorSchema = z.object({
  message: z.string().optional(),
  details: z.array(z.object({ message: z.string().optional(), property: z.string().optional() })).optional(),
})

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

export type LinePushInput = {
  /** The member's LINE user id ('U' + 32 hex digits). */
  to: string
  /** Plain text; longer than 5000 characters it goes out as several text messages (at most 5). */
  text: string
  /** A UUID kept for every retry of the same push, so LINE delivers it once (a 409 then means already accepted). */
  retryKey?: string
}

export interface LinePushSender {
  push(input: LinePushInput): Promise<void>
}

/**
 * Cuts text into pieces LINE accepts, never inside a grapheme (a Thai consonant keeps its vowel and tone marks, an
 * emoji its surrogates); joined again they give the text back unchanged.
 */
function splitText(text: string): string[] {
  const pieces: string[] = []
  let current = ''
  for (const { segment } of graphemes.segment(text)) {
    // A single grapheme longer than the limit (a pathological run of combining marks) is cut between code points.
    for (const part of segment.length <= MAX_TEXT_LENGTH ? [segment] : Array.from(segment)) {
      if (current.length + part.length > MAX_TEXT_LENGTH) {
        pieces.push(current)
        current = ''
      }
      current += part
    }
  }
  if (current !== '') pieces.push(current)
  return pieces
}

/**
 * Sends text to a member through the LINE Messaging API (`POST {apiBaseUrl}/v2/bot/message/push`, Bearer channel
 * access token), used to tell members with a linked LINE account that an order changed; `fetch` can be swapped for
 * tests or a proxy-aware client. Failures are DeliveryErrors whose message never holds the token or the text.
 */
export function createLinePushSender(options: {
  channelAccessToken: string
  apiBaseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}): LinePushSender {
  // Checked here, because fetch quotes a header value it refuses, which would put the token in the error.
  if (!HEADER_TOKEN.test(options.channelAccessToken)) {
    throw new TypeError('LINE push: the channel access token must be non-empty printable ASCII')
  }
  const endpoint = new URL(`${(options.apiBaseUrl ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '')}/v2/bot/message/push`)
  if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') {
    throw new TypeError('LINE push: the API base URL must be http or https')
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const token = options.channelAccessToken

  const fail = (message: string, retryable: boolean, status?: number, cause?: unknown) =>
    new DeliveryError(message, {
      provider: PROVIDER,
      retryable,
      ...(status !== undefined ? { status } : {}),
      ...(cause !== undefined ? { cause } : {}),
    })

  return {
    async push({ to, text, retryKey }: LinePushInput) {
      if (!LINE_USER_ID.test(to)) throw fail('LINE push: the recipient is not a LINE user id', false)
      if (retryKey !== undefined && !UUID.test(retryKey)) {
        throw fail('LINE push: the retry key is not a UUID', false)
      }
      if (text === '') throw fail('LINE push: the text is empty', false)
      const pieces = text.length > MAX_MESSAGES * MAX_TEXT_LENGTH ? null : splitText(text)
      if (pieces === null || pieces.length > MAX_MESSAGES) {
        throw fail(
          `LINE push: a text of ${text.length} characters would exceed the limit of num of messages ` +
            `(${MAX_MESSAGES} of ${MAX_TEXT_LENGTH} characters)`,
          false,
        )
      }

      /** Makes LINE's text safe for an error: no token, no message text (whole or one piece), no digit runs, short. */
      const scrub = (providerText: string) => {
        let safe = providerText.split(token).join('[token]')
        for (const secret of [text, ...pieces].sort((a, b) => b.length - a.length)) {
          safe = safe.split(secret).join('[message]')
        }
        return safe.replace(/\d{4,}/g, '[digits]').slice(0, 200)
      }

      const doFetch = options.fetch ?? fetch
      let response: Response
      let body: unknown
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            'content-type': 'application/json',
            ...(retryKey !== undefined ? { 'x-line-retry-key': retryKey } : {}),
          },
          body: JSON.stringify({ to, messages: pieces.map((piece) => ({ type: 'text', text: piece })) }),
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
        body = await readJson(response)
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw fail(`LINE push: no answer within ${timeoutMs} ms`, true, undefined, error)
        }
        const code = networkErrorCode(error)
        throw fail(`LINE push failed: network error${code ? ` (${code})` : ''}`, true, undefined, error)
      }

      const { status } = response
      // LINE answers 409 when a push with this retry key was accepted before: the member already has the message.
      if (status === 409 && retryKey !== undefined) return
      if (status < 200 || status > 299) {
        const parsed = errorSchema.safeParse(body)
        const detail = parsed.success
          ? [
              parsed.data.message,
              ...(parsed.data.details ?? []).map((item) =>
                [item.property, item.message].filter((part) => part !== undefined && part !== '').join(': '),
              ),
            ]
              .filter((part): part is string => part !== undefined && part !== '')
              .map(scrub)
              .join('; ')
          : ''
        // 5xx is LINE's trouble and 408/429 ask to come back later (with the same retry key); any other 4xx
        // (a bad request, a wrong token, a missing permission) will fail again as sent.
        const retryable = status >= 500 || status === 408 || status === 429
        throw fail(`LINE push answered HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable, status)
      }

      // A 2xx means LINE took the message, so nothing below is retryable: a retry without the key would repeat it.
      if (!sentSchema.safeParse(body).success) {
        throw fail(`LINE push answered HTTP ${status} with an unexpected body`, false, status)
      }
    },
  }
}
