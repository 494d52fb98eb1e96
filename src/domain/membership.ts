import type { ProductTag } from './catalog'
import type { Currency } from './money'
import { PROMOTION_MINIMUM_THB, type Promotion } from './promotions'

/** §3: a member's gender as the register form offers it. */
export const MEMBER_GENDERS = ['male', 'female', 'others'] as const
export type MemberGender = (typeof MEMBER_GENDERS)[number]

/** §3, §4: the member status; VIP and VVIP are earned by spending (membership issue). */
export const MEMBER_TIERS = ['member', 'vip', 'vvip'] as const
export type MemberTier = (typeof MEMBER_TIERS)[number]

/**
 * Membership tiers and member promotion codes (§4, §6, §9, membership issue), pure: no I/O, no clock of its
 * own. Services read the rows (paid orders, refunds, issued codes, orders that used a code) and pass them in
 * with `now`; everything here is in integer satang and Asia/Bangkok calendar days (UTC+7, no DST).
 *
 * Readings where the spec is open (each repeated where it is implemented):
 * - A cycle and a status last one calendar year: from day D through the day before D's anniversary
 *   (a start on 29 February runs through 28 February of the next year). Not 365 days.
 * - A status is gained on the day the cycle's net spending first reaches its threshold and lasts until that
 *   day's anniversary (exclusive). Reaching it again in a later cycle renews it for a year from that day.
 *   A refund that takes the cycle's spending back under the threshold undoes what that cycle gained.
 * - Member codes are THB only (USD carts: the engine reports 'currency'); they exclude the 'club' tag and,
 *   by default, no category.
 * - The monthly code is one per member and Bangkok month whatever the tier (an upgrade mid-month gives the
 *   new percentage from the next month); each code is single-use; the discounts of all monthly codes used in
 *   one Bangkok month share the 2,000 THB cap. The birth-month code has its own cap, outside the monthly one.
 * - The 1,000 THB minimum (§9 remark on codes) applies to the birth-month code too; the birth-month code is
 *   issued once per Bangkok year and valid through the last day of the birth month.
 */

// ── Constants ──────────────────────────────────────────────────────────────────────────────────────────

/** §4 VIP from 9,000 THB of spending in a cycle (satang). */
export const VIP_THRESHOLD_THB = 9_000_00

/** §4 VVIP from 30,000 THB of spending in a cycle (satang). */
export const VVIP_THRESHOLD_THB = 30_000_00

/** §4, §9 the tier discount of the monthly code, in percent. */
export const TIER_DISCOUNT_PERCENT: Readonly<Record<Exclude<MemberTier, 'member'>, number>> = { vip: 5, vvip: 10 }

/** §9 the monthly codes give at most 2,000 THB of discount per Bangkok month, all orders together (satang). */
export const MONTHLY_CODE_CAP_THB = 2_000_00

/** §9 a monthly code is valid 3 months from the Bangkok day it was received. */
export const CODE_VALID_MONTHS = 3

/** §9 the birth-month code: 20 % off. */
export const BIRTH_MONTH_PERCENT = 20

/** §9 the birth-month code gives at most 2,000 THB of discount (satang), on its own cap. */
export const BIRTH_MONTH_CAP_THB = 2_000_00

/** §4 a spending cycle is one calendar year from its first day (not 365 days): through the day before D's anniversary. */
export const CYCLE_MONTHS = 12

/** §4 a status lasts one calendar year from the day it was gained (or last renewed). */
export const STATUS_MONTHS = 12

/** §9 member codes do not apply to club products. */
export const MEMBER_CODE_EXCLUDED_TAGS: readonly ProductTag[] = ['club']

/**
 * §9 "do not apply to … some categories": the spec names none, so by default no category is excluded (only the
 * 'club' tag is). A parameter of the code functions (`options.excludeCategories`), not a guess.
 */
export const MEMBER_CODE_EXCLUDED_CATEGORIES: readonly string[] = []

