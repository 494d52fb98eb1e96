import { allocateProportionally } from './amounts'
import type { Currency } from './money'
import type { PricingLine } from './pricing-line'
import { MIX_MATCH_BUNDLE_PRICES, type MixMatchBundlePrices, type MixMatchBundleSize } from './mix-match-prices'

export { MIX_MATCH_BUNDLE_PRICES, type MixMatchBundleSize }

/**
 * §9 mix-and-match must read as a believable saving, not a give-away: the share of the pieces' shelf prices a bundle
 * saves, in percent, for any bundle of tagged pieces (chosen: 3 pieces 15–30 %, 5 pieces a bit more, 20–40 %).
 * Issue 29: the demo had tagged dresses of ฿2,090–3,390, so 3 of them for ฿1,990 saved 77 %.
 */
export const MIX_MATCH_SAVING_PERCENT: Record<MixMatchBundleSize, { min: number; max: number }> = {
  3: { min: 15, max: 30 },
  5: { min: 20, max: 40 },
}

/** The share of `shelfTotal` (the pieces' prices) a bundle of `size` saves, in percent (negative: it costs more). */
export function mixMatchSavingPercent(size: MixMatchBundleSize, currency: Currency, shelfTotal: number): number {
  return ((shelfTotal - MIX_MATCH_BUNDLE_PRICES[size][currency]) * 100) / shelfTotal
}

/**
 * The shelf prices (minor units, inclusive) a piece may have to be tagged mix-and-match in a currency: with every
 * tagged piece in this range, any bundle of 3 or 5 saves within MIX_MATCH_SAVING_PERCENT. From the bundle price B
 * of n pieces: n × min ≥ B / (1 − min %) and n × max ≤ B / (1 − max %), over both bundle sizes.
 */
export function mixMatchPriceRange(currency: Currency): { min: number; max: number } {
  const sizes: MixMatchBundleSize[] = [3, 5]
  const bounds = sizes.map((size) => {
    const bundle = MIX_MATCH_BUNDLE_PRICES[size][currency]
    const { min, max } = MIX_MATCH_SAVING_PERCENT[size]
    return {
      min: Math.ceil((bundle * 100) / (size * (100 - min))),
      max: Math.floor((bundle * 100) / (size * (100 - max))),
    }
  })
  return { min: Math.max(...bounds.map((b) => b.min)), max: Math.min(...bounds.map((b) => b.max)) }
}

/** Whether a piece at this shelf price keeps every mix-and-match bundle a believable saving (both currencies apart). */
export function isMixMatchPrice(currency: Currency, unitPrice: number): boolean {
  const range = mixMatchPriceRange(currency)
  return unitPrice >= range.min && unitPrice <= range.max
}

type MixMatchUnit = { lineIndex: number; price: number }

/**
 * §9 mix-and-match: per line, its share of the bundle savings. Only lines tagged `mix_match`; a bundle holds
 * units of different products (by productId). Repeatedly: take the most expensive remaining unit of each
 * product, most expensive first; a 5-bundle of the top five when it saves more than a 3-bundle of the top
 * three, else the 3-bundle; stop when no bundle saves anything (a bundle never raises the price). A bundle's
 * saving is spread over its units proportionally to their prices, in whole minor units.
 */
export function mixMatchDiscounts(
  currency: Currency,
  lines: readonly PricingLine[],
  prices: MixMatchBundlePrices = MIX_MATCH_BUNDLE_PRICES,
): number[] {
  const discounts = lines.map(() => 0)
  const unitsByProduct = new Map<string, MixMatchUnit[]>()
  lines.forEach((line, lineIndex) => {
    if (!line.tags.includes('mix_match')) return
    const units = unitsByProduct.get(line.productId) ?? []
    for (let k = 0; k < line.quantity; k++) units.push({ lineIndex, price: line.unitPrice })
    unitsByProduct.set(line.productId, units)
  })
  const byPriceThenLine = (a: MixMatchUnit, b: MixMatchUnit) => b.price - a.price || a.lineIndex - b.lineIndex
  const queues = [...unitsByProduct.values()].map((units) => units.sort(byPriceThenLine))

  const saving = (heads: MixMatchUnit[], size: MixMatchBundleSize) =>
    heads.length < size
      ? 0
      : Math.max(0, heads.slice(0, size).reduce((sum, unit) => sum + unit.price, 0) - prices[size][currency])

  for (;;) {
    const heads = queues.flatMap((queue) => (queue.length > 0 ? [{ queue, unit: queue[0] as MixMatchUnit }] : []))
    heads.sort((a, b) => byPriceThenLine(a.unit, b.unit))
    const headUnits = heads.map((head) => head.unit)
    const saving5 = saving(headUnits, 5)
    const saving3 = saving(headUnits, 3)
    const size: MixMatchBundleSize | null = saving5 > saving3 ? 5 : saving3 > 0 ? 3 : null
    if (size === null) break
    const bundle = heads.slice(0, size)
    const shares = allocateProportionally(
      size === 5 ? saving5 : saving3,
      bundle.map((head) => head.unit.price),
    )
    bundle.forEach((head, k) => {
      head.queue.shift()
      discounts[head.unit.lineIndex] = (discounts[head.unit.lineIndex] ?? 0) + (shares[k] ?? 0)
    })
  }
  return discounts
}
