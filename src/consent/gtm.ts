import { dataLayer } from '~/analytics/datalayer'
import { consentModeSignals, type Consent } from './consent'

let loaded = false
let defaultsSet = false

declare global {
  interface Window {
    /** Google's queue function, from the inline snippet the root document renders when a container is set. */
    gtag?: (...args: unknown[]) => void
  }
}

function gtag(...args: unknown[]): void {
  window.gtag?.(...args)
}

/** Google Consent Mode: everything denied by default, before any tag can run. */
export function setConsentDefaults(): void {
  if (defaultsSet || typeof window === 'undefined') return
  defaultsSet = true
  gtag('consent', 'default', { ...consentModeSignals(null), wait_for_update: 500 })
}

/**
 * Applies the shopper's choice: Consent Mode is updated, and the container loads (once, with the CSP nonce) when
 * analytics or advertising is allowed. Without a container id nothing is loaded.
 */
export function applyConsent(consent: Consent | null, gtmId: string | null, nonce: string | null): void {
  if (typeof window === 'undefined') return
  setConsentDefaults()
  if (consent) gtag('consent', 'update', consentModeSignals(consent))
  if (!gtmId || loaded || !consent || !(consent.ga || consent.ad)) return
  loaded = true
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`
  if (nonce) script.nonce = nonce
  document.head.appendChild(script)
}