/** Membership issue: the time zone of every calendar rule is Asia/Bangkok, UTC+7 all year (no DST). */
export const BANGKOK_UTC_OFFSET_HOURS = 7

const DAY_MS = 24 * 60 * 60 * 1000
const BANGKOK_OFFSET_MS = BANGKOK_UTC_OFFSET_HOURS * 60 * 60 * 1000

// ── Bangkok calendar days ──────────────────────────────────────────────────────────────────────────────

/** A calendar day (month 1–12). */
export type CalendarDate = { year: number; month: number; day: number }

function assertDate(date: Date, what: string): void {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${what} is not a valid date`)
}

function parseInstant(iso: string, what: string): Date {
  const date = new Date(iso)
  assertDate(date, `${what} (${iso})`)
  return date
}

/** The Asia/Bangkok calendar day of an instant: 17:00 UTC and later is already the next day. */
export function bangkokDate(date: Date): CalendarDate {
  assertDate(date, 'date')
  const shifted = new Date(date.getTime() + BANGKOK_OFFSET_MS)
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
}

/** A calendar day as YYYY-MM-DD. */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (value: number, length: number) => String(value).padStart(length, '0')
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`
}

/** The Asia/Bangkok day of an instant as YYYY-MM-DD. */
export function bangkokDay(date: Date): string {
  return formatCalendarDate(bangkokDate(date))
}

/** Parses YYYY-MM-DD (a real day of the Gregorian calendar); throws a RangeError otherwise. */
export function parseCalendarDate(value: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0]
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`${value} is not a calendar date (YYYY-MM-DD)`)
  }
  return { year, month, day }
}

/** The instant a Bangkok calendar day begins (00:00 at UTC+7 = 17:00 UTC the day before). */
export function bangkokStartOfDay(date: CalendarDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day) - BANGKOK_OFFSET_MS)
}

/** Days in a month of the Gregorian calendar (February 29 in leap years). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A serial number of the day, for comparisons and day arithmetic. */
function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS
}

function fromDayNumber(serial: number): CalendarDate {
  const date = new Date(serial * DAY_MS)
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days)
}

/**
 * The first day after a period of `months` calendar months starting on `start` (exclusive end): the same day
 * of the month `months` later; when that month is too short (a start on the 29th–31st), the first day of the
 * month after it, so that the period's last day is the last day of the short month. 29 February + 12 months
 * ends on 1 March (last day 28 February); 30 November + 3 months ends on 1 March.
 */
export function periodEnd(start: CalendarDate, months: number): CalendarDate {
  const index = start.year * 12 + (start.month - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  if (start.day <= daysInMonth(year, month)) return { year, month, day: start.day }
  return month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }
}

/** The Bangkok year and month of an instant as YYYY-MM (the period of a monthly code). */
export function bangkokMonthKey(date: Date): string {
  return formatCalendarDate(bangkokDate(date)).slice(0, 7)
}

// ── Spending ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * One movement of a member's spending: a paid order (positive) or a refund or cancellation (negative), in THB
 * satang (see `toAccumulation` for USD orders), at an ISO instant. Two usages give the same result: one entry
 * per paid order with its net amount (paid − refunded; 0 when cancelled), or the payment and its reversals as
 * separate entries. A reversal should carry the `at` of the order it reverses, so that it lowers the cycle the
 * order counted in; a reversal dated later counts in the cycle open at that time (none: ignored).
 */
export type Accumulation = { at: string; amount: number }

/**
 * An order's amount as THB spending (§4): THB as is; USD at `thbSatangPerUsdCent` (35 = 35 THB per USD), rounded
 * to the satang half away from zero, so that a refund mirrors its payment exactly.
 */
export function spendingInThb(amount: number, currency: Currency, thbSatangPerUsdCent: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be an integer of minor units')
  if (currency === 'thb') return amount
  if (!Number.isFinite(thbSatangPerUsdCent) || thbSatangPerUsdCent <= 0) {
    throw new RangeError('the USD rate must be a positive number')
  }
  const converted = Math.round(Math.abs(amount) * thbSatangPerUsdCent)
  return amount < 0 ? -converted : converted
}

