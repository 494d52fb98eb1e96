import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './safe-redirect'

describe('safeRedirectPath', () => {
  it.each([
    '/account/order-history',
    '/product/abc?size=M',
    '/en/cart#top',
    '/search?q=a%2Fb%5C',
    '/product/%E0%B8%81',
    '/a%252F%252Fevil.example',
  ])('keeps the site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path)
  })

  it.each([
    'https://evil.example',
    'https:evil.example',
    'http:/evil.example',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%00/evil.example',
    '/%7F/evil.example',
    // Dot segments that the URL parser folds into a protocol-relative path.
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '',
    'account',
    '/\u0000x',
    `/${'a'.repeat(2001)}`,
    42,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull()
  })

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirectPath('/a/../b')).toBe('/b')
    expect(safeRedirectPath('/../../etc')).toBe('/etc')
    expect(safeRedirectPath('/./account')).toBe('/account')
  })

  it('never gives a path that a browser would read as another host', () => {
    const pieces = ['/', '\\', '.', '..', '%2e', '%2F', '%5C', '%09', 'evil.example', '\t', ':', '@', '?', '#', 'a']
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const result = safeRedirectPath(`/${a}${b}${c}`)
          if (result === null) continue
          expect(result.startsWith('/')).toBe(true)
          expect(new URL(result, 'https://shop.example.com').origin).toBe('https://shop.example.com')
          expect(/^[/\\]{2}/.test(result)).toBe(false)
        }
      }
    }
  })
})
