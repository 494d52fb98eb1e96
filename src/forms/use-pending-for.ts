import { useCallback, useState } from 'react'
import { usePending } from './use-pending'

/**
 * usePending for a list whose items each have their actions (an address of the address book, a device of the
 * member's): `pendingFor` is the key of the item an action runs for, null once it ends (also when it throws), so
 * that its buttons say they are busy and the others can say so too. Several at once keep the last key until the
 * last ends.
 */
export function usePendingFor<Key>(): [
  pendingFor: Key | null,
  whilePendingFor: <T>(key: Key, action: () => Promise<T>) => Promise<T>,
] {
  const [pending, whilePending] = usePending()
  const [key, setKey] = useState<Key | null>(null)
  const whilePendingFor = useCallback(
    <T>(next: Key, action: () => Promise<T>): Promise<T> => {
      setKey(next)
      return whilePending(action)
    },
    [whilePending],
  )
  return [pending ? key : null, whilePendingFor]
}
