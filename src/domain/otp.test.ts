import { describe, expect, it } from 'vitest'
import {
  captchaThreshold,
  DEFAULT_SMS_POLICY,
  maskIdentifier,
  parseLoginIdentifier,
  phoneCountry,
  smsAllowed,
} from './otp'

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
