import { setTimeout as sleep } from 'node:timers/promises'
import { processGlobal } from '~/process-global'
import { closeDatabase } from './database.server'

/**
 * The life of the server process: requests under way, and the ordered, bounded shutdown (decision 068):
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
export type ShutdownOptions = {
  /** How long requests under way may take to finish. */
  drainMs: number
  /** How long background work and the database each have to close. */
  closeMs?: number
  log?: (line: string) => void
}

export type Lifecycle = {
  isStopping: () => boolean
  requestStarted: () => void
  requestFinished: () => void
  /**
   * Work to end before the database closes (a timer, a queue consumer): called once at shutdown. A later
   * registration under the same name replaces the earlier one.
   */
  onShutdown: (name: string, task: () => Promise<void>) => void
  /** Stops the process's work in order (see above); resolves when the database is closed. Runs once. */
  shutdown: (options: ShutdownOptions) => Promise<void>
}

async function bounded(work: Promise<unknown>, ms: number): Promise<boolean> {
  const timer = sleep(ms, 'timeout' as const, { ref: false })
  const outcome = await Promise.race([work.then(() => 'done' as const), timer])
  return outcome === 'done'
}

export function createLifecycle(closeStorage: () => Promise<void>): Lifecycle {
  let stopping = false
  let inFlight = 0
  let shutdown: Promise<void> | null = null
  const idleWaiters = new Set<() => void>()
  const tasks = new Map<string, () => Promise<void>>()
  const whenIdle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.add(resolve)))

  return {
    isStopping: () => stopping,
    requestStarted: () => {
      inFlight++
    },
    requestFinished: () => {
      inFlight = Math.max(0, inFlight - 1)
      if (inFlight > 0) return
      for (const wake of idleWaiters) wake()
      idleWaiters.clear()
    },
    onShutdown: (name, task) => {
      tasks.set(name, task)
    },
    shutdown: (options) => {
      shutdown ??= (async () => {
        const log = options.log ?? (() => undefined)
        const closeMs = options.closeMs ?? 10_000
        stopping = true
        const started = Date.now()
        if (!(await bounded(whenIdle(), options.drainMs))) {
          log(`Shutdown: ${inFlight} request(s) still under way after ${options.drainMs} ms; going on`)
        }
        await Promise.all(
          [...tasks.entries()].map(async ([name, task]) => {
            const ended = await bounded(
              task().catch((error: unknown) => log(`Shutdown: ${name} failed: ${String(error)}`)),
              closeMs,
            )
            if (!ended) log(`Shutdown: ${name} did not end within ${closeMs} ms`)
          }),
        )
        const closed = await bounded(
          closeStorage().catch((error: unknown) => log(`Shutdown: closing the database failed: ${String(error)}`)),
          closeMs,
        )
        if (!closed) log(`Shutdown: the database did not close within ${closeMs} ms`)
        log(`Shutdown: done in ${Date.now() - started} ms`)
      })()
      return shutdown
    },
  }
}

/** This process's lifecycle, whichever bundle asks (decision 012). */
const life = processGlobal('lifecycle', () => createLifecycle(closeDatabase))

export const { isStopping, requestStarted, requestFinished, onShutdown, shutdown } = life
