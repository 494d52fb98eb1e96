import { describe, expect, it } from 'vitest'
import { mixMatchProgress } from './mix-match'

function line(productId: string, tags: string[] = ['mix_match']) {
  return { productId, tags }
}

/** Bundle prices other than the seeded constants: the progress names what the cart's answer says. */
const answer = {
  bundles: [
    { size: 3 as const, price: 1_790_00 },
    { size: 5 as const, price: 2_690_00 },
  ],
  saving: 0,
}

describe('mixMatchProgress: the cart says how far the shopper is from a bundle (§9)', () => {
  it('is nothing without a mix-and-match piece', () => {
    expect(mixMatchProgress([line('a', ['sale'])], answer)).toBeNull()
  })

  it('counts different products only: two lines of the same piece are one', () => {
    const progress = mixMatchProgress([line('a'), line('a'), line('b')], answer)
    expect(progress).toMatchObject({ pieces: 2, filled: null, saving: 0 })
    expect(progress?.next).toEqual({ size: 3, missing: 1, price: 1_790_00 })
  })

  it('fills the bundle of three and aims at five at the price the cart answered, with its saving', () => {
    const progress = mixMatchProgress([line('a'), line('b'), line('c')], { ...answer, saving: 880_00 })
    expect(progress).toMatchObject({ pieces: 3, filled: 3, saving: 880_00 })
    expect(progress?.next).toEqual({ size: 5, missing: 2, price: 2_690_00 })
  })

  it('has nothing further to aim at from five pieces on', () => {
    const lines = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => line(id))
    expect(mixMatchProgress(lines, { ...answer, saving: 1_000_00 })).toEqual({
      pieces: 6,
      filled: 5,
      next: null,
      saving: 1_000_00,
    })
  })

  it('says nothing rather than a made-up price when the answer names no bundle', () => {
    expect(mixMatchProgress([line('a')], { bundles: [], saving: 0 })).toBeNull()
  })
})
