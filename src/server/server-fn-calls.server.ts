import { getRequest, setResponseStatus } from '@tanstack/react-start/server'
import { z } from 'zod'
import { markClientError } from './request-state.server'

/**
 * How a server function is called over HTTP (TanStack Start 1.169): `GET|POST /_serverFn/<id>`, the id being
 * the SHA-256 of `<file>--<export>_createServerFn_handler`, with the header `x-tsr-serverFn: true`; the
 * arguments are `{ data }` serialised by seroval (`toJSON`), in the `payload` query parameter of a GET or as
 * the JSON body of a POST. The answer is seroval's cross-reference JSON of `{ result }` or `{ error }`.
 *
 * Start answers every failure of a call with its serialised error, but with statuses that do not say whose
 * fault it was: a validator's refusal, or a 4xx thrown by the function, is a 200; a call it cannot decode
 * (unknown id, payload that is not JSON or not seroval) is a 500. Only a tampered client sends such calls, so
 * these functions give them a 4xx with a clear message, in Start's own error format (the client still throws
 * it), and leave real server errors as they were.
 */
export const SERVER_FN_BASE = '/_serverFn/'

/** Start's own limit for a GET payload; a POST body (the same serialised arguments) gets the same. */
const MAX_PAYLOAD_CHARS = 1_000_000

/** A call refused before its function runs, with the HTTP status Start answers it with (error.status). */
export class ServerFnCallError extends Error {
  override name = 'ServerFnCallError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** Arguments a server function's validator refused: a 400 naming the fields, never the values sent. */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError'
  readonly status = 400
  constructor(readonly issues: ReadonlyArray<{ path: string; message: string }>) {
    const listed = issues
      .slice(0, 5)
      .map((issue) => `${issue.path || 'data'}: ${issue.message}`.slice(0, 160))
      .join('; ')
    super(`Invalid input: ${listed}${issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''}`)
  }
}

const issueSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number(), z.null()])).optional(),
})
const issueListSchema = z.array(issueSchema).min(1)

function issuePath(path: ReadonlyArray<PropertyKey | null> | undefined): string {
  return (path ?? []).map((key) => (typeof key === 'symbol' ? '?' : String(key))).join('.')
}

/**
 * The issues of a validator's refusal, or null for any other error. Start runs a Standard Schema validator
 * (zod) and throws `new Error(JSON.stringify(issues, undefined, 2))` when it refuses; a validator that parses
 * (`schema.parse`) throws zod's own error.
 */
export function validationIssues(error: unknown): Array<{ path: string; message: string }> | null {
  if (error instanceof z.core.$ZodError) {
    return error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }))
  }
  if (!(error instanceof Error) || error.constructor !== Error || !error.message.startsWith('[')) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(error.message)
  } catch {
    return null
  }
  const issues = issueListSchema.safeParse(parsed)
  if (!issues.success) return null
  return issues.data.map((issue) => ({ path: issuePath(issue.path), message: issue.message }))
}

/** The 4xx status an error carries (HttpError, the product API's refusals), or null. */
export function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null
  const { status } = error
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 ? status : null
}

/** The id of the server function a request calls, or null when it calls none. */
export function calledServerFnId(request: Request): string | null {
  const { pathname } = new URL(request.url)
  if (!pathname.startsWith(SERVER_FN_BASE)) return null
  return pathname.slice(SERVER_FN_BASE.length).split('/')[0] ?? ''
}

/** Calls over HTTP whose arguments were decoded and handed to their function (its middleware ran). */
const reachedFunction = new WeakSet<Request>()

function currentRequest(): Request | null {
  try {
    return getRequest()
  } catch {
    return null
  }
}

/**
 * The global function middleware: a call over HTTP (not one made by the server while rendering a page) that
 * its validator refuses answers 400 with the fields at fault, and an error with a 4xx status answers that
 * status. The error itself goes on to the client as Start serialises it (its message only).
 */
export async function answerServerFnFailures<Result>(serverFnId: string, run: () => Promise<Result>): Promise<Result> {
  const request = currentRequest()
  const overHttp = request !== null && calledServerFnId(request) === serverFnId
  if (request && overHttp) reachedFunction.add(request)
  try {
    return await run()
  } catch (error) {
    if (!overHttp) {
      // Called while rendering a page: a refusal (4xx) is remembered so that the page keeps its status.
      const status = clientErrorStatus(error)
      if (request && status !== null && validationIssues(error) === null) markClientError(request, status)
      throw error
    }
    const issues = validationIssues(error)
    if (issues) {
      setResponseStatus(400)
      throw new InvalidInputError(issues)
    }
    const status = clientErrorStatus(error)
    if (status !== null) setResponseStatus(status)
    throw error
  }
}

async function payloadText(request: Request): Promise<string | null> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return new URL(request.url).searchParams.get('payload')
  }
  const type = request.headers.get('content-type') ?? ''
  if (/^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
    throw new ServerFnCallError(415, 'A server function call is sent as JSON, not as a form')
  }
  if (!type.includes('application/json')) return null
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_PAYLOAD_CHARS * 4) throw new ServerFnCallError(413, 'The server function call is too large')
  return request.clone().text()
}

/**
 * The request middleware of server-function calls: refuses a call without Start's header, a payload that is
 * not JSON or is too large, a form body, and an id no function has, with a 4xx; and a call whose payload Start could not turn into
 * arguments (it never reached its function) with a 400 rather than Start's 500.
 */
export async function handleServerFnCall<Result extends { response: Response }>(
  request: Request,
  next: () => Result | Promise<Result>,
): Promise<Result> {
  // Start's client always sends it; without it Start hands back what the function returned as is (meant for
  // functions that return a Response, which none of the shop's do), and a null or a string then fails as a 500.
  if (request.headers.get('x-tsr-serverfn') !== 'true') {
    throw new ServerFnCallError(400, 'A server function call carries the header x-tsr-serverFn: true')
  }
  // Start looks the id up in a plain object: `__proto__`, `constructor`, `toString` … find what every object
  // has, not nothing, and fail as a 500.
  const id = calledServerFnId(request)
  if (id === null || id in Object.prototype) throw new ServerFnCallError(404, 'There is no such server function')
  const payload = await payloadText(request)
  if (payload !== null) {
    if (payload.length > MAX_PAYLOAD_CHARS) throw new ServerFnCallError(413, 'The server function call is too large')
    try {
      JSON.parse(payload)
    } catch {
      throw new ServerFnCallError(400, 'The server function call is not valid JSON')
    }
  }
  let result: Result
  try {
    result = await next()
  } catch (error) {
    // Start looks the id up before anything else and throws when no function has it.
    if (error instanceof Error && error.message.startsWith('Server function info not found')) {
      throw new ServerFnCallError(404, 'There is no such server function')
    }
    throw error
  }
  if (result.response.status >= 500 && !reachedFunction.has(request)) {
    throw new ServerFnCallError(400, 'The arguments of the server function call could not be decoded')
  }
  return result
}
