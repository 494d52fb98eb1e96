import { OpenAPIHono, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { isDatabaseUnavailable } from '~/db/unavailable'
import { errorCode, loggableError } from '~/db/error-details'
import { logApiError } from './error-log.server'
import { apiErrorSchema } from '~/contract/errors'
import { ApiError } from '~/api/errors'
import type { RequestContext } from '~/api/accounts/request-context'
import { snakeKey, snakeKeysDeep } from '~/contract/case'
import type { CamelCasedPropertiesDeep } from 'type-fest'
import { countryFromRequest } from '~/region/region'

/**
 * A service result as its wire schema's body: the keys renamed to snake_case (§7), the value's type checked at compile
 * time against the schema's camelCase twin, so a field the schema names and the service does not give (or gives in
 * another type) is a type error rather than a cast. No parsing at run time: the integration suite checks every
 * answer against the contract.
 */
export function toWire<S extends z.ZodType>(_schema: S, value: CamelCasedPropertiesDeep<z.output<S>>): z.output<S> {
  return snakeKeysDeep(value) as z.output<S>
}

/** The API's 404 (an unknown store, endpoint or catalog entry): a code and an English message. */
export function notFound(c: Context, message: string) {
  return c.json({ code: 404, message }, 404)
}

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})
/**
 * A 200 the API lets callers keep (Cache-Control public): the same answer to everyone, kept until the catalog
 * changes (decision 124), when `X-Catalog-Cache: hit` says so.
 */
export const shared = <T extends z.ZodType>(schema: T, description: string) => ({
  ...json(schema, description),
  headers: {
    'Cache-Control': {
      description: 'How long the answer may be reused (`public, max-age=…`)',
      required: true,
      schema: { type: 'string' as const },
    },
    'X-Catalog-Cache': {
      description: '`hit` when the answer was kept from an earlier request since the catalog last changed',
      schema: { type: 'string' as const, enum: ['hit'] },
    },
  },
})
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})
export const refused = (description: string) => json(apiErrorSchema, description)
/**
 * Who may call an operation, as the OpenAPI document says it (the schemes are declared in openapi.server.ts):
 * anyone; a member's session (Bearer); the back office's API key or its deprecated token (Bearer); a cart's owner, a member or a guest with
 * the cart token, or a guest without a cart yet; an order's viewer, its member or a guest with the order token.
 */
export const security: Record<'none' | 'member' | 'operator' | 'cart' | 'order', Array<Record<string, string[]>>> = {
  none: [],
  member: [{ memberSession: [] }],
  // An API key of a role (decision 174), or the deprecated OPERATOR_TOKEN while it is set.
  operator: [{ apiKey: [] }, { operatorToken: [] }],
  cart: [{ memberSession: [] }, { cartToken: [] }, {}],
  order: [{ memberSession: [] }, { orderToken: [] }],
}

/** The value at a path of the raw input, to tell a missing field from a malformed one. */
function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = input
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/** First rule per field as a code: a missing or blank value is 'required', anything else 'invalid'. */
export function issueFields(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }>, input: unknown) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'request'
    const value = valueAt(input, issue.path)
    const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    fields[key] ??= missing ? 'required' : 'invalid'
  }
  return fields
}

/** U+0000 and lone surrogates: PostgreSQL stores neither in text or JSON (the query would fail with a 500). */
const UNSTORABLE = /[\u0000\p{Cs}]/u

/** Where validated input holds text the database cannot store: the dotted path of the first such string or key. */
export function unstorableTextPath(value: unknown, path: ReadonlyArray<string> = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') || 'request' : null
  if (typeof value !== 'object' || value === null) return null
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path.join('.') || 'request'
    const found = unstorableTextPath(item, [...path, key])
    if (found) return found
  }
  return null
}

/**
 * Field names go out in snake_case like every key; a key without a lower-case letter is a SKU (an item
 * sold out, or not deliverable) and goes out as it is.
 */
function fieldKeys(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [/[a-z]/.test(key) ? snakeKey(key) : key, value]),
  )
}

export function errorResponse(c: Context, error: ApiError) {
  const { details } = error
  return c.json(
    {
      code: error.status,
      message: error.message,
      reason: error.reason,
      ...(details.fields ? { fields: fieldKeys(details.fields) } : {}),
      ...(details.retryAt ? { retry_at: details.retryAt.toISOString() } : {}),
      ...(details.attemptsLeft !== undefined ? { attempts_left: details.attemptsLeft } : {}),
      ...(details.captcha
        ? {
            captcha:
              details.captcha.kind === 'turnstile'
                ? { kind: 'turnstile', site_key: details.captcha.siteKey }
                : details.captcha,
          }
        : {}),
    },
    error.status,
  )
}

export function requestContext(c: Context, lang: 'th' | 'en' = 'th'): RequestContext {
  const headers = c.req.raw.headers
  const ip = headers.get('x-forwarded-for')?.split(',')[0]?.trim() || headers.get('x-real-ip') || 'unknown'
  return { ip, userAgent: headers.get('user-agent'), locale: lang, country: countryFromRequest(headers, null) }
}

export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S{16,200})$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * A sub-app of the product API whose input errors are field codes ('required', 'invalid') and whose
 * refusals are the services' ApiErrors: status, reason and English message.
 */
export function createSubApp() {
  const app = new OpenAPIHono({
    strict: false,
    defaultHook: (result, c) => {
      if (!result.success) {
        const input = (result as { data?: unknown }).data
        return c.json(
          {
            code: 400,
            message: 'Invalid request',
            reason: 'INVALID_INPUT',
            fields: issueFields(result.error.issues, input),
          },
          400,
        )
      }
      const unstorable = unstorableTextPath(result.data)
      if (unstorable) {
        return c.json(
          { code: 400, message: 'Invalid request', reason: 'INVALID_INPUT', fields: { [unstorable]: 'invalid' } },
          400,
        )
      }
      return undefined
    },
  })
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error)
    // The request's own fault found before validation: malformed JSON (400), a body that is not JSON (415).
    if (error instanceof HTTPException && error.status < 500) {
      const reason = error.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID_INPUT'
      return c.json({ code: error.status, message: error.message || 'Invalid request', reason }, error.status)
    }
    return serverErrorResponse(c, error)
  })
  return app
}

/** Retry-After of a 503: the pool reconnects on the next request once the database is back. */
const RETRY_AFTER_SECONDS = 5

/**
 * The answer to an error that is not the request's fault: 503 with Retry-After while the database cannot be
 * reached (it comes back by itself), otherwise 500. Neither shows anything of the error; the log has what is safe
 * of it: a database error's code, table, constraint and SQL, never the query's parameters (issue 29 item 4).
 */
export function serverErrorResponse(c: Context, error: unknown): Response {
  if (isDatabaseUnavailable(error)) {
    console.error('Product API: database unavailable:', errorCode(error) ?? 'no code')
    c.header('Retry-After', String(RETRY_AFTER_SECONDS))
    return c.json({ code: 503, message: 'SERVICE UNAVAILABLE. PLEASE TRY AGAIN IN A MOMENT' }, 503)
  }
  logApiError({ ...loggableError(error), method: c.req.method, path: c.req.path }, 'Product API error')
  return c.json({ code: 500, message: 'SOMETHING WRONG! PLEASE TRY AGAIN' }, 500)
}
