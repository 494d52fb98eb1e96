import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { creditNoteFigures, creditNoteNumber, refundFigures, type RefundLineInput } from './return-handling'
import { vatIncludedIn } from './vat'

const piece = (position: number, unitPrice: number, quantity = 1): RefundLineInput => ({
  position,
  sku: `SKU-${position}`,
  nameTh: 'เสื้อ',
  nameEn: 'Shirt',
  size: 'M',
  quantity,
  unitPrice,
})

describe('refundFigures', () => {
  it('refunds the pieces at the prices paid, without delivery, VAT 7/107 of it', () => {
    const refund = refundFigures({ subtotal: 300_000, discount: 0 }, [piece(0, 107_000)])
    expect(refund).toEqual({
      lines: [{ ...piece(0, 107_000), amount: 107_000 }],
      goods: 107_000,
      discount: 0,
      total: 107_000,
      netOfVat: 100_000,
      vat: 7_000,
      ratePercent: 7,
    })
  })

  it('takes off the pieces’ share of the order’s discount, in proportion to their part of the goods', () => {
    // An order of 2,000 + 1,000 baht with 300 baht off: the 1,000-baht piece carries 100 baht of it.
    const refund = refundFigures({ subtotal: 300_000, discount: 30_000 }, [piece(1, 100_000)])
    expect(refund.discount).toBe(10_000)
    expect(refund.total).toBe(90_000)
    expect(refund.vat).toBe(5_888)
    expect(refund.netOfVat).toBe(84_112)
  })

  it('counts each unit of a line and leaves lines of no piece out', () => {
    const refund = refundFigures({ subtotal: 500_000, discount: 0 }, [piece(0, 50_000, 3), piece(1, 99_000, 0)])
    expect(refund.lines.map((line) => [line.position, line.amount])).toEqual([[0, 150_000]])
    expect(refund.goods).toBe(150_000)
  })

  it('refuses more than the goods of the order', () => {
    expect(() => refundFigures({ subtotal: 10_000, discount: 0 }, [piece(0, 20_000)])).toThrow(RangeError)
  })

  it('always adds up: net + VAT = total, never more than the goods, the whole order refunds its discount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 0, max: 5_000_000 }), qty: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 100 }),
        (lines, percentOff) => {
          const subtotal = lines.reduce((sum, line) => sum + line.price * line.qty, 0)
          const discount = Math.floor((subtotal * percentOff) / 100)
          const all = refundFigures(
            { subtotal, discount },
            lines.map((line, index) => piece(index, line.price, line.qty)),
          )
          expect(all.netOfVat + all.vat).toBe(all.total)
          expect(all.vat).toBe(vatIncludedIn(all.total))
          expect(all.discount).toBe(discount)
          expect(all.total).toBe(subtotal - discount)
        },
      ),
    )
  })
})

describe('credit notes', () => {
  it('are numbered CN and seven digits, from 1', () => {
    expect(creditNoteNumber(1)).toBe('CN0000001')
    expect(creditNoteNumber(12_345_678)).toBe('CN12345678')
    expect(() => creditNoteNumber(0)).toThrow(RangeError)
  })

  it('state the invoice’s value, the right value, the difference and its VAT (§86/10)', () => {
    const refund = refundFigures({ subtotal: 300_000, discount: 30_000 }, [piece(1, 100_000)])
    // The invoice: 2,700 baht paid with 50 baht of delivery = 2,750, of which 179.91 VAT.
    const invoice = { netOfVat: 275_000 - vatIncludedIn(275_000) }
    expect(creditNoteFigures(invoice, 0, refund)).toEqual({
      originalValue: 257_009,
      correctValue: 257_009 - 84_112,
      difference: 84_112,
      vat: 5_888,
      total: 90_000,
      vatRatePercent: 7,
    })
  })

  it('start from what earlier credit notes left of the invoice, and never below nothing', () => {
    const refund = refundFigures({ subtotal: 200_000, discount: 0 }, [piece(0, 107_000)])
    expect(creditNoteFigures({ netOfVat: 186_916 }, 86_916, refund)).toMatchObject({
      originalValue: 100_000,
      correctValue: 0,
      difference: 100_000,
    })
    expect(() => creditNoteFigures({ netOfVat: 186_916 }, 90_000, refund)).toThrow(RangeError)
  })
})
