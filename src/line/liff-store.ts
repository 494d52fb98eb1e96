import { useSyncExternalStore } from 'react'
import type { LiffErrorCode, LiffOs } from './liff-types'

/**
 * What the pages know of the LIFF layer. It is `off` on the server, on the first render in the browser and on every
 * page outside LINE; the runtime (liff-runtime.ts, loaded only inside LINE or on a LIFF entry page) moves it on.
 */
export type LiffView = {
  phase: 'off' | 'starting' | 'ready' | 'failed'
  /** The app id LIFF was started with (for LIFF URLs), null when none. */
  liffId: string | null
  inClient: boolean
  loggedIn: boolean
  os: LiffOs | null
  /** The last failure the shopper should see (§8), null when none. */
  error: LiffErrorCode | null
  /** Whether the shopper is a friend of the shop's LINE Official Account; null when unknown. */
  friend: boolean | null
}

export const LIFF_OFF: LiffView = Object.freeze({
  phase: 'off',
  liffId: null,
  inClient: false,
  loggedIn: false,
  os: null,
  error: null,
  friend: null,
})

let view: LiffView = LIFF_OFF
const listeners = new Set<() => void>()

export function getLiffView(): LiffView {
  return view
}

export function setLiffView(next: Partial<LiffView>): void {
  view = { ...view, ...next }
  for (const listener of listeners) listener()
}

/** Back to `off` (tests). */
export function resetLiffView(): void {
  setLiffView(LIFF_OFF)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const serverView = (): LiffView => LIFF_OFF

/** The LIFF layer's state for a component; `off` while rendering on the server and hydrating. */
export function useLiffView(): LiffView {
  return useSyncExternalStore(subscribe, getLiffView, serverView)
}