/** An order row (or a refund row, negative) as an `Accumulation`, USD converted at the configured rate. */
export function toAccumulation(
  row: { at: string; amount: number; currency: Currency },
  thbSatangPerUsdCent: number,
): Accumulation {
  return { at: row.at, amount: spendingInThb(row.amount, row.currency, thbSatangPerUsdCent) }
}

// ── Tiers ──────────────────────────────────────────────────────────────────────────────────────────────

type Status = Exclude<MemberTier, 'member'>

/** The threshold of each status, highest first. */
const STATUSES: ReadonlyArray<{ tier: Status; threshold: number }> = [
  { tier: 'vvip', threshold: VVIP_THRESHOLD_THB },
  { tier: 'vip', threshold: VIP_THRESHOLD_THB },
]

const THRESHOLDS: Record<Status, number> = { vip: VIP_THRESHOLD_THB, vvip: VVIP_THRESHOLD_THB }

export type TierState = {
  tier: MemberTier
  /** The first day of the open cycle (Bangkok, YYYY-MM-DD), null when none is open. */
  cycleStart: string | null
  /** The last day of the open cycle, inclusive (Bangkok, YYYY-MM-DD), null when none is open. */
  cycleEnd: string | null
  /** Net spending in the open cycle (satang; 0 when none is open; negative only after late reversals). */
  spentInCycle: number
  /** The instant the current status ends (Bangkok 00:00 of the anniversary of the day it was gained or renewed). */
  expiresAt: string | null
  /** The last Bangkok day with the current status (the day before `expiresAt`), for display. */
  lastStatusDay: string | null
  /**
   * Satang still needed in this cycle to keep the current status (reach its threshold again, renewing it for a
   * year from that day); 0 when this cycle has reached it; the whole threshold when no cycle is open (the next
   * purchase starts one); null for 'member'.
   */
  toKeep: number | null
  /** Satang needed in this cycle for the next tier; null for 'vvip'. */
  toNext: number | null
}

/** Per status: the exclusive end carried from closed cycles and the day the open cycle reached it. */
type StatusTrack = { carriedEnd: number | null; reachedDay: number | null }

function statusEnd(track: StatusTrack): number | null {
  const reachedEnd =
    track.reachedDay === null ? null : dayNumber(periodEnd(fromDayNumber(track.reachedDay), STATUS_MONTHS))
  if (reachedEnd === null) return track.carriedEnd
  return track.carriedEnd === null ? reachedEnd : Math.max(track.carriedEnd, reachedEnd)
}

/**
 * The member's tier at `now` from all their spending movements (§4). The reading, on Bangkok calendar days:
 *
 * 1. Entries after `now` are ignored; entries at the same instant are summed first (an order and its reversal
 *    dated alike cancel out); then they are walked in time order.
 * 2. With no cycle open, an entry with a positive amount opens one on its day D; the cycle runs through the day
 *    before D's anniversary (CYCLE_MONTHS). Other entries with no open cycle are ignored. An entry after the
 *    last day of the open cycle first closes it, then may open the next one.
 * 3. Each entry adds its amount to the cycle's net spending. On the first day the net spending reaches a
 *    threshold (≥), that status is gained — or renewed, when still held from an earlier cycle — until the
 *    anniversary of that day (STATUS_MONTHS; the later of the old and the new end is kept). Reaching VVIP
 *    also reaches VIP, so a VVIP whose VVIP lapses stays VIP while the VIP part lasts.
 * 4. A refund or cancellation that takes the net spending back under a threshold undoes what this cycle gained
 *    for it (the status it carried from earlier cycles stands); reaching it again later in the cycle gains it
 *    on that later day. A closed cycle is final.
 * 5. At `now` (a cycle whose last day has passed is closed), the tier is the highest status whose end is after
 *    `now`, else 'member'.
 */
