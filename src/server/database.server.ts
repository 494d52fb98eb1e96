import { env } from '../../app.config'
import { openDatabase, type Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { seedDemoData } from '~/db/seed.server'

let ready: Promise<Database> | null = null

/**
 * The app's database, opened once per process: migrated, and seeded with the demo catalog when empty
 * (SEED_DEMO=false skips the seed). A failure is not cached, so the next request tries again.
 */
export function getDatabase(): Promise<Database> {
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
  })().catch((error: unknown) => {
    ready = null
    throw error
  })
  return ready
}
