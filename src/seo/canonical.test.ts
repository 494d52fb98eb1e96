import { describe, expect, it } from 'vitest'
import { canonicalQuery, canonicalUrl } from './canonical'

describe('canonicalUrl', () => {
  it('is the site URL plus the path', () => {
    expect(canonicalUrl('https://shop.example.com/', '/en/about-us', {})).toBe('https://shop.example.com/en/about-us')
  })

  it('keeps the validated parameters in a stable (sorted) order', () => {
    expect(
      canonicalUrl('https://shop.example.com', '/category/dresses', { sort: 'price_asc', page: 2, size: 'M' }),
    ).toBe('https://shop.example.com/category/dresses?page=2&size=M&sort=price_asc')
    expect(canonicalQuery({ b: 1, a: 2 })).toBe(canonicalQuery({ a: 2, b: 1 }))
  })

  it('drops empty values and non-scalar values', () => {
    expect(canonicalQuery({ q: '', page: undefined, tag: null, nested: { a: 1 } })).toBe('')
  })

  it('encodes Thai and reserved characters', () => {
    expect(canonicalQuery({ q: 'เดรส & co' })).toBe('?q=%E0%B9%80%E0%B8%94%E0%B8%A3%E0%B8%AA+%26+co')
  })

  it('repeats array values', () => {
    expect(canonicalQuery({ size: ['S', 'M'] })).toBe('?size=S&size=M')
  })
})
