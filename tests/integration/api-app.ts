import { createApiApp as createUncheckedApiApp, type ApiApp, type ApiOptions } from '~/api/app.server'
import type { OpenApiDocument } from '~/api/openapi.server'
import type { StorefrontLinks } from '~/contract/links'
import { storefrontLinks } from '~/routing/storefront-links'
import { checkedResponses } from './openapi-responses'

export type { ApiApp } from '~/api/app.server'

/** The API's options in a test: the storefront's links are the real ones (default language strategy) unless given. */
export type TestApiOptions = Omit<ApiOptions, 'storefront'> & { storefront?: StorefrontLinks }

/** The storefront's links as the shop writes them by default: Thai unprefixed, English under /en. */
export function testStorefrontLinks(siteUrl = 'http://localhost:3000'): StorefrontLinks {
  return storefrontLinks({ siteUrl, strategy: 'prefix_except_default', defaultLocale: 'th' })
}

function withLinks(options: TestApiOptions): ApiOptions {
  return { ...options, storefront: options.storefront ?? testStorefrontLinks(options.commerce?.siteUrl) }
}

/**
 * The product API as the integration tests use it: the real app, each of its answers checked against its own
 * OpenAPI document (./openapi-responses.ts).
 */
export function createApiApp(options: TestApiOptions): ApiApp {
  const app = createUncheckedApiApp(withLinks(options))
  return checkedResponses(app, app.openApiDocument())
}

/** The whole API's document, to check a part of the API tried on its own (a sub-app) with `checkedResponses`. */
export function apiDocument(db: ApiOptions['db']): OpenApiDocument {
  return createUncheckedApiApp(withLinks({ db, storeKeys: ['demo'] })).openApiDocument()
}
