import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { whenIdle } from './idle'

/**
 * §4 build updates (src/build/build-watch.ts). Nothing a page needs to become usable: the watcher's code is
 * loaded once the page is idle, outside the first load's JavaScript (issue 18).
 */
export function useBuildUpdates(buildId: string): void {
  const router = useRouter()
  useEffect(() => {
    // `vite dev` writes no build files (/build-metadata.json) and reloads changed code itself.
    if (import.meta.env.DEV) return
    let stopped = false
    let stop: (() => void) | undefined
    const cancel = whenIdle(() => {
      import('./build-watch')
        .then(({ watchBuildUpdates }) => {
          if (!stopped) stop = watchBuildUpdates(buildId, router)
        })
        .catch((error: unknown) => console.error('Build update watcher failed to load', error))
    })
    return () => {
      stopped = true
      cancel()
      stop?.()
    }
  }, [buildId, router])
}
