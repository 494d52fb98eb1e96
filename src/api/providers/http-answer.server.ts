/**
 * Reading an outside provider's HTTP answer the same way in every adapter (SMS, LINE, Meta and TikTok, PayPal,
 * Turnstile): a body that is not JSON is read as nothing rather than thrown, and a failed `fetch` is named by its
 * network code (ECONNREFUSED, ENOTFOUND …) without its message, which may hold the address or a secret.
 */

/** The answer's body as JSON, or undefined when it is not JSON (an HTML error page of a proxy, an empty body). */
export async function readJson(response: Response): Promise<unknown> {
  const body = await response.text()
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

/** The system code of a failed `fetch` (undici puts it on the error's cause), if it has one. */
export function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined
  return typeof code === 'string' ? code : undefined
}
