import { describe, expect, it } from 'vitest'
import { mixMatchProgress } from './mix-match'
import { MIX_MATCH_BUNDLE_PRICES } from '~/domain/mix-match'

function line(productId: string, unitPrice: number, tags: string[] = ['mix_match'], quantity = 1) {
  return { productId, sku: `${productId}-M`, category: 'tops', tags, unitPrice, quantity }
}

describe('mixMatchProgress: the cart says how far the shopper is from a bundle (§9)', () => {
  it('is nothing without a mix-and-match piece', () => {
    expect(mixMatchProgress('thb', [line('a', 990_00, ['sale'])])).toBeNull()
  })

  it('counts different products only: two of the same piece are one', () => {
    const progress = mixMatchProgress('thb', [line('a', 990_00, ['mix_match'], 2), line('b', 990_00)])
    expect(progress).toMatchObject({ pieces: 2, filled: null, saving: 0 })
    expect(progress?.next).toEqual({ size: 3, missing: 1, price: MIX_MATCH_BUNDLE_PRICES[3].thb })
  })

  it('fills the bundle of three and aims at five, with the saving checkout gives', () => {
    const progress = mixMatchProgress('thb', [line('a', 990_00), line('b', 890_00), line('c', 790_00)])
    expect(progress).toMatchObject({ pieces: 3, filled: 3 })
    expect(progress?.saving).toBe(990_00 + 890_00 + 790_00 - MIX_MATCH_BUNDLE_PRICES[3].thb)
    expect(progress?.next).toEqual({ size: 5, missing: 2, price: MIX_MATCH_BUNDLE_PRICES[5].thb })
  })

  it('has nothing further to aim at from five pieces on, in dollars too', () => {
    const lines = ['a', 'b', 'c', 'd', 'e'].map((id) => line(id, 30_00))
    const progress = mixMatchProgress('usd', lines)
    expect(progress).toMatchObject({ pieces: 5, filled: 5, next: null })
    expect(progress?.saving).toBe(5 * 30_00 - MIX_MATCH_BUNDLE_PRICES[5].usd)
  })

  it('never saves a negative amount when the pieces cost less than the bundle', () => {
    const progress = mixMatchProgress('thb', [line('a', 100_00), line('b', 100_00), line('c', 100_00)])
    expect(progress).toMatchObject({ pieces: 3, filled: 3, saving: 0 })
  })
})
