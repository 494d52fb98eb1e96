import { describe, expect, it } from 'vitest'
import { backOfficeOrderPath } from './back-office'

describe('backOfficeOrderPath', () => {
  const hosts = ['shop.example.com', 'localhost:3000']

  it('opens the back office’s page of an order whose code names this shop', () => {
    expect(backOfficeOrderPath(' https://shop.example.com/admin/orders/AS2611-00042 ', hosts)).toBe(
      '/admin/orders/AS2611-00042',
    )
    expect(backOfficeOrderPath('http://localhost:3000/en/admin/orders/AS2611-00042', hosts)).toBe(
      '/en/admin/orders/AS2611-00042',
    )
  })

  it('is not one for another site, another page, or text that is no address', () => {
    expect(backOfficeOrderPath('https://evil.example/admin/orders/AS2611-00042', hosts)).toBeNull()
    expect(backOfficeOrderPath('https://shop.example.com/admin/staff', hosts)).toBeNull()
    expect(backOfficeOrderPath('https://shop.example.com/admin/orders/as2611"><', hosts)).toBeNull()
    expect(backOfficeOrderPath('AS2611-00042', hosts)).toBeNull()
    expect(backOfficeOrderPath('8850000106453', hosts)).toBeNull()
  })
})
