import { MAX_UNIT_PRICE, MINOR_UNITS, type Currency } from './money'

/**
 * Prices in the back office (issue 32 item 4, decision 192): a colour's price and old price per currency, sales
 * planned ahead that switch on and off by themselves, and bulk changes by filter. Pure, so the back office's screens
 * compute the same preview the API checks.
 */

/** A colour's prices in minor units (satang, cents); the old price (compare-at) is shown struck through (§2). */
export type PriceSet = { priceThb: number; priceUsd: number; compareAtThb: number | null; compareAtUsd: number | null }

/** Why a price is refused: not positive, too large, an old price not above the price. */
export const PRICE_PROBLEMS = ['not_positive', 'too_large', 'compare_at_not_above'] as const
export type PriceProblem = (typeof PRICE_PROBLEMS)[number]

/** A price (minor units) the shop may show: a whole number of satang or cents, at least one, at most MAX_UNIT_PRICE. */
export function priceProblem(amount: number): PriceProblem | null {
  if (!Number.isInteger(amount) || amount < 1) return 'not_positive'
  if (amount > MAX_UNIT_PRICE) return 'too_large'
  return null
}

/** Each field's problem (`price_thb`, `compare_at_usd` …), none when the set may be saved. */
export function priceSetProblems(prices: PriceSet): Record<string, PriceProblem> {
  const problems: Record<string, PriceProblem> = {}
  for (const currency of ['thb', 'usd'] as const) {
    const price = currency === 'thb' ? prices.priceThb : prices.priceUsd
    const compareAt = currency === 'thb' ? prices.compareAtThb : prices.compareAtUsd
    const problem = priceProblem(price)
    if (problem) problems[`price_${currency}`] = problem
    if (compareAt !== null) {
      const before = priceProblem(compareAt)
      if (before) problems[`compare_at_${currency}`] = before
      else if (compareAt <= price) problems[`compare_at_${currency}`] = 'compare_at_not_above'
    }
  }
  return problems
}

/** A sale's statuses: planned, switched on (active), switched off (ended), or called off (cancelled). */
export const PRICE_SCHEDULE_STATUSES = ['planned', 'active', 'ended', 'cancelled'] as const
export type PriceScheduleStatus = (typeof PRICE_SCHEDULE_STATUSES)[number]

/** At most this many colours in one sale or one bulk change (a whole season's, far above one 11.11's). */
export const PRICE_CHANGE_MAX_PRODUCTS = 500
export const PRICE_SCHEDULE_NAME_MAX = 80
/** The shortest sale: ten seconds, two of the worker's ticks (a flash sale is minutes; the browser test's seconds). */
export const PRICE_SCHEDULE_MIN_SECONDS = 10
/** How often each instance looks for sales due to switch (PRICE_SCHEDULE_CHECK_SECONDS overrides). */
export const PRICE_SCHEDULE_TICK_SECONDS = 5

/** A bulk change: a percentage off the current price, or one fixed price in both currencies. */
export type BulkChange =
  | { kind: 'percent_off'; percent: number; strikeThrough: boolean }
  | { kind: 'fixed'; priceThb: number; priceUsd: number; strikeThrough: boolean }

export const PERCENT_OFF_MIN = 1
export const PERCENT_OFF_MAX = 90

/**
 * A price less a percentage, rounded down to a whole baht (the shop shows whole baht) or a whole cent; at least one
 * minor unit, so that a 0 never reaches the shelf.
 */
export function percentOff(amount: number, percent: number, currency: Currency): number {
  const exact = (amount * (100 - percent)) / 100
  const step = currency === 'thb' ? MINOR_UNITS.thb : 1
  return Math.floor(exact / step) * step
}

/**
 * What a bulk change makes of a colour's prices: the new price per currency, and the old price struck through when
 * asked (the one shown already if higher, else the price before the change), or none.
 */
export function applyBulkChange(current: PriceSet, change: BulkChange): PriceSet {
  const priceThb = change.kind === 'fixed' ? change.priceThb : percentOff(current.priceThb, change.percent, 'thb')
  const priceUsd = change.kind === 'fixed' ? change.priceUsd : percentOff(current.priceUsd, change.percent, 'usd')
  const struck = (before: number, shown: number | null) => (shown !== null && shown > before ? shown : before)
  return {
    priceThb,
    priceUsd,
    compareAtThb: change.strikeThrough ? struck(current.priceThb, current.compareAtThb) : null,
    compareAtUsd: change.strikeThrough ? struck(current.priceUsd, current.compareAtUsd) : null,
  }
}

/** The first problem of a set, for a row of a preview (`price_thb: not_positive`), or null. */
export function firstPriceProblem(prices: PriceSet): string | null {
  const [entry] = Object.entries(priceSetProblems(prices))
  return entry ? `${entry[0]}: ${entry[1]}` : null
}

/**
 * A sale's prices on a colour while it runs: the sale price, and the regular price struck through (if it is above the
 * sale price; a sale price not below it shows no old price).
 */
export function saleOn(regular: PriceSet, sale: { thb: number; usd: number }): PriceSet {
  return {
    priceThb: sale.thb,
    priceUsd: sale.usd,
    compareAtThb: regular.priceThb > sale.thb ? regular.priceThb : null,
    compareAtUsd: regular.priceUsd > sale.usd ? regular.priceUsd : null,
  }
}
