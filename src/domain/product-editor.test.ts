import { describe, expect, it } from 'vitest'
import { gtinCheckDigit } from './gtin'
import { colourIdOf, isValidBarcode, isValidSku, skuFor, slugify, TAG_RULES } from './product-editor'
import { PRODUCT_TAGS } from './catalog'

describe('barcodes in the model editor', () => {
  it('takes GTIN-8, -12, -13 and -14 numbers whose check digit is right', () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '10614141000415', '8850000000010']) {
      expect(isValidBarcode(code), code).toBe(true)
    }
  })

  it('refuses a wrong check digit, a wrong length, letters and spaces', () => {
    for (const code of ['4006381333932', '96385075', '885000000001', '123456789', 'ABCDEFGH', '4006381333931 ', '']) {
      expect(isValidBarcode(code), code).toBe(false)
    }
  })

  it('computes the check digit of a body the way GS1 does (weights 3, 1 from the right)', () => {
    expect(gtinCheckDigit('885000000001')).toBe(0)
    expect(gtinCheckDigit('400638133393')).toBe(1)
    expect(gtinCheckDigit('9638507')).toBe(4)
  })
})

describe('SKUs from the pattern', () => {
  it('is the colour id and the size in capitals, as the seed writes them', () => {
    expect(skuFor('linen-shirt-1001', 'M')).toBe('LINEN-SHIRT-1001-M')
    expect(skuFor(colourIdOf('linen-shirt-1001', 'navy', 1), 'XL')).toBe('LINEN-SHIRT-1001-NAVY-XL')
    expect(skuFor('sandal-7', '38.5')).toBe('SANDAL-7-38.5')
  })

  it('gives the first colour the family id and the others their slug after it', () => {
    expect(colourIdOf('wrap-dress-12', 'black', 0)).toBe('wrap-dress-12')
    expect(colourIdOf('wrap-dress-12', 'sand', 2)).toBe('wrap-dress-12-sand')
  })

  it('checks a typed SKU: capitals, digits, dots and hyphens, at most 64', () => {
    expect(isValidSku('WRAP-DRESS-12-M')).toBe(true)
    expect(isValidSku('wrap-dress-12-m')).toBe(false)
    expect(isValidSku('-WRAP')).toBe(false)
    expect(isValidSku('WRAP DRESS')).toBe(false)
    expect(isValidSku('A'.repeat(65))).toBe(false)
    expect(isValidSku(skuFor('x'.repeat(80), 'M'))).toBe(true)
  })

  it('makes slugs from English names and nothing from Thai ones', () => {
    expect(slugify('Linen Wrap Dress')).toBe('linen-wrap-dress')
    expect(slugify('  Café — Crème ')).toBe('cafe-creme')
    expect(slugify('เดรสผ้าลินิน')).toBe('')
  })
})

describe('the tags’ rules', () => {
  it('say for every tag what it does and where the spec says so, in both languages', () => {
    for (const tag of PRODUCT_TAGS) {
      expect(TAG_RULES[tag].section).toMatch(/^§\d/)
      expect(TAG_RULES[tag].en.length).toBeGreaterThan(10)
      expect(TAG_RULES[tag].th).toMatch(/[\u0E00-\u0E7F]/)
    }
  })
})
