import type { APIRequestContext } from '@playwright/test'

/** The back office's token of the browser tests' server (playwright.config.ts). */
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }

type Variant = { sku: string; size: string; available_online: boolean; low_stock: boolean }

/**
 * A size of a product with plenty in stock. The browser tests share one database and many of them buy the demo
 * dress (bank transfer orders keep their pieces for a day), so a size running low is stocked up again through the
 * back office's endpoint, as a shop's staff would.
 */
export async function roomyVariant(
  request: APIRequestContext,
  productId: string,
  skip: readonly string[] = [],
): Promise<{ sku: string; size: string }> {
  const response = await request.get(`/api/public/demo/products/${productId}`)
  const product = (await response.json()) as { variants: Variant[] }
  const candidates = product.variants.filter((variant) => !skip.includes(variant.size))
  const roomy = candidates.find((variant) => variant.available_online && !variant.low_stock)
  if (roomy) return { sku: roomy.sku, size: roomy.size }
  const refill = candidates[0]
  if (!refill) throw new Error(`${productId} has no size to offer`)
  const stocked = await request.put(`/api/public/demo/operator/variants/${encodeURIComponent(refill.sku)}/stock`, {
    headers: OPERATOR,
    data: { stock_online: 50 },
  })
  if (stocked.status() !== 204) throw new Error(`${refill.sku} could not be stocked up (${stocked.status()})`)
  return { sku: refill.sku, size: refill.size }
}
