import type { ProductTag } from './catalog'
import type { Currency } from './money'
import type { Promotion } from './promotions'

/*
 * The shop's discount codes as the back office keeps them (issue 32 item 5, decision 193): the rules NEW200 had as a
 * constant, plus the dates, the uses and the switch. Pure: the admin API validates with it, checkout decides with it,
 * the back office's pages show a code's state with it.
 */

/** An amount off, or a percentage off (capped per currency or not). */
export const PROMOTION_KINDS = ['amount', 'percent'] as const
export type PromotionKind = (typeof PROMOTION_KINDS)[number]

/** A code's text: 3 to 20 letters and digits, kept in capitals (unique whatever the case it is typed in). */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9]{3,20}$/

/** The text as the shop keeps and compares it: trimmed, in capitals. */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase()
}

/** The most a code may take off or ask as a minimum, per currency (100,000.00): far above any cart. */
export const PROMOTION_AMOUNT_MAX = 10_000_000
/** The most uses a code may allow in all, or per member. */
export const PROMOTION_USES_MAX = 1_000_000

/** What a code is, in the shape the admin API and checkout share. */
export type ShopCode = {
  code: string
  kind: 'amount' | 'percent'
  /** kind percent: 1–100. */
  percent: number | null
  /** Per currency it is valid in: the amount off (amount) or the cap (percent; null = no cap), and the minimum. */
  currencies: Partial<Record<Currency, { amount: number | null; minimum: number }>>
  excludeTags: readonly ProductTag[]
  excludeCategories: readonly string[]
  startsAt: Date | null
  endsAt: Date | null
  usesPerMember: number | null
  usesTotal: number | null
  uses: number
  active: boolean
}

/** Where a code stands at a moment: what the back office shows, and what checkout accepts (`live` only). */
export const CODE_STATES = ['live', 'scheduled', 'ended', 'used_up', 'inactive'] as const
export type CodeState = (typeof CODE_STATES)[number]

export function codeState(code: Pick<ShopCode, 'active' | 'startsAt' | 'endsAt' | 'uses' | 'usesTotal'>, now: Date) {
  const at = now.getTime()
  if (!code.active) return 'inactive'
  if (code.endsAt && code.endsAt.getTime() <= at) return 'ended'
  if (code.startsAt && code.startsAt.getTime() > at) return 'scheduled'
  if (code.usesTotal !== null && code.uses >= code.usesTotal) return 'used_up'
  return 'live'
}

/** Why checkout refuses a code that exists, as the checkout's words name it (src/checkout/code-messages.ts). */
export function stateRejection(state: CodeState): 'invalid' | 'expired' | 'used' | null {
  switch (state) {
    case 'live':
      return null
    case 'ended':
      return 'expired'
    case 'used_up':
      return 'used'
    default:
      // A code not yet started, or switched off, is not a code the shopper can know of.
      return 'invalid'
  }
}

/** The pricing engine's promotion of a code (promotions.ts): a currency it is not valid in has a null minimum. */
export function promotionOf(code: ShopCode): Promotion {
  const per = (pick: (rules: { amount: number | null; minimum: number }) => number | null) => ({
    thb: code.currencies.thb ? pick(code.currencies.thb) : null,
    usd: code.currencies.usd ? pick(code.currencies.usd) : null,
  })
  const common = {
    code: code.code,
    minEligibleSubtotal: per((rules) => rules.minimum),
    excludeTags: code.excludeTags,
    excludeCategories: code.excludeCategories,
  }
  return code.kind === 'amount'
    ? { ...common, kind: 'amount', amount: per((rules) => rules.amount) }
    : { ...common, kind: 'percent', percent: code.percent ?? 0, cap: per((rules) => rules.amount) }
}

/** A field of a code's input and why it is refused (the admin API's 400 `fields`). */
export type CodeProblems = Record<string, string>

/**
 * What is wrong with a code's rules, by field (empty: nothing): the text, a percentage of 1–100, an amount off for
 * each currency of an amount code, positive amounts and minimums within bounds, at least one currency, the end after
 * the start, uses of at least one, and a total not under the uses already made.
 */
export function codeProblems(code: Omit<ShopCode, 'active'>): CodeProblems {
  const problems: CodeProblems = {}
  if (!PROMOTION_CODE_PATTERN.test(code.code)) problems.code = 'lettersAndDigits'
  if (code.kind === 'percent' && (code.percent === null || code.percent < 1 || code.percent > 100))
    problems.percent = 'range'
  const currencies = Object.entries(code.currencies)
  if (currencies.length === 0) problems.currencies = 'required'
  for (const [currency, rules] of currencies) {
    if (!rules) continue
    if (code.kind === 'amount' && rules.amount === null) problems[`${currency}.amount`] = 'required'
    else if (rules.amount !== null && !(rules.amount > 0 && rules.amount <= PROMOTION_AMOUNT_MAX))
      problems[`${currency}.amount`] = 'positive'
    if (!(rules.minimum >= 0 && rules.minimum <= PROMOTION_AMOUNT_MAX)) problems[`${currency}.minimum`] = 'range'
  }
  if (code.startsAt && code.endsAt && code.endsAt.getTime() <= code.startsAt.getTime()) problems.ends_at = 'order'
  for (const [field, value] of [
    ['uses_total', code.usesTotal],
    ['uses_per_member', code.usesPerMember],
  ] as const) {
    if (value !== null && !(value >= 1 && value <= PROMOTION_USES_MAX)) problems[field] = 'positive'
  }
  if (code.usesTotal !== null && !problems.uses_total && code.usesTotal < code.uses) problems.uses_total = 'belowUses'
  return problems
}
