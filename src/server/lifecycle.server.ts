import { setTimeout as sleep } from 'node:timers/promises'
import { processGlobal } from '~/process-global'
import { closeDatabase } from './database.server'

/**
 * The life of the server process: requests under way, and the ordered, bounded shutdown (decision 012):
 *
 *   1. stopping: new requests get 503 with `Connection: close` (readiness says so too), the data-directory lock
 *      says "stopping" so that a restart waits for this process instead of failing;
 *   2. the requests under way finish (at most SERVER_SHUTDOWN_TIMEOUT seconds, 5 by default);
 *   3. background work stops: queue leases not yet used are released for another instance;
 *   4. the database closes (PGlite writes its checkpoint; the pool of PostgreSQL ends);
 *   5. the lock is released and the process ends.
 * Every step is bounded, so a stuck request or query can delay the end but never prevent it. An acknowledged
 * write never depends on this: a commit is on disk before its 2xx, so a SIGKILL loses nothing either.
 */
type Lifecycle = {
  stopping: boolean
  inFlight: number
  idleWaiters: Set<() => void>
  tasks: Map<string, () => Promise<void>>
  shutdown: Promise<void> | null
}

const life = processGlobal<Lifecycle>('lifecycle', () => ({
  stopping: false,
  inFlight: 0,
  idleWaiters: new Set(),
  tasks: new Map(),
  shutdown: null,
}))

export function isStopping(): boolean {
  return life.stopping
}

export function requestStarted(): void {
  life.inFlight++
}

export function requestFinished(): void {
  life.inFlight = Math.max(0, life.inFlight - 1)
  if (life.inFlight === 0) {
    for (const wake of life.idleWaiters) wake()
    life.idleWaiters.clear()
  }
}

export function requestsInFlight(): number {
  return life.inFlight
}

/**
 * Work to end before the database closes (a timer, a queue consumer): called once at shutdown. A later
 * registration under the same name replaces the earlier one.
 */
export function onShutdown(name: string, task: () => Promise<void>): void {
  life.tasks.set(name, task)
}

function whenIdle(): Promise<void> {
  if (life.inFlight === 0) return Promise.resolve()
  return new Promise((resolve) => life.idleWaiters.add(resolve))
}

async function bounded(work: Promise<unknown>, ms: number): Promise<boolean> {
  const timer = sleep(ms, 'timeout' as const, { ref: false })
  const outcome = await Promise.race([work.then(() => 'done' as const), timer])
  return outcome === 'done'
}

export type ShutdownOptions = {
  /** How long requests under way may take to finish. */
  drainMs: number
  /** How long background work and the database each have to close. */
  closeMs?: number
  log?: (line: string) => void
}

/** Stops the process's work in order (see above); resolves when the database is closed. Runs once. */
export function shutdown(options: ShutdownOptions): Promise<void> {
  life.shutdown ??= (async () => {
    const log = options.log ?? (() => undefined)
    const closeMs = options.closeMs ?? 10_000
    life.stopping = true
    const started = Date.now()
    if (!(await bounded(whenIdle(), options.drainMs))) {
      log(`Shutdown: ${life.inFlight} request(s) still under way after ${options.drainMs} ms; going on`)
    }
    const tasks = [...life.tasks.entries()].map(async ([name, task]) => {
      const ended = await bounded(
        task().catch((error: unknown) => log(`Shutdown: ${name} failed: ${String(error)}`)),
        closeMs,
      )
      if (!ended) log(`Shutdown: ${name} did not end within ${closeMs} ms`)
    })
    await Promise.all(tasks)
    const closed = await bounded(
      closeDatabase().catch((error: unknown) => log(`Shutdown: closing the database failed: ${String(error)}`)),
      closeMs,
    )
    if (!closed) log(`Shutdown: the database did not close within ${closeMs} ms`)
    log(`Shutdown: done in ${Date.now() - started} ms`)
  })()
  return life.shutdown
}
