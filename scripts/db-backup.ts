/**
 * Backups and the way to PostgreSQL (issue 14, decision 013). Same configuration as the server (DATA_DIR,
 * DATABASE_URL):
 *
 *   npm run db:backup [-- --out FILE]         a consistent backup of the embedded database, while the shop runs
 *                                             (the server writes it) or not (this script opens the directory);
 *                                             on PostgreSQL it runs pg_dump
 *   npm run db:restore -- FILE                puts a backup back (the shop must be stopped); the database it
 *                                             replaces is kept beside it as pglite.before-restore-<time>
 *   npm run db:copy-to-postgres [-- --to URL] [--from FILE] [--replace]
 *                                             copies every row of the embedded shop (its directory, or a backup
 *                                             FILE) into a PostgreSQL database (DATABASE_URL or --to), migrated
 *                                             first; all or nothing, then every table's rows counted on both sides
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { env } from '../app.config'
import {
  copyDatabase,
  defaultBackupPath,
  dumpEmbedded,
  openBackupInMemory,
  restoreEmbedded,
  writeWhole,
} from '../src/db/backup.server'
import { holdDataDir, openDatabase, pgliteDatabase, releaseDataDir, type Database } from '../src/db/client.server'
import { DataDirBusyError, holderAlive, readLockHolder } from '../src/db/data-dir-lock.server'
import { migrate } from '../src/db/migrate.server'
import type { BackupResult } from '../src/server/backup-request.server'
import { askRunningServer } from '../src/server/control-request.server'

type BackupAnswer = ({ ok: true } & BackupResult) | { ok: false; error: string }

const args = process.argv.slice(2)
function option(name: string): string | undefined {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? undefined : args[index + 1]
}
const dataDir = resolve(env.DATA_DIR)

class UsageError extends Error {}

function pgTool(name: string): string {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : []
  const bundled = versions.map((version) => `${base}/${version}/bin/${name}`).findLast((path) => existsSync(path))
  return bundled ?? name
}

/** The server that holds the embedded database, if one runs on this machine. */
function runningServer(): number | null {
  const holder = readLockHolder(dataDir)
  return holder && holder.purpose === 'server' && holderAlive(holder) ? holder.pid : null
}

/** Asks the running server for a backup (a control request: src/server/control-request.server.ts) and waits. */
async function backupThroughServer(pid: number, out: string): Promise<BackupAnswer> {
  const answer = await askRunningServer(dataDir, pid, 'backup', { out })
  return answer.ok ? { ok: true, ...(answer.result as BackupResult) } : answer
}

