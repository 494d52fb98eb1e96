/** §5: prices include Thai VAT at 7 %. */
export const VAT_RATE_PERCENT = 7

/** The VAT contained in a VAT-inclusive amount: round(amount × 7 / 107) (never a tie: 107 is odd and prime). */
export function vatIncludedIn(amount: number): number {
  return Math.round((amount * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT))
}
