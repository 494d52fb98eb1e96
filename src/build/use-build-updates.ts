import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import {
  BUILD_CHECK_FIRST_DELAY_MS,
  BUILD_CHECK_INTERVAL_MS,
  BUILD_METADATA_PATH,
  chunkReloadAllowed,
  CHUNK_RELOAD_GUARD_MS,
  isChunkLoadError,
  isNewBuild,
  LATEST_BUILD_PATH,
  LATEST_BUILD_POLL_MS,
} from './update-check'

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

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(`${path}?t=${Date.now()}`, { cache: 'no-store' })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return response.json()
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
}

/**
 * §4 build updates: check /build-metadata.json 5 s after load and every 30 s, reload on a new id;
 * poll the latest-build file hourly and reload on the next navigation; reload after chunk failures.
 */
export function useBuildUpdates(buildId: string): void {
  const router = useRouter()
  useEffect(() => {
    let reloadOnNavigation = false
    const check = async () => {
      try {
        const metadata = await fetchJson(BUILD_METADATA_PATH)
        if (isNewBuild(buildId, field(metadata, 'buildId'))) window.location.reload()
      } catch (error) {
        console.error('Build id check failed', error)
      }
    }
    const pollLatest = async () => {
      try {
        const latest = await fetchJson(LATEST_BUILD_PATH)
        if (isNewBuild(buildId, field(latest, 'id'))) reloadOnNavigation = true
      } catch (error) {
        console.error('Latest build check failed', error)
      }
    }
    let interval: ReturnType<typeof setInterval> | undefined
    const first = setTimeout(() => {
      void check()
      interval = setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS)
    }, BUILD_CHECK_FIRST_DELAY_MS)
    const hourly = setInterval(() => void pollLatest(), LATEST_BUILD_POLL_MS)
    const unsubscribe = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (reloadOnNavigation) window.location.assign(toLocation.publicHref ?? toLocation.href)
    })
    const onPreloadError = (event: Event) => {
      event.preventDefault()
      reloadAfterChunkFailure()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadAfterChunkFailure()
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      clearTimeout(first)
      if (interval) clearInterval(interval)
      clearInterval(hourly)
      unsubscribe()
      window.removeEventListener('vite:preloadError', onPreloadError)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [buildId, router])
}
