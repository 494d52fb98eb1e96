/**
 * Backups of the embedded database and copies between databases (issue 14): on PGlite, and with PostgreSQL
 * as the other side when DATABASE_URL is set (CI).
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { copyDatabase, dumpEmbedded, restoreEmbedded, writeWhole } from '~/db/backup.server'
import { openDatabase, resultRows, type Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { seedDemoData } from '~/db/seed.server'
import { freshDatabase } from './database'

const run = promisify(execFile)
const dirs: string[] = []
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'backup-test-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** An embedded shop with the demo catalog and a member, a cart and an order of its own. */
async function embeddedShop(dataDir = 'memory'): Promise<Database> {
  const database = await openDatabase({ dataDir })
  await migrate(database)
  await seedDemoData(database)
  await database.db.execute(sql`
    WITH member AS (
      INSERT INTO members (fullname, email, telephone, gender, birthdate)
      VALUES ('สมหญิง ทดสอบ', 'somying@example.com', '+66812345678', 'female', '1992-03-14') RETURNING id
    ), address AS (
      INSERT INTO member_addresses (member_id, firstname, lastname, telephone_number, email, address, country, postcode,
                                    sub_district, district, province, is_default)
      SELECT id, 'Somying', 'Jaidee', '+66812345678', 'somying@example.com', '99/1 ถนนพหลโยธิน', 'TH', '10900',
             'ลาดยาว', 'จตุจักร', 'กรุงเทพมหานคร', true FROM member RETURNING id
    )
    INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ('sms', '+66812345678', 'ref ABCD', 'รหัส 123456')`)
  return database
}

async function counts(database: Database): Promise<Record<string, number>> {
  const tables = resultRows(
    await database.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    ),
  ) as { table_name: string }[]
  const result: Record<string, number> = {}
  for (const { table_name: table } of tables) {
    const [row] = resultRows(await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`))) as {
      n: number
    }[]
    result[table] = row?.n ?? 0
  }
  return result
}

/** Rows of a table as JSON text, to compare value for value across engines. */
async function rowsOf(database: Database, table: string, orderBy: string): Promise<string[]> {
  const rows = resultRows(
    await database.db.execute(sql.raw(`SELECT row_to_json(t)::text AS j FROM "${table}" t ORDER BY ${orderBy}`)),
  ) as { j: string }[]
  return rows.map((row) => row.j)
}

describe('copying a shop between databases', () => {
  it('moves every row, value for value, into an empty database and back again', async () => {
    const source = await embeddedShop()
    const target = await freshDatabase({ seed: false })
    const back = await openDatabase({ dataDir: 'memory' })
    try {
      const report = await copyDatabase(source, target)
      expect(report.length).toBeGreaterThan(25)
      for (const row of report) expect(row.target, row.table).toBe(row.source)
      const before = await counts(source)
      expect(before.products).toBeGreaterThan(100)
      expect(before.members).toBe(1)
      expect(await counts(target)).toEqual(before)
      for (const [table, order] of [
        ['products', 'id'],
        ['variants', 'sku'],
        ['members', 'id'],
        ['member_addresses', 'id'],
        ['outbox_messages', 'id'],
        ['product_search_terms', '1'],
      ] as const) {
        const sourceRows = await rowsOf(source, table, order)
        if (table === 'product_search_terms') {
          expect((await rowsOf(target, table, order)).toSorted()).toEqual(sourceRows.toSorted())
        } else {
          expect(await rowsOf(target, table, order), table).toEqual(sourceRows)
        }
      }
      // The other way (PostgreSQL back into an embedded database, in CI).
      await migrate(back)
      await copyDatabase(target, back)
      expect(await counts(back)).toEqual(before)
      expect(await rowsOf(back, 'members', 'id')).toEqual(await rowsOf(source, 'members', 'id'))
      // Sequences go on after the copied rows: a new outbox message gets a fresh id.
      await target.db.execute(
        sql`INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ('email', 'a@example.com', 's', 'b')`,
      )
      expect((await counts(target)).outbox_messages).toBe(2)
    } finally {
      await source.close()
      await target.close()
      await back.close()
    }
  }, 120_000)

  it('refuses a target that already has rows unless asked to replace them, and then leaves no duplicate', async () => {
    const source = await embeddedShop()
    const target = await freshDatabase({ seed: true })
    try {
      await expect(copyDatabase(source, target)).rejects.toThrow(/already has rows.*--replace/)
      expect((await counts(target)).members).toBe(0)
      await copyDatabase(source, target, { replace: true })
      expect(await counts(target)).toEqual(await counts(source))
    } finally {
      await source.close()
      await target.close()
    }
  }, 120_000)

  it('refuses databases at different migrations', async () => {
    const source = await embeddedShop()
    const target = await openDatabase({ dataDir: 'memory' })
    try {
      await expect(copyDatabase(source, target)).rejects.toThrow(/different migrations/)
    } finally {
      await source.close()
      await target.close()
    }
  }, 60_000)
})

describe('backups of the embedded database', () => {
  it('are a consistent image that restores into a directory and opens with every row', async () => {
    const home = freshDir()
    const shop = await embeddedShop(home)
    const before = await counts(shop)
    const backupFile = join(home, 'backups', 'one.tar.gz')
    writeWhole(backupFile, await dumpEmbedded(shop))
    // A write after the backup is not in it.
    await shop.db.execute(
      sql`INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ('sms', '+66800000000', 'later', 'x')`,
    )
    await shop.close()

    const elsewhere = freshDir()
    const { tables } = await restoreEmbedded(join(elsewhere, 'pglite'), backupFile)
    expect(tables).toBeGreaterThan(25)
    const restored = await openDatabase({ dataDir: elsewhere })
    try {
      expect(await counts(restored)).toEqual(before)
    } finally {
      await restored.close()
    }
    await expect(restoreEmbedded(join(elsewhere, 'pglite'), backupFile)).rejects.toThrow(/already holds a database/)
  }, 120_000)
})

/** The npm scripts themselves, as an operator runs them (needs a PostgreSQL server: CI sets DATABASE_URL). */
describe.runIf(process.env.DATABASE_URL)('npm run db:copy-to-postgres', () => {
  it('copies a stopped embedded shop into PostgreSQL and prints matching counts', async () => {
    const home = freshDir()
    const shop = await embeddedShop(home)
    const expected = await counts(shop)
    await shop.close()
    const target = await freshDatabase({ seed: false })
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', resolve('scripts/db-backup.ts'), 'copy-to-postgres', '--to', target.url ?? ''],
        { env: { ...process.env, DATA_DIR: home, DATABASE_URL: '' } },
      )
      expect(stdout).toMatch(/Copied \d+ rows in \d+ tables/)
      expect(await counts(target)).toEqual(expected)
      expect(existsSync(join(home, 'pglite.lock'))).toBe(false)
    } finally {
      await target.close()
    }
  }, 120_000)
})
