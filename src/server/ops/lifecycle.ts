import { processGlobal } from '~/process-global'

/**
 * Whether this process is shutting down, process-wide: kept on globalThis (processGlobal) because the Nitro
 * plugins and the SSR app are bundled apart and would each see their own module variable.
 *
 * The bounded shutdown (src/server/lifecycle.server.ts) has its own flag, which /readyz reads as well; this one
 * lets any code take the process out of service before that, e.g. a pre-stop hook that waits for the load
 * balancer to notice before it sends SIGTERM.
 */
const state = processGlobal<{ since: number | null }>('ops.stopping', () => ({ since: null }))

/**
 * Marks the process as stopping: from now on /readyz answers 503, so that a load balancer or the cluster script
 * sends no new work here while the requests under way finish. Calling it again keeps the first time.
 */
export function markStopping(): void {
  state.since ??= Date.now()
}

/** Whether markStopping() was called in this process. */
export function isMarkedStopping(): boolean {
  return state.since !== null
}

/** When markStopping() was first called (ms since the epoch), or null. */
export function stoppingSince(): number | null {
  return state.since
}

/** Forgets a markStopping() (tests only). */
export function resetStopping(): void {
  state.since = null
}
