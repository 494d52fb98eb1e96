import { describe, expect, it } from 'vitest'
import { normaliseCode, sizeFromScannedUrl } from './decode'

const hosts = ['shop.example.com', 'localhost:3000']

describe('normaliseCode', () => {
  it('accepts EAN-13, EAN-8 and UPC-A digits, trimmed', () => {
    expect(normaliseCode('8851234567892', hosts)).toBe('8851234567892')
    expect(normaliseCode('  96385074 \n', hosts)).toBe('96385074')
    expect(normaliseCode('036000291452', hosts)).toBe('036000291452')
  })

  it('accepts SKU-like codes', () => {
    expect(normaliseCode('AS-TEE-001-M', hosts)).toBe('AS-TEE-001-M')
    expect(normaliseCode('linen-shirt-white', hosts)).toBe('linen-shirt-white')
    expect(normaliseCode('A'.repeat(160), hosts)).toBe('A'.repeat(160))
  })

  it('takes the product id of a product URL of this shop', () => {
    expect(normaliseCode('https://shop.example.com/product/linen-shirt', hosts)).toBe('linen-shirt')
    expect(normaliseCode('https://shop.example.com/en/product/linen-shirt', hosts)).toBe('linen-shirt')
    expect(normaliseCode('https://SHOP.example.com/product/linen-shirt/?size=M', hosts)).toBe('linen-shirt')
    expect(normaliseCode('http://localhost:3000/th/product/silk-dress?size=M&utm_source=tag', hosts)).toBe('silk-dress')
  })

  it('rejects URLs of other sites and other pages', () => {
    expect(normaliseCode('https://evil.example.net/product/linen-shirt', hosts)).toBeNull()
    expect(normaliseCode('https://shop.example.com.evil.net/product/linen-shirt', hosts)).toBeNull()
    expect(normaliseCode('https://shop.example.com/cart', hosts)).toBeNull()
    expect(normaliseCode('https://shop.example.com/fr/product/linen-shirt', hosts)).toBeNull()
    expect(normaliseCode('https://shop.example.com/product/Linen_Shirt', hosts)).toBeNull()
    expect(normaliseCode('ftp://shop.example.com/product/linen-shirt', hosts)).toBeNull()
    expect(normaliseCode('https://shop.example.com/product/linen-shirt')).toBeNull()
  })

  it('rejects empty text, spaces inside and garbage', () => {
    expect(normaliseCode('', hosts)).toBeNull()
    expect(normaliseCode('   ', hosts)).toBeNull()
    expect(normaliseCode('885 1234 567892', hosts)).toBeNull()
    expect(normaliseCode('<script>', hosts)).toBeNull()
    expect(normaliseCode('WIFI:S:home;T:WPA;P:secret;;', hosts)).toBeNull()
    expect(normaliseCode('A'.repeat(161), hosts)).toBeNull()
    expect(normaliseCode('javascript:alert(1)', hosts)).toBeNull()
  })
})

describe('sizeFromScannedUrl', () => {
  it('reads ?size= of a product URL of this shop', () => {
    expect(sizeFromScannedUrl('https://shop.example.com/product/linen-shirt?size=M', hosts)).toBe('M')
    expect(sizeFromScannedUrl('https://shop.example.com/en/product/linen-shirt?size=XL&ref=tag', hosts)).toBe('XL')
  })

  it('is null without a size, with an invalid one, or for anything but a product URL of this shop', () => {
    expect(sizeFromScannedUrl('https://shop.example.com/product/linen-shirt', hosts)).toBeNull()
    expect(sizeFromScannedUrl('https://shop.example.com/en/product/linen-shirt?size=', hosts)).toBeNull()
    expect(sizeFromScannedUrl('https://shop.example.com/product/linen-shirt?size=%3Cb%3E', hosts)).toBeNull()
    expect(sizeFromScannedUrl('https://evil.example.net/product/linen-shirt?size=M', hosts)).toBeNull()
    expect(sizeFromScannedUrl('https://shop.example.com/cart?size=M', hosts)).toBeNull()
    expect(sizeFromScannedUrl('8851234567892', hosts)).toBeNull()
  })
})
