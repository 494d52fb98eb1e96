/**
 * A `redirect` parameter is only ever a path on this site: no scheme, no other host, no
 * protocol-relative or backslash tricks (open-redirect protection). Anything else gives null.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // Control characters and backslashes never belong in a path we send people to.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null
  try {
    const url = new URL(value, 'http://internal.invalid')
    if (url.origin !== 'http://internal.invalid') return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}
