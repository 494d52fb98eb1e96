import { create } from 'qrcode'
import { describe, expect, it } from 'vitest'
import { LABEL_SIZE, pickLines, qrSquares, type PackOrder, type PackPiece } from './fulfilment-pdf.server'

const piece = (sku: string, quantity: number): PackPiece => ({
  sku,
  barcode: null,
  nameTh: 'ชุด',
  nameEn: 'Dress',
  colourTh: null,
  colourEn: null,
  size: 'M',
  quantity,
})

const order = (number: string, pieces: PackPiece[]): PackOrder => ({
  number,
  placedAt: new Date(0),
  shippingMethod: 'courier',
  store: null,
  recipient: { name: 'สมศรี', telephone: '+66812345678', lines: [] },
  pieces,
  parcels: [],
  url: `https://shop.example.com/admin/orders/${number}`,
})

describe('the label', () => {
  it('is 4×6 inches in points', () => {
    expect(LABEL_SIZE).toEqual({ width: 288, height: 432 })
  })
})

describe('qrSquares', () => {
  it('draws one square per dark module, each inside the box it is given', () => {
    const url = 'https://shop.example.com/admin/orders/AS2611-00042'
    const modules = create(url, { errorCorrectionLevel: 'M' }).modules
    const dark = Array.from(modules.data).filter(Boolean).length
    const { squares, modules: count, cell } = qrSquares(url, 10, 20, 110)
    expect(count).toBe(modules.size)
    expect(cell * count).toBeCloseTo(110)
    expect(squares).toHaveLength(dark)
    for (const square of squares) {
      expect(square.x).toBeGreaterThanOrEqual(10)
      expect(square.y).toBeGreaterThanOrEqual(20)
      expect(square.x + square.size).toBeLessThanOrEqual(120 + 1e-9)
      expect(square.y + square.size).toBeLessThanOrEqual(130 + 1e-9)
    }
    // The finder pattern's corner is dark: the first square is at the box's corner.
    expect(squares[0]).toEqual({ x: 10, y: 20, size: cell })
  })
})

describe('pickLines', () => {
  it('groups the pieces of the orders by SKU, in SKU order, adding quantities and naming each order once', () => {
    const lines = pickLines([
      order('A-1', [piece('SKU-B', 2), piece('SKU-A', 1)]),
      order('A-2', [piece('SKU-B', 1), piece('SKU-B', 1)]),
    ])
    expect(lines.map((line) => [line.sku, line.quantity, line.orders])).toEqual([
      ['SKU-A', 1, ['A-1']],
      ['SKU-B', 4, ['A-1', 'A-2']],
    ])
  })
})
