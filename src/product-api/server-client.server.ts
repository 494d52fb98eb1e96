import { env } from '../../app.config'
import { getApiApp } from '~/server/api-app.server'
import { createProductApiClient, ResponseCache, type ProductApiClient } from './client'

/** Base URL the in-process API answers on; only its path matters, the request never leaves the process. */
const IN_PROCESS_BASE = 'http://in-process/api'

let client: ProductApiClient | null = null

/**
 * The product API client of the server functions: over HTTP to API_URL when configured, otherwise
 * handing each Request straight to the API mounted in this server (no network hop).
 */
export function productApi(): ProductApiClient {
  const cache = new ResponseCache()
  client ??= env.API_URL
    ? createProductApiClient({ apiUrl: env.API_URL, storeKey: env.STORE_KEY, cache })
    : createProductApiClient({
        apiUrl: IN_PROCESS_BASE,
        storeKey: env.STORE_KEY,
        fetch: async (request) => (await getApiApp()).fetch(request),
        cache,
      })
  return client
}
