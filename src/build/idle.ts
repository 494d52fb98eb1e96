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
