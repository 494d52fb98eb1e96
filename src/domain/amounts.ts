/*
 * The whole-unit arithmetic of the pricing rules (the server's, and the cart's mix-and-match saving): apart from
 * money.ts, which every page's first load carries whole, so that only the pages that split an amount load it.
 */
export function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer`)
}

/**
 * Splits `amount` over `weights` proportionally in whole units (largest remainder; ties to the earlier weight),
 * so that the parts sum to `amount` exactly. With amount ≤ Σ weights no part exceeds its weight.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  assertAmount(amount, 'amount')
  weights.forEach((weight) => assertAmount(weight, 'weight'))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total === 0) {
    if (amount === 0) return weights.map(() => 0)
    throw new RangeError('cannot allocate an amount over zero weights')
  }
  const bigTotal = BigInt(total)
  const shares = weights.map((weight) => {
    const share = BigInt(amount) * BigInt(weight)
    return { base: Number(share / bigTotal), remainder: share % bigTotal }
  })
  const parts = shares.map((share) => share.base)
  let leftover = amount - parts.reduce((sum, part) => sum + part, 0)
  const order = shares
    .map((share, index) => ({ remainder: share.remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of order) {
    if (leftover === 0) break
    parts[index] = (parts[index] ?? 0) + 1
    leftover -= 1
  }
  return parts
}
