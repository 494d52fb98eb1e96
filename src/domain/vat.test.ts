import { describe, expect, it } from 'vitest'
import { vatIncludedIn } from './vat'
import { TH, US, line, price } from './pricing.fixture'

describe('VAT', () => {
  it('is the 7/107 part of the total, rounded to the minor unit', () => {
    expect(vatIncludedIn(107_00)).toBe(7_00)
    expect(vatIncludedIn(100)).toBe(7) // 6.54
    expect(vatIncludedIn(0)).toBe(0)
    expect(price({ lines: [line({ unitPrice: 1_070_00 })] }).vatIncluded).toBe(70_00)
  })

  it('is not charged on an order sent abroad (zero-rated export, duties paid by the buyer)', () => {
    const abroad = price({ lines: [line({ unitPrice: 1_070_00 })], destination: US })
    expect(abroad.duty).toBe('unpaid')
    expect(abroad.total).toBeGreaterThan(0)
    expect(abroad.vatIncluded).toBe(0)
    expect(price({ lines: [line({ unitPrice: 1_070_00 })], destination: TH }).vatIncluded).toBe(70_00)
  })

  it('includes the shipping fee', () => {
    const result = price({ lines: [line({ unitPrice: 1_020_00, tags: ['club'] })] })
    expect(result.total).toBe(1_070_00)
    expect(result.vatIncluded).toBe(70_00)
  })
})
