import { useCallback, useState } from 'react'

/**
 * The one way a component shows that an action of its own is under way (issue 30 item 4, decision 169): `pending`
 * while an action passed to `whilePending` runs, false again once it ends, also when it throws. Several at once keep
 * it pending until the last ends. The shape of TanStack Query's `useMutation().isPending`, without its 0.42 KB in the
 * first load of the pages that use it.
 */
export function usePending(): [pending: boolean, whilePending: <T>(action: () => Promise<T>) => Promise<T>] {
  const [running, setRunning] = useState(0)
  const whilePending = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    setRunning((count) => count + 1)
    try {
      return await action()
    } finally {
      setRunning((count) => count - 1)
    }
  }, [])
  return [running > 0, whilePending]
}
