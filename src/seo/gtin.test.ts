import { describe, expect, it } from 'vitest'
import { gtin13, gtinCheckDigit, isValidGtin } from './gtin'

describe('GTIN check digits', () => {
  it('accepts real EAN-13, EAN-8, UPC-A and GTIN-14 numbers', () => {
    // Published examples: GS1's 4006381333931, the EAN-8 96385074, a UPC-A 036000291452, GTIN-14 10614141000415.
    for (const code of ['4006381333931', '96385074', '036000291452', '10614141000415']) {
      expect(isValidGtin(code), code).toBe(true)
    }
    expect(gtinCheckDigit('400638133393')).toBe(1)
  })

  it('refuses a wrong check digit, other lengths and anything but digits', () => {
    for (const code of ['4006381333932', '400638133393', '40063813339310', '', '400638133393a', ' 4006381333931']) {
      expect(isValidGtin(code), code).toBe(false)
    }
  })

  it('every single-digit change of a valid number is caught', () => {
    const code = '8850000000010'
    expect(isValidGtin(code)).toBe(true)
    for (let i = 0; i < code.length; i++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === code[i]) continue
        const changed = `${code.slice(0, i)}${digit}${code.slice(i + 1)}`
        expect(isValidGtin(changed), changed).toBe(false)
      }
    }
  })

  it('gtin13 keeps only a valid 13-digit barcode', () => {
    expect(gtin13('4006381333931')).toBe('4006381333931')
    expect(gtin13(' 4006381333931 ')).toBe('4006381333931')
    expect(gtin13('96385074')).toBeNull()
    expect(gtin13('4006381333932')).toBeNull()
  })
})
