import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AddressErrorCode } from '~/domain/address-core'

/** §5: the text of each address rule, in the shopper's language. */
export const FIELD_ERROR_MESSAGES: Record<
  AddressErrorCode | 'exists' | 'telephoneExists' | 'emailExists' | 'keepOne' | 'oneAtATime' | 'unchanged' | 'fixed',
  MessageDescriptor
> = {
  required: msg`THIS FIELD IS REQUIRED.`,
  invalid: msg`THIS FIELD IS NOT VALID.`,
  nameTooLong: msg`First name / Last name cannot exceed 50 characters.`,
  addressTooLong: msg`Address 1 / Address 2 cannot exceed 60 characters.`,
  phoneCountryMismatch: msg`PHONE NUMBER MISMATCH THE DESTINATION COUNTRY.`,
  postcodeNotFound: msg`POSTAL CODE NOT FOUND.`,
  cityNotFound: msg`CITY NOT FOUND.`,
  regionMismatch: msg`COUNTRY OR PROVINCE OR POSTAL CODE WAS WRONG.`,
  exists: msg`THIS FIELD IS NOT VALID.`,
  telephoneExists: msg`TELEPHONE NUMBER ALREADY EXISTS`,
  emailExists: msg`EMAIL ALREADY EXISTS`,
  // A new or removed e-mail or telephone (issue 15)
  keepOne: msg`Keep a telephone number or an e-mail address to log in with.`,
  oneAtATime: msg`Change your telephone number or your e-mail address, one at a time.`,
  unchanged: msg`This is already your current one.`,
  // The birth date, once set, is corrected by the brand's staff only (issue 29)
  fixed: msg`Your birth date can only be corrected by our staff.`,
}

/** The message of a field's error code; unknown codes read as 'not valid'. */
export function fieldErrorMessage(code: string): MessageDescriptor {
  return code in FIELD_ERROR_MESSAGES
    ? FIELD_ERROR_MESSAGES[code as keyof typeof FIELD_ERROR_MESSAGES]
    : FIELD_ERROR_MESSAGES.invalid
}

/** §8: what the shopper reads for each refusal of the account API. */
export const ACCOUNT_MESSAGES = {
  notExist: msg`This email/tel is not exist`,
  otpExpired: msg`OTP WAS EXPIRED`,
  otpIncorrect: msg`OTP INCORRECT`,
  otpTimeout: msg`OTP TIMEOUTED`,
  verifyFailed: msg`VERIFY FAILED`,
  telephoneExists: msg`TELEPHONE NUMBER ALREADY EXISTS`,
  emailExists: msg`EMAIL ALREADY EXISTS`,
  registerSuccess: msg`REGISTER SUCCESS`,
  somethingWrong: msg`SOMETHING WRONG! PLEASE TRY AGAIN`,
  completeInformation: msg`Please complete the information.`,
  enterAddress: msg`Please enter the address.`,
  captchaIncorrect: msg`The robot check was not passed. Please wait for the new check to finish, then send again.`,
} as const
