import { env } from '../../app.config'
import { openDatabase, type Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { seedDemoData } from '~/db/seed.server'

/** After a failed start, requests fail fast for this long before the next attempt. */
const RETRY_AFTER_MS = 5_000

let ready: Promise<Database> | null = null
let failedAt = 0

/**
 * The app's database, opened once per process: migrated, and seeded with the demo catalog when empty
 * (SEED_DEMO=false skips the seed). A failure is kept for a few seconds, then the next request tries
 * again, so that a database that comes back is picked up without a restart.
 */
export function getDatabase(): Promise<Database> {
  if (ready && failedAt && Date.now() - failedAt >= RETRY_AFTER_MS) {
    ready = null
    failedAt = 0
  }
  ready ??= (async () => {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    try {
      await migrate(database)
      if (process.env.SEED_DEMO !== 'false') await seedDemoData(database)
      return database
    } catch (error) {
      await database.close().catch(() => undefined)
      throw error
    }
  })()
  ready.catch(() => {
    failedAt ||= Date.now()
  })
  return ready
}

/** Closes the database of this process (at shutdown); a database that never opened needs nothing. */
export async function closeDatabase(): Promise<void> {
  const opened = ready
  ready = null
  const database = await opened?.catch(() => null)
  await database?.close()
}
