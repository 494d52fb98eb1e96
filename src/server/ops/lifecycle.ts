/**
 * Whether this process is shutting down, process-wide: kept on globalThis because the Nitro plugins (where
 * the shutdown runs) and the SSR app are bundled apart and would each see their own module variable.
 * No imports, so that any bundle may use it for the price of a few lines.
 */
const STOPPING_KEY = Symbol.for('atelier-siam.stopping-since')

type StoppingHolder = { [STOPPING_KEY]?: number }

/**
 * Marks the process as stopping (call it first thing on SIGTERM/SIGINT): from now on /readyz answers 503, so
 * that a load balancer or the cluster script sends no new work here while the requests under way finish.
 * Calling it again keeps the first time.
 */
export function markStopping(): void {
  const holder = globalThis as StoppingHolder
  holder[STOPPING_KEY] ??= Date.now()
}

/** Whether markStopping() was called in this process. */
export function isStopping(): boolean {
  return (globalThis as StoppingHolder)[STOPPING_KEY] !== undefined
}

/** When markStopping() was first called (ms since the epoch), or null. */
export function stoppingSince(): number | null {
  return (globalThis as StoppingHolder)[STOPPING_KEY] ?? null
}

/** Forgets a markStopping() (tests only). */
export function resetStopping(): void {
  ;(globalThis as StoppingHolder)[STOPPING_KEY] = undefined
}
