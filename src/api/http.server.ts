import { OpenAPIHono, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { accountErrorSchema } from '~/api/accounts/schemas'
import { AccountError } from '~/api/accounts/errors'
import type { RequestContext } from '~/api/accounts/account.service'
import { snakeKeysDeep } from '~/product-api/case'

/** Service results go out with snake_case keys (§7). */
export const wire = <T>(value: unknown) => snakeKeysDeep(value) as T

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})
export const refused = (description: string) => json(accountErrorSchema, description)
export const bearer = [{ bearerAuth: [] }]

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

export function errorResponse(c: Context, error: AccountError) {
  const { details } = error
  return c.json(
    {
      code: error.status,
      message: error.message,
      reason: error.reason,
      ...(details.fields ? { fields: wire<Record<string, string>>(details.fields) } : {}),
      ...(details.retryAt ? { retry_at: details.retryAt.toISOString() } : {}),
      ...(details.attemptsLeft !== undefined ? { attempts_left: details.attemptsLeft } : {}),
      ...(details.captcha ? { captcha: details.captcha } : {}),
    },
    error.status,
  )
}

export function requestContext(c: Context, lang: 'th' | 'en' = 'th'): RequestContext {
  const headers = c.req.raw.headers
  const ip = headers.get('x-forwarded-for')?.split(',')[0]?.trim() || headers.get('x-real-ip') || 'unknown'
  return { ip, userAgent: headers.get('user-agent'), locale: lang }
}

export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S{16,200})$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * A sub-app of the product API whose input errors are field codes ('required', 'invalid') and whose
 * refusals are the services' AccountErrors: status, reason and English message.
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
      return undefined
    },
  })
  app.onError((error, c) => {
    if (error instanceof AccountError) return errorResponse(c, error)
    console.error('Product API error', error)
    return c.json({ code: 500, message: 'SOMETHING WRONG! PLEASE TRY AGAIN' }, 500)
  })
  return app
}