export function computeTier(entries: readonly Accumulation[], now: Date): TierState {
  assertDate(now, 'now')
  const nowMs = now.getTime()
  const byInstant = new Map<number, number>()
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount)) throw new RangeError(`amount at ${entry.at} must be an integer`)
    const at = parseInstant(entry.at, 'accumulation time').getTime()
    if (at <= nowMs) byInstant.set(at, (byInstant.get(at) ?? 0) + entry.amount)
  }
  const walk = [...byInstant.entries()].sort((a, b) => a[0] - b[0])

  const tracks: Record<Status, StatusTrack> = {
    vip: { carriedEnd: null, reachedDay: null },
    vvip: { carriedEnd: null, reachedDay: null },
  }
  let cycle: { start: number; last: number } | null = null
  let spent = 0

  /** Closes the open cycle (when `day` is after its last day): what it gained is carried, spending restarts. */
  const closeCycleBefore = (day: number, open: { start: number; last: number } | null) => {
    if (open === null || day <= open.last) return open
    for (const { tier } of STATUSES) tracks[tier] = { carriedEnd: statusEnd(tracks[tier]), reachedDay: null }
    spent = 0
    return null
  }

  for (const [at, amount] of walk) {
    const day = dayNumber(bangkokDate(new Date(at)))
    cycle = closeCycleBefore(day, cycle)
    if (cycle === null) {
      if (amount <= 0) continue
      cycle = { start: day, last: dayNumber(periodEnd(fromDayNumber(day), CYCLE_MONTHS)) - 1 }
    }
    spent += amount
    for (const { tier, threshold } of STATUSES) {
      const track = tracks[tier]
      if (spent >= threshold && track.reachedDay === null) track.reachedDay = day
      else if (spent < threshold) track.reachedDay = null
    }
  }
  const current = closeCycleBefore(dayNumber(bangkokDate(now)), cycle)

  const ends: Record<Status, number | null> = { vip: statusEnd(tracks.vip), vvip: statusEnd(tracks.vvip) }
  // VVIP includes VIP: the VIP part lasts at least as long as the VVIP status.
  if (ends.vvip !== null && (ends.vip === null || ends.vip < ends.vvip)) ends.vip = ends.vvip
  const held = STATUSES.find(({ tier }) => {
    const end = ends[tier]
    return end !== null && bangkokStartOfDay(fromDayNumber(end)).getTime() > nowMs
  })
  const tier: MemberTier = held?.tier ?? 'member'
  const end = held ? ends[held.tier] : null

  return {
    tier,
    cycleStart: current ? formatCalendarDate(fromDayNumber(current.start)) : null,
    cycleEnd: current ? formatCalendarDate(fromDayNumber(current.last)) : null,
    spentInCycle: spent,
    expiresAt: end === null ? null : bangkokStartOfDay(fromDayNumber(end)).toISOString(),
    lastStatusDay: end === null ? null : formatCalendarDate(fromDayNumber(end - 1)),
    toKeep: tier === 'member' ? null : Math.max(0, THRESHOLDS[tier] - spent),
    toNext: tier === 'vvip' ? null : Math.max(0, (tier === 'vip' ? VVIP_THRESHOLD_THB : VIP_THRESHOLD_THB) - spent),
  }
}

/** §2 "amount needed to maintain VIP/VVIP status": per status, what the cycle's spending still needs to keep or reach it. */
export type TierGoal = {
  status: Exclude<MemberTier, 'member'>
  /** The status's threshold in the cycle (satang, from VIP_THRESHOLD_THB / VVIP_THRESHOLD_THB). */
  threshold: number
  /** Held now: reaching the threshold again in this cycle keeps it (renews it for a year); otherwise it reaches it. */
  held: boolean
  /** Satang still to spend in the open cycle; 0 once this cycle has reached the threshold. */
  needed: number
}

/**
 * The account's "amount needed" figures (§2, §4): for VIP and VVIP, the threshold less the net spending of the open
 * cycle (the whole threshold when no cycle is open: the next purchase opens one). VVIP includes VIP, so a VVIP
 * member keeps VIP by keeping VVIP and is shown VVIP only.
 */
