import { describe, expect, it } from 'vitest'
import { minorUnitsTyped, piecesTotal } from './OrderRefunds'

describe('the refund dialog’s figures', () => {
  it('reads an amount as staff type it, in minor units', () => {
    expect(minorUnitsTyped('450')).toBe(45_000)
    expect(minorUnitsTyped('450.5')).toBe(45_050)
    expect(minorUnitsTyped(' 450,50 ')).toBe(45_050)
    for (const wrong of ['', '4.505', '-1', '1e3', '฿450', '450.']) expect(minorUnitsTyped(wrong), wrong).toBeNull()
  })

  it('adds up each line’s first pieces left, as the API refunds them', () => {
    const lines = [
      { position: 0, quantity: 3, refunded: 1, piece_amounts: [33_334, 33_333] },
      { position: 1, quantity: 1, refunded: 0, piece_amounts: [90_000] },
    ]
    expect(piecesTotal(lines, {})).toBe(0)
    expect(piecesTotal(lines, { 0: 1 })).toBe(33_334)
    expect(piecesTotal(lines, { 0: 2, 1: 1 })).toBe(156_667)
  })
})
