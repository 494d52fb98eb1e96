/** The A/B-testing flag (§3): random per visitor, 50% each, kept in a cookie analytics can read. */
export type AbVariant = 'A' | 'B'

export const AB_COOKIE = 'ab_variant'
export const AB_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function isAbVariant(value: unknown): value is AbVariant {
  return value === 'A' || value === 'B'
}

export function pickAbVariant(random: () => number = Math.random): AbVariant {
  return random() < 0.5 ? 'A' : 'B'
}
