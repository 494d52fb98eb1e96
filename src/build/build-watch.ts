import type { AnyRouter } from '@tanstack/react-router'
import { reloadAfterChunkFailure } from './chunk-reload'
import {
  BUILD_CHECK_FIRST_DELAY_MS,
  BUILD_CHECK_INTERVAL_MS,
  BUILD_METADATA_PATH,
  isChunkLoadError,
  isNewBuild,
  LATEST_BUILD_PATH,
  LATEST_BUILD_POLL_MS,
} from './update-check'

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
 * Returns the function that stops it all. Loaded by useBuildUpdates shortly before its first check.
 */
export function watchBuildUpdates(buildId: string, router: AnyRouter): () => void {
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
  // The first check 5 s after the page loaded (§4), however late this code arrived (src/build/use-build-updates.ts).
  const first = setTimeout(
    () => {
      void check()
      interval = setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS)
    },
    Math.max(0, BUILD_CHECK_FIRST_DELAY_MS - performance.now()),
  )
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
}
