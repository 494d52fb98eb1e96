import { describe, expect, it } from 'vitest'
import { CARRIER_IDS, CARRIERS, carrierById, parseTrackingNumber, trackingUrl, type Carrier } from './carriers'

function carrier(id: string): Carrier {
  const found = carrierById(id)
  if (!found) throw new Error(`no carrier ${id}`)
  return found
}

describe('carriers', () => {
  it('lists every carrier once, Thai ones first, each named in both languages', () => {
    expect(CARRIERS.map((entry) => entry.id)).toEqual([...CARRIER_IDS])
    expect(CARRIER_IDS.slice(0, 4)).toEqual(['thailand_post', 'kerry_express', 'flash_express', 'jt_express'])
    for (const entry of CARRIERS) {
      expect(entry.name.th.length).toBeGreaterThan(0)
      expect(entry.name.en.length).toBeGreaterThan(0)
    }
    expect(carrierById('nope')).toBeNull()
  })

  it('links a number to the carrier’s public tracking page over https, encoded', () => {
    const post = carrier('thailand_post')
    expect(trackingUrl(post, 'EF123456789TH')).toBe('https://track.thailandpost.co.th/?trackNumber=EF123456789TH')
    expect(trackingUrl(carrier('dhl_express'), '1234567890')).toContain('tracking-id=1234567890')
    expect(trackingUrl(carrier('other'), 'AB-1234')).toBeNull()
    for (const entry of CARRIERS) {
      if (entry.trackingUrl) expect(entry.trackingUrl).toMatch(/^https:\/\/[^{}]+\{number\}[^{}]*$/)
    }
    expect(trackingUrl(carrier('other'), 'X')).toBeNull()
  })

  it('takes numbers as typed: spaces, dashes and lower case', () => {
    expect(parseTrackingNumber(carrier('thailand_post'), ' ef 1234 5678 9th ')).toBe('EF123456789TH')
    expect(parseTrackingNumber(carrier('kerry_express'), 'kerdo-1234-5678')).toBe('KERDO12345678')
    expect(parseTrackingNumber(carrier('other'), 'ab-1234')).toBe('AB-1234')
  })

  it('refuses what cannot be a number of the carrier', () => {
    expect(parseTrackingNumber(carrier('thailand_post'), '123456789')).toBeNull()
    expect(parseTrackingNumber(carrier('thailand_post'), 'EF12345678TH')).toBeNull()
    expect(parseTrackingNumber(carrier('flash_express'), 'XX1234567890')).toBeNull()
    expect(parseTrackingNumber(carrier('dhl_express'), '12345')).toBeNull()
    expect(parseTrackingNumber(carrier('ups'), '1Z!')).toBeNull()
    expect(parseTrackingNumber(carrier('kerry_express'), '<script>alert(1)</script>')).toBeNull()
    expect(parseTrackingNumber(carrier('other'), '')).toBeNull()
    expect(parseTrackingNumber(carrier('other'), 'x'.repeat(41))).toBeNull()
  })

  it('accepts a typical number of each carrier', () => {
    const samples: Record<string, string> = {
      thailand_post: 'EF582936451TH',
      kerry_express: 'KERDO0012345678',
      flash_express: 'TH01234567890A',
      jt_express: '820012345678',
      ninja_van: 'NVTHSHOP00012345',
      dhl_express: '1234567890',
      fedex: '123456789012',
      ups: '1Z999AA10123456784',
      other: 'SCG-0001234',
    }
    for (const id of CARRIER_IDS) expect(parseTrackingNumber(carrier(id), samples[id] ?? ''), id).not.toBeNull()
  })
})
