import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema'

/** The one database type the services see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** Runs `work` holding a database-wide lock, so that several instances never migrate at once. */
  withLock: <T>(key: number, work: (db: Db) => Promise<T>) => Promise<T>
}

/** Trigram similarity above which a vocabulary word counts as a typo of a query word (`%` operator). */
export const SEARCH_SIMILARITY_THRESHOLD = 0.35
const SESSION_SETTINGS = `SET pg_trgm.similarity_threshold = ${SEARCH_SIMILARITY_THRESHOLD}`

export type DatabaseOptions = {
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string
  /** Directory of the embedded database; 'memory' for a throw-away one (tests). */
  dataDir: string
}

async function openPglite(dataDir: string): Promise<Database> {
  let client: PGlite
  if (dataDir === 'memory') {
    client = await PGlite.create({ extensions: { pg_trgm } })
  } else {
    const dir = resolve(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = await PGlite.create(dir, { extensions: { pg_trgm } })
  }
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await client.exec(SESSION_SETTINGS)
  const db = drizzlePglite({ client, schema })
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    // PGlite is single-user: one query at a time, so there is nothing to race.
    withLock: (_key, work) => work(db),
  }
}

function openPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Set when each connection starts (a placeholder until pg_trgm loads), so no query can come before it.
    options: `-c pg_trgm.similarity_threshold=${SEARCH_SIMILARITY_THRESHOLD}`,
  })
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message))
  const db = drizzleNodePg({ client: pool, schema })
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    withLock: async (key, work) => {
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key])
        try {
          return await work(drizzleNodePg({ client, schema }))
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key])
        }
      } finally {
        client.release()
      }
    },
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}

/** Rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer { rows }). */
export function resultRows(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows
  return []
}
