import { ADMIN_FRAME_HEADERS } from '../../scripts/admin-build'
import { securityHeaders } from '~/security/headers'
import type { AdminLocale } from '~/admin/locale'

/**
 * The back office's page (decision 177) is a static shell: the app's built index.html, whose scripts and styles are
 * files of this origin. So its CSP allows this origin only, no nonce and no inline script or style; nothing may frame
 * it, and it is never cached or indexed.
 */
export function adminContentSecurityPolicy(secure: boolean): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  if (secure) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** The headers of the back office's page: the pages' set (securityHeaders) made stricter, no-store and noindex. */
export function adminPageHeaders(secure: boolean): Record<string, string> {
  return {
    ...securityHeaders({ nonce: null, secure }),
    'Content-Security-Policy': adminContentSecurityPolicy(secure),
    ...ADMIN_FRAME_HEADERS,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-store',
    'Content-Type': 'text/html; charset=utf-8',
  }
}

/**
 * The built page in a language: its `<html lang>` says it before the app runs (the build writes Thai's), and the store
 * whose admin API the app calls (/api/admin/{storeKey}/…) is written into its head (a key is [a-z0-9-], config schema).
 */
export function adminPageIn(html: string, locale: AdminLocale, storeKey: string): string {
  const key = storeKey.replace(/[^a-z0-9_-]/gi, '')
  return html
    .replace(/<html lang="[a-z-]*"/, `<html lang="${locale}"`)
    .replace('</head>', `<meta name="store-key" content="${key}" />\n  </head>`)
}