export function tierGoals(tier: MemberTier, spentInCycle: number): TierGoal[] {
  const spent = Math.max(0, spentInCycle)
  const goals: TierGoal[] = [
    { status: 'vip', threshold: VIP_THRESHOLD_THB, held: tier !== 'member', needed: 0 },
    { status: 'vvip', threshold: VVIP_THRESHOLD_THB, held: tier === 'vvip', needed: 0 },
  ]
  return goals
    .filter((goal) => tier !== 'vvip' || goal.status === 'vvip')
    .map((goal) => ({ ...goal, needed: Math.max(0, goal.threshold - spent) }))
}

// ── Member codes ───────────────────────────────────────────────────────────────────────────────────────

export type MemberCodeKind = 'monthly' | 'birthday'

export type MemberCodeOptions = {
  /** Categories the code does not apply to; default MEMBER_CODE_EXCLUDED_CATEGORIES (none). */
  excludeCategories?: readonly string[]
}

/**
 * A code to issue. `key` is deterministic per member and period (`MONTHLY-2026-11`, `BDAY-2026`): store it
 * with a unique index on (member id, key) and insert with ON CONFLICT DO NOTHING, so a second issue is a no-op
 * (the first row, with its `validUntil`, stands). `promotion.code` is what the member sees (`VIP-2026-11`,
 * `VVIP-2026-11`, `BDAY-2026`); it is not unique across members, so checkout must look it up among the
 * signed-in member's own codes.
 */
export type IssuedMemberCode = {
  key: string
  kind: MemberCodeKind
  promotion: Promotion & { kind: 'percent' }
  /** The first instant of the Bangkok day of issue. */
  validFrom: string
  /** The last instant the code is valid (23:59:59.999 Bangkok of its last day), inclusive. */
  validUntil: string
}

/** The last millisecond of the day before `end` (Bangkok): an inclusive `validUntil`. */
function lastInstantBefore(end: CalendarDate): string {
  return new Date(bangkokStartOfDay(end).getTime() - 1).toISOString()
}

/**
 * §9 a member code as a `Promotion` for the pricing engine: a THB-only percentage (USD carts: null minimum and
 * cap, which the engine reports as 'currency'), minimum PROMOTION_MINIMUM_THB of eligible items, not on 'club'
 * items nor on `options.excludeCategories`. The cap: for a monthly code, what is left of this month's allowance
 * (`remainingMonthlyCap(usedThisMonth)`), so that two orders in a month share 2,000 THB; a left cap of 0 gives
 * a discount of 0 (check `remainingMonthlyCap` first to tell the shopper). For the birth-month code,
 * BIRTH_MONTH_CAP_THB (`usedThisMonth` does not apply).
 */
export function memberCodePromotion(
  code: { code: string; kind: MemberCodeKind; percent: number },
  usedThisMonth = 0,
  options: MemberCodeOptions = {},
): Promotion & { kind: 'percent' } {
  const cap = code.kind === 'monthly' ? remainingMonthlyCap(usedThisMonth) : BIRTH_MONTH_CAP_THB
  return {
    code: code.code,
    kind: 'percent',
    percent: code.percent,
    cap: { thb: cap, usd: null },
    minEligibleSubtotal: { thb: PROMOTION_MINIMUM_THB, usd: null },
    excludeTags: MEMBER_CODE_EXCLUDED_TAGS,
    excludeCategories: options.excludeCategories ?? MEMBER_CODE_EXCLUDED_CATEGORIES,
  }
}

/** §9 what is left of the monthly allowance (2,000 THB) after `usedThisMonth` satang of monthly-code discounts. */
export function remainingMonthlyCap(usedThisMonth: number): number {
  if (!Number.isSafeInteger(usedThisMonth) || usedThisMonth < 0) {
    throw new RangeError('usedThisMonth must be a non-negative integer')
  }
  return Math.max(0, MONTHLY_CODE_CAP_THB - usedThisMonth)
}

