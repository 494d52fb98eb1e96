/** Money is integer minor units (satang, cents) with its currency: never a float (DESIGN.md §3). */
export const CURRENCIES = ['thb', 'usd'] as const
export type Currency = (typeof CURRENCIES)[number]

export type Money = { amount: number; currency: Currency }

/**
 * The largest amount the shop stores (issue 29 item 4): PostgreSQL's integer, 2^31 − 1 minor units (21,474,836.47
 * THB or USD). An order's total, its lines and its payment must fit; a cart or order above it is refused (409
 * CART_TOO_LARGE) before anything is written, never a 500.
 */
export const MAX_AMOUNT = 2_147_483_647

/**
 * The highest price of one piece the back office may set, in minor units (999,999.99 THB or USD): far above the
 * dearest piece of the collection, and ten of it (the most of one size a cart line holds) fit in `MAX_AMOUNT`.
 */
export const MAX_UNIT_PRICE = 99_999_999

/** Whether an amount in minor units can be stored (an integer within ±`MAX_AMOUNT`). */
export function storableAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_AMOUNT
}

/** Minor units per major unit: 100 satang to the baht, 100 cents to the dollar. */
export const MINOR_UNITS: Record<Currency, number> = { thb: 100, usd: 100 }

export function isCurrency(value: unknown): value is Currency {
  return value === 'thb' || value === 'usd'
}

/** Formats minor units for display: ฿1,290 or $39.00 (whole baht are shown without decimals). */
export function formatMoney(amount: number, currency: Currency, locale: 'th' | 'en'): string {
  const major = amount / MINOR_UNITS[currency]
  const wholeBaht = currency === 'thb' && amount % MINOR_UNITS.thb === 0
  return moneyFormat(locale, currency, wholeBaht ? 0 : 2).format(major)
}

/** Formats are made once each: making one costs far more than using it (a listing formats hundreds of prices). */
const moneyFormats = new Map<string, Intl.NumberFormat>()

function moneyFormat(locale: 'th' | 'en', currency: Currency, digits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}:${currency}:${digits}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale === 'th' ? 'th-TH' : 'en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    moneyFormats.set(key, format)
  }
  return format
}

/** Major units typed by a shopper (a price filter) to minor units, rounded to the unit. */
export function toMinorUnits(major: number, currency: Currency): number {
  return Math.round(major * MINOR_UNITS[currency])
}
