import { describe, expect, it } from 'vitest'
import { checkRow, CSV_COLUMNS, csvFileName, formatAmount, headerProblems, parseAmount } from './csv'

const product = {
  family_id: 'lotus-dress',
  colour_id: '',
  colour_slug: 'sand',
  colour_th: 'ทราย',
  colour_en: 'Sand',
  colour_hex: '#D8C7A3',
  size: 'M',
  sku: 'lotus-dress-m',
  barcode: '8850000000003',
  name_th: 'เดรสดอกบัว',
  name_en: 'Lotus Dress',
  category: 'dresses',
  gender: 'women',
  tags: 'new|sale',
  status: 'published',
  price_thb: '1290',
  price_usd: '39.5',
}

describe('the row schemas', () => {
  it('read a good product row into its values: amounts in minor units, SKU in capitals, tags sorted', () => {
    const result = checkRow('products', product, 2)
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        sku: 'LOTUS-DRESS-M',
        colour_hex: '#d8c7a3',
        tags: ['new', 'sale'],
        price_thb: 129_000,
        price_usd: 3_950,
        barcode: '8850000000003',
      }),
    })
  })

  it('name each bad cell once with its code, its column and the value found', () => {
    const result = checkRow(
      'products',
      { ...product, barcode: '8850000000004', tags: 'new|bargain', price_thb: '12,90x', gender: 'kids' },
      7,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual([
      { row: 7, column: 'barcode', value: '8850000000004', problem: 'not_gtin' },
      { row: 7, column: 'gender', value: 'kids', problem: 'unknown_gender' },
      { row: 7, column: 'tags', value: 'new|bargain', problem: 'unknown_tag' },
      { row: 7, column: 'price_thb', value: '12,90x', problem: 'not_amount' },
    ])
  })

  it('refuse a negative or fractional count, and take an empty old price as none', () => {
    const stock = checkRow('stock', { location: 'online', sku: 'A-1', quantity: '-1', low_stock_threshold: '2.5' }, 3)
    expect(stock.ok ? [] : stock.errors.map((error) => [error.column, error.problem])).toEqual([
      ['quantity', 'negative'],
      ['low_stock_threshold', 'not_whole'],
    ])
    const prices = checkRow(
      'prices',
      { product_id: 'x', price_thb: '990', price_usd: '30', compare_at_thb: '', compare_at_usd: '45.00' },
      2,
    )
    expect(prices).toEqual({
      ok: true,
      value: { product_id: 'x', price_thb: 99_000, price_usd: 3_000, compare_at_thb: null, compare_at_usd: 4_500 },
    })
  })
})

describe('amounts', () => {
  it('are written with two decimals and read back exactly', () => {
    for (const minor of [1, 99, 100, 129_000, 99_999_999]) expect(parseAmount(formatAmount(minor))).toBe(minor)
    expect(formatAmount(null)).toBe('')
    expect(parseAmount('1,290.50')).toBe(129_050)
    expect(parseAmount('12.345')).toBeNull()
    expect(parseAmount('-5')).toBeNull()
  })
})

describe('the header', () => {
  it('needs every column but the read-only ones, and names unknown and repeated ones', () => {
    expect(headerProblems('stock', ['location', 'sku', 'quantity', 'low_stock_threshold'])).toEqual({
      missing: [],
      unknown: [],
      twice: [],
    })
    expect(headerProblems('prices', ['product_id', 'price_thb', 'price_thb', 'colour'])).toEqual({
      missing: ['price_usd', 'compare_at_thb', 'compare_at_usd'],
      unknown: ['colour'],
      twice: ['price_thb'],
    })
    expect(headerProblems('products', [...CSV_COLUMNS.products]).missing).toEqual([])
  })

  it('the file name is dated', () => {
    expect(csvFileName('prices', new Date('2026-11-28T10:00:00Z'))).toBe('prices-2026-11-28.csv')
  })
})
