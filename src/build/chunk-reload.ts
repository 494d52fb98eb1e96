import { chunkReloadAllowed, CHUNK_RELOAD_GUARD_MS } from './update-check'

const CHUNK_RELOAD_KEY = 'chunk-reload:'

/** Reloads once (per path, per 10 s) after a code chunk failed to load. */
export function reloadAfterChunkFailure(): boolean {
  const key = CHUNK_RELOAD_KEY + window.location.pathname
  const last = Number(window.sessionStorage.getItem(key))
  const now = Date.now()
  if (!chunkReloadAllowed(now, Number.isFinite(last) && last > 0 ? last : null)) {
    console.error(`Chunk load failed again within ${CHUNK_RELOAD_GUARD_MS} ms; not reloading`)
    return false
  }
  window.sessionStorage.setItem(key, String(now))
  window.location.reload()
  return true
}