/**
 * The monthly-code discounts used in the Bangkok month of `now`: the sum of `discount` over the uses (orders
 * that carried a monthly code and still stand) whose `at` falls in that month.
 */
export function monthlyDiscountUsed(uses: ReadonlyArray<{ at: string; discount: number }>, now: Date): number {
  const month = bangkokMonthKey(now)
  return uses
    .filter((use) => bangkokMonthKey(parseInstant(use.at, 'use time')) === month)
    .reduce((sum, use) => sum + use.discount, 0)
}

/**
 * §9 the monthly code of a VIP or VVIP member for the Bangkok month of `now` (null for 'member'): the tier's
 * percentage (TIER_DISCOUNT_PERCENT), single-use, valid from the Bangkok day of `now` for CODE_VALID_MONTHS
 * calendar months (received 15 November: valid through 14 February; received 30 November: through the end of
 * February). Key `MONTHLY-YYYY-MM`, one per month whatever the tier; code `VIP-YYYY-MM` or `VVIP-YYYY-MM`.
 * `promotion.cap.thb` is the full allowance; at checkout use `memberCodePromotion` with this month's use.
 */
export function monthlyCode(
  member: { id: string; tier: MemberTier },
  now: Date,
  options: MemberCodeOptions = {},
): IssuedMemberCode | null {
  if (member.tier === 'member') return null
  const today = bangkokDate(now)
  const period = bangkokMonthKey(now)
  return {
    key: `MONTHLY-${period}`,
    kind: 'monthly',
    promotion: memberCodePromotion(
      { code: `${member.tier.toUpperCase()}-${period}`, kind: 'monthly', percent: TIER_DISCOUNT_PERCENT[member.tier] },
      0,
      options,
    ),
    validFrom: bangkokStartOfDay(today).toISOString(),
    validUntil: lastInstantBefore(periodEnd(today, CODE_VALID_MONTHS)),
  }
}

/**
 * §9 the birth-month code of the Bangkok year of `now`, when `now` is in the member's birth month (Bangkok);
 * else null (also with no birthdate). Once per year: key and code `BDAY-YYYY`. 20 % up to 2,000 THB, single-use,
 * valid from the day of issue through the last day of the birth month (chosen: the spec names no validity for
 * it). A 29 February birthday gets its code in February every year, leap or not.
 */
export function birthMonthCode(
  member: { id: string; birthdate: string | null },
  now: Date,
  options: MemberCodeOptions = {},
): IssuedMemberCode | null {
  if (member.birthdate === null) return null
  const birth = parseCalendarDate(member.birthdate)
  const today = bangkokDate(now)
  if (today.month !== birth.month) return null
  const key = `BDAY-${String(today.year).padStart(4, '0')}`
  const nextMonth = periodEnd({ ...today, day: 1 }, 1)
  return {
    key,
    kind: 'birthday',
    promotion: memberCodePromotion({ code: key, kind: 'birthday', percent: BIRTH_MONTH_PERCENT }, 0, options),
    validFrom: bangkokStartOfDay(today).toISOString(),
    validUntil: lastInstantBefore(nextMonth),
  }
}

export type CodeUsability = { usable: true } | { usable: false; reason: 'expired' | 'used' }

/**
 * Whether an issued code can be used at `now`: not when already used (each member code is single-use; checked
 * first, as it is final), nor after `validUntil` (inclusive: its last millisecond is still in time). The monthly
 * allowance is separate: see `remainingMonthlyCap`.
 */
export function codeUsable(
  code: { validUntil: string; usedAt: string | null; kind: MemberCodeKind | 'goodwill' },
  now: Date,
): CodeUsability {
  assertDate(now, 'now')
  if (code.usedAt !== null) return { usable: false, reason: 'used' }
  if (now.getTime() > parseInstant(code.validUntil, 'validUntil').getTime()) return { usable: false, reason: 'expired' }
  return { usable: true }
}
