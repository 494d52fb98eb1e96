import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'

/**
 * One process at a time on an embedded database directory (DESIGN.md §3; decision 012).
 *
 * PGlite is PostgreSQL in single-user mode: it has no postmaster to refuse a second opener, so two processes
 * (or two instances in one process) on the same files overwrite each other's pages and checkpoints. The lock
 * is a file beside the database, created with O_EXCL, holding who has it:
 *
 *   { pid, processStart, hostname, token, state: 'running' | 'stopping', purpose, since }
 *
 * - A second opener while the holder runs fails at once, naming the directory and the process.
 * - While the holder is stopping (it rewrote `state` on SIGTERM/SIGINT), a new opener waits for it, bounded.
 * - A lock whose process is gone (killed, crashed, power lost) is stale and taken over by itself. `processStart`
 *   (the kernel's start time of that pid) tells a reused pid from the holder.
 * Everything is synchronous: it runs once at start-up, before the server listens.
 */

export const LOCK_FILE_NAME = 'pglite.lock'

export type LockHolder = {
  pid: number
  /** Start time of the process in clock ticks since boot (Linux /proc), or null where unknown. */
  processStart: number | null
  hostname: string
  token: string
  state: 'running' | 'stopping'
  purpose: string
  since: string
}

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError'
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    waitedMs: number,
  ) {
    super(
      holder.state === 'stopping'
        ? `The data directory ${dataDir} is still held by process ${holder.pid} (${holder.purpose}, on ${holder.hostname}), ` +
            `which is stopping but did not finish within ${Math.round(waitedMs / 1000)} s. Wait for it to end, or stop it: kill ${holder.pid}`
        : `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.purpose}, on ${holder.hostname}, since ${holder.since}). ` +
            `Only one process may open an embedded database: stop that one first (kill ${holder.pid}), ` +
            `or give this one another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several instances.`,
    )
  }
}

export type DataDirLock = {
  readonly dataDir: string
  readonly path: string
  readonly holder: LockHolder
  /** Tells openers that this process is stopping: they wait for it instead of failing. */
  markStopping: () => void
  /** Removes the lock if it is still this process's. Idempotent. */
  release: () => void
}

export type AcquireOptions = {
  /** What the process is, for the message of a refused opener ('server', 'db:backup' …). */
  purpose?: string
  /** How long to wait for a holder that is stopping. */
  waitForStoppingMs?: number
  /** How long a running holder has to turn out to be stopping (a restart right after its signal). */
  graceMs?: number
}

const DEFAULT_WAIT_FOR_STOPPING_MS = 30_000
const DEFAULT_GRACE_MS = 1_500
/** A takeover marker older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000
const POLL_MS = 100

const sleeper = new Int32Array(new SharedArrayBuffer(4))
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms)
}

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), or null off Linux or when it is gone. */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const start = Number(fields[19])
    return Number.isFinite(start) ? start : null
  } catch {
    return null
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the process that wrote `holder` still runs (a pid reused by another process does not count). */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true // another machine's process: assume it runs
  if (!processAlive(holder.pid)) return false
  if (holder.processStart === null) return true
  const start = processStartTime(holder.pid)
  return start === null || start === holder.processStart
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (typeof value.pid !== 'number' || typeof value.token !== 'string') return null
    return {
      pid: value.pid,
      processStart: typeof value.processStart === 'number' ? value.processStart : null,
      hostname: typeof value.hostname === 'string' ? value.hostname : 'unknown',
      token: value.token,
      state: value.state === 'stopping' ? 'stopping' : 'running',
      purpose: typeof value.purpose === 'string' ? value.purpose : 'unknown',
      since: typeof value.since === 'string' ? value.since : 'unknown',
    }
  } catch {
    return null
  }
}

/** Who holds the lock of `dataDir`, or null when nobody does (or the file is unreadable). */
export function readLockHolder(dataDir: string): LockHolder | null {
  try {
    return parseHolder(readFileSync(resolve(dataDir, LOCK_FILE_NAME), 'utf8'))
  } catch {
    return null
  }
}

function writeFileDurably(path: string, text: string, flags: string): void {
  const fd = openSync(path, flags, 0o644)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function fileAgeMs(path: string): number | null {
  try {
    return Date.now() - statSync(path).mtimeMs
  } catch {
    return null
  }
}

/**
 * Removes a stale lock, once: the takeover marker (O_EXCL) makes sure two openers that both found the holder
 * dead do not each remove the lock the other just took.
 */
function removeStaleLock(path: string, stale: string): void {
  const marker = `${path}.takeover`
  try {
    writeFileDurably(marker, String(process.pid), 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const age = fileAgeMs(marker)
    if (age !== null && age > TAKEOVER_STALE_MS) unlinkQuietly(marker)
    return // someone else is taking over: look again
  }
  try {
    let current: string | null = null
    try {
      current = readFileSync(path, 'utf8')
    } catch {
      current = null
    }
    if (current === stale) unlinkQuietly(path)
  } finally {
    unlinkQuietly(marker)
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}

/** Takes the lock of `dataDir` for this process, or throws DataDirBusyError. */
export function acquireDataDirLock(dataDir: string, options: AcquireOptions = {}): DataDirLock {
  const dir = resolve(dataDir)
  const path = resolve(dir, LOCK_FILE_NAME)
  const holder: LockHolder = {
    pid: process.pid,
    processStart: processStartTime(process.pid),
    hostname: hostname(),
    token: randomBytes(16).toString('hex'),
    state: 'running',
    purpose: options.purpose ?? 'server',
    since: new Date().toISOString(),
  }
  const waitForStoppingMs = options.waitForStoppingMs ?? DEFAULT_WAIT_FOR_STOPPING_MS
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS
  const started = Date.now()

  for (;;) {
    try {
      writeFileDurably(path, JSON.stringify(holder), 'wx')
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      continue // released between the two calls
    }
    const other = parseHolder(text)
    if (!other) {
      // Half-written by an opener that is writing it right now, or left empty by a crash mid-write.
      const age = fileAgeMs(path)
      if (age !== null && age > 2_000) removeStaleLock(path, text)
      else sleepSync(POLL_MS)
      continue
    }
    if (other.pid === process.pid && other.hostname === holder.hostname) {
      throw new Error(`The data directory ${dir} is already open in this process (${other.purpose})`)
    }
    if (!holderAlive(other)) {
      removeStaleLock(path, text)
      continue
    }
    const waited = Date.now() - started
    const mayWait = other.state === 'stopping' ? waited < waitForStoppingMs : waited < graceMs
    if (!mayWait) throw new DataDirBusyError(dir, other, waited)
    sleepSync(POLL_MS)
  }

  let released = false
  const ours = () => readLockHolder(dir)?.token === holder.token
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    if (ours()) unlinkQuietly(path)
  }
  // Whatever way the process ends, its lock goes with it (a SIGKILL leaves it: the next opener finds it stale).
  process.on('exit', release)
  return {
    dataDir: dir,
    path,
    holder,
    markStopping: () => {
      if (released || !ours()) return
      holder.state = 'stopping'
      const temporary = `${path}.${holder.token}.tmp`
      writeFileDurably(temporary, JSON.stringify(holder), 'w')
      renameSync(temporary, path)
    },
    release,
  }
}
