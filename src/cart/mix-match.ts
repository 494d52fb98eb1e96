import type { Currency } from '~/domain/money'
import { MIX_MATCH_BUNDLE_PRICES, mixMatchDiscounts, type MixMatchBundleSize } from '~/domain/mix-match'

/** What a cart's mix-and-match pieces (§9) come to, for the progress line of the cart. */
export type MixMatchProgress = {
  /** Different mix-and-match products in the cart. */
  pieces: number
  /** The largest bundle the pieces fill, if any. */
  filled: MixMatchBundleSize | null
  /** The next bundle to aim for, and how many more different pieces it needs (null once five are in). */
  next: { size: MixMatchBundleSize; missing: number; price: number } | null
  /** What the bundles take off, in minor units (the same rule as checkout's). */
  saving: number
}

type Line = {
  productId: string
  sku: string
  category: string
  tags: readonly string[]
  unitPrice: number
  quantity: number
}

function isTag(tag: string): tag is 'sale' | 'club' | 'mix_match' | 'new' {
  return tag === 'sale' || tag === 'club' || tag === 'mix_match' || tag === 'new'
}

/** Null when the cart holds no mix-and-match piece. */
export function mixMatchProgress(currency: Currency, lines: readonly Line[]): MixMatchProgress | null {
  const pieces = new Set(lines.filter((line) => line.tags.includes('mix_match')).map((line) => line.productId)).size
  if (pieces === 0) return null
  const saving = mixMatchDiscounts(
    currency,
    lines.map((line) => ({ ...line, tags: line.tags.filter(isTag) })),
  ).reduce((sum, discount) => sum + discount, 0)
  const filled: MixMatchBundleSize | null = pieces >= 5 ? 5 : pieces >= 3 ? 3 : null
  const size: MixMatchBundleSize | null = pieces < 3 ? 3 : pieces < 5 ? 5 : null
  return {
    pieces,
    filled,
    next: size ? { size, missing: size - pieces, price: MIX_MATCH_BUNDLE_PRICES[size][currency] } : null,
    saving,
  }
}
