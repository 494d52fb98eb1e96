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
})
