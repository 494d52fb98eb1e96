import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The lint rule that keeps the product API and the storefront apart (docs/decisions/028), tried on code that
 * crosses each boundary and on code that does not: `npm run lint` must fail on the first and pass the second.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

describe('import boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['src/catalog/example.ts', "export { CatalogService } from '~/api/catalog/catalog.service'\n"],
    ['src/catalog/example.ts', "export type { ApiApp } from '~/api/app.server'\n"],
    ['src/account/example.functions.ts', "export { createQuickPassRoutes } from '~/api/accounts/quick-pass.server'\n"],
    ['src/product-api/example.ts', "export { toWire } from '../api/http.server'\n"],
    ['src/routes/example.ts', "export { ApiError } from '~/api/errors'\n"],
    ['src/api/example.ts', "export { createProductApiClient } from '~/product-api/client'\n"],
    ['src/api/commerce/example.ts', "export { productApi } from '../../product-api/server-client.server'\n"],
    ['src/api/example.ts', "export { cartQueryOptions } from '~/cart/cart.functions'\n"],
    ['src/domain/example.ts', "export type { OrderRow } from '~/db/schema'\n"],
    ['src/domain/example.ts', "export { cartSchema } from '~/contract/commerce'\n"],
    ['src/contract/example.ts', "export { products } from '~/db/schema'\n"],
    ['src/contract/example.ts', "export { toWire } from '~/api/http.server'\n"],
  ])('refuses %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toHaveLength(1)
  })

  it.each([
    ['src/catalog/example.ts', "export { productSummarySchema } from '~/contract/catalog'\n"],
    ['src/product-api/example.ts', "export { camelKeysDeep } from '~/contract/case'\n"],
    ['src/api/example.ts', "export { snakeKeysDeep } from '~/contract/case'\n"],
    ['src/api/example.ts', "export { products } from '~/db/schema'\n"],
    ['src/server/api-app.server.ts', "export { createApiApp } from '~/api/app.server'\n"],
    ['src/db/example.ts', "export { ORDER_STATUSES } from '~/domain/orders'\n"],
    ['src/contract/example.ts', "export { MEMBER_TIERS } from '~/domain/membership'\n"],
  ])('allows %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([])
  })
})
