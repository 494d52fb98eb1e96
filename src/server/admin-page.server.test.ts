import { describe, expect, it } from 'vitest'
import { adminContentSecurityPolicy, adminPageHeaders, adminPageIn } from './admin-page.server'

describe("the back office's page headers", () => {
  it('allow scripts and styles from this origin only, and no framing', () => {
    const csp = adminContentSecurityPolicy(false)
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("style-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('nonce-')
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(adminContentSecurityPolicy(true)).toContain('upgrade-insecure-requests')
  })

  it('are the pages’ set, stricter, never cached nor indexed', () => {
    const headers = adminPageHeaders(true)
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'X-Robots-Tag': 'noindex, nofollow',
      'Cache-Control': 'no-store',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    })
    expect(adminPageHeaders(false)['Strict-Transport-Security']).toBeUndefined()
  })
})

describe('adminPageIn', () => {
  it('says the language of the page in its html element', () => {
    const html = '<!doctype html>\n<html lang="th">\n<head></head></html>'
    expect(adminPageIn(html, 'en', 'demo')).toContain('<html lang="en">')
    expect(adminPageIn(html, 'th', 'demo')).toContain('<html lang="th">')
  })

  it('writes the store key into the head, nothing but its own characters', () => {
    const html = '<!doctype html>\n<html lang="th">\n<head></head></html>'
    expect(adminPageIn(html, 'th', 'atelier-siam')).toContain(
      '<meta name="store-key" content="atelier-siam" />\n  </head>',
    )
    expect(adminPageIn(html, 'th', 'x"><script>')).toContain('<meta name="store-key" content="xscript" />')
  })
})
