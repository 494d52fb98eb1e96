import { describe, expect, it } from 'vitest'
import {
  compareRanked,
  hittingGroups,
  matchTier,
  resultOrder,
  windowSettles,
  type MatchTier,
  type RankedRow,
  type TierPlan,
} from './search-rank'

// "black linen dress for the beach": colour 1, material 4, type 15, the word "beach" 6 at best.
const BEACH = [1, 4, 15, 6]

describe('bounded multi-word ranking', () => {
  it('settles a window whose page ends on a product matching every group with the best score', () => {
    const best = { groups: 2, score: 19 }
    const rows = [best, best]
    expect(windowSettles(rows, [4, 15], 2)).toBe(true)
    // One score short (a shirt named only in its category): an older product may still score more.
    expect(windowSettles([best, { groups: 2, score: 13 }], [4, 15], 2)).toBe(false)
    // Fewer products than the page needs: older ones may fill it.
    expect(windowSettles(rows, [4, 15], 3)).toBe(false)
  })

  it('does not settle on fewer groups than can be matched, but counts only groups with indexed terms', () => {
    expect(windowSettles([{ groups: 3, score: 20 }], BEACH, 1)).toBe(false)
    // The unknown word matches nothing anywhere: three groups are all there is.
    expect(windowSettles([{ groups: 3, score: 20 }], [1, 4, 15, null], 1)).toBe(true)
  })

  it('finds the groups every product ranking above the page must hold', () => {
    // Above black linen dresses (20) come only products with both "dress" and "beach" (25 or 22).
    expect(hittingGroups(BEACH, 3, 20)).toEqual([2, 3])
    // Above black linen beach things (11), every product holds "dress": without it, 11 is the most.
    expect(hittingGroups(BEACH, 3, 11)).toEqual([2])
    // Two groups of four: a product could match the other three, so no group is necessary.
    expect(hittingGroups(BEACH, 2, 19)).toEqual([])
    // Every group necessary when the page holds all of them but one score short of the best.
    expect(hittingGroups([4, 15], 2, 17)).toEqual([0, 1])
    // With one group matchable at all, it is the one.
    expect(hittingGroups([4, null], 1, 3)).toEqual([0])
  })

  it('orders by groups, then score, then newer, then id', () => {
    const row = (id: string, groups: number, score: number, rank: number): RankedRow => ({ id, groups, score, rank })
    const sorted = [row('d', 1, 9, 5), row('c', 2, 1, 1), row('b', 2, 3, 1), row('a', 2, 3, 1), row('e', 2, 3, 7)]
      .sort(compareRanked)
      .map((ranked) => ranked.id)
    expect(sorted).toEqual(['e', 'a', 'b', 'c', 'd'])
  })
})

describe('close matches first (issue 29, item 17)', () => {
  // "linen trousers": linen, and trousers at home in the trousers category (shorts only a related concept).
  const linenTrousers: TierPlan = {
    groups: [new Set(['~linen']), new Set(['~trousers'])],
    types: [new Set(['~trousers'])],
    homes: new Set(['trousers']),
  }

  it('tells what was asked for from its category and from the rest', () => {
    expect(matchTier(linenTrousers, 'trousers', new Set(['~linen', '~trousers']))).toBe(0)
    // Cotton trousers: the category the query names.
    expect(matchTier(linenTrousers, 'trousers', new Set(['~trousers']))).toBe(1)
    // Linen shorts (trousers by relation only), a linen set: neither.
    expect(matchTier(linenTrousers, 'shorts', new Set(['~linen']))).toBe(3)
    const whiteShirt: TierPlan = {
      groups: [new Set(['~shirt']), new Set(['~white'])],
      types: [new Set(['~shirt'])],
      homes: new Set(['tops']),
    }
    // A shirt of another colour before an ivory blouse (white and shirt by relation only), both tops.
    expect(matchTier(whiteShirt, 'tops', new Set(['~shirt']))).toBe(1)
    expect(matchTier(whiteShirt, 'tops', new Set())).toBe(2)
    // Both words, out of their category (a shirt dress for "white shirt"): not what was asked for.
    expect(matchTier(whiteShirt, 'dresses', new Set(['~shirt', '~white']))).toBe(3)
    // No product type in the query: every word is enough.
    const black: TierPlan = { groups: [new Set(['~black'])], types: [], homes: new Set() }
    expect(matchTier(black, 'shoes', new Set(['~black']))).toBe(0)
    expect(matchTier(black, 'shoes', new Set())).toBe(3)
  })

  it('orders the head by tier, buyable first, keeping rank order, and leaves the rest in rank order', () => {
    const row = (id: string, tier: MatchTier, buyable: boolean) => ({ id, tier, buyable })
    const rows = [
      row('shorts', 3, true),
      row('sold-out', 0, false),
      row('cotton', 1, true),
      row('linen', 0, true),
      row('linen-2', 0, true),
      row('past', 0, true),
    ]
    expect(resultOrder(rows, 5).map((r) => r.id)).toEqual(['linen', 'linen-2', 'sold-out', 'cotton', 'shorts', 'past'])
  })
})
