import type { Currency } from './money'

/*
 * The domestic small-item fee apart from the shipping rules (shipping.ts), as the mix-and-match prices are: the club
 * label names it on every listing, which puts it in every page's first load, and the rules travel only with the
 * pages that price a delivery (checkout, the order).
 */

/**
 * §9 "Free within Thailand except club items and sale items under 500 THB, which pay 50 THB": the flat fee,
 * once per order. USD carts shipped within Thailand: 1.50 USD (chosen; ≈ 50 THB rounded up to a price point).
 */
export const DOMESTIC_SMALL_ITEM_FEE: Record<Currency, number> = { thb: 50_00, usd: 1_50 }
