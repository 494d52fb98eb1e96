import { describe, expect, it } from 'vitest'
import { adminPathIn, adminPlaceOf, adminRewrite, otherAdminLocale } from './locale'

describe('adminPlaceOf (the language from the path)', () => {
  it.each([
    ['/admin', 'th', '/admin'],
    ['/admin/', 'th', '/admin'],
    ['/admin/orders', 'th', '/admin'],
    ['/admin/orders/A-1001/lines', 'th', '/admin'],
    ['/en/admin', 'en', '/en/admin'],
    ['/en/admin/', 'en', '/en/admin'],
    ['/en/admin/sign-in', 'en', '/en/admin'],
  ])('%s is the back office in %s, under %s', (path, locale, basepath) => {
    expect(adminPlaceOf(path)).toEqual({ locale, basepath })
  })

  it.each([
    '/',
    '/administrator',
    '/admin-assets/assets/index.js',
    '/en',
    '/en/administrator',
    '/th/admin',
    '/x/admin',
  ])('%s is not the back office', (path) => {
    expect(adminPlaceOf(path)).toBeNull()
  })
})

describe('adminPathIn (the language switch)', () => {
  it('swaps the base and keeps the screen and its query', () => {
    expect(adminPathIn('en', '/admin/orders', '?page=2&sort=total')).toBe('/en/admin/orders?page=2&sort=total')
    expect(adminPathIn('th', '/en/admin/orders', '?page=2')).toBe('/admin/orders?page=2')
  })

  it('goes between the two homes', () => {
    expect(adminPathIn('en', '/admin')).toBe('/en/admin')
    expect(adminPathIn('th', '/en/admin')).toBe('/admin')
  })

  it('sends a path outside the back office to the home of the language, without its query', () => {
    expect(adminPathIn('en', '/cart', '?x=1')).toBe('/en/admin')
  })

  it('offers the language not shown', () => {
    expect(otherAdminLocale('th')).toBe('en')
    expect(otherAdminLocale('en')).toBe('th')
  })
})

describe('adminRewrite (the router under its basepath)', () => {
  const rewrite = adminRewrite('/en/admin')
  const input = (path: string) => rewrite.input({ url: new URL(path, 'https://shop.example') }).pathname
  const output = (path: string) => rewrite.output({ url: new URL(path, 'https://shop.example') }).pathname

  it('takes the basepath off on the way in', () => {
    expect(input('/en/admin')).toBe('/')
    expect(input('/en/admin/')).toBe('/')
    expect(input('/en/admin/orders')).toBe('/orders')
    expect(input('/en/administrator')).toBe('/en/administrator')
  })

  it('puts it back on the way out, the home without a trailing slash', () => {
    expect(output('/')).toBe('/en/admin')
    expect(output('/orders')).toBe('/en/admin/orders')
  })
})
