import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Migration 0016 (issue 29, docs/decisions/148-existing-members-identities.md) on a database that already has
 * members: nothing is lost, and what counts as confirmed is what the database can show.
 */

const MIGRATIONS = join(import.meta.dirname, '../../src/db/migrations')
let folder: string | undefined

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** The migrations as they were before 0016. */
async function migrationsBefore0016(): Promise<string> {
  folder = await mkdtemp(join(tmpdir(), 'migrations-'))
  await cp(MIGRATIONS, folder, { recursive: true })
  await rm(join(folder, '0016_verified_identities.sql'))
  const journalPath = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ idx: number }> }
  journal.entries = journal.entries.filter((entry) => entry.idx < 16)
  await writeFile(journalPath, JSON.stringify(journal))
  return folder
}

describe('migration 0016 on an existing database', () => {
  it('keeps every member and confirms the Thai telephones, the e-mails registration or a change proved, and LINE’s', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } })
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: await migrationsBefore0016() })
    await client.exec(`
      INSERT INTO members (id, fullname, email, telephone, line_user_id) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Thai phone', 'a@example.com', '+66812345678', NULL),
        ('00000000-0000-4000-8000-000000000002', 'Lao phone', 'b@example.com', '+8562055512345', NULL),
        ('00000000-0000-4000-8000-000000000003', 'Changed e-mail', 'c@example.com', '+66812345679', NULL),
        ('00000000-0000-4000-8000-000000000004', 'LINE member', 'd@example.com', NULL, 'U0001');
      INSERT INTO otp_challenges
        (id, token_hash, ref_code, identifier, channel, purpose, member_id, code_hash, locale, ip, created_at, expires_at, used_at)
      VALUES
        (gen_random_uuid(), 'hash-c', 'ABCD', 'c@example.com', 'email', 'change', '00000000-0000-4000-8000-000000000003',
         'code', 'th', '10.0.0.1', now(), now(), now()),
        (gen_random_uuid(), 'hash-a', 'EFGH', 'a@example.com', 'email', 'login', '00000000-0000-4000-8000-000000000001',
         'code', 'th', '10.0.0.1', now(), now(), now());
    `)
    await migrate(db, { migrationsFolder: MIGRATIONS })
    const { rows } = await client.query<{ fullname: string; email: string; ev: boolean; tv: boolean }>(
      `SELECT fullname, email, email_verified_at IS NOT NULL AS ev, telephone_verified_at IS NOT NULL AS tv
       FROM members ORDER BY id`,
    )
    expect(rows).toEqual([
      // A login by e-mail code proves the e-mail, not who opened the account: not enough.
      { fullname: 'Thai phone', email: 'a@example.com', ev: false, tv: true },
      { fullname: 'Lao phone', email: 'b@example.com', ev: true, tv: false },
      { fullname: 'Changed e-mail', email: 'c@example.com', ev: true, tv: true },
      { fullname: 'LINE member', email: 'd@example.com', ev: true, tv: false },
    ])
    await client.close()
  })
})
