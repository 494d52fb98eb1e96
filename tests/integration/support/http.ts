import type { ApiApp } from '../api-app'

/** The demo store's public API, where every integration test calls it. */
export const BASE = 'http://shop.test/api/public/demo'

export type Json = Record<string, unknown>

export type CallInit = { body?: unknown; headers?: Record<string, string> }

/** A call as the storefront makes it: a JSON body (when there is one) under `content-type: application/json`. */
export async function request(app: ApiApp, method: string, path: string, init: CallInit = {}): Promise<Response> {
  return app.request(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

/** The answer of `callJson`: its status, its JSON body (null when empty) and its headers. */
export type JsonReply = { status: number; body: Json; headers: Headers }

/** `request`, its answer read as JSON. */
export async function callJson(app: ApiApp, method: string, path: string, init: CallInit = {}): Promise<JsonReply> {
  const response = await request(app, method, path, init)
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, headers: response.headers }
}

/** `callJson` on the app a test file sets up in `beforeAll` (read when called, so after it is set). */
export function jsonCaller(app: () => ApiApp) {
  return (method: string, path: string, init: CallInit = {}) => callJson(app(), method, path, init)
}
