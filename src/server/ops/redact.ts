/**
 * What of a request may go into a log line (issue 14 item 6): no one-time codes, no tokens or keys, no full
 * e-mail addresses. Pure functions, used by the request log (src/server/nitro/request-log.ts).
 */

/** Written instead of a secret value. */
export const REDACTED = '[redacted]'

/** Longest path (with its query) a log line keeps; the rest is cut. */
export const MAX_LOGGED_PATH = 2048

/**
 * Query parameters whose whole value is a secret: one-time codes, OAuth's `code`/`state`/`id_token`, cart and
 * session tokens, idempotency keys, signatures, and a server function's `payload` (it carries the call's
 * arguments, e-mail addresses and codes among them). Names are compared in lower case with `-` read as `_`.
 */
const SECRET_NAMES = new Set([
  'code',
  'otp',
  'state',
  'nonce',
  'payload',
  'sig',
  'signature',
  'password',
  'passwd',
  'pwd',
  'pin',
  'secret',
  'session',
  'sid',
  'key',
  'auth',
  'authorization',
  'jwt',
  'ticket',
  'captcha_answer',
  'code_verifier',
  'code_challenge',
])

/** Anything named like a token, secret, password, session, key or code (`id_token`, `idempotency_key`, `login_code` …). */
const SECRET_NAME_PATTERN = /token|secret|passw|session|otp|(?:^|_)key$|code$|signature$|credential/

/** Parameters that hold who a person is: an e-mail address or a telephone number. */
const IDENTITY_NAMES = new Set([
  'email',
  'e_mail',
  'mail',
  'phone',
  'tel',
  'telephone',
  'mobile',
  'recipient',
  'identifier',
  'username',
  'login',
  'to',
])

/**
 * An e-mail address in raw or %-encoded text (`@` or `%40`): the first character of the local part is kept,
 * then `***`, then the separator and the domain.
 */
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/gi

function normaliseName(raw: string): string {
  let name = raw
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    // A bad %-escape: match on the raw name.
  }
  return name.trim().toLowerCase().replace(/-/g, '_')
}

/** Whether a query parameter's value must never be logged. */
export function isSecretParam(name: string): boolean {
  const normalised = normaliseName(name)
  return SECRET_NAMES.has(normalised) || SECRET_NAME_PATTERN.test(normalised)
}

/** `somchai@example.com` → `s***@example.com`, wherever addresses occur in the text (also `%40`-encoded). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (_match, first: string, at: string, domain: string) => `${first}***${at}${domain}`)
}

/** An e-mail address or a telephone number, masked: `s***@example.com`, `***78`. */
export function maskIdentity(value: string): string {
  let decoded = value
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    // Keep the raw text.
  }
  if (decoded.includes('@')) return maskEmails(decoded)
  if (decoded.length <= 2) return '***'
  return `***${decoded.slice(-2)}`
}

function redactQuery(query: string, depth: number): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      if (equals === -1) return maskEmails(name)
      const value = pair.slice(equals + 1)
      if (value === '') return pair
      if (isSecretParam(name)) return `${maskEmails(name)}=${REDACTED}`
      if (IDENTITY_NAMES.has(normaliseName(name))) return `${name}=${maskIdentity(value)}`
      return `${maskEmails(name)}=${redactNested(value, depth)}`
    })
    .join('&')
}

/** A value that is itself a URL (a return or redirect address) has its own query redacted, one level deep. */
function redactNested(value: string, depth: number): string {
  if (depth > 0) return maskEmails(value)
  let decoded: string
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return maskEmails(value)
  }
  const question = decoded.indexOf('?')
  if (question === -1 || !/^(\/|https?:\/\/)/i.test(decoded)) return maskEmails(value)
  return encodeURIComponent(
    maskEmails(decoded.slice(0, question)) + '?' + redactQuery(decoded.slice(question + 1), depth + 1),
  ).replace(/%5Bredacted%5D/gi, REDACTED)
}

/**
 * A request's path and query as a log line may show them: secret parameters' values replaced by
 * `[redacted]`, e-mail addresses masked in the path and in every value, telephone numbers masked in the
 * parameters that hold one, and the whole cut at MAX_LOGGED_PATH characters. Accepts a path (`/a?b=c`) or
 * a full URL (its origin is dropped).
 */
export function redactPath(pathWithQuery: string): string {
  let target = pathWithQuery
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target)
  if (origin) target = target.slice(origin[0].length) || '/'
  const hash = target.indexOf('#')
  if (hash !== -1) target = target.slice(0, hash)
  const question = target.indexOf('?')
  const path = question === -1 ? target : target.slice(0, question)
  const redacted =
    question === -1 ? maskEmails(path) : `${maskEmails(path)}?${redactQuery(target.slice(question + 1), 0)}`
  return redacted.length > MAX_LOGGED_PATH ? `${redacted.slice(0, MAX_LOGGED_PATH)}…` : redacted
}

/** Characters a request id may be made of (no spaces, quotes or `@`): an id from a proxy is kept, anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Whether an incoming `X-Request-Id` is one this server keeps (and sends back) as the request's id. */
export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value)
}
