import pg from 'pg'
import { openDatabase, type Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { seedDemoData } from '~/db/seed.server'

/**
 * A fresh database for one test file: embedded PGlite in memory, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for this worker and file (so the same suite runs on both engines).
 */
export async function freshDatabase(
  options: { seed?: boolean } = {},
): Promise<Database & { engine: string; url: string | null }> {
  const url = process.env.DATABASE_URL
  let database: Database
  let dropDatabase: (() => Promise<void>) | null = null
  let databaseUrl: string | null = null
  if (url) {
    const name = `store_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const testUrl = new URL(url)
    testUrl.pathname = `/${name}`
    databaseUrl = testUrl.toString()
    database = await openDatabase({ databaseUrl, dataDir: 'memory' })
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    }
  } else {
    database = await openDatabase({ dataDir: 'memory' })
  }
  await migrate(database)
  if (options.seed !== false) await seedDemoData(database)
  return {
    ...database,
    engine: url ? 'postgres' : 'pglite',
    url: databaseUrl,
    close: async () => {
      await database.close()
      await dropDatabase?.()
    },
  }
}
