import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const MIGRATIONS = resolve('src/db/migrations')

type Snapshot = { id: string; prevId: string }

function snapshots(): { file: string; snapshot: Snapshot }[] {
  return readdirSync(join(MIGRATIONS, 'meta'))
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort()
    .map((file) => ({ file, snapshot: JSON.parse(readFileSync(join(MIGRATIONS, 'meta', file), 'utf8')) as Snapshot }))
}

// `npx drizzle-kit generate` (drizzle.config.ts) writes the next migration from the schema and the last snapshot: a
// broken chain stops it ("pointing to a parent snapshot … which is a collision"), and a last snapshot that misses an
// earlier migration's change writes that change again. Both happened once (0017 and 0018 were made on branches).
describe('the migrations’ snapshots', () => {
  it('form one chain: each names the one before it as its parent', () => {
    const chain = snapshots()
    expect(chain.length).toBeGreaterThan(1)
    chain.slice(1).forEach(({ file, snapshot }, index) => {
      expect(snapshot.prevId, file).toBe(chain[index]?.snapshot.id)
    })
  })

  it('end with the schema as it is: drizzle-kit finds nothing to migrate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migration-snapshots-'))
    try {
      cpSync(MIGRATIONS, join(dir, 'migrations'), { recursive: true })
      const schema = JSON.stringify(resolve('src/db/schema.ts'))
      writeFileSync(
        join(dir, 'drizzle.config.mjs'),
        `export default { dialect: 'postgresql', schema: ${schema}, out: './migrations' }\n`,
      )
      const result = spawnSync(
        process.execPath,
        [resolve('node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', './drizzle.config.mjs'],
        { cwd: dir, encoding: 'utf8', timeout: 60_000 },
      )
      expect(result.status, result.stderr).toBe(0)
      expect(result.stdout).toContain('No schema changes')
      expect(readdirSync(join(dir, 'migrations')).filter((file) => file.endsWith('.sql'))).toEqual(
        readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql')),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
