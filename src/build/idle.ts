/** Runs `task` once the browser is idle (or after `timeoutMs` at the latest); returns the cancel function. */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 1)
  return () => clearTimeout(handle)
}

/** Resolves once the browser is idle: code the page can do without waits for it (issue 18). */
export const afterIdle = () => new Promise<void>((resolve) => whenIdle(resolve))

const INTERACTIONS = ['pointerdown', 'pointerover', 'keydown', 'touchstart'] as const

/**
 * Runs `task` once, at the shopper's first pointer, touch or key on the page: code only a navigation needs (the
 * pages' skeleton) comes then, not among what a first visit downloads until the network is idle (issue 29, item 24).
 * Returns the cancel function.
 */
export function onFirstInteraction(task: () => void): () => void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    cancel()
    task()
  }
  const cancel = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, { capture: true })
  }
  for (const type of INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true })
  return cancel
}
