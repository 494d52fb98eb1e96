import { defineHandler } from 'nitro/h3'
import { getDatabase } from '../database.server'
import { logger } from '../ops/logger.server'
import {
  checkReadiness,
  committedMigrationHashes,
  isStopping,
  READINESS_RETRY_AFTER_SECONDS,
  type Readiness,
} from '../ops/readiness.server'

/** A check is reused for this long, so that many probes cost one query. */
const REUSE_MS = 1_000

/** What a caller is told (the database's own error stays in the log). */
const PUBLIC_REASONS: Record<Exclude<Readiness, { ready: true }>['reason'], string> = {
  stopping: 'The server is shutting down',
  'database-unavailable': 'The database does not answer',
  'migrations-pending': 'The database is not migrated yet',
}

let last: { at: number; result: Promise<Readiness> } | null = null

function readiness(): Promise<Readiness> {
  const now = Date.now()
  // A process that is stopping says so at once, whatever was found a moment ago.
  if (isStopping()) last = null
  if (!last || now - last.at >= REUSE_MS) {
    const result = checkReadiness({ database: getDatabase, committedMigrations: committedMigrationHashes })
    last = { at: now, result }
    void result.then((outcome) => {
      if (!outcome.ready && outcome.reason !== 'stopping') {
        logger().warn({ reason: outcome.reason, detail: outcome.detail }, 'not ready')
      }
    })
  }
  return last.result
}

/**
 * GET /readyz, readiness: 200 only when this process may take traffic (its database answers a query and every
 * committed migration is applied, and it is not shutting down); otherwise 503 with the reason and Retry-After.
 * The cluster script waits on it before an instance goes into service.
 */
export default defineHandler(async (event) => {
  if (event.req.method !== 'GET' && event.req.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } })
  }
  const outcome = await readiness()
  if (outcome.ready) {
    return Response.json(
      { status: 'ready', migrations: outcome.migrations },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  }
  return Response.json(
    { status: 'unavailable', reason: outcome.reason, message: PUBLIC_REASONS[outcome.reason] },
    {
      status: 503,
      headers: { 'Cache-Control': 'no-store', 'Retry-After': String(READINESS_RETRY_AFTER_SECONDS) },
    },
  )
})
