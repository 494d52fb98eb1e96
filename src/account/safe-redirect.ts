/** Two slashes, or a slash and a backslash, at the start: the browser reads `//host` (protocol-relative). */
const OFF_SITE_START = /^[/\\]{2}/
/** Control characters and backslashes never belong in a path we send people to. */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/
/** The same, percent-encoded in the path (a router or proxy that decodes it would see them): %2F, %5C, %00–%1F, %7F. */
const ENCODED_UNSAFE = /%(?:2f|5c|[01][0-9a-f]|7f)/i

/**
 * A `redirect` parameter is only ever a path on this site: no scheme, no other host, no
 * protocol-relative or backslash tricks (open-redirect protection). Anything else gives null.
 * The check is made on the input and again on the normalised path, because dot segments can
 * turn a harmless-looking path into a protocol-relative one (`/.//evil.example` is `//evil.example`).
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null
  if (!value.startsWith('/') || OFF_SITE_START.test(value) || UNSAFE_CHARACTERS.test(value)) return null
  try {
    const url = new URL(value, 'http://internal.invalid')
    if (url.origin !== 'http://internal.invalid') return null
    if (OFF_SITE_START.test(url.pathname) || ENCODED_UNSAFE.test(url.pathname)) return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}
