import { useMemo, useSyncExternalStore } from 'react'
import { consentCookies, type Consent } from './consent'
import { recordConsentChoice } from './consent-record.functions'

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

/** A random UUID (v4): `crypto.randomUUID` exists only on secure pages, `getRandomValues` everywhere. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Saves the shopper's choice in its two cookies (§9) and tells the tag manager; then reports it once to the server,
 * which keeps the record under the cookie's anonymous id (issue 33 item 2). A report that fails is not retried: the
 * cookie still holds the choice.
 */
export function chooseConsent(choice: Consent, secure: boolean): void {
  const consent = { ...choice, id: state.consent?.id ?? randomId() }
  for (const cookie of consentCookies(consent, secure)) document.cookie = cookie
  emit({ consent, managing: false })
  recordConsentChoice({ data: { id: consent.id, ga: consent.ga, ad: consent.ad } }).catch(() => undefined)
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
