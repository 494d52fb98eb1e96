import { randomUUID } from 'node:crypto'
import { definePlugin } from 'nitro'
import { logger } from '../ops/logger.server'
import { isValidRequestId, redactPath } from '../ops/redact'

/** Files of the build and the public folder, and image renditions: logged at `debug`, not on every page view. */
const ASSET =
  /^\/(?:assets|_build|fonts|images)\/|\.(?:js|mjs|css|map|woff2?|ttf|otf|png|jpe?g|gif|webp|avif|svg|ico|webmanifest)$/i

/** Health probes: a successful one is logged at `debug` (a load balancer asks every few seconds). */
const PROBE = /^\/(?:healthz|readyz)$/

type Started = { id: string; start: number }

/**
 * One JSON line per request (issue 14 item 6): time, level, the request id (a valid incoming X-Request-Id, else a
 * new UUID, sent back as X-Request-Id), method, path with its query redacted (src/server/ops/redact.ts), status,
 * duration in milliseconds until the response was ready, and the instance. Headers, cookies and bodies are never
 * logged. A Nitro plugin sees every request the server answers: pages, /api, /_serverFn, static files.
 */
export default definePlugin((nitroApp) => {
  const hooks = nitroApp.hooks
  if (!hooks) return
  // By event, not by request: the body limit (body-limit.ts) may hand the app a new Request for a streamed body.
  const started = new WeakMap<object, Started>()

  hooks.hook('request', (event) => {
    const incoming = event.req.headers.get('x-request-id')
    started.set(event, {
      id: isValidRequestId(incoming) ? incoming : randomUUID(),
      start: performance.now(),
    })
  })

  hooks.hook('response', (response, event) => {
    const request = event.req
    const entry = started.get(event)
    if (!entry) return
    started.delete(event)
    // The admin API names its own id (the one its audit log records) when the request came without one: kept.
    const own = response.headers.get('x-request-id')
    if (isValidRequestId(own)) entry.id = own
    try {
      response.headers.set('X-Request-Id', entry.id)
    } catch {
      // A response with immutable headers (a fetched one): it goes out without the id.
    }
    const url = new URL(request.url)
    const status = response.status
    const probe = PROBE.test(url.pathname)
    const quiet = status < 400 && (probe || ASSET.test(url.pathname))
    // A probe's 503 (not ready, stopping) is a state, not a failure of the server.
    const level = status >= 500 ? (probe ? 'warn' : 'error') : quiet ? 'debug' : 'info'
    const log = logger()
    if (!log.isLevelEnabled(level)) return
    log[level](
      {
        requestId: entry.id,
        method: request.method,
        path: redactPath(url.pathname + url.search),
        status,
        durationMs: Math.round((performance.now() - entry.start) * 10) / 10,
      },
      'request',
    )
  })
})
