import { createApiApp as createUncheckedApiApp, type ApiApp } from '~/api/app.server'
import type { ApiOptions } from '~/api/options.server'
import type { OpenApiDocument } from '~/api/openapi.server'
import type { StorefrontLinks } from '~/contract/links'
import { storefrontLinks } from '~/routing/storefront-links'
import { checkedResponses } from './openapi-responses'
import { DEFAULT_UNPAID_HOLD_LIMITS, type UnpaidHoldLimits } from '~/domain/unpaid-holds'

export type { ApiApp } from '~/api/app.server'

/** The API's options in a test: the storefront's links are the real ones (default language strategy) unless given. */
export type TestApiOptions = Omit<ApiOptions, 'storefront'> & { storefront?: StorefrontLinks }

/** The storefront's links as the shop writes them by default: Thai unprefixed, English under /en. */
export function testStorefrontLinks(siteUrl = 'http://localhost:3000'): StorefrontLinks {
  return storefrontLinks({ siteUrl, strategy: 'prefix_except_default', defaultLocale: 'th' })
}

/**
 * The limits on unpaid orders (issue 29) off: the suites place many orders from one address ('unknown', no proxy)
 * with the same e-mail and telephone. tests/integration/unpaid-holds.test.ts gives the shop's limits.
 */
export const NO_UNPAID_HOLD_LIMITS: UnpaidHoldLimits = {
  ...DEFAULT_UNPAID_HOLD_LIMITS,
  perConnection: Number.MAX_SAFE_INTEGER,
  perContact: Number.MAX_SAFE_INTEGER,
  unitsPerSize: Number.MAX_SAFE_INTEGER,
  challengeFrom: Number.MAX_SAFE_INTEGER,
}

function withLinks(options: TestApiOptions): ApiOptions {
  return {
    ...options,
    commerce: { ...options.commerce, unpaidHolds: options.commerce?.unpaidHolds ?? NO_UNPAID_HOLD_LIMITS },
    storefront: options.storefront ?? testStorefrontLinks(options.commerce?.siteUrl),
  }
}

/**
 * The product API as the integration tests use it: the real app, each of its answers checked against its own
 * OpenAPI document (./openapi-responses.ts), the admin API's against the admin document.
 */
export function createApiApp(options: TestApiOptions): ApiApp {
  const app = createUncheckedApiApp(withLinks(options))
  checkedResponses(app.admin, app.admin.openApiDocument())
  return checkedResponses(app, app.openApiDocument())
}

/** The whole API's document, to check a part of the API tried on its own (a sub-app) with `checkedResponses`. */
export function apiDocument(db: ApiOptions['db']): OpenApiDocument {
  return createUncheckedApiApp(withLinks({ db, storeKeys: ['demo'] })).openApiDocument()
}
