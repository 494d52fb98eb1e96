import { env } from '../../app.config'
import { openDatabase, type Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { ensureSearchIndex } from '~/db/search-index.server'
import { seedContentPages, seedDemoData } from '~/db/seed.server'
import { processGlobal } from '~/process-global'

/** After a failed start, requests fail fast for this long before the next attempt. */
const RETRY_AFTER_MS = 5_000

/**
 * One database per process, whichever bundle asks (Nitro's plugins and the SSR app are separate bundles, each
 * with its own copy of this module): the state lives on globalThis (decision 012).
 */
const state = processGlobal('database', () => ({
  ready: null as Promise<Database> | null,
  failedAt: 0,
  closed: false,
}))

/**
 * The app's database, opened once per process: migrated, and seeded with the demo catalog when empty
 * (SEED_DEMO=false skips it, but for the info pages). A failure is kept for a few seconds, then the next request tries
 * again, so that a database that comes back is picked up without a restart. Once closed (at shutdown) it is
 * never opened again by this process: a late request fails instead of opening a second copy.
 */
export function getDatabase(): Promise<Database> {
  if (state.closed) return Promise.reject(new DatabaseClosedError())
  if (state.ready && state.failedAt && Date.now() - state.failedAt >= RETRY_AFTER_MS) {
    state.ready = null
    state.failedAt = 0
  }
  state.ready ??= (async () => {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: 'server' })
    try {
      await migrate(database)
      if (process.env.SEED_DEMO !== 'false') await seedDemoData(database)
      else await seedContentPages(database)
      // A catalog indexed by an older version of search is re-indexed before the first request (issue 16).
      await ensureSearchIndex(database)
      return database
    } catch (error) {
      await database.close().catch(() => undefined)
      throw error
    }
  })()
  state.ready.catch(() => {
    state.failedAt ||= Date.now()
  })
  return state.ready
}

/** The database is closed: this process is stopping. */
export class DatabaseClosedError extends Error {
  override name = 'DatabaseClosedError'
  constructor() {
    super('The shop is stopping')
  }
}

/** Closes the database of this process (at shutdown) for good; a database that never opened needs nothing. */
export async function closeDatabase(): Promise<void> {
  const opened = state.ready
  state.closed = true
  state.ready = null
  const database = await opened?.catch(() => null)
  await database?.close()
}
