import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './safe-redirect'

describe('safeRedirectPath', () => {
  it.each(['/account/order-history', '/product/abc?size=M', '/en/cart#top'])('keeps the site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path)
  })

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    'account',
    '/\u0000x',
    `/${'a'.repeat(2001)}`,
    42,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeRedirectPath(value)).toBeNull()
  })

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirectPath('/a/../b')).toBe('/b')
    expect(safeRedirectPath('/../../etc')).toBe('/etc')
  })
})
