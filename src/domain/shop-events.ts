/**
 * The shop's own first-party funnel (issue 33 item 3, decision 202): how many times each step happened on a Bangkok
 * day, counted on the server where it happens. Anonymous by design: a day, a step and a count; no shopper, no cookie,
 * no address, nothing that could be joined to a person.
 */
export const SHOP_EVENTS = ['product_viewed', 'added_to_cart', 'checkout_started', 'paid'] as const
export type ShopEvent = (typeof SHOP_EVENTS)[number]

/** The shop's day boundary: a calendar day in Thailand (UTC+7, no daylight saving). */
export const SHOP_TIME_ZONE = 'Asia/Bangkok'
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000

/** The Bangkok calendar day (yyyy-mm-dd) of an instant. */
export function bangkokDay(at: Date): string {
  return new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10)
}

/** The instant a Bangkok day starts (its midnight, 17:00 UTC the day before). */
export function bangkokDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`)
}

/** The Bangkok day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}
