import type { Currency } from './money'
import {
  MEMBER_CODE_EXCLUDED_CATEGORIES,
  MEMBER_CODE_EXCLUDED_TAGS,
  parseCalendarDate,
  bangkokDate,
} from './membership'
import type { Promotion } from './promotions'

/**
 * Members in the back office (issue 33 item 1, docs/decisions/200-members-in-the-back-office.md), pure: the goodwill
 * code's bounds and promotion, the birth date staff may set, and what a staff reason may be.
 */

/** A goodwill code's percentage: from 5 % to 50 %. */
export const GOODWILL_PERCENT_MIN = 5
export const GOODWILL_PERCENT_MAX = 50
/** A goodwill percentage takes at most this much off one order (minor units), like the birth-month code's cap. */
export const GOODWILL_PERCENT_CAP: Readonly<Record<Currency, number>> = { thb: 2_000_00, usd: 60_00 }
/** A goodwill code of a fixed amount: from 50 to 2,000 THB, or from 2 to 60 USD (minor units). */
export const GOODWILL_AMOUNT_BOUNDS: Readonly<Record<Currency, { min: number; max: number }>> = {
  thb: { min: 50_00, max: 2_000_00 },
  usd: { min: 2_00, max: 60_00 },
}
/** A goodwill code is valid from 1 to 365 days from the day it is issued. */
export const GOODWILL_DAYS_MIN = 1
export const GOODWILL_DAYS_MAX = 365

/** A staff member's reason for an action on a member: stored in the audit entry. */
export const MEMBER_ACTION_REASON_MIN = 3
export const MEMBER_ACTION_REASON_MAX = 500

/** The age a corrected birth date must give (Bangkok day of `now`): from 10 to 120 years. */
export const BIRTHDATE_MIN_AGE = 10
export const BIRTHDATE_MAX_AGE = 120

export type GoodwillValue =
  { kind: 'percent'; percent: number } | { kind: 'amount'; amount: number; currency: Currency }

/** Why a goodwill value is refused, as a field code: 'range' (outside the bounds above). */
export function goodwillProblem(value: GoodwillValue): 'range' | null {
  if (value.kind === 'percent') {
    return Number.isInteger(value.percent) &&
      value.percent >= GOODWILL_PERCENT_MIN &&
      value.percent <= GOODWILL_PERCENT_MAX
      ? null
      : 'range'
  }
  const bounds = GOODWILL_AMOUNT_BOUNDS[value.currency]
  return Number.isSafeInteger(value.amount) && value.amount >= bounds.min && value.amount <= bounds.max ? null : 'range'
}

/**
 * A goodwill code as a `Promotion` for the pricing engine: no minimum spend (it is an apology, not a sale), not on
 * 'club' items (like every member code). A percentage works in both currencies up to GOODWILL_PERCENT_CAP; a fixed
 * amount only in its own currency (the other one: the engine's 'currency' refusal).
 */
export function goodwillPromotion(code: string, value: GoodwillValue): Promotion {
  const common = {
    code,
    minEligibleSubtotal: { thb: 0, usd: 0 },
    excludeTags: MEMBER_CODE_EXCLUDED_TAGS,
    excludeCategories: MEMBER_CODE_EXCLUDED_CATEGORIES,
  }
  if (value.kind === 'percent') {
    return { ...common, kind: 'percent', percent: value.percent, cap: { ...GOODWILL_PERCENT_CAP } }
  }
  const amount: Record<Currency, number | null> = { thb: null, usd: null }
  amount[value.currency] = value.amount
  return { ...common, kind: 'amount', amount }
}

/** The most a goodwill code can take off (for the codes list): its amount, or its percentage's cap in THB. */
export function goodwillMaximum(value: GoodwillValue): number {
  return value.kind === 'amount' ? value.amount : GOODWILL_PERCENT_CAP.thb
}

/**
 * Why a birth date staff set is refused (field code), or null: 'invalid' (not a calendar day YYYY-MM-DD), 'future'
 * (after today in Bangkok), 'age' (an age under BIRTHDATE_MIN_AGE or over BIRTHDATE_MAX_AGE years).
 */
export function birthdateProblem(value: string, now: Date): 'invalid' | 'future' | 'age' | null {
  let date
  try {
    date = parseCalendarDate(value)
  } catch {
    return 'invalid'
  }
  const today = bangkokDate(now)
  const key = (d: { year: number; month: number; day: number }) => d.year * 10_000 + d.month * 100 + d.day
  if (key(date) > key(today)) return 'future'
  const age = today.year - date.year - (today.month * 100 + today.day < date.month * 100 + date.day ? 1 : 0)
  return age < BIRTHDATE_MIN_AGE || age > BIRTHDATE_MAX_AGE ? 'age' : null
}
