import type { Db } from '~/db/client.server'
import { mixMatchPrices } from '~/db/schema'
import type { Currency } from '~/domain/money'
import { MIX_MATCH_BUNDLE_PRICES, type MixMatchBundlePrices, type MixMatchBundleSize } from '~/domain/mix-match-prices'

/**
 * The mix-and-match bundle prices as the back office set them (mix_match_prices, issue 32 item 5), each missing row
 * the constant it was seeded from. Read on every cart and checkout answer: a change prices the next one.
 */
export async function bundlePricesOf(db: Pick<Db, 'select'>): Promise<MixMatchBundlePrices> {
  const rows = await db.select().from(mixMatchPrices)
  const price = (size: MixMatchBundleSize, currency: Currency) =>
    rows.find((row) => row.size === size && row.currency === currency)?.price ?? MIX_MATCH_BUNDLE_PRICES[size][currency]
  return {
    3: { thb: price(3, 'thb'), usd: price(3, 'usd') },
    5: { thb: price(5, 'thb'), usd: price(5, 'usd') },
  }
}
