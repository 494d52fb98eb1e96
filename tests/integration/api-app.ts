import { createApiApp as createUncheckedApiApp, type ApiApp, type ApiOptions } from '~/api/app.server'
import type { OpenApiDocument } from '~/api/openapi.server'
import { checkedResponses } from './openapi-responses'

export type { ApiApp } from '~/api/app.server'

/**
 * The product API as the integration tests use it: the real app, each of its answers checked against its own
 * OpenAPI document (./openapi-responses.ts).
 */
export function createApiApp(options: ApiOptions): ApiApp {
  const app = createUncheckedApiApp(options)
  return checkedResponses(app, app.openApiDocument())
}

/** The whole API's document, to check a part of the API tried on its own (a sub-app) with `checkedResponses`. */
export function apiDocument(db: ApiOptions['db']): OpenApiDocument {
  return createUncheckedApiApp({ db, storeKeys: ['demo'] }).openApiDocument()
}
