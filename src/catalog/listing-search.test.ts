import { describe, expect, it } from 'vitest'
import { listingSearchSchema } from './listing-search'

const parse = (raw: Record<string, unknown>) => listingSearchSchema(raw)

describe('listingSearchSchema', () => {
  it('swaps a price range given the wrong way round (min above max)', () => {
    expect(parse({ min: '900', max: '100' })).toMatchObject({ min: 100, max: 900 })
  })

  it('keeps a price range in order, and a single bound, as it is', () => {
    expect(parse({ min: '100', max: '900' })).toMatchObject({ min: 100, max: 900 })
    expect(parse({ min: '900' })).toEqual({ min: 900 })
    expect(parse({ max: '100' })).toEqual({ max: 100 })
  })

  it('drops malformed values rather than failing', () => {
    expect(parse({ min: '-1', max: 'NaN', page: '0', sort: '<script>', color: 'RED' })).toEqual({
      page: undefined,
      sort: undefined,
      size: undefined,
      color: undefined,
      min: undefined,
      max: undefined,
      available: undefined,
      gender: undefined,
      tag: undefined,
    })
  })
})
