import { resolve } from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { sql } from 'drizzle-orm'
import { bigint, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'
import type { Database, Db } from './client.server'

const MIGRATION_LOCK_KEY = 7_300_001

/** Applied migrations, outside the app's schema so that drizzle-kit never generates it. */
const appliedMigrations = pgSchema('store_meta').table('migrations', {
  hash: text('hash').primaryKey(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Where the SQL migrations are: committed under src/db/migrations, read from the project root. */
export function migrationsFolder(): string {
  return resolve(process.env.MIGRATIONS_DIR ?? 'src/db/migrations')
}

/**
 * Applies the committed migrations that are not yet applied, in order, each in a transaction, under a
 * lock so that several instances starting together apply each migration once. Safe on every start.
 */
export async function migrate(database: Database): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() })
  return database.withLock(MIGRATION_LOCK_KEY, async (db: Db) => {
    await db.execute(sql`CREATE SCHEMA IF NOT EXISTS store_meta`)
    await db.execute(
      sql`CREATE TABLE IF NOT EXISTS store_meta.migrations (hash text PRIMARY KEY, created_at bigint NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    const applied = await db.select({ hash: appliedMigrations.hash }).from(appliedMigrations)
    const done = new Set(applied.map((row) => row.hash))
    let count = 0
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue
      await db.transaction(async (tx) => {
        for (const statement of migration.sql) {
          if (statement.trim()) await tx.execute(sql.raw(statement))
        }
        await tx.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis })
      })
      count++
    }
    return count
  })
}
