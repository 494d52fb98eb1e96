import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { resultRows, type Database } from '~/db/client.server'
import { migrationsFolder } from '~/db/migrate.server'
import { isStopping as shutdownStarted } from '~/server/lifecycle.server'

/** How long the readiness check waits for the database before it answers "not ready". */
export const READINESS_TIMEOUT_MS = 2_000

/** Seconds a caller should wait before asking /readyz again after a 503. */
export const READINESS_RETRY_AFTER_SECONDS = 5

export type Readiness =
  | { ready: true; migrations: number }
  | { ready: false; reason: 'stopping' | 'database-unavailable' | 'migrations-pending'; detail: string }

export type ReadinessOptions = {
  /** The process's database, opened and migrated (getDatabase() of src/server/database.server.ts). */
  database: () => Promise<Database>
  /** The hashes of the committed migrations that must be applied. */
  committedMigrations: () => readonly string[]
  timeoutMs?: number
  /** Whether the process is stopping (the bounded shutdown's flag by default). */
  stopping?: () => boolean
}

class Timeout extends Error {}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Whether this process is on its way out: the bounded shutdown (src/server/lifecycle.server.ts) has begun. */
export function isStopping(): boolean {
  return shutdownStarted()
}

let committed: readonly string[] | null = null

/** The hashes of the migrations committed under src/db/migrations (read once; they do not change under a running server). */
export function committedMigrationHashes(): readonly string[] {
  committed ??= readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((migration) => migration.hash)
  return committed
}

/**
 * Whether this process may take traffic: not stopping, its database answers a query, and every committed
 * migration is recorded in `store_meta.migrations` (see src/db/migrate.server.ts). Never throws.
 */
export async function checkReadiness(options: ReadinessOptions): Promise<Readiness> {
  if ((options.stopping ?? isStopping)()) {
    return { ready: false, reason: 'stopping', detail: 'the server is shutting down' }
  }
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS
  let expected: readonly string[]
  try {
    expected = options.committedMigrations()
  } catch (error) {
    return { ready: false, reason: 'migrations-pending', detail: `migrations unreadable: ${message(error)}` }
  }
  let applied: Set<string>
  try {
    const started = Date.now()
    const database = await within(options.database(), timeoutMs, 'the database')
    const left = Math.max(1, timeoutMs - (Date.now() - started))
    const result = await within(database.db.execute(sql`SELECT hash FROM store_meta.migrations`), left, 'the database')
    applied = new Set(resultRows(result).map((row) => String((row as { hash: unknown }).hash)))
  } catch (error) {
    if (isMissingTable(error)) {
      return { ready: false, reason: 'migrations-pending', detail: 'no migration has been applied' }
    }
    return { ready: false, reason: 'database-unavailable', detail: message(error) }
  }
  if ((options.stopping ?? isStopping)()) {
    return { ready: false, reason: 'stopping', detail: 'the server is shutting down' }
  }
  const pending = expected.filter((hash) => !applied.has(hash)).length
  if (pending > 0) {
    return {
      ready: false,
      reason: 'migrations-pending',
      detail: `${pending} of ${expected.length} committed migrations not applied`,
    }
  }
  return { ready: true, migrations: expected.length }
}

/** PostgreSQL's codes for a missing table or schema: `store_meta.migrations` was never created. */
const MISSING_RELATION = new Set(['42P01', '3F000'])

/** Whether the error (or what it wraps: Drizzle wraps the driver's) says the migrations table is not there. */
function isMissingTable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Timeout) return false
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && MISSING_RELATION.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function message(error: unknown): string {
  // The driver's own words (a refused connection, a terminated one) are under Drizzle's "Failed query".
  let innermost = error
  for (let depth = 0; depth < 5 && innermost instanceof Error && innermost.cause; depth++) innermost = innermost.cause
  const text = innermost instanceof Error ? innermost.message : String(innermost)
  // A connection error may name the database URL; its password never goes out.
  return text.replace(/\/\/[^@/\s]*@/g, '//***@').slice(0, 200)
}
