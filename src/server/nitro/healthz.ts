import { defineHandler } from 'nitro/h3'
import { isStopping } from '../ops/readiness.server'

const startedAt = Date.now()

/**
 * GET /healthz, liveness: the process is up and its event loop answers. No database, nothing to wait for, so a
 * supervisor restarts the process only when it is truly stuck (a database outage is /readyz's business).
 */
export default defineHandler((event) => {
  if (event.req.method !== 'GET' && event.req.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } })
  }
  return Response.json(
    { status: 'ok', uptime_s: Math.round((Date.now() - startedAt) / 1000), stopping: isStopping() },
    { headers: { 'Cache-Control': 'no-store' } },
  )
})
