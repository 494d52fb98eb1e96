import { describe, expect, it } from 'vitest'
import {
  intParam,
  oneOf,
  pageParam,
  redirectParam,
  searchParams,
  sizeParam,
  stringParam,
  textParam,
} from './search-params'

describe('sizeParam', () => {
  const schema = searchParams({ size: sizeParam() })
  const size = (value: unknown) => schema({ size: value }).size

  it('keeps letter and number sizes, a number read from ?size=39 as the size "39"', () => {
    expect(size('M')).toBe('M')
    expect(size('39')).toBe('39')
    expect(size(39)).toBe('39')
    expect(size('OS')).toBe('OS')
  })

  it('drops what is no size instead of failing the page', () => {
    expect(size('not a size')).toBeUndefined()
    expect(size(1.5)).toBeUndefined()
    expect(size(-3)).toBeUndefined()
    expect(size({ a: 1 })).toBeUndefined()
    expect(size(undefined)).toBeUndefined()
  })
})

describe('the other readers (as zod/mini read them before, decision 120)', () => {
  it('reads page numbers from 2 to 400, from numbers and numeric strings', () => {
    const page = pageParam()
    expect(page('2')).toBe(2)
    expect(page(400)).toBe(400)
    for (const bad of ['1', 401, '2.5', 'two', '', null, {}, Symbol('x'), undefined]) expect(page(bad)).toBeUndefined()
    expect(intParam(0, 10)(true)).toBe(1)
  })

  it('takes only the listed values, strings by pattern and length, and safe redirects', () => {
    expect(oneOf(['a', 'b'])('b')).toBe('b')
    expect(oneOf(['a', 'b'])('c')).toBeUndefined()
    expect(stringParam(/^[a-z-]+$/, 5)('ab-c')).toBe('ab-c')
    expect(stringParam(/^[a-z-]+$/, 5)('abcdef')).toBeUndefined()
    expect(stringParam(/^[a-z-]+$/, 5)(12)).toBeUndefined()
    expect(redirectParam()('/account')).toBe('/account')
    expect(redirectParam()('https://evil.example/')).toBeUndefined()
    expect(textParam(10)('  dress ')).toBe('dress')
    expect(textParam(10)('   ')).toBeUndefined()
    expect(textParam(3)('dress')).toBeUndefined()
  })

  it('leaves parameters out of the shape out of the result', () => {
    expect(searchParams({ page: pageParam() })({ page: '3', other: 'x' })).toEqual({ page: 3 })
  })
})
