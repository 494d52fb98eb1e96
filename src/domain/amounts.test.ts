import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocateProportionally } from './amounts'

describe('allocateProportionally', () => {
  it('splits by largest remainder so the parts sum exactly', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocateProportionally(41_000, [90_000, 80_000, 70_000])).toEqual([15_375, 13_667, 11_958])
    expect(allocateProportionally(0, [5, 7])).toEqual([0, 0])
    expect(allocateProportionally(0, [0, 0])).toEqual([0, 0])
  })

  it('refuses an amount over zero weights and negative or fractional amounts', () => {
    expect(() => allocateProportionally(1, [0])).toThrow(RangeError)
    expect(() => allocateProportionally(-1, [1])).toThrow(RangeError)
    expect(() => allocateProportionally(1.5, [1])).toThrow(RangeError)
  })

  it('sums exactly and never gives a part more than its weight (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0)
          const amount = Math.floor(total * share)
          const parts = allocateProportionally(amount, weights)
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount)
          parts.forEach((part, index) => {
            expect(Number.isInteger(part)).toBe(true)
            expect(part).toBeGreaterThanOrEqual(0)
            expect(part).toBeLessThanOrEqual(weights[index] ?? 0)
          })
        },
      ),
    )
  })
})
