import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SELLER } from '~/brand'
import {
  branchLabel,
  formatBaht,
  formatTaxId,
  HEAD_OFFICE_BRANCH,
  isBranchNumber,
  taxInvoiceEligibility,
  taxInvoiceNumber,
  validThaiTaxId,
  vatBreakdown,
  type TaxInvoiceOrder,
} from './tax-invoice'
import { priceCart } from './pricing'

const paidThaiOrder: TaxInvoiceOrder = {
  status: 'paid',
  currency: 'thb',
  shippingMethod: 'courier',
  address: { country: 'TH', taxId: '0105564000004' },
}

describe('Thai tax ID', () => {
  it('takes 13 digits whose last is the check digit, with or without the printed dashes', () => {
    expect(validThaiTaxId('1101700230708')).toBe(true)
    expect(validThaiTaxId('0105564000004')).toBe(true)
    expect(validThaiTaxId('0-1055-64000-00-4')).toBe(true)
    expect(validThaiTaxId('0105564000005')).toBe(false)
    expect(validThaiTaxId('010556400000')).toBe(false)
    expect(validThaiTaxId('01055640000044')).toBe(false)
    expect(validThaiTaxId('01055640000O4')).toBe(false)
    expect(validThaiTaxId('')).toBe(false)
  })

  it('refuses every other last digit', () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(validThaiTaxId(`110170023070${digit}`)).toBe(digit === 8)
    }
  })

  it('is printed in its groups', () => {
    expect(formatTaxId('0105564000004')).toBe('0-1055-64000-00-4')
    expect(formatTaxId('12-3456789')).toBe('12-3456789')
  })
})

describe('who gets a full tax invoice', () => {
  it('a paid order in baht, delivered in Thailand, with a valid tax ID', () => {
    for (const status of ['paid', 'packed', 'in_transit', 'received']) {
      expect(taxInvoiceEligibility({ ...paidThaiOrder, status })).toEqual({ eligible: true })
    }
  })

  it('names why not', () => {
    const refusal = (order: Partial<TaxInvoiceOrder>) => taxInvoiceEligibility({ ...paidThaiOrder, ...order })
    expect(refusal({ status: 'awaiting_payment' })).toEqual({ eligible: false, reason: 'notPaid' })
    expect(refusal({ status: 'cancelled' })).toEqual({ eligible: false, reason: 'closed' })
    expect(refusal({ status: 'returned' })).toEqual({ eligible: false, reason: 'closed' })
    expect(refusal({ currency: 'usd' })).toEqual({ eligible: false, reason: 'currency' })
    expect(refusal({ shippingMethod: 'pickup', address: null })).toEqual({ eligible: false, reason: 'pickup' })
    expect(refusal({ address: { country: 'SG', taxId: '0105564000004' } })).toEqual({
      eligible: false,
      reason: 'international',
    })
    expect(refusal({ address: { country: 'TH', taxId: '' } })).toEqual({ eligible: false, reason: 'noTaxId' })
    expect(refusal({ address: { country: 'TH', taxId: '0105564000005' } })).toEqual({
      eligible: false,
      reason: 'noTaxId',
    })
  })
})

describe('branches and numbers', () => {
  it('prints the head office and other branches in both languages', () => {
    expect(branchLabel('00000')).toEqual({ th: 'สำนักงานใหญ่', en: 'Head office' })
    expect(branchLabel('00012')).toEqual({ th: 'สาขาที่ 00012', en: 'Branch 00012' })
    expect(isBranchNumber('00000')).toBe(true)
    expect(isBranchNumber('0001')).toBe(false)
    expect(isBranchNumber('0000a')).toBe(false)
  })

  it('numbers invoices in one series that keeps its order as text', () => {
    expect(taxInvoiceNumber(1)).toBe('TI0000001')
    expect(taxInvoiceNumber(1234567)).toBe('TI1234567')
    expect(taxInvoiceNumber(12345678)).toBe('TI12345678')
    expect(() => taxInvoiceNumber(0)).toThrow(RangeError)
    expect(taxInvoiceNumber(9) < taxInvoiceNumber(10)).toBe(true)
  })

  it('prints baht with two decimals', () => {
    expect(formatBaht(123450)).toBe('1,234.50')
    expect(formatBaht(7)).toBe('0.07')
    expect(formatBaht(0)).toBe('0.00')
  })
})

describe('the VAT breakdown', () => {
  it('shows the VAT of a VAT-inclusive order apart from the value of the goods', () => {
    // 1,070 baht including 7 % VAT: 1,000 baht of goods and 70 baht of VAT.
    expect(vatBreakdown({ subtotal: 107000, discount: 0, shippingFee: 0, total: 107000, vatIncluded: 7000 })).toEqual({
      goods: 107000,
      discount: 0,
      shippingFee: 0,
      total: 107000,
      netOfVat: 100000,
      vat: 7000,
      ratePercent: 7,
    })
  })

  it('refuses figures that do not add up', () => {
    expect(() => vatBreakdown({ subtotal: 1000, discount: 0, shippingFee: 0, total: 900, vatIncluded: 59 })).toThrow(
      RangeError,
    )
    expect(() => vatBreakdown({ subtotal: 1000, discount: 0, shippingFee: 0, total: 1000, vatIncluded: 70 })).toThrow(
      RangeError,
    )
    expect(() => vatBreakdown({ subtotal: -1, discount: 0, shippingFee: 1, total: 0, vatIncluded: 0 })).toThrow(
      RangeError,
    )
  })

  it('agrees with the pricing engine for any cart: value before VAT plus VAT is the total, VAT is 7/107 of it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitPrice: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 5 }) }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.boolean(),
        (lines, club) => {
          const priced = priceCart({
            currency: 'thb',
            lines: lines.map((line, index) => ({
              sku: `SKU-${index}`,
              productId: `p-${index}`,
              category: 'dresses',
              tags: club ? ['club' as const] : [],
              ...line,
            })),
            destination: { country: 'TH' },
            shippingMethod: 'courier',
            promotion: null,
          })
          const breakdown = vatBreakdown({
            subtotal: priced.subtotal,
            discount: priced.mixMatchDiscount,
            shippingFee: priced.shippingFee,
            total: priced.total,
            vatIncluded: priced.vatIncluded,
          })
          expect(breakdown.netOfVat + breakdown.vat).toBe(priced.total)
          expect(Math.abs(breakdown.vat * 107 - priced.total * 7)).toBeLessThanOrEqual(107 / 2)
        },
      ),
    )
  })
})

describe('the demo seller (src/brand.ts)', () => {
  it('is the head office, with a tax id that passes the check digit', () => {
    expect(SELLER.branch).toBe(HEAD_OFFICE_BRANCH)
    expect(validThaiTaxId(SELLER.taxId)).toBe(true)
  })
})
