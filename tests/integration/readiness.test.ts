import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '~/db/client.server'
import { checkReadiness, committedMigrationHashes, isStopping } from '~/server/ops/readiness.server'
import { freshDatabase } from './database'

describe('readiness (/readyz)', () => {
  let migrated: Database
  beforeAll(async () => {
    migrated = await freshDatabase({ seed: false })
  })
  afterAll(async () => {
    await migrated.close()
  })

  it('is ready when the database answers and every committed migration is applied', async () => {
    const outcome = await checkReadiness({
      database: async () => migrated,
      committedMigrations: committedMigrationHashes,
    })
    expect(outcome).toEqual({ ready: true, migrations: committedMigrationHashes().length })
    expect(committedMigrationHashes().length).toBeGreaterThan(0)
  })

  it('is not ready while a committed migration is missing', async () => {
    const outcome = await checkReadiness({
      database: async () => migrated,
      committedMigrations: () => [...committedMigrationHashes(), 'a-migration-not-applied-yet'],
    })
    expect(outcome).toMatchObject({ ready: false, reason: 'migrations-pending' })
    expect(outcome.ready || outcome.detail).toMatch(/1 of \d+ committed migrations not applied/)
  })

  it('is not ready on a database that was never migrated', async () => {
    const empty = await openDatabase({ dataDir: 'memory' })
    try {
      const outcome = await checkReadiness({
        database: async () => empty,
        committedMigrations: committedMigrationHashes,
      })
      expect(outcome).toMatchObject({ ready: false, reason: 'migrations-pending' })
    } finally {
      await empty.close()
    }
  })

  it('is not ready when the database cannot be opened, or does not answer in time', async () => {
    const failing = await checkReadiness({
      database: () => Promise.reject(new Error('connect ECONNREFUSED postgres://shop:secret@127.0.0.1:5432/store')),
      committedMigrations: committedMigrationHashes,
    })
    expect(failing).toMatchObject({ ready: false, reason: 'database-unavailable' })
    expect(JSON.stringify(failing)).not.toContain('secret')

    // A lost connection names the query too ("Failed query: SELECT hash FROM store_meta.migrations"): that is
    // an unavailable database, not a missing migration.
    const closed = await openDatabase({ dataDir: 'memory' })
    await closed.close()
    const lost = await checkReadiness({ database: async () => closed, committedMigrations: committedMigrationHashes })
    expect(lost).toMatchObject({ ready: false, reason: 'database-unavailable' })

    const started = Date.now()
    const hanging = await checkReadiness({
      database: () => new Promise<Database>(() => undefined),
      committedMigrations: committedMigrationHashes,
      timeoutMs: 100,
    })
    expect(hanging).toMatchObject({ ready: false, reason: 'database-unavailable' })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('is not ready once the process is stopping, without asking the database', async () => {
    let asked = false
    const outcome = await checkReadiness({
      database: async () => {
        asked = true
        return migrated
      },
      committedMigrations: committedMigrationHashes,
      stopping: () => true,
    })
    expect(outcome).toMatchObject({ ready: false, reason: 'stopping' })
    expect(asked).toBe(false)
  })

  it('follows the bounded shutdown of this process by default', () => {
    expect(isStopping()).toBe(false)
  })
})
