import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { TURNSTILE_SITEVERIFY_URL } from '~/config/constants'
import { networkErrorCode } from './http-answer.server'

/** Cloudflare's limit: a widget token is at most 2048 characters; anything longer is not one. */
export const TURNSTILE_MAX_TOKEN_LENGTH = 2048
const DEFAULT_TIMEOUT_MS = 5_000

export type TurnstileVerification =
  { ok: true; hostname: string | null } | { ok: false; reason: 'invalid' | 'unavailable'; codes: string[] }

export type Turnstile = {
  siteKey: string
  /** Checks a widget token with Siteverify; never throws (network failures and timeouts are 'unavailable'). */
  verify(token: string, remoteIp: string | null): Promise<TurnstileVerification>
}

/**
 * Siteverify's answer (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). Only
 * `success` is required; unknown fields are dropped.
 */
const answerSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).catch([]).default([]),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  action: z.string().optional(),
  cdata: z.string().optional(),
})

/**
 * Error codes that are not the shopper's doing: Cloudflare's own trouble, or a secret key it does not accept (a
 * configuration fault). The token may be perfectly good, so these are 'unavailable', never 'invalid'.
 */
const NOT_THE_SHOPPERS_FAULT = new Set(['internal-error', 'missing-input-secret', 'invalid-input-secret'])

type Attempt =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'network'; code: string | undefined }

const invalid = (codes: string[]): TurnstileVerification => ({ ok: false, reason: 'invalid', codes })
const unavailable = (codes: string[]): TurnstileVerification => ({ ok: false, reason: 'unavailable', codes })

/**
 * Cloudflare Turnstile, the optional alternative to the self-hosted proof of work: `verify` asks Siteverify about a
 * widget token. One call has `timeoutMs` in all (default 5 s); a network failure or a 5xx is tried once more within
 * that time with the same `idempotency_key`, so that Cloudflare does not count the retry as a second use of the
 * single-use token. Codes that are not Cloudflare's (`http-500`, `timeout`, `network-error`, `bad-answer`,
 * `hostname-mismatch`) say what went wrong for the log; they never hold the token or the secret.
 */
export function createTurnstile(options: {
  siteKey: string
  secretKey: string
  verifyUrl?: string
  timeoutMs?: number
  expectedHostname?: string | null
}): Turnstile {
  const verifyUrl = options.verifyUrl ?? TURNSTILE_SITEVERIFY_URL
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const expectedHostname = options.expectedHostname ? options.expectedHostname.toLowerCase() : null

  async function attempt(body: string, signal: AbortSignal): Promise<Attempt> {
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        redirect: 'manual',
        signal,
      })
      const text = await response.text()
      let parsed: unknown
      try {
        parsed = JSON.parse(text) as unknown
      } catch {
        parsed = undefined
      }
      return { kind: 'answer', status: response.status, body: parsed }
    } catch (error) {
      if (signal.aborted) return { kind: 'timeout' }
      return { kind: 'network', code: networkErrorCode(error) }
    }
  }

  return {
    siteKey: options.siteKey,
    async verify(token, remoteIp) {
      // Not a token the widget could have made: refused here, without spending a call.
      if (token.length === 0) return invalid(['missing-input-response'])
      if (token.length > TURNSTILE_MAX_TOKEN_LENGTH) return invalid(['invalid-input-response'])

      const body = JSON.stringify({
        secret: options.secretKey,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
        idempotency_key: randomUUID(),
      })
      const signal = AbortSignal.timeout(timeoutMs)
      let result = await attempt(body, signal)
      const retryable = (outcome: Attempt) =>
        outcome.kind === 'network' || (outcome.kind === 'answer' && outcome.status >= 500)
      if (retryable(result) && !signal.aborted) result = await attempt(body, signal)

      if (result.kind === 'timeout') return unavailable(['timeout'])
      if (result.kind === 'network') return unavailable([`network-error${result.code ? `:${result.code}` : ''}`])
      if (result.status >= 500) return unavailable([`http-${result.status}`])

      const answer = answerSchema.safeParse(result.body)
      if (!answer.success) {
        // A 4xx without Siteverify's answer, a redirect, or a body that is not one: nothing was checked.
        return unavailable([result.status === 200 ? 'bad-answer' : `http-${result.status}`])
      }
      const codes = answer.data['error-codes']
      if (!answer.data.success) {
        return codes.some((code) => NOT_THE_SHOPPERS_FAULT.has(code)) ? unavailable(codes) : invalid(codes)
      }
      const hostname = answer.data.hostname ?? null
      if (expectedHostname !== null && hostname?.toLowerCase() !== expectedHostname) {
        return invalid(['hostname-mismatch'])
      }
      return { ok: true, hostname }
    },
  }
}
