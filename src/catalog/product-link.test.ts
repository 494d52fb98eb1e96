import { describe, expect, it } from 'vitest'
import { routePath } from '~/routing/links'
import { colorParam, productLink, refOf, sizeInColor, visibleSwatches } from './product-link'

const productPath = (...args: Parameters<typeof productLink>) =>
  routePath(productLink(...args), { lang: 'th', strategy: 'prefix_except_default', defaultLocale: 'th' })

const first = { id: 'linen-wrap-dress-1001', familyId: 'linen-wrap-dress-1001', colorSlug: 'sand' }
const other = { id: 'linen-wrap-dress-1001-black', familyId: 'linen-wrap-dress-1001', colorSlug: 'black' }

describe('product links', () => {
  it('name the family, and the colour only when it is not the first', () => {
    expect(colorParam(first)).toBeUndefined()
    expect(colorParam(other)).toBe('black')
    expect(productPath(first)).toBe('/product/linen-wrap-dress-1001')
    expect(productPath(other)).toBe('/product/linen-wrap-dress-1001?color=black')
    expect(productPath(other, 'M')).toBe('/product/linen-wrap-dress-1001?color=black&size=M')
    expect(productLink(other, 'M')).toEqual({
      to: '/product/$id',
      params: { id: 'linen-wrap-dress-1001' },
      search: { color: 'black', size: 'M' },
    })
    expect(productLink(first, null).search).toEqual({ color: undefined, size: undefined })
  })

  it('read a summary', () => {
    expect(refOf({ id: other.id, familyId: other.familyId, color: { slug: 'black' } })).toEqual(other)
  })
})

describe('swatches', () => {
  it('show up to five colours, or four and "+n"', () => {
    expect(visibleSwatches([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 })
    expect(visibleSwatches([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], more: 0 })
    expect(visibleSwatches([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4], more: 3 })
  })

  it('keep the chosen size when the new colour is made in it, and drop it otherwise', () => {
    expect(sizeInColor('M', ['S', 'M', 'L'])).toBe('M')
    expect(sizeInColor('XL', ['S', 'M', 'L'])).toBeUndefined()
    expect(sizeInColor(undefined, ['S'])).toBeUndefined()
  })
})
