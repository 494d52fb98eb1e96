/**
 * Recently viewed pieces (issue 19, item 6; docs/decisions/139), kept on the shopper's device only: the family id
 * and the colour of each piece the product page showed, newest first, at most RECENTLY_VIEWED_MAX. Nothing else is
 * kept (names, prices and stock are read fresh, in the shopper's language and currency) and nothing is sent to the
 * shop. Storage may be full, disabled (private windows, a refusing browser) or hold anything: every read tolerates
 * it, and a write that fails is forgotten.
 */

import { RECENTLY_VIEWED_KEY, type ViewedPiece } from './recently-viewed-key'

export { RECENTLY_VIEWED_KEY, type ViewedPiece } from './recently-viewed-key'
export const RECENTLY_VIEWED_MAX = 12

/** The shape of ids and colour slugs (src/routing/search-params.ts): anything else in storage is dropped. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const isSlug = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && SLUG.test(value)

const sameFamily = (a: ViewedPiece, b: ViewedPiece) => a.id === b.id

/** The kept list, as stored (JSON); anything malformed reads as nothing, a malformed entry is skipped. */
export function parseViewed(raw: string | null): ViewedPiece[] {
  if (!raw) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  const pieces: ViewedPiece[] = []
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue
    const { id, color } = entry as Record<string, unknown>
    if (!isSlug(id, 160)) continue
    const piece: ViewedPiece = isSlug(color, 40) ? { id, color } : { id }
    if (!pieces.some((kept) => sameFamily(kept, piece))) pieces.push(piece)
    if (pieces.length === RECENTLY_VIEWED_MAX) break
  }
  return pieces
}

/**
 * The list after viewing `piece`: it comes first, once per family (the colour last seen is the one kept: a family
 * is one page, its colours are swatches there), and the oldest go beyond the cap.
 */
export function withViewed(pieces: readonly ViewedPiece[], piece: ViewedPiece): ViewedPiece[] {
  return [piece, ...pieces.filter((kept) => !sameFamily(kept, piece))].slice(0, RECENTLY_VIEWED_MAX)
}

/** The device's storage, or null when the browser refuses it (reading `localStorage` itself may throw). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The stored text, as it is (null: nothing, or no storage). */
export function storedViewed(): string | null {
  try {
    return storage()?.getItem(RECENTLY_VIEWED_KEY) ?? null
  } catch {
    return null
  }
}

export function readViewed(): ViewedPiece[] {
  return parseViewed(storedViewed())
}

const listeners = new Set<() => void>()

/** Calls `listener` whenever the list changes, in this tab or another (for useSyncExternalStore). */
export function subscribeViewed(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENTLY_VIEWED_KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Keeps `pieces` (none: forgets the list); false when the device would not keep it. */
export function writeViewed(pieces: readonly ViewedPiece[]): boolean {
  try {
    const store = storage()
    if (!store) return false
    if (pieces.length === 0) store.removeItem(RECENTLY_VIEWED_KEY)
    else store.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(pieces))
  } catch {
    return false
  }
  for (const listener of listeners) listener()
  return true
}
