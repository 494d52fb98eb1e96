import { useMemo, useSyncExternalStore } from 'react'
import { consentCookies, type Consent } from './consent'

type ConsentState = { consent: Consent | null; managing: boolean }

let state: ConsentState = { consent: null, managing: false }
let initialised = false
const listeners = new Set<() => void>()

function emit(next: ConsentState) {
  state = next
  for (const listener of listeners) listener()
}

/** Takes the choice the server read from the cookies (once per page load). */
export function initConsent(consent: Consent | null): void {
  if (initialised || typeof window === 'undefined') return
  initialised = true
  state = { consent, managing: false }
}

/** Saves the shopper's choice in its two cookies (§9) and tells the tag manager. */
export function chooseConsent(consent: Consent, secure: boolean): void {
  for (const cookie of consentCookies(consent, secure)) document.cookie = cookie
  emit({ consent, managing: false })
}

/** Opens the preferences again (the footer's cookie settings). */
export function manageConsent(open: boolean): void {
  emit({ ...state, managing: open })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current choice and whether the preferences dialog is open. */
export function useConsentState(fallback: Consent | null): ConsentState {
  // The server and the first browser render read the boot state's choice; later ones the store's.
  const initial = useMemo(() => ({ consent: fallback, managing: false }), [fallback])
  return useSyncExternalStore(
    subscribe,
    () => (initialised ? state : initial),
    () => initial,
  )
}
