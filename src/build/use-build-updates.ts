import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { whenIdle } from './idle'
import { BUILD_CHECK_FIRST_DELAY_MS } from './update-check'

/** How long before its first check (5 s after load, §4) the watcher's code is asked for. */
const WATCHER_LEAD_MS = 1_000

/**
 * §4 build updates (src/build/build-watch.ts). Nothing a page needs to become usable: the watcher's code is asked for
 * shortly before its first check, 5 s after load (issue 29, item 24: not among what a first visit downloads until the
 * network is idle), or at once when the shopper navigates. A code chunk that fails to load before then reloads the
 * page all the same (§4, src/build/chunk-reload.ts).
 */
export function useBuildUpdates(buildId: string): void {
  const router = useRouter()
  useEffect(() => {
    // `vite dev` writes no build files (/build-metadata.json) and reloads changed code itself.
    if (import.meta.env.DEV) return
    let stopped = false
    let requested = false
    let stop: (() => void) | undefined
    const onEarlyPreloadError = (event: Event) => {
      event.preventDefault()
      import('./chunk-reload')
        .then(({ reloadAfterChunkFailure }) => reloadAfterChunkFailure())
        .catch((error: unknown) => console.error('Chunk reload failed to load', error))
    }
    const load = () => {
      if (requested) return
      requested = true
      import('./build-watch')
        .then(({ watchBuildUpdates }) => {
          if (stopped) return
          // The watcher listens for failed chunks itself from now on.
          window.removeEventListener('vite:preloadError', onEarlyPreloadError)
          stop = watchBuildUpdates(buildId, router)
        })
        .catch((error: unknown) => console.error('Build update watcher failed to load', error))
    }
    window.addEventListener('vite:preloadError', onEarlyPreloadError)
    // Never while the page is still starting (a slow phone may take longer than that): then once it is idle.
    let cancelIdle: (() => void) | undefined
    const timer = setTimeout(
      () => {
        cancelIdle = whenIdle(load)
      },
      Math.max(0, BUILD_CHECK_FIRST_DELAY_MS - WATCHER_LEAD_MS - performance.now()),
    )
    const unsubscribe = router.subscribe('onBeforeNavigate', load)
    return () => {
      stopped = true
      clearTimeout(timer)
      cancelIdle?.()
      unsubscribe()
      window.removeEventListener('vite:preloadError', onEarlyPreloadError)
      stop?.()
    }
  }, [buildId, router])
}
