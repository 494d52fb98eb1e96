import { describe, expect, it } from 'vitest'
import { DOMESTIC_SMALL_ITEM_FEE, INTERNATIONAL_FREE_SHIPPING_FROM, INTERNATIONAL_SHIPPING_FEE } from './shipping'
import type { Promotion } from './promotions'
import { US, line, price } from './pricing.fixture'

describe('delivery', () => {
  it('is free within Thailand', () => {
    const result = price({ lines: [line({ unitPrice: 290_00, tags: ['new'] })] })
    expect(result).toMatchObject({ shippingFee: 0, duty: 'paid', blocked: [] })
  })

  it('charges 50 THB once for club items or sale items under 500 THB', () => {
    expect(price({ lines: [line({ unitPrice: 2_000_00, tags: ['club'] })] }).shippingFee).toBe(50_00)
    expect(price({ lines: [line({ unitPrice: 499_99, tags: ['sale'] })] }).shippingFee).toBe(50_00)
    expect(price({ lines: [line({ unitPrice: 500_00, tags: ['sale'] })] }).shippingFee).toBe(0)
    const both = [
      line({ unitPrice: 2_000_00, tags: ['club'] }),
      line({ unitPrice: 100_00, tags: ['sale'], quantity: 3 }),
    ]
    const result = price({ lines: both })
    expect(result.shippingFee).toBe(50_00)
    expect(result.total).toBe(2_300_00 + 50_00)
  })

  it('uses the USD small-item fee in USD carts delivered within Thailand', () => {
    const result = price({ currency: 'usd', lines: [line({ unitPrice: 60_00, tags: ['club'] })] })
    expect(result.shippingFee).toBe(DOMESTIC_SMALL_ITEM_FEE.usd)
    expect(price({ currency: 'usd', lines: [line({ unitPrice: 14_99, tags: ['sale'] })] }).shippingFee).toBe(1_50)
    expect(price({ currency: 'usd', lines: [line({ unitPrice: 15_00, tags: ['sale'] })] }).shippingFee).toBe(0)
  })

  it('reads the country case-insensitively', () => {
    expect(price({ lines: [line({ unitPrice: 100_00 })], destination: { country: 'th' } }).duty).toBe('paid')
  })

  it('charges 20 USD abroad under 70 USD, free from 70 USD, duty unpaid', () => {
    const under = price({ currency: 'usd', destination: US, lines: [line({ unitPrice: 69_99 })] })
    expect(under).toMatchObject({ shippingFee: 20_00, total: 89_99, duty: 'unpaid', blocked: [] })
    const from = price({ currency: 'usd', destination: US, lines: [line({ unitPrice: 70_00 })] })
    expect(from).toMatchObject({ shippingFee: 0, total: 70_00, duty: 'unpaid' })
  })

  it('compares the merchandise total after discounts with the threshold', () => {
    const tenPercent: Promotion = {
      code: 'TEN',
      kind: 'percent',
      percent: 10,
      cap: { thb: null, usd: null },
      minEligibleSubtotal: { thb: 0, usd: 0 },
      excludeTags: [],
      excludeCategories: [],
    }
    const result = price({
      currency: 'usd',
      destination: US,
      lines: [line({ unitPrice: 75_00 })],
      promotion: tenPercent,
    })
    expect(result.promotion?.discount).toBe(7_50)
    expect(result.shippingFee).toBe(INTERNATIONAL_SHIPPING_FEE.usd)
    expect(result.total).toBe(67_50 + 20_00)
  })

  it('uses the THB equivalents for THB carts shipped abroad', () => {
    expect(INTERNATIONAL_SHIPPING_FEE.thb).toBe(700_00)
    expect(INTERNATIONAL_FREE_SHIPPING_FROM.thb).toBe(2_450_00)
    const under = price({ destination: US, lines: [line({ unitPrice: 2_449_99 })] })
    expect(under.shippingFee).toBe(700_00)
    expect(price({ destination: US, lines: [line({ unitPrice: 2_450_00 })] }).shippingFee).toBe(0)
  })

  it('does not charge the domestic small-item fee abroad', () => {
    const result = price({ currency: 'usd', destination: US, lines: [line({ unitPrice: 80_00, tags: ['club'] })] })
    expect(result.shippingFee).toBe(0)
  })

  it('is free for store pickup in Thailand, and blocked abroad', () => {
    const club = line({ unitPrice: 1_000_00, tags: ['club'] })
    expect(price({ lines: [club], shippingMethod: 'pickup' })).toMatchObject({ shippingFee: 0, blocked: [] })
    const abroad = price({ lines: [club], shippingMethod: 'pickup', destination: US })
    expect(abroad.shippingFee).toBe(0)
    expect(abroad.blocked).toEqual([{ reason: 'pickupInternational' }])
  })

  it('charges nothing and assumes duty paid before a destination is known', () => {
    const shoes = line({ unitPrice: 1_000_00, category: 'shoes', tags: ['club'] })
    expect(price({ lines: [shoes], destination: null })).toMatchObject({ shippingFee: 0, duty: 'paid', blocked: [] })
  })
})

describe('shoes', () => {
  it('ship within Thailand', () => {
    expect(price({ lines: [line({ unitPrice: 2_000_00, category: 'shoes' })] }).blocked).toEqual([])
  })

  it('are blocked abroad, once per sku', () => {
    const a = line({ unitPrice: 2_000_00, category: 'shoes', sku: 'SH-1-40' })
    const b = line({ unitPrice: 2_000_00, category: 'shoes', sku: 'SH-1-41' })
    const again = line({ unitPrice: 2_000_00, category: 'shoes', sku: 'SH-1-40' })
    const top = line({ unitPrice: 500_00 })
    const result = price({ lines: [a, top, b, again], destination: US })
    expect(result.blocked).toEqual([
      { reason: 'shoesInternational', sku: 'SH-1-40' },
      { reason: 'shoesInternational', sku: 'SH-1-41' },
    ])
    expect(result.total).toBeGreaterThan(0)
  })
})
