import { describe, expect, it } from 'vitest'
import { pickAbVariant } from '~/analytics/ab'
import { countryFromRequest, currencyForCountry, regionForCountry } from './region'

describe('region (§3, §4, §9)', () => {
  it('uses THB in Thailand and USD elsewhere', () => {
    expect(currencyForCountry('TH')).toBe('thb')
    expect(currencyForCountry('US')).toBe('usd')
    expect(currencyForCountry('JP')).toBe('usd')
    expect(regionForCountry('TH', '1.2.3.4')).toEqual({
      country: 'Thailand',
      countryCode: 'TH',
      ISOCurrencyCode: 'thb',
      ISOCurrencySymbol: '฿',
      clientIp: '1.2.3.4',
      loaded: true,
    })
    expect(regionForCountry('SG', '').ISOCurrencySymbol).toBe('$')
  })

  it('prefers the cached cookie, then CDN headers, and ignores unknown countries', () => {
    expect(countryFromRequest(new Headers({ 'cf-ipcountry': 'US' }), 'TH')).toBe('TH')
    expect(countryFromRequest(new Headers({ 'cf-ipcountry': 'us' }), null)).toBe('US')
    expect(countryFromRequest(new Headers({ 'cf-ipcountry': 'XX' }), null)).toBeNull()
    expect(countryFromRequest(new Headers(), 'bad')).toBeNull()
  })
})

describe('A/B flag (§3)', () => {
  it('is A or B with an even split', () => {
    expect(pickAbVariant(() => 0.49)).toBe('A')
    expect(pickAbVariant(() => 0.5)).toBe('B')
    let b = 0
    for (let i = 0; i < 2000; i++) if (pickAbVariant() === 'B') b++
    expect(b).toBeGreaterThan(850)
    expect(b).toBeLessThan(1150)
  })
})
