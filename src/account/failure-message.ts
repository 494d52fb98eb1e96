import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LocaleCode } from '~/i18n/locales'
import type { AccountFailure } from './account-result'
import { ACCOUNT_MESSAGES } from './messages'

/** A time of day for "try again at …": Bangkok time on Thai pages (DESIGN.md §3). */
export function formatTime(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso))
}

/** What the shopper reads for a refused account call (§8), with the retry time when there is one. */
export function failureMessage(failure: AccountFailure, i18n: I18n, locale: LocaleCode): string {
  const retry = failure.retryAt ? formatTime(failure.retryAt, locale) : null
  switch (failure.reason) {
    case 'IDENTIFIER_NOT_FOUND':
      return i18n._(ACCOUNT_MESSAGES.notExist)
    case 'OTP_INCORRECT': {
      const { attemptsLeft } = failure
      return attemptsLeft !== undefined
        ? `${i18n._(ACCOUNT_MESSAGES.otpIncorrect)} ${i18n._(msg`(${attemptsLeft} tries left)`)}`
        : i18n._(ACCOUNT_MESSAGES.otpIncorrect)
    }
    case 'OTP_EXPIRED':
      return i18n._(ACCOUNT_MESSAGES.otpExpired)
    case 'VERIFY_FAILED':
      return i18n._(ACCOUNT_MESSAGES.verifyFailed)
    case 'LOCKED':
      return retry
        ? `${i18n._(ACCOUNT_MESSAGES.verifyFailed)} ${i18n._(msg`Too many wrong codes. Please try again at ${retry}.`)}`
        : i18n._(ACCOUNT_MESSAGES.verifyFailed)
    case 'RATE_LIMITED':
      return retry
        ? i18n._(msg`Please wait. You can ask for a new code at ${retry}.`)
        : i18n._(msg`Please wait before asking for a new code.`)
    // Wrong codes from this connection: it waits a little longer after each one (issue 15).
    case 'SLOW_DOWN': {
      const seconds = failure.retryAt
        ? Math.max(1, Math.ceil((new Date(failure.retryAt).getTime() - Date.now()) / 1000))
        : 1
      return i18n._(msg`Too many wrong codes. Please wait ${seconds} seconds before you try again.`)
    }
    case 'CAPTCHA_REQUIRED':
      return i18n._(msg`Please wait while your browser confirms you are not a robot, then send again.`)
    case 'CAPTCHA_INCORRECT':
      return i18n._(ACCOUNT_MESSAGES.captchaIncorrect)
    case 'CAPTCHA_UNAVAILABLE':
      return i18n._(msg`The robot check could not be reached. Please try again in a moment.`)
    case 'TELEPHONE_EXISTS':
      return i18n._(ACCOUNT_MESSAGES.telephoneExists)
    case 'EMAIL_EXISTS':
      return i18n._(ACCOUNT_MESSAGES.emailExists)
    case 'CHANGE_NEEDS_CODE':
      return i18n._(msg`A new telephone number or e-mail address is confirmed with a code first.`)
    case 'INVALID_INPUT':
      return i18n._(ACCOUNT_MESSAGES.completeInformation)
    // Demo mode with only one real channel: the other one has no way out (docs/decisions/076).
    case 'SMS_UNAVAILABLE':
      return i18n._(
        msg`This shop does not send codes by SMS at the moment, so a telephone number cannot be used to log in or register. Please log in with your e-mail address.`,
      )
    // Codes by SMS go only to the countries of the allow-list, so many an hour (issue 15).
    case 'SMS_COUNTRY':
      return i18n._(
        msg`We cannot send codes by SMS to telephone numbers of this country. Please log in with your e-mail address instead.`,
      )
    case 'SMS_BUSY':
      return retry
        ? i18n._(
            msg`We cannot send more codes by SMS right now. Please log in with your e-mail address, or try again at ${retry}.`,
          )
        : i18n._(msg`We cannot send more codes by SMS right now. Please log in with your e-mail address.`)
    case 'EMAIL_UNAVAILABLE':
      return i18n._(
        msg`This shop does not send codes by e-mail at the moment. Please log in with your telephone number.`,
      )
    // A member blocked by staff (issue 33 item 1): no hint beyond "contact us".
    case 'ACCOUNT_BLOCKED':
      return i18n._(msg`This account cannot be used at the moment. Please contact us.`)
    default:
      return i18n._(ACCOUNT_MESSAGES.somethingWrong)
  }
}
