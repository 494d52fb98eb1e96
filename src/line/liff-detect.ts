/**
 * Whether the LIFF layer should start on this page: small and free of the SDK, so every page can ask without paying
 * for LINE's code.
 */

/** LINE's in-app browser: its user agent carries ` Line/<version>`. */
export function isInsideLine(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && userAgent.includes(' Line/')
}

/** The query parameters LIFF adds when it opens its endpoint or comes back from its login. */
const LIFF_ENTRY_PARAMS = ['liff.state', 'liff.referrer', 'liffClientId', 'liffRedirectUri']

/** Whether a page was opened through a LIFF URL (https://liff.line.me/<id>/…) or LIFF's login redirect. */
export function isLiffEntry(search: URLSearchParams): boolean {
  return LIFF_ENTRY_PARAMS.some((name) => search.has(name))
}

/**
 * Whether a page should load the SDK at all: only in the browser, and only inside LINE or on a LIFF entry page
 * (`liffEntryPage`: a page the shop registered as a LIFF endpoint). Other pages never fetch its chunk.
 */
export function shouldStartLiff({
  userAgent,
  search,
  liffEntryPage = false,
}: {
  userAgent: string | null | undefined
  search: URLSearchParams
  liffEntryPage?: boolean
}): boolean {
  if (typeof window === 'undefined') return false
  return isInsideLine(userAgent) || liffEntryPage || isLiffEntry(search)
}
