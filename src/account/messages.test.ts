import { describe, expect, it } from 'vitest'
import { createI18n } from '~/i18n/catalogs'
import { ACCOUNT_MESSAGES, fieldErrorMessage, FIELD_ERROR_MESSAGES } from './messages'

describe('the messages of §5 and §8', () => {
  it('reads each address rule in English exactly as the spec writes it', async () => {
    const en = await createI18n('en')
    expect(Object.fromEntries(Object.entries(FIELD_ERROR_MESSAGES).map(([code, text]) => [code, en._(text)]))).toEqual({
      required: 'THIS FIELD IS REQUIRED.',
      invalid: 'THIS FIELD IS NOT VALID.',
      nameTooLong: 'First name / Last name cannot exceed 50 characters.',
      addressTooLong: 'Address 1 / Address 2 cannot exceed 60 characters.',
      phoneCountryMismatch: 'PHONE NUMBER MISMATCH THE DESTINATION COUNTRY.',
      postcodeNotFound: 'POSTAL CODE NOT FOUND.',
      cityNotFound: 'CITY NOT FOUND.',
      regionMismatch: 'COUNTRY OR PROVINCE OR POSTAL CODE WAS WRONG.',
      exists: 'THIS FIELD IS NOT VALID.',
      telephoneExists: 'TELEPHONE NUMBER ALREADY EXISTS',
      emailExists: 'EMAIL ALREADY EXISTS',
      keepOne: 'Keep a telephone number or an e-mail address to log in with.',
      oneAtATime: 'Change your telephone number or your e-mail address, one at a time.',
      unchanged: 'This is already your current one.',
      fixed: 'Your birth date can only be corrected by our staff.',
    })
  })

  it('has a Thai text for every rule and account message, different from the English', async () => {
    const [th, en] = await Promise.all([createI18n('th'), createI18n('en')])
    for (const descriptor of [...Object.values(FIELD_ERROR_MESSAGES), ...Object.values(ACCOUNT_MESSAGES)]) {
      const thai = th._(descriptor)
      expect(thai).not.toBe(en._(descriptor))
      expect(thai).toMatch(/[\u0E00-\u0E7F]/)
    }
  })

  it('reads an unknown code as not valid', async () => {
    const en = await createI18n('en')
    expect(en._(fieldErrorMessage('somethingNew'))).toBe('THIS FIELD IS NOT VALID.')
  })

  it('keeps the §8 account messages word for word', async () => {
    const en = await createI18n('en')
    expect(en._(ACCOUNT_MESSAGES.notExist)).toBe('This email/tel is not exist')
    expect(en._(ACCOUNT_MESSAGES.otpTimeout)).toBe('OTP TIMEOUTED')
    expect(en._(ACCOUNT_MESSAGES.registerSuccess)).toBe('REGISTER SUCCESS')
  })
})