async function backup(): Promise<void> {
  const out = resolve(option('out') ?? defaultBackupPath(dataDir))
  if (env.DATABASE_URL) {
    // PostgreSQL has its own consistent online backup.
    const dump = out.replace(/\.tar\.gz$/, '.dump')
    mkdirSync(dirname(dump), { recursive: true })
    const result = spawnSync(pgTool('pg_dump'), ['--format=custom', `--file=${dump}`, env.DATABASE_URL], {
      stdio: 'inherit',
    })
    if (result.status !== 0) throw new Error('pg_dump failed (is postgresql-client installed?)')
    console.log(`PostgreSQL backup written to ${dump} (restore it with pg_restore)`)
    return
  }
  if (!out.endsWith('.tar.gz')) throw new UsageError('--out: a file name ending in .tar.gz')
  const pid = runningServer()
  if (pid !== null) {
    console.log(`The shop is running (process ${pid}): asking it for the backup`)
    const answer = await backupThroughServer(pid, out)
    if (!answer.ok) throw new Error(`The shop could not write the backup: ${answer.error}`)
    console.log(`Backup written to ${answer.out} (${(answer.bytes / 1024 / 1024).toFixed(1)} MB in ${answer.ms} ms)`)
    return
  }
  if (!existsSync(resolve(dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dataDir}`)
  const database = await openDatabase({ dataDir, purpose: 'db:backup' })
  try {
    const bytes = await dumpEmbedded(database)
    writeWhole(out, bytes)
    console.log(`Backup written to ${out} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`)
  } finally {
    await database.close()
  }
}

async function restore(): Promise<void> {
  const file = args.find((arg, index) => index > 0 && !arg.startsWith('--'))
  if (!file) throw new UsageError('Usage: npm run db:restore -- <backup.tar.gz>')
  if (env.DATABASE_URL) {
    throw new UsageError(
      `On PostgreSQL restore a pg_dump file with pg_restore: pg_restore --clean -d "$DATABASE_URL" ${file}`,
    )
  }
  if (!existsSync(file)) throw new UsageError(`No such backup: ${file}`)
  try {
    holdDataDir(dataDir, 'db:restore')
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      throw new UsageError(`${error.message}\nA restore replaces the database under the shop: stop the shop first.`, {
        cause: error,
      })
    }
    throw error
  }
  try {
    const current = resolve(dataDir, 'pglite')
    const aside = existsSync(current)
      ? `${current}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      : null
    if (aside) renameSync(current, aside)
    try {
      const { tables } = await restoreEmbedded(current, resolve(file))
      console.log(`Restored ${file} into ${current} (${tables} tables)`)
      if (aside) console.log(`The database it replaced is kept in ${aside} (delete it when you no longer need it)`)
    } catch (error) {
      rmSync(current, { recursive: true, force: true })
      if (aside) renameSync(aside, current)
      throw new Error(`The backup could not be restored; the database is as it was: ${String(error)}`, { cause: error })
    }
  } finally {
    releaseDataDir(dataDir)
  }
}

async function copyToPostgres(): Promise<void> {
  const to = option('to') ?? env.DATABASE_URL
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    throw new UsageError('Where to? Set DATABASE_URL=postgres://… or pass --to postgres://…')
  }
  let from = option('from')
  let temporary: string | null = null
  if (!from) {
    const pid = runningServer()
    if (pid !== null) {
      // The shop keeps running: copy from a backup it writes now (a consistent moment).
      temporary = resolve(dataDir, 'backups', `copy-${randomBytes(6).toString('hex')}.tar.gz`)
      console.log(`The shop is running (process ${pid}): copying from a backup it writes now`)
      const answer = await backupThroughServer(pid, temporary)
      if (!answer.ok) throw new Error(`The shop could not write the backup: ${answer.error}`)
      from = temporary
    }
  }
  let source: Database
  if (from) {
    const client = await openBackupInMemory(resolve(from))
    source = await pgliteDatabase(client, () => client.close())
  } else {
    source = await openDatabase({ dataDir, purpose: 'db:copy-to-postgres' })
  }
  const target = await openDatabase({ databaseUrl: to, dataDir: 'memory' })
  try {
    await migrate(source)
    await migrate(target)
    const started = Date.now()
    const report = await copyDatabase(source, target, {
      replace: args.includes('--replace'),
      log: (line) => console.log(line),
    })
    const width = Math.max(...report.map((row) => row.table.length), 5)
    console.log(`${'table'.padEnd(width)}  embedded  postgres`)
    for (const row of report) {
      console.log(`${row.table.padEnd(width)}  ${String(row.source).padStart(8)}  ${String(row.target).padStart(8)}`)
    }
    const rows = report.reduce((sum, row) => sum + row.source, 0)
    const wrong = report.filter((row) => row.source !== row.target)
    if (wrong.length > 0) throw new Error(`Row counts differ in ${wrong.map((row) => row.table).join(', ')}`)
    console.log(`Copied ${rows} rows in ${report.length} tables in ${Date.now() - started} ms.`)
    console.log('Start the shop on it with DATABASE_URL set (npm run start:cluster for several instances).')
  } finally {
    await source.close()
    await target.close()
    if (temporary) rmSync(temporary, { force: true })
  }
}

const commands: Record<string, () => Promise<void>> = {
  backup,
  restore,
  'copy-to-postgres': copyToPostgres,
}

const run = commands[args[0] ?? '']
if (!run) {
  console.error(
    'Usage: db-backup.ts backup [--out FILE] | restore FILE | copy-to-postgres [--to URL] [--from FILE] [--replace]',
  )
  process.exit(2)
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(error instanceof UsageError || error instanceof DataDirBusyError ? 2 : 1)
})
