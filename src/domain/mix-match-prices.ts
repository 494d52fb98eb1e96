import type { Currency } from './money'

/*
 * The bundle prices apart from the rule that applies them (mix-match.ts): the product page names them, the cart
 * works the saving out, and the product page's first load then carries these few bytes, not the rule.
 */
export type MixMatchBundleSize = 3 | 5

/**
 * §9 "3 or 5 different items give tag pricing": the bundle prices per currency. The spec names no prices;
 * chosen: THB 3 for 1,990 / 5 for 2,990, USD 3 for 60.00 / 5 for 90.00.
 */
/** A bundle price per size and currency, in minor units. */
export type MixMatchBundlePrices = Record<MixMatchBundleSize, Record<Currency, number>>

/**
 * The shop's bundle prices are kept in mix_match_prices and edited in the back office (issue 32 item 5); these are
 * what migration 0032 seeded it with, and what the pages that cannot ask the database name.
 */
export const MIX_MATCH_BUNDLE_PRICES: MixMatchBundlePrices = {
  3: { thb: 1_990_00, usd: 60_00 },
  5: { thb: 2_990_00, usd: 90_00 },
}

/** A bundle's price in one currency, as the shop's answers carry it (the cart and a mix-and-match product page). */
export type MixMatchBundle = { size: MixMatchBundleSize; price: number }

/** The bundles in one currency, smallest first. */
export function bundlesIn(prices: MixMatchBundlePrices, currency: Currency): MixMatchBundle[] {
  return [
    { size: 3, price: prices[3][currency] },
    { size: 5, price: prices[5][currency] },
  ]
}
