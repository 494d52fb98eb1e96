import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { LIFF_PLATFORM_ERROR_CODES, LIFF_SHOP_ERROR_CODES, type LiffErrorCode } from './liff-types'

export type { LiffErrorCode }

/** Every code the LIFF layer reports: LINE's (§8) and the shop's own. */
export const LIFF_ERROR_CODES: readonly LiffErrorCode[] = [...LIFF_PLATFORM_ERROR_CODES, ...LIFF_SHOP_ERROR_CODES]

/**
 * What the page offers after a failure: try again, log in with LINE again, open the page in the LINE app, update the
 * LINE app, or nothing (the shopper can only go on without LINE).
 */
export type LiffRecovery = 'retry' | 'login' | 'openInLine' | 'updateApp' | 'none'

export type LiffErrorRecovery = { message: MessageDescriptor; recovery: LiffRecovery }

/** §8: each LIFF error in the shopper's language, with the way out of it. */
export const LIFF_ERROR_RECOVERY: Record<LiffErrorCode, LiffErrorRecovery> = {
  // LINE's codes.
  UNKNOWN: { message: msg`Something went wrong with LINE. Please try again.`, recovery: 'retry' },
  // No access token, the agreement not given, share before login.
  UNAUTHORIZED: { message: msg`Please log in with LINE again.`, recovery: 'login' },
  // No proper argument, an invalid URL, too many messages, a permission outside the app's scope.
  INVALID_ARGUMENT: { message: msg`LINE could not complete this request.`, recovery: 'none' },
  INIT_FAILED: { message: msg`LINE could not start. Please try again.`, recovery: 'retry' },
  // Not allowed in this app, in an external browser, or in this LINE version.
  FORBIDDEN: { message: msg`This works only inside the LINE app.`, recovery: 'openInLine' },
  // An invalid or missing LIFF ID: only the shop can fix it.
  INVALID_CONFIG: { message: msg`LINE is not available in this shop right now.`, recovery: 'none' },
  // The ID token could not be verified (alg, kid, iss, aud, exp or signature).
  INVALID_ID_TOKEN: { message: msg`Your LINE login has expired. Please log in with LINE again.`, recovery: 'login' },
  // Only callable in the parent or child window.
  CREATE_SUBWINDOW_FAILED: { message: msg`LINE could not open its window. Please try again.`, recovery: 'retry' },
  // Failed to connect, or something broke in LINE's window.
  EXCEPTION_IN_SUBWINDOW: { message: msg`Something went wrong with LINE. Please try again.`, recovery: 'retry' },
  // The shop's codes.
  noMessages: { message: msg`There is nothing to share.`, recovery: 'none' },
  tooManyMessages: { message: msg`You can share up to 5 messages at a time.`, recovery: 'none' },
  invalidUrl: { message: msg`This link cannot be shared on LINE.`, recovery: 'none' },
  updateApp: { message: msg`Please update the LINE app to share.`, recovery: 'updateApp' },
  timeout: { message: msg`LINE took too long to answer. Please try again.`, recovery: 'retry' },
  unavailable: { message: msg`This works only inside the LINE app.`, recovery: 'openInLine' },
}

/** The message and recovery of a code; a code LINE adds later reads as UNKNOWN. */
export function liffErrorRecovery(code: string): LiffErrorRecovery {
  return Object.hasOwn(LIFF_ERROR_RECOVERY, code)
    ? LIFF_ERROR_RECOVERY[code as LiffErrorCode]
    : LIFF_ERROR_RECOVERY.UNKNOWN
}
