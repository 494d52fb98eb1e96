import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  metaCountry,
  metaName,
  metaPhone,
  metaUserData,
  metaZip,
  normaliseEmail,
  sha256Hex,
  tiktokPhone,
  tiktokProperties,
  tiktokUser,
  toE164,
} from './normalise'

/** An independent SHA-256 (node:crypto over the UTF-8 bytes) to check the module's against. */
const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex')

describe('sha256Hex', () => {
  it('matches fixed vectors', () => {
    // FIPS 180-2 test vector, and the hash Meta's documentation shows for its e-mail example.
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('john_smith@gmail.com')).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f')
  })

  it('hashes the UTF-8 bytes of Thai text', () => {
    expect(sha256Hex('สมชาย')).toBe(sha256('สมชาย'))
    expect(sha256Hex('สมชาย')).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('e-mail (both platforms)', () => {
  it('is trimmed and lower-cased (Meta: "John_Smith@gmail.com " → john_smith@gmail.com)', () => {
    expect(normaliseEmail('John_Smith@gmail.com ')).toBe('john_smith@gmail.com')
    expect(normaliseEmail('  Somchai.J@Example.CO.TH')).toBe('somchai.j@example.co.th')
  })

  it('drops what is not an address', () => {
    expect(normaliseEmail('')).toBeNull()
    expect(normaliseEmail('   ')).toBeNull()
    expect(normaliseEmail('no-at-sign.example.com')).toBeNull()
    expect(normaliseEmail(undefined)).toBeNull()
  })
})

describe('phone', () => {
  it('Meta: digits only with the country code, no "+" and no leading zeros', () => {
    expect(metaPhone('081-234-5678', 'TH')).toBe('66812345678')
    expect(metaPhone('081-234-5678', 'th')).toBe('66812345678')
    expect(metaPhone('+66 81 234 5678')).toBe('66812345678')
    expect(metaPhone('0066 81 234 5678')).toBe('66812345678')
    expect(metaPhone('+1 (650) 555-1212')).toBe('16505551212')
    expect(metaPhone('(650) 555-1212', 'US')).toBe('16505551212')
  })

  it('TikTok: E.164 with the "+"', () => {
    expect(tiktokPhone('081-234-5678', 'TH')).toBe('+66812345678')
    expect(tiktokPhone('+1 (650) 555-1212')).toBe('+16505551212')
  })

  it('reads a number without a country code in Thailand unless told otherwise', () => {
    expect(toE164('0812345678')).toBe('+66812345678')
    expect(toE164('(650) 555-1212', null, { defaultCountry: 'US' })).toBe('+16505551212')
    // An unknown country in the user data falls back to the default too.
    expect(toE164('0812345678', 'ZZ')).toBe('+66812345678')
  })

  it('drops what cannot be a phone number', () => {
    expect(metaPhone('12', 'TH')).toBeNull()
    expect(metaPhone('call me', 'TH')).toBeNull()
    expect(tiktokPhone('', 'TH')).toBeNull()
    expect(tiktokPhone(null)).toBeNull()
  })
})

describe('Meta names, country and zip code', () => {
  it('names: trimmed, lower case, no punctuation, UTF-8 kept', () => {
    expect(metaName('  Mary ')).toBe('mary')
    expect(metaName("O'Brien")).toBe('obrien')
    expect(metaName('Jean-Luc')).toBe('jeanluc')
    expect(metaName('Valéry')).toBe('valéry')
    expect(metaName(' สมชาย ')).toBe('สมชาย')
    expect(metaName('ใจดี.')).toBe('ใจดี')
    expect(metaName('...')).toBeNull()
  })

  it('country: ISO 3166-1 alpha-2 in lower case', () => {
    expect(metaCountry('TH')).toBe('th')
    expect(metaCountry(' us ')).toBe('us')
    expect(metaCountry('Thailand')).toBeNull()
  })

  it('zip code: lower case, no spaces or dash, US ZIP+4 to five digits', () => {
    expect(metaZip('10110')).toBe('10110')
    expect(metaZip('SW1A 1AA')).toBe('sw1a1aa')
    expect(metaZip('94025-1234')).toBe('94025')
    expect(metaZip(' ')).toBeNull()
  })
})

const shopper = {
  clientIpAddress: '203.0.113.7',
  clientUserAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  firstName: ' Somchai ',
  lastName: 'Jai-Dee',
  email: 'John_Smith@gmail.com ',
  phone: '081-234-5678',
  country: 'TH',
  zipCode: '10110',
}

describe('metaUserData', () => {
  it('hashes contact fields by Meta’s rules and keeps IP address and user agent in the clear', () => {
    expect(metaUserData(shopper)).toEqual({
      em: ['62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f'],
      ph: [sha256('66812345678')],
      fn: sha256('somchai'),
      ln: sha256('jaidee'),
      country: sha256('th'),
      zp: sha256('10110'),
      client_ip_address: '203.0.113.7',
      client_user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    })
  })

  it('holds no plain personal data', () => {
    const text = JSON.stringify(metaUserData(shopper))
    for (const plain of ['john_smith', 'Somchai', 'somchai', '0812345678', '66812345678', '081-234-5678']) {
      expect(text).not.toContain(plain)
    }
  })

  it('leaves out what is missing or unusable', () => {
    expect(metaUserData({ email: 'nope', phone: 'x', clientIpAddress: 'not-an-ip', country: 'Thai' })).toEqual({})
  })
})

describe('tiktokUser', () => {
  it('hashes e-mail and the E.164 phone (with "+"), sends no names, country or zip code', () => {
    expect(tiktokUser(shopper)).toEqual({
      email: sha256('john_smith@gmail.com'),
      phone: sha256('+66812345678'),
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    })
  })

  it('hashes the phone differently from Meta, as the formats differ', () => {
    expect(tiktokUser(shopper).phone).not.toBe(metaUserData(shopper).ph?.[0])
  })

  it('keeps an IPv6 address as given', () => {
    expect(tiktokUser({ clientIpAddress: '2001:db8::1' })).toEqual({ ip: '2001:db8::1' })
  })
})

describe('tiktokProperties', () => {
  it('maps Meta-style custom data to TikTok properties', () => {
    expect(
      tiktokProperties({
        value: 1290,
        currency: 'thb',
        content_type: 'product',
        contents: [{ id: 'SKU-1', quantity: 2, item_price: 645 }],
        order_id: 'AS-2611-00042',
      }),
    ).toEqual({
      value: 1290,
      currency: 'THB',
      content_type: 'product',
      contents: [{ content_id: 'SKU-1', quantity: 2, price: 645 }],
      order_id: 'AS-2611-00042',
    })
    expect(tiktokProperties({ search_string: 'เดรส' })).toEqual({ query: 'เดรส' })
    expect(tiktokProperties({ content_ids: ['P1', 2] })).toEqual({
      contents: [{ content_id: 'P1' }, { content_id: '2' }],
    })
    expect(tiktokProperties(undefined)).toBeUndefined()
  })
})
