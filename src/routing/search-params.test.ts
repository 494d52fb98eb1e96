import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { sizeParam } from './search-params'

describe('sizeParam', () => {
  const schema = z.object({ size: sizeParam() })
  const size = (value: unknown) => schema.parse({ size: value }).size

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
