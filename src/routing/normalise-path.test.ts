import { describe, expect, it } from 'vitest'
import { normalisedPagePath } from './normalise-path'

describe('normalisedPagePath', () => {
  it('drops encoded spaces and control characters at the end, and tab, CR and LF anywhere', () => {
    expect(normalisedPagePath('/category/tops%20')).toBe('/category/tops')
    expect(normalisedPagePath('/en/category/tops%0d%0a')).toBe('/en/category/tops')
    expect(normalisedPagePath('/product/a%09b%0Ac')).toBe('/product/abc')
    expect(normalisedPagePath('/%20')).toBe('/')
  })

  it('leaves every other path alone', () => {
    expect(normalisedPagePath('/category/tops')).toBeNull()
    expect(normalisedPagePath('/category/a%20b')).toBeNull()
    expect(normalisedPagePath('/category/%3Cscript%3E')).toBeNull()
    expect(normalisedPagePath('/')).toBeNull()
  })
})
