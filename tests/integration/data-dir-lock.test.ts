/**
 * One process per embedded database directory (issue 14): real processes hold, kill and hand over the lock.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { holdDataDir, openDatabase, releaseDataDir } from '~/db/client.server'
import {
  acquireDataDirLock,
  DataDirBusyError,
  LOCK_FILE_NAME,
  processStartTime,
  readLockHolder,
} from '~/db/data-dir-lock.server'

const HOLDER = resolve('tests/integration/fixtures/hold-lock.ts')
const children: ChildProcess[] = []
const dirs: string[] = []

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-test-'))
  dirs.push(dir)
  return dir
}

/** Starts a process that takes the lock; resolves with its first line of output ("locked" or "refused: …"). */
function holder(dir: string, stopAfterMs?: number): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', HOLDER, dir, ...(stopAfterMs ? [String(stopAfterMs)] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  return new Promise((resolvePromise, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n')[0]
      if (output.includes('\n') && line !== undefined) resolvePromise({ child, line })
    })
    child.once('exit', (code) => reject(new Error(`holder ended (${code}) before saying anything: ${output}`)))
  })
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolvePromise) => child.once('exit', () => resolvePromise()))
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the data-directory lock', () => {
  it('refuses a second process at once, naming the directory and the process that has it', async () => {
    const dir = freshDir()
    const { child, line } = await holder(dir)
    expect(line).toBe('locked')
    const started = Date.now()
    let refusal: unknown
    try {
      acquireDataDirLock(dir, { graceMs: 300 })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(DataDirBusyError)
    const message = (refusal as Error).message
    expect(message).toContain(dir)
    expect(message).toContain(`process ${child.pid}`)
    expect(message).toContain('test holder')
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('takes over by itself a lock left by a killed process', async () => {
    const dir = freshDir()
    const { child } = await holder(dir)
    child.kill('SIGKILL')
    await ended(child)
    expect(readLockHolder(dir)?.pid).toBe(child.pid) // left behind
    const lock = acquireDataDirLock(dir, { graceMs: 0 })
    expect(readLockHolder(dir)?.pid).toBe(process.pid)
    lock.release()
    expect(readLockHolder(dir)).toBeNull()
  })

  it('treats a live process with another start time as a reused pid: the lock is stale', () => {
    const dir = freshDir()
    const parentStart = processStartTime(process.ppid)
    expect(parentStart).not.toBeNull()
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({
        pid: process.ppid,
        processStart: (parentStart ?? 0) + 12345,
        hostname: hostname(),
        token: 'old',
        state: 'running',
        purpose: 'server',
        since: '2026-01-01T00:00:00.000Z',
      }),
    )
    const lock = acquireDataDirLock(dir, { graceMs: 0 })
    expect(readLockHolder(dir)?.token).toBe(lock.holder.token)
    lock.release()
  })

  it('waits for a holder that is stopping, instead of failing', async () => {
    const dir = freshDir()
    const { child, line } = await holder(dir, 1_200)
    expect(line).toBe('locked')
    expect(readLockHolder(dir)?.state).toBe('stopping')
    const started = Date.now()
    const lock = acquireDataDirLock(dir, { graceMs: 0, waitForStoppingMs: 10_000 })
    expect(Date.now() - started).toBeGreaterThan(300)
    expect(readLockHolder(dir)?.pid).toBe(process.pid)
    lock.release()
    await ended(child)
  })

  it('gives up waiting for a stopping holder after the bound, naming it', async () => {
    const dir = freshDir()
    const { child } = await holder(dir, 20_000)
    expect(() => acquireDataDirLock(dir, { waitForStoppingMs: 500 })).toThrow(/still held by process \d+.*stopping/)
    child.kill('SIGKILL')
  })

  it('lets exactly one of several processes racing for a stale lock have it', async () => {
    const dir = freshDir()
    const first = await holder(dir)
    first.child.kill('SIGKILL')
    await ended(first.child)
    const racers = await Promise.all([holder(dir), holder(dir), holder(dir), holder(dir)])
    const winners = racers.filter((racer) => racer.line === 'locked')
    expect(winners).toHaveLength(1)
    for (const loser of racers.filter((racer) => racer.line !== 'locked')) {
      expect(loser.line).toContain(`process ${winners[0]?.child.pid}`)
    }
  })

  it('releases only its own lock', () => {
    const dir = freshDir()
    const lock = acquireDataDirLock(dir)
    // Someone removed it and another process took it meanwhile (it must not be deleted by our release).
    const theirs = JSON.stringify({ ...lock.holder, token: 'theirs' })
    writeFileSync(join(dir, LOCK_FILE_NAME), theirs)
    lock.release()
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(theirs)
  })
})

describe('the embedded database', () => {
  it('cannot be opened twice on one directory in one process (the cause of lost writes at a stop)', async () => {
    const dir = freshDir()
    const database = await openDatabase({ dataDir: dir })
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already open in this process/)
      expect(readLockHolder(dir)?.pid).toBe(process.pid)
    } finally {
      await database.close()
    }
    expect(readLockHolder(dir)).toBeNull()
  }, 60_000)

  it('keeps a lock the process took first (the server at start-up) when the database closes, say after a failed start', async () => {
    const dir = freshDir()
    holdDataDir(dir, 'server')
    const database = await openDatabase({ dataDir: dir })
    await database.close()
    expect(readLockHolder(dir)?.pid).toBe(process.pid)
    releaseDataDir(dir)
    expect(readLockHolder(dir)).toBeNull()
  }, 60_000)
})
