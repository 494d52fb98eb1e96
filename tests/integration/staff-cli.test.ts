/**
 * `npm run staff:invite` and `staff:api-key` (issue 31) whether the shop runs or not: against a data directory no
 * process holds (the script opens it), against a running shop process (a control request by SIGUSR2), and on
 * PostgreSQL (the script connects) when the suite runs there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { auditLog, staffInvites } from '~/db/schema'
import { freshDatabase } from './database'

const SCRIPT = resolve('scripts/staff.ts')
const SERVER = resolve('tests/integration/fixtures/control-server.ts')
const dirs: string[] = []
const children: ChildProcess[] = []

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'staff-cli-'))
  dirs.push(dir)
  return dir
}

function environment(dataDir: string, databaseUrl?: string | null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SITE_URL: 'https://shop.example',
  }
  delete env.DATABASE_URL
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  return env
}

function staffScript(env: NodeJS.ProcessEnv, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { env, encoding: 'utf8', timeout: 60_000 })
}

afterAll(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('npm run staff:invite', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'opens a data directory no shop holds',
    async () => {
      const dir = freshDir()
      const result = staffScript(environment(dir), 'invite', '--email', 'Owner@Example.com', '--role', 'owner')
      expect(result.status, result.stderr).toBe(0)
      expect(result.stdout).toMatch(/Invitation for owner@example\.com as owner/)
      expect(result.stdout).toMatch(/https:\/\/shop\.example\/admin\/invite#[A-Za-z0-9_-]{43}/)
      const database = await openDatabase({ dataDir: dir, purpose: 'test' })
      try {
        const invites = await database.db.select().from(staffInvites)
        expect(invites.map((invite) => invite.email)).toEqual(['owner@example.com'])
        const [entry] = await database.db
          .select()
          .from(auditLog)
          .orderBy(sql`${auditLog.id} DESC`)
          .limit(1)
        expect(entry).toMatchObject({ actorType: 'system', actorId: 'staff:invite', action: 'invite.create' })
      } finally {
        await database.close()
      }
    },
    60_000,
  )

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'asks the running shop by a control request (SIGUSR2)',
    async () => {
      const dir = freshDir()
      const env = environment(dir)
      const server = spawn(process.execPath, ['--import', 'tsx', SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(server)
      let errors = ''
      server.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
      await new Promise<void>((ready, failed) => {
        server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready())
        server.once('exit', (code) => failed(new Error(`the shop ended (${code}): ${errors}`)))
      })
      const invite = staffScript(env, 'invite', '--email', 'owner@example.com', '--role', 'owner')
      expect(invite.status, invite.stderr + errors).toBe(0)
      expect(invite.stdout).toContain('/admin/invite#')
      const key = staffScript(env, 'api-key', '--name', 'ERP', '--role', 'read_only', '--days', '30')
      expect(key.status, key.stderr).toBe(0)
      expect(key.stdout).toMatch(/sk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}/)
      server.kill('SIGTERM')
      await new Promise((ended) => server.once('exit', ended))
    },
    60_000,
  )

  it.skipIf(!process.env.DATABASE_URL)(
    'connects to PostgreSQL',
    async () => {
      const database = await freshDatabase({ seed: false })
      try {
        const result = staffScript(
          environment(freshDir(), database.url),
          'invite',
          '--email',
          'pg@example.com',
          '--role',
          'owner',
        )
        expect(result.status, result.stderr).toBe(0)
        const invites = await database.db.select().from(staffInvites)
        expect(invites.map((invite) => invite.email)).toEqual(['pg@example.com'])
      } finally {
        await database.close()
      }
    },
    60_000,
  )
})
