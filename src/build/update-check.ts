/** Timers of §9 for noticing a new deployment. */
export const BUILD_CHECK_FIRST_DELAY_MS = 5_000
export const BUILD_CHECK_INTERVAL_MS = 30_000
export const LATEST_BUILD_POLL_MS = 60 * 60 * 1000
/** A failed code-chunk load reloads the page at most once per this window for the same path. */
export const CHUNK_RELOAD_GUARD_MS = 10_000

export const BUILD_METADATA_PATH = '/build-metadata.json'
export const LATEST_BUILD_PATH = '/_build/latest.json'

/** A different, non-empty build id means a new deployment (§4). */
export function isNewBuild(current: string, fetched: unknown): boolean {
  return typeof fetched === 'string' && fetched.trim() !== '' && fetched !== current
}

/** Whether a chunk failure on this path may reload now, given when it last did. */
export function chunkReloadAllowed(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS
}

/** Errors a browser raises when a code chunk of an older build cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}
