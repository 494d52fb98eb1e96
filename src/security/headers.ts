import { TURNSTILE_ORIGIN } from '~/config/constants'

/** Security headers for every response (DESIGN.md §5). Pure so that a unit test can read them. */
export type SecurityHeaderOptions = {
  nonce: string | null
  secure: boolean
  /** Extra origins scripts may come from (the tag manager, once consent allows it). */
  scriptOrigins?: string[]
  connectOrigins?: string[]
  imageOrigins?: string[]
  /**
   * Cloudflare Turnstile is configured: its script and its challenge frame may come from Cloudflare (script-src for
   * browsers without 'strict-dynamic', frame-src for the widget's iframe). Off, nothing of Cloudflare is allowed.
   */
  turnstile?: boolean
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const scripts = [
    "'self'",
    ...(options.nonce ? [`'nonce-${options.nonce}'`, "'strict-dynamic'"] : []),
    ...(options.scriptOrigins ?? []),
    ...(options.turnstile ? [TURNSTILE_ORIGIN] : []),
  ]
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', scripts],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(options.connectOrigins ?? [])]],
    ['media-src', ["'self'", 'blob:']],
    // The proof-of-work bot check runs in a worker served by this site (issue 15).
    ['worker-src', ["'self'"]],
    ['frame-src', ["'self'", ...(options.turnstile ? [TURNSTILE_ORIGIN] : [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ]
  if (options.secure) directives.push(['upgrade-insecure-requests', []])
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ')
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
  }
  if (options.secure) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}
