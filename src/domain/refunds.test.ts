import { describe, expect, it } from 'vitest'
import { piecePrices, piecesRefund, piecesRefundedBefore, refundableAmount, refundState } from './refunds'

const lines = [
  { position: 1, quantity: 2, lineTotal: 200_000 },
  { position: 2, quantity: 1, lineTotal: 100_000 },
]

describe('piecePrices', () => {
  it('shares the discount over the lines by their totals, then over each line’s pieces', () => {
    // 300 baht off 3 000: 200 on the first line (two pieces), 100 on the second.
    const prices = piecePrices(lines, 30_000)
    expect(prices.get(1)).toEqual([90_000, 90_000])
    expect(prices.get(2)).toEqual([90_000])
  })

  it('adds up to the goods’ price less the discount exactly, odd satang included', () => {
    const odd = [
      { position: 1, quantity: 3, lineTotal: 100_001 },
      { position: 2, quantity: 7, lineTotal: 33_333 },
    ]
    const prices = piecePrices(odd, 12_345)
    const all = [...prices.values()].flat()
    expect(all.reduce((a, b) => a + b, 0)).toBe(100_001 + 33_333 - 12_345)
    expect(Math.max(...(prices.get(1) ?? [])) - Math.min(...(prices.get(1) ?? []))).toBeLessThanOrEqual(1)
  })

  it('never gives back more than the lines when the discount is larger', () => {
    const prices = piecePrices(lines, 1_000_000)
    expect([...prices.values()].flat().every((price) => price === 0)).toBe(true)
  })
})

describe('piecesRefund', () => {
  it('is the pieces’ share of what was paid', () => {
    const result = piecesRefund(lines, 30_000, new Map(), [{ position: 1, quantity: 1 }])
    expect(result).toEqual({ ok: true, pieces: [{ position: 1, quantity: 1, amount: 90_000 }], amount: 90_000 })
  })

  it('refunds a line piece by piece to exactly what it was paid', () => {
    const odd = [{ position: 1, quantity: 3, lineTotal: 100_000 }]
    const first = piecesRefund(odd, 1, new Map(), [{ position: 1, quantity: 1 }])
    const rest = piecesRefund(odd, 1, new Map([[1, 1]]), [{ position: 1, quantity: 2 }])
    if (!first.ok || !rest.ok) throw new Error('refused')
    expect(first.amount + rest.amount).toBe(99_999)
  })

  it('refuses more pieces than are left, and a line the order does not have', () => {
    expect(piecesRefund(lines, 0, new Map([[1, 1]]), [{ position: 1, quantity: 2 }])).toEqual({
      ok: false,
      refusal: { code: 'TOO_MANY_PIECES', position: 1, left: 1 },
    })
    expect(piecesRefund(lines, 0, new Map(), [{ position: 9, quantity: 1 }])).toEqual({
      ok: false,
      refusal: { code: 'NO_SUCH_LINE', position: 9 },
    })
    expect(piecesRefund(lines, 0, new Map(), [])).toEqual({ ok: false, refusal: { code: 'NO_PIECES' } })
  })

  it('counts a line named twice in one request as one', () => {
    const result = piecesRefund(lines, 0, new Map(), [
      { position: 1, quantity: 1 },
      { position: 1, quantity: 2 },
    ])
    expect(result).toEqual({ ok: false, refusal: { code: 'TOO_MANY_PIECES', position: 1, left: 2 } })
  })
})

describe('the cap and the state', () => {
  it('counts the pieces refunds took', () => {
    expect(
      piecesRefundedBefore([{ pieces: [{ position: 1, quantity: 1 }] }, { pieces: [{ position: 1, quantity: 1 }] }]),
    ).toEqual(new Map([[1, 2]]))
  })

  it('leaves what was paid less what was refunded, never less than nothing', () => {
    expect(refundableAmount(100_000, 30_000)).toBe(70_000)
    expect(refundableAmount(100_000, 120_000)).toBe(0)
  })

  it('says refunded only when all of it went back', () => {
    expect(refundState(100_000, 0)).toBe('none')
    expect(refundState(100_000, 99_999)).toBe('partially_refunded')
    expect(refundState(100_000, 100_000)).toBe('refunded')
  })
})
