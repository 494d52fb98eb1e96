/**
 * Database commands for people and outside schedulers:
 *   npm run db:migrate   apply the committed migrations
 *   npm run db:seed      migrate, then load the demo catalog into an empty database
 *   npm run db:reset     delete the embedded database (or drop the app's tables on PostgreSQL), then seed
 *   npm run codes:issue  issue this month's VIP/VVIP and birth-month codes (idempotent: safe from any scheduler)
 * They use the same configuration as the server (DATABASE_URL, DATA_DIR).
 */
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { env } from '../app.config'
import { holdDataDir, openDatabase, releaseDataDir } from '../src/db/client.server'
import { migrate } from '../src/db/migrate.server'
import { seedDemoData } from '../src/db/seed.server'
import { MembershipService } from '../src/api/accounts/membership.service'

async function main(command: string | undefined): Promise<void> {
  if (command === 'reset') {
    if (env.DATABASE_URL) {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
      await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`)
      await database.db.execute(sql`DROP SCHEMA IF EXISTS store_meta CASCADE`)
      await database.db.execute(sql`CREATE SCHEMA public`)
      await database.close()
    } else {
      // Not under a running shop: the lock refuses while a server (or another command) has the directory.
      holdDataDir(env.DATA_DIR, 'db:reset')
      await rm(resolve(env.DATA_DIR, 'pglite'), { recursive: true, force: true })
      await rm(resolve(env.DATA_DIR, 'image-cache'), { recursive: true, force: true })
      releaseDataDir(env.DATA_DIR)
    }
    console.log('Database reset')
  }
  if (command === 'issue-codes') {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      purpose: 'codes:issue',
    })
    try {
      await migrate(database)
      const issued = await new MembershipService(database.db, { thbSatangPerUsdCent: env.USD_TO_THB_RATE }).issueCodes()
      console.log(`Member codes issued: ${issued}`)
    } finally {
      await database.close()
    }
    return
  }
  if (command !== 'migrate' && command !== 'seed' && command !== 'reset') {
    throw new Error('Usage: db.ts migrate | seed | reset | issue-codes')
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    purpose: `db:${command}`,
  })
  try {
    const applied = await migrate(database)
    console.log(`Migrations applied: ${applied}`)
    if (command !== 'migrate') {
      const seeded = await seedDemoData(database)
      console.log(seeded ? 'Demo catalog loaded' : 'Catalog already present: nothing seeded')
    }
  } finally {
    await database.close()
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
