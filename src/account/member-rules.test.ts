import { describe, expect, it } from 'vitest'
import { parseMemberTelephone } from '~/domain/phone'
import { validateBirthdate, validateEmail, validateFullname, validateTelephone } from './member-rules'

describe('member field rules', () => {
  it('requires a full name of at most 100 characters', () => {
    expect(validateFullname('  ')).toBe('required')
    expect(validateFullname('ก'.repeat(101))).toBe('invalid')
    expect(validateFullname('สมหญิง ใจดี')).toBeNull()
  })

  it('checks e-mail addresses', () => {
    expect(validateEmail('')).toBe('required')
    expect(validateEmail('somchai@')).toBe('invalid')
    expect(validateEmail('somchai@example.com')).toBeNull()
  })

  it('reads telephone numbers with the chosen country code', () => {
    expect(validateTelephone('', 'TH', parseMemberTelephone)).toBe('required')
    expect(validateTelephone('0812345678', 'TH', parseMemberTelephone)).toBeNull()
    expect(validateTelephone('12345', 'TH', parseMemberTelephone)).toBe('invalid')
    expect(validateTelephone('4155552671', 'US', parseMemberTelephone)).toBeNull()
  })

  it('takes real past dates of members aged 13 to 120', () => {
    const today = new Date('2026-11-22T00:00:00Z')
    expect(validateBirthdate('', today)).toBe('required')
    expect(validateBirthdate('1990-02-30', today)).toBe('invalid')
    expect(validateBirthdate('1990-13-01', today)).toBe('invalid')
    expect(validateBirthdate('1900-01-01', today)).toBe('invalid')
    expect(validateBirthdate('2020-01-01', today)).toBe('invalid')
    expect(validateBirthdate('2013-11-22', today)).toBeNull()
    expect(validateBirthdate('2013-11-23', today)).toBe('invalid')
    expect(validateBirthdate('1990-05-17', today)).toBeNull()
  })
})
