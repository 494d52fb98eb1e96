import { describe, expect, it } from 'vitest'
import { adminPathIn, adminPlaceOf, otherAdminLocale } from './locale'

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
