import type { z } from 'zod'
import type { CamelCasedPropertiesDeep } from 'type-fest'
import { camelKey, camelKeysDeep, snakeKey, snakeKeysDeep } from '~/contract/case'

/** §7: the client waits at most this long for the product API. */
export const PRODUCT_API_TIMEOUT_MS = 120_000
/** §7: with no response at all, the error has this code. */
export const NO_RESPONSE_CODE = 503

export type ApiErrorBody = {
  code: number
  message: string
  fields?: Record<string, string>
  /** Everything else the server said (reason, retry time …), keys in camelCase. */
  details?: Record<string, unknown>
}

/** The server's error body, passed on (§7); status 503 when no response came. */
export class ProductApiError extends Error {
  override name = 'ProductApiError'
  readonly status: number
  readonly code: number
  readonly fields: Record<string, string> | undefined
  readonly details: Record<string, unknown>
  constructor(status: number, body: ApiErrorBody) {
    super(body.message)
    this.status = status
    this.code = body.code
    this.fields = body.fields
    this.details = body.details ?? {}
  }
}

export type QueryValue = string | number | boolean | undefined | null

/** Fresh-for, in seconds, of a response's Cache-Control (0 when it may not be reused). */
export function freshSeconds(cacheControl: string | null): number {
  if (!cacheControl || /\b(no-store|no-cache|private)\b/i.test(cacheControl)) return 0
  const match = /\bmax-age=(\d+)/i.exec(cacheControl)
  return match ? Number(match[1]) : 0
}

/**
 * A small in-memory HTTP cache of GET answers, by URL, for as long as the API's Cache-Control says:
 * a busy page asks for the same categories and products over and over. Oldest entries go first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { expires: number; value: unknown }>()
  constructor(
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): unknown {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  clear(): void {
    this.entries.clear()
  }

  set(key: string, value: unknown, seconds: number): void {
    if (seconds <= 0) return
    this.entries.delete(key)
    this.entries.set(key, { expires: this.now() + seconds * 1000, value })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.entries.delete(oldest.value)
    }
  }
}
export type ProductApiClientOptions = {
  /** Base URL of the API, e.g. https://api.example.com or http://localhost:3000/api. */
  apiUrl: string
  storeKey: string
  fetch?: (request: Request) => Response | Promise<Response>
  timeoutMs?: number
  /** Reuse GET answers as long as their Cache-Control allows. */
  cache?: ResponseCache
}

function errorBody(value: unknown, status: number): ApiErrorBody {
  if (typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string') {
    const code = 'code' in value && typeof value.code === 'number' ? value.code : status
    const fields =
      'fields' in value && typeof value.fields === 'object' && value.fields !== null
        ? Object.fromEntries(Object.entries(value.fields).map(([key, text]) => [camelKey(key), String(text)]))
        : undefined
    const { code: _code, message: _message, fields: _fields, ...rest } = camelKeysDeep(value as Record<string, unknown>)
    return { code, message: value.message, fields, details: rest }
  }
  return { code: status, message: `Product API answered ${status}` }
}

/**
 * The storefront's typed client of the product API (§7): base URL plus /public/{storeKey}, JSON,
 * request keys in snake_case, responses validated and read in camelCase.
 */
export function createProductApiClient(options: ProductApiClientOptions) {
  const base = `${options.apiUrl.replace(/\/+$/, '')}/public/${encodeURIComponent(options.storeKey)}`
  const send = options.fetch ?? ((request: Request) => fetch(request))
  const timeoutMs = options.timeoutMs ?? PRODUCT_API_TIMEOUT_MS

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    init: { query?: Record<string, QueryValue>; body?: Record<string, unknown>; headers?: HeadersInit } = {},
  ): Promise<CamelCasedPropertiesDeep<z.output<S>>> {
    const url = new URL(base + path)
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(snakeKey(key), String(value))
    }
    // Answers that depend on forwarded headers are never shared between callers.
    const cacheKey = method === 'GET' && options.cache && !init.headers ? url.toString() : null
    if (cacheKey && options.cache) {
      const cached = options.cache.get(cacheKey)
      if (cached !== undefined) {
        const parsed = schema.safeParse(cached)
        if (parsed.success) return camelKeysDeep(parsed.data)
      }
    }
    const headers = new Headers(init.headers)
    headers.set('Accept', 'application/json')
    let body: string | undefined
    if (init.body) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(snakeKeysDeep(init.body))
    }
    // A controller and a timer rather than AbortSignal.timeout(): the timer keeps the signal alive until it fires.
    const controller = new AbortController()
    const timer = setTimeout(
      () => controller.abort(new Error(`No response from the product API within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const outgoing = new Request(url, { method, headers, body, signal: controller.signal })
    let response: Response
    try {
      response = await send(outgoing)
    } catch (error) {
      clearTimeout(timer)
      // Reading the request's own signal here also keeps it alive while the call is under way: Node holds a
      // request's signal only weakly from its controller.
      const message = outgoing.signal.aborted
        ? `No response from the product API within ${timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : 'No response from the product API'
      throw new ProductApiError(NO_RESPONSE_CODE, { code: NO_RESPONSE_CODE, message })
    }
    let payload: unknown
    try {
      payload = response.status === 204 ? null : await response.json()
    } catch {
      payload = null
    } finally {
      clearTimeout(timer)
    }
    if (!response.ok) throw new ProductApiError(response.status, errorBody(payload, response.status))
    const parsed = schema.safeParse(payload)
    if (!parsed.success) {
      throw new ProductApiError(502, { code: 502, message: `Unexpected product API response for ${path}` })
    }
    if (cacheKey) options.cache?.set(cacheKey, parsed.data, freshSeconds(response.headers.get('Cache-Control')))
    return camelKeysDeep(parsed.data)
  }

  /**
   * A document the API answers as bytes (a tax invoice PDF): its body and headers; a refusal throws the API's
   * error body as a ProductApiError, as JSON calls do.
   */
  async function download(
    path: string,
    headers: HeadersInit,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; headers: Headers }> {
    const controller = new AbortController()
    const timer = setTimeout(
      () => controller.abort(new Error(`No response from the product API within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const outgoing = new Request(new URL(base + path), { method: 'GET', headers, signal: controller.signal })
    try {
      let response: Response
      try {
        response = await send(outgoing)
      } catch (error) {
        const message = outgoing.signal.aborted
          ? `No response from the product API within ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : 'No response from the product API'
        throw new ProductApiError(NO_RESPONSE_CODE, { code: NO_RESPONSE_CODE, message })
      }
      if (!response.ok) {
        const payload: unknown = await response.json().catch(() => null)
        throw new ProductApiError(response.status, errorBody(payload, response.status))
      }
      return { bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    download,
    get: <S extends z.ZodType>(path: string, schema: S, query?: Record<string, QueryValue>) =>
      request('GET', path, schema, { query }),
    /** A GET on behalf of a visitor: their location headers go along (the IP lookup of §7). */
    getFor: <S extends z.ZodType>(path: string, schema: S, headers: HeadersInit) =>
      request('GET', path, schema, { headers }),
    post: <S extends z.ZodType>(path: string, schema: S, body: Record<string, unknown>) =>
      request('POST', path, schema, { body }),
    /** Any call on behalf of a visitor: a body, a query and headers (session token, client IP). */
    send: <S extends z.ZodType>(
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path: string,
      schema: S,
      init: { query?: Record<string, QueryValue>; body?: Record<string, unknown>; headers?: HeadersInit } = {},
    ) => request(method, path, schema, init),
  }
}

export type ProductApiClient = ReturnType<typeof createProductApiClient>
