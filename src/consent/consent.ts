/** §3, §4: what the shopper allowed. `accepted` is true once they made any choice (the banner then goes). */
export type Consent = {
  accepted: boolean
  ga: boolean
  ad: boolean
  /** The anonymous id the server's consent records are kept under (issue 33 item 2); made at the first choice. */
  id?: string
}

const CONSENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** §9: one cookie for acceptance, one holding the JSON of the choice. */
export const CONSENT_ACCEPTED_COOKIE = 'cookie_consent'
export const CONSENT_PREFS_COOKIE = 'cookie_consent_prefs'
/** A choice is kept for a year, like the language cookie. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** Reads the JSON cookie back (§4: accepted, analytics allowed, advertising allowed); null when absent or unreadable. */
export function parseConsent(prefs: string | null | undefined): Consent | null {
  if (!prefs) return null
  try {
    const value: unknown = JSON.parse(prefs)
    if (typeof value !== 'object' || value === null) return null
    const record = value as Record<string, unknown>
    if (typeof record.accepted !== 'boolean') return null
    const id = typeof record.id === 'string' && CONSENT_ID.test(record.id) ? { id: record.id } : {}
    return { accepted: record.accepted, ga: record.ga === true, ad: record.ad === true, ...id }
  } catch {
    return null
  }
}

/** The two Set-Cookie strings of a choice (document.cookie form). */
export function consentCookies(consent: Consent, secure: boolean): [string, string] {
  const attributes = `Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return [
    `${CONSENT_ACCEPTED_COOKIE}=${consent.accepted ? 'true' : 'false'}; ${attributes}`,
    `${CONSENT_PREFS_COOKIE}=${encodeURIComponent(JSON.stringify(consent))}; ${attributes}`,
  ]
}

/** Google Consent Mode v2 signals of a choice (denied until the shopper allows). */
export function consentModeSignals(consent: Consent | null) {
  const analytics = consent?.ga ? 'granted' : 'denied'
  const ads = consent?.ad ? 'granted' : 'denied'
  return { analytics_storage: analytics, ad_storage: ads, ad_user_data: ads, ad_personalization: ads } as const
}
