import { z } from 'zod'
import { DeliveryError, type MessageSender, type OutboundMessage } from './messages'
import { networkErrorCode, readJson } from './http-answer.server'

const PROVIDER = 'thaibulksms'
const DEFAULT_BASE_URL = 'https://api-v2.thaibulksms.com'
const DEFAULT_TIMEOUT_MS = 10_000
const E164 = /^\+[1-9]\d{6,14}$/
/** A Thai number after +66: 9 digits for mobiles, 8 for landlines, never with the domestic trunk 0. */
const THAI_E164 = /^\+66([1-9]\d{7,8})$/

/** `POST /sms` answer on success (HTTP 201); unknown fields are allowed and dropped. */
const sentSchema = z.object({
  phone_number_list: z.array(z.object({ message_id: z.union([z.string(), z.number()]).transform(String) })),
  bad_phone_number_list: z.array(z.object({ message: z.string().optional() })).default([]),
})

/** Error body of any non-2xx answer. */
const errorSchema = z.object({
  error: z.object({
    code: z.union([z.number(), z.string()]).optional(),
    name: z.string().optional(),
    description: z.string().optional(),
  }),
})

/** ThaiBulkSMS wants Thai numbers in domestic form (`0812345678`) and others as E.164 digits without the '+'. */
function toMsisdn(e164: string): string | null {
  if (!E164.test(e164)) return null
  if (e164.startsWith('+66')) {
    const national = THAI_E164.exec(e164)?.[1]
    return national === undefined ? null : `0${national}`
  }
  return e164.slice(1)
}

/**
 * Makes provider-supplied text safe to put in an error: drops the message text should the provider echo it, masks
 * digit runs (a one-time code, a phone number) and keeps it short.
 */
function scrub(providerText: string, messageText: string): string {
  const withoutMessage = messageText === '' ? providerText : providerText.split(messageText).join('[message]')
  return withoutMessage.replace(/\d{4,}/g, '[digits]').slice(0, 200)
}

/**
 * Sends SMS through ThaiBulkSMS API v2 (`POST {baseUrl}/sms`, Basic auth with the API key and secret), the Thai
 * gateway the shop uses for one-time codes; `fetch` can be swapped for tests or a proxy-aware client.
 */
export function createHttpSmsSender(options: {
  baseUrl?: string
  apiKey: string
  apiSecret: string
  sender: string
  timeoutMs?: number
  fetch?: typeof fetch
}): MessageSender {
  const endpoint = `${(options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')}/sms`
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`, 'utf8').toString('base64')}`

  const fail = (message: string, retryable: boolean, status?: number, cause?: unknown) =>
    new DeliveryError(message, {
      provider: PROVIDER,
      retryable,
      ...(status !== undefined ? { status } : {}),
      ...(cause !== undefined ? { cause } : {}),
    })

  return {
    async send(message: OutboundMessage) {
      if (message.channel !== 'sms')
        throw fail(`ThaiBulkSMS cannot send a message for the ${message.channel} channel`, false)
      const msisdn = toMsisdn(message.to)
      if (msisdn === null) throw fail('ThaiBulkSMS: the recipient is not a valid E.164 phone number', false)

      const doFetch = options.fetch ?? fetch
      let response: Response
      let body: unknown
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          },
          body: new URLSearchParams({ msisdn, message: message.text, sender: options.sender }).toString(),
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
        body = await readJson(response)
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw fail(`ThaiBulkSMS did not answer within ${timeoutMs} ms`, true, undefined, error)
        }
        const code = networkErrorCode(error)
        throw fail(`ThaiBulkSMS request failed: network error${code ? ` (${code})` : ''}`, true, undefined, error)
      }

      const { status } = response
      if (status < 200 || status > 299) {
        const parsed = errorSchema.safeParse(body)
        const detail = parsed.success
          ? [parsed.data.error.code, parsed.data.error.name, parsed.data.error.description]
              .filter((part) => part !== undefined && part !== '')
              .map((part) => scrub(String(part), message.text))
              .join(' ')
          : ''
        // 5xx is the gateway's trouble; 408 and 429 ask to come back later; any other 4xx will fail again as sent.
        const retryable = status >= 500 || status === 408 || status === 429
        throw fail(`ThaiBulkSMS answered HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable, status)
      }

      // A 2xx may mean the SMS went out, so nothing below is retryable: a retry could send the code twice.
      const parsed = sentSchema.safeParse(body)
      if (!parsed.success) throw fail(`ThaiBulkSMS answered HTTP ${status} with an unexpected body`, false, status)
      const [bad] = parsed.data.bad_phone_number_list
      if (bad !== undefined) {
        const reason = bad.message ? `: ${scrub(bad.message, message.text)}` : ''
        throw fail(`ThaiBulkSMS refused the phone number${reason}`, false, status)
      }
      const [sent] = parsed.data.phone_number_list
      if (sent === undefined) throw fail(`ThaiBulkSMS answered HTTP ${status} without a sent message`, false, status)
      return { providerMessageId: sent.message_id }
    },
  }
}
