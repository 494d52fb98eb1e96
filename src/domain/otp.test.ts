import { describe, expect, it } from 'vitest'
import { captchaThreshold, DEFAULT_SMS_POLICY, parseEmailIdentifier } from './otp'
import { maskIdentifier, parseLoginIdentifier, phoneCountry, readablePhone, smsAllowed } from './phone'

describe('parseLoginIdentifier', () => {
  it('reads a Thai mobile number in local or international form as E.164', () => {
    expect(parseLoginIdentifier('081 234 5678')).toEqual({ kind: 'telephone', value: '+66812345678', country: 'TH' })
    expect(parseLoginIdentifier('+66812345678', 'US')).toEqual({
      kind: 'telephone',
      value: '+66812345678',
      country: 'TH',
    })
  })

  it('uses the chosen country code for local numbers', () => {
    expect(parseLoginIdentifier('(415) 555-2671', 'US')).toMatchObject({ value: '+14155552671', country: 'US' })
  })

  it('lower-cases e-mail addresses', () => {
    expect(parseLoginIdentifier('  Somchai@Example.COM ')).toEqual({ kind: 'email', value: 'somchai@example.com' })
  })

  it.each(['', '12', 'not an address', 'a@b', 'somchai@', '0812'])('refuses %j', (value) => {
    expect(parseLoginIdentifier(value)).toBeNull()
  })
})

describe('maskIdentifier', () => {
  it('keeps the last four digits of a phone', () => {
    expect(maskIdentifier('+66812345678')).toBe('+66 ••• 5678')
  })
  it('keeps the start of the mailbox and the domain', () => {
    expect(maskIdentifier('somchai@example.com')).toBe('so*****@example.com')
    expect(maskIdentifier('a@example.com')).toBe('a***@example.com')
  })
})

describe('captchaThreshold', () => {
  it('asks for the captcha from two thirds of the IP limit', () => {
    expect(captchaThreshold(30)).toBe(20)
    expect(captchaThreshold(1)).toBe(1)
  })
})

describe('the SMS allow-list', () => {
  it('lets codes go by SMS only to phones of the listed countries', () => {
    expect(phoneCountry('+66812345678')).toBe('TH')
    expect(phoneCountry('+14155552671')).toBe('US')
    expect(smsAllowed('+66812345678', DEFAULT_SMS_POLICY)).toBe(true)
    expect(smsAllowed('+14155552671', DEFAULT_SMS_POLICY)).toBe(false)
    expect(smsAllowed('+6591234567', { ...DEFAULT_SMS_POLICY, countries: ['TH', 'SG'] })).toBe(true)
    expect(smsAllowed('not a number', DEFAULT_SMS_POLICY)).toBe(false)
  })
})

describe('parseEmailIdentifier (the forms’ e-mail check, without the phone-number library)', () => {
  it('reads an e-mail address as parseLoginIdentifier does, and nothing else', () => {
    for (const raw of ['  Somchai@Example.COM ', 'a.b+c@mail.example.co.th']) {
      expect(parseEmailIdentifier(raw)).toEqual(parseLoginIdentifier(raw))
    }
    for (const raw of [
      '',
      'somchai@',
      '@example.com',
      'somchai@example',
      '0812345678',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(parseEmailIdentifier(raw), raw).toBeNull()
    }
  })
})

describe('readablePhone', () => {
  it('shows a stored number as people read it, and anything else as it is', () => {
    expect(readablePhone('+66812345678')).toBe('+66 81 234 5678')
    expect(readablePhone('+12125550123')).toBe('+1 212 555 0123')
    expect(readablePhone('not a number')).toBe('not a number')
  })
})
