import type { MixMatchBundle, MixMatchBundleSize } from '~/domain/mix-match-prices'

/** What a cart's mix-and-match pieces (§9) come to, for the progress line of the cart. */
export type MixMatchProgress = {
  /** Different mix-and-match products in the cart. */
  pieces: number
  /** The largest bundle the pieces fill, if any. */
  filled: MixMatchBundleSize | null
  /** The next bundle to aim for, and how many more different pieces it needs (null once five are in). */
  next: { size: MixMatchBundleSize; missing: number; price: number } | null
  /** What the bundles take off, in minor units: the cart's answer, worked out by checkout's rule on the server. */
  saving: number
}

type Line = { productId: string; tags: readonly string[] }

/**
 * How far the counted lines are from a bundle, priced by the cart's answer (`bundles`: the prices the back office
 * set, `saving`: the cart's mix-and-match discount). Null when the cart holds no mix-and-match piece, or its answer
 * names no bundle price.
 */
export function mixMatchProgress(
  lines: readonly Line[],
  { bundles, saving }: { bundles: readonly MixMatchBundle[]; saving: number },
): MixMatchProgress | null {
  const pieces = new Set(lines.filter((line) => line.tags.includes('mix_match')).map((line) => line.productId)).size
  if (pieces === 0) return null
  const filled: MixMatchBundleSize | null = pieces >= 5 ? 5 : pieces >= 3 ? 3 : null
  const size: MixMatchBundleSize | null = pieces < 3 ? 3 : pieces < 5 ? 5 : null
  if (size === null) return { pieces, filled, next: null, saving }
  const price = bundles.find((bundle) => bundle.size === size)?.price
  if (price === undefined) return null
  return { pieces, filled, next: { size, missing: size - pieces, price }, saving }
}
