import { describe, expect, it } from 'vitest'
import { securityHeaders } from './headers'

describe('securityHeaders', () => {
  it('puts the nonce in the CSP and forbids framing by others', () => {
    const headers = securityHeaders({ nonce: 'abc123', secure: false })
    expect(headers['Content-Security-Policy']).toContain("script-src 'self' 'nonce-abc123'")
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self'")
    expect(headers['Content-Security-Policy']).toContain("object-src 'none'")
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Strict-Transport-Security']).toBeUndefined()
  })

  it('adds HSTS only when served securely', () => {
    expect(securityHeaders({ nonce: null, secure: true })['Strict-Transport-Security']).toMatch(/max-age=31536000/)
  })

  it('allows Cloudflare Turnstile’s script and frame only when Turnstile is configured', () => {
    const directive = (policy: string, name: string) =>
      policy
        .split('; ')
        .find((part) => part.startsWith(`${name} `))
        ?.split(' ')
        .slice(1)
    const on = securityHeaders({ nonce: 'abc123', secure: true, turnstile: true })['Content-Security-Policy'] ?? ''
    expect(directive(on, 'script-src')).toEqual([
      "'self'",
      "'nonce-abc123'",
      "'strict-dynamic'",
      'https://challenges.cloudflare.com',
    ])
    expect(directive(on, 'frame-src')).toEqual(["'self'", 'https://challenges.cloudflare.com'])
    // Nowhere else: not in connect-src, nor as a frame ancestor.
    expect(on.split('challenges.cloudflare.com')).toHaveLength(3)

    for (const options of [
      { nonce: 'abc123', secure: true },
      { nonce: 'abc123', secure: true, turnstile: false },
    ]) {
      const off = securityHeaders(options)['Content-Security-Policy'] ?? ''
      expect(off).not.toContain('cloudflare')
      expect(directive(off, 'frame-src')).toEqual(["'self'"])
    }
  })
})
