import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { processGlobal } from '~/process-global'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.server'
import * as schema from './schema'

/** The one database type the services see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The embedded engine itself (backups of its files); null on PostgreSQL. */
  pglite: PGlite | null
  close: () => Promise<void>
  /** Runs `work` holding a database-wide lock, so that several instances never migrate at once. */
  withLock: <T>(key: number, work: (db: Db) => Promise<T>) => Promise<T>
  /**
   * Listens to NOTIFY on `channel` (committed changes only; see migration 0014). `up` is called each time the
   * listening starts (again), `down` each time it is lost: between the two, notifications may have been missed.
   * PostgreSQL listens on a connection of its own and reconnects; closing the database stops it.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>
}

export type ListenHandlers = {
  notify: (payload: string) => void
  up: () => void
  down: (error: Error) => void
}

/** Trigram similarity above which a vocabulary word counts as a typo of a query word (`%` operator). */
export const SEARCH_SIMILARITY_THRESHOLD = 0.35
const SESSION_SETTINGS = `SET pg_trgm.similarity_threshold = ${SEARCH_SIMILARITY_THRESHOLD}`

export type DatabaseOptions = {
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string
  /** Directory of the embedded database; 'memory' for a throw-away one (tests). */
  dataDir: string
  /** What opens it, named to a second opener that is refused ('server', 'db:backup' …). */
  purpose?: string
}

/** Data directories this process holds the lock of, and those of them open as a database right now. */
const held = processGlobal('data-dir-locks', () => ({ locks: new Map<string, DataDirLock>(), open: new Set<string>() }))

/**
 * The lock of an embedded database directory for this process: taken once (it fails when another process holds
 * it, see data-dir-lock.server.ts), then the same lock for every later call of this process.
 */
export function holdDataDir(dataDir: string, purpose = 'server'): DataDirLock {
  const dir = resolve(dataDir)
  let lock = held.locks.get(dir)
  if (!lock) {
    mkdirSync(dir, { recursive: true })
    lock = acquireDataDirLock(dir, { purpose })
    held.locks.set(dir, lock)
  }
  return lock
}

/** Gives up the lock of `dataDir` if this process holds it (after the database on it is closed). */
export function releaseDataDir(dataDir: string): void {
  const dir = resolve(dataDir)
  if (held.open.has(dir)) return
  held.locks.get(dir)?.release()
  held.locks.delete(dir)
}

async function openPglite(dataDir: string, purpose?: string): Promise<Database> {
  if (dataDir === 'memory') {
    const client = await PGlite.create({ extensions: { pg_trgm } })
    return pgliteDatabase(client, async () => client.close())
  }
  const home = resolve(dataDir)
  // Two PGlite instances on one directory overwrite each other's checkpoints: what one wrote is lost.
  if (held.open.has(home)) throw new Error(`The embedded database in ${home} is already open in this process`)
  // A lock the process took before (the server, at start-up) stays its own until it lets it go; one taken here
  // for a script goes when the database closes.
  const lockedHere = !held.locks.has(home)
  holdDataDir(home, purpose)
  held.open.add(home)
  const done = () => {
    held.open.delete(home)
    if (lockedHere) releaseDataDir(home)
  }
  try {
    const dir = resolve(home, 'pglite')
    mkdirSync(dir, { recursive: true })
    const client = await PGlite.create(dir, { extensions: { pg_trgm } })
    return await pgliteDatabase(client, async () => {
      try {
        await client.close()
      } finally {
        done()
      }
    })
  } catch (error) {
    done()
    throw error
  }
}

/** A Database over a PGlite client (an open directory, a backup opened in memory …). */
export async function pgliteDatabase(client: PGlite, close: () => Promise<void>): Promise<Database> {
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await client.exec(SESSION_SETTINGS)
  const db = drizzlePglite({ client, schema })
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close,
    // PGlite is single-user: one query at a time, so there is nothing to race.
    withLock: (_key, work) => work(db),
    // One process, one engine: a notification is delivered at commit, before the writing query returns.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.notify)
      handlers.up()
      return unlisten
    },
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
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    kind: 'postgres',
    pglite: null,
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
    listen: async (channel, handlers) => {
      const stop = listenPostgres(databaseUrl, channel, handlers)
      const stopAndForget = async () => {
        listeners.delete(stopAndForget)
        await stop()
      }
      listeners.add(stopAndForget)
      return stopAndForget
    },
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

/** How long a lost listening connection waits before connecting again. */
const LISTEN_RETRY_MS = 1_000

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), connecting again after a loss for
 * as long as it is not stopped. Each loss is reported once (`down`), each successful LISTEN once (`up`).
 */
function listenPostgres(databaseUrl: string, channel: string, handlers: ListenHandlers): () => Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`)
  let stopped = false
  /** The connection listening now; `latest`, the one made last (it may still be connecting). */
  let current: pg.Client | null = null
  let latest: pg.Client | null = null
  let retry: ReturnType<typeof setTimeout> | null = null
  const connect = () => {
    retry = null
    if (stopped) return
    const client = new pg.Client({ connectionString: databaseUrl })
    latest = client
    let lost = false
    const lose = (error: Error) => {
      if (lost) return
      lost = true
      if (current === client) {
        current = null
        handlers.down(error)
      }
      client.end().catch(() => undefined)
      if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS)
    }
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '')
    })
    client.on('error', lose)
    client.on('end', () => lose(new Error('The listening connection ended')))
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(() => {
        if (lost) return
        if (stopped) {
          client.end().catch(() => undefined)
          return
        }
        current = client
        handlers.up()
      })
      .catch((error: unknown) => lose(error instanceof Error ? error : new Error(String(error))))
  }
  connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    current = null
    await latest?.end().catch(() => undefined)
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.purpose)
}

/** Rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer { rows }). */
export function resultRows(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows
  return []
}
