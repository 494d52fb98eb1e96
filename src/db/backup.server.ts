import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { resultRows, type Database } from './client.server'

/**
 * Backups of the embedded database, and moving a shop's rows between databases (issue 14, decision 013).
 *
 * A backup is PGlite's own dump of its data directory (a gzip'd tar): taken between two queries, after a
 * CHECKPOINT, it is a consistent image of the files, as after a clean stop (any transaction open at that moment
 * is rolled back when the backup is opened, like after a crash). It is written to a temporary name and renamed,
 * so a backup file is whole or absent.
 */

/** A consistent backup of an open embedded database, as a gzip'd tar of its data directory. */
export async function dumpEmbedded(database: Database): Promise<Buffer> {
  const client = database.pglite
  if (!client) throw new Error('Only the embedded database is backed up this way; on PostgreSQL use pg_dump')
  await client.exec('CHECKPOINT')
  const dump = await client.dumpDataDir('gzip')
  return Buffer.from(await dump.arrayBuffer())
}

/** Writes `bytes` to `path` whole or not at all (a temporary file renamed). */
export function writeWhole(path: string, bytes: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`
  writeFileSync(temporary, bytes, { flush: true })
  renameSync(temporary, path)
}

/** A backup file's name under `<DATA_DIR>/backups`, by time. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return resolve(dataDir, 'backups', `shop-${stamp}.tar.gz`)
}

/**
 * Puts a backup into an embedded data directory that must not hold a database yet (the caller moved the old one
 * aside): PGlite unpacks it and opens it once, so a damaged file fails here, not at the shop's next start.
 */
export async function restoreEmbedded(pgliteDir: string, backupFile: string): Promise<{ tables: number }> {
  if (existsSync(resolve(pgliteDir, 'PG_VERSION'))) throw new Error(`${pgliteDir} already holds a database`)
  mkdirSync(pgliteDir, { recursive: true })
  const client = await PGlite.create(pgliteDir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(backupFile)]),
  })
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    )
    return { tables: rows[0]?.n ?? 0 }
  } finally {
    await client.close()
  }
}

/** Opens a backup file as a throw-away database in memory (to copy from it while the shop keeps running). */
export async function openBackupInMemory(backupFile: string): Promise<PGlite> {
  return PGlite.create({ extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(backupFile)]) })
}

type TableInfo = { name: string; columns: string[]; identityColumns: string[] }

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return resultRows(await database.db.execute(query)) as T[]
}

/** The app's tables (schema public), parents before children (foreign keys), with their writable columns. */
async function tablesInOrder(database: Database): Promise<TableInfo[]> {
  const columns = await rows<{ table_name: string; column_name: string; is_generated: string; is_identity: string }>(
    database,
    sql`SELECT c.table_name, c.column_name, c.is_generated, c.is_identity
          FROM information_schema.columns c
          JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         ORDER BY c.table_name, c.ordinal_position`,
  )
  const tables = new Map<string, TableInfo>()
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? { name: column.table_name, columns: [], identityColumns: [] }
    if (column.is_generated !== 'ALWAYS') table.columns.push(column.column_name)
    if (column.is_identity === 'YES') table.identityColumns.push(column.column_name)
    tables.set(column.table_name, table)
  }
  const edges = await rows<{ child: string; parent: string }>(
    database,
    sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
          FROM pg_constraint c
         WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  )
  const parents = new Map<string, Set<string>>()
  for (const { child, parent } of edges) {
    const name = (text: string) => text.replace(/^public\./, '').replace(/"/g, '')
    if (name(child) === name(parent)) continue // a row's parent in its own table: inserted in one statement
    const set = parents.get(name(child)) ?? new Set<string>()
    set.add(name(parent))
    parents.set(name(child), set)
  }
  const ordered: TableInfo[] = []
  const placed = new Set<string>()
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name)) return
    if (path.has(name)) throw new Error(`Foreign keys go round in a circle through ${name}`)
    path.add(name)
    for (const parent of parents.get(name) ?? []) if (tables.has(parent)) visit(parent, path)
    path.delete(name)
    placed.add(name)
    const table = tables.get(name)
    if (table) ordered.push(table)
  }
  for (const name of [...tables.keys()].sort()) visit(name, new Set())
  return ordered
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
/** Rows per INSERT … SELECT FROM json_populate_recordset. */
const BATCH = 2_000

export type CopyReport = { table: string; source: number; target: number }[]

/**
 * Tables a migration fills (0032: the NEW200 code and the mix-and-match prices): a database just migrated is not
 * empty there. They do not make a target "occupied", and a copy into an otherwise empty target replaces them with the
 * source's rows (which hold the same seed, or what the shop made of it).
 */
export const SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set(['promotion_codes', 'mix_match_prices'])

/**
 * Copies every row of the app's tables from `source` into `target` (both migrated to the same version), in one
 * transaction on the target: all or nothing. Rows travel as JSON (`row_to_json` → `json_populate_recordset`),
 * which keeps every PostgreSQL type as it was, whichever driver reads it. The target must be empty unless
 * `replace` (then its rows are deleted first). Sequences and identities continue after the copied values.
 * Returns each table's row count on both sides; the caller checks they agree.
 */
export async function copyDatabase(
  source: Database,
  target: Database,
  options: { replace?: boolean; log?: (line: string) => void } = {},
): Promise<CopyReport> {
  const log = options.log ?? (() => undefined)
  const [sourceVersion, targetVersion] = await Promise.all([migrationsOf(source), migrationsOf(target)])
  if (sourceVersion.join() !== targetVersion.join()) {
    throw new Error(
      `The two databases are at different migrations (${sourceVersion.length} and ${targetVersion.length}): migrate both first`,
    )
  }
  const tables = await tablesInOrder(source)
  return target.db.transaction(async (tx) => {
    const occupied: string[] = []
    for (const table of tables) {
      const [count] = resultRows(await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${quote(table.name)}`))) as {
        n: number
      }[]
      if ((count?.n ?? 0) > 0 && !SEEDED_BY_MIGRATIONS.has(table.name)) occupied.push(table.name)
    }
    if (occupied.length > 0) {
      if (!options.replace) {
        throw new Error(
          `The target database already has rows (${occupied.join(', ')}): use --replace to overwrite them`,
        )
      }
      await tx.execute(sql.raw(`TRUNCATE ${tables.map((table) => quote(table.name)).join(', ')} CASCADE`))
    } else {
      const seeded = tables.filter((table) => SEEDED_BY_MIGRATIONS.has(table.name))
      if (seeded.length > 0) {
        await tx.execute(sql.raw(`TRUNCATE ${seeded.map((table) => quote(table.name)).join(', ')} CASCADE`))
      }
    }
    const report: CopyReport = []
    for (const table of tables) {
      const columnList = table.columns.map(quote).join(', ')
      const overriding = table.identityColumns.length > 0 ? ' OVERRIDING SYSTEM VALUE' : ''
      let copied = 0
      for (let offset = 0; ; offset += BATCH) {
        const batch = resultRows(
          await source.db.execute(
            sql.raw(
              `SELECT coalesce(json_agg(row_to_json(r)), '[]')::text AS rows FROM (SELECT ${columnList} FROM ${quote(table.name)} ORDER BY ${orderKey(table)} LIMIT ${BATCH} OFFSET ${offset}) r`,
            ),
          ),
        ) as { rows: string }[]
        const json = batch[0]?.rows ?? '[]'
        if (json === '[]') break
        await tx.execute(
          sql`${sql.raw(`INSERT INTO ${quote(table.name)} (${columnList})${overriding} SELECT ${columnList} FROM json_populate_recordset(null::${quote(table.name)}, `)}${json}::json)`,
        )
        copied += (JSON.parse(json) as unknown[]).length
        if (copied % (BATCH * 10) === 0) log(`  ${table.name}: ${copied} rows`)
      }
      const [counted] = resultRows(
        await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${quote(table.name)}`)),
      ) as { n: number }[]
      report.push({ table: table.name, source: copied, target: counted?.n ?? 0 })
    }
    // Serial columns and identities continue after the copied values.
    const sequences = resultRows(
      await tx.execute(
        sql`SELECT s.relname AS sequence, t.relname AS "table", a.attname AS "column"
              FROM pg_class s
              JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
              JOIN pg_class t ON t.oid = d.refobjid
              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
             WHERE s.relkind = 'S' AND s.relnamespace = 'public'::regnamespace`,
      ),
    ) as { sequence: string; table: string; column: string }[]
    for (const { sequence, table, column } of sequences) {
      await tx.execute(
        sql.raw(
          `SELECT setval('public.${quote(sequence)}', coalesce((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`,
        ),
      )
    }
    return report
  })
}

/** A stable order for paging through a table: its columns in order (primary keys come first in our schema). */
function orderKey(table: TableInfo): string {
  return table.columns
    .slice(0, 3)
    .map((column) => `${quote(column)}::text`)
    .join(', ')
}

async function migrationsOf(database: Database): Promise<string[]> {
  const found = await rows<{ hash: string }>(
    database,
    sql`SELECT hash FROM store_meta.migrations ORDER BY created_at, hash`,
  ).catch(() => [])
  return found.map((row) => row.hash)
}
