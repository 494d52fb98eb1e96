import { getRequest } from '@tanstack/react-start/server'
import { env } from '../../app.config'
import { markServiceUnavailable } from '~/server/request-state.server'
import { getApiApp, withinPageRender } from '~/server/api-app.server'
import { onCatalogChange } from '~/server/catalog-changes.server'
import { createProductApiClient, ResponseCache, type ProductApiClient } from './client'

/** Base URL the in-process API answers on; only its path matters, the request never leaves the process. */
const IN_PROCESS_BASE = 'http://in-process/api'

let client: ProductApiClient | null = null

/**
 * The product API client of the server functions: over HTTP to API_URL when configured, otherwise
 * handing each Request straight to the API mounted in this server (no network hop).
 */
export function productApi(): ProductApiClient {
  if (client) return client
  const cache = new ResponseCache()
  // Catalog answers are reused as long as the API allows, and not a moment after a change was heard (issue 18).
  onCatalogChange(() => cache.clear())
  client = env.API_URL
    ? createProductApiClient({
        apiUrl: env.API_URL,
        storeKey: env.STORE_KEY,
        fetch: (request) => noticeUnavailable(() => fetch(request)),
        cache,
      })
    : createProductApiClient({
        apiUrl: IN_PROCESS_BASE,
        storeKey: env.STORE_KEY,
        // A page render's calls share its session lookups (issue 29: five of them on the account page).
        fetch: (request) =>
          noticeUnavailable(async () => {
            const app = await getApiApp()
            return withinPageRender(currentRequest(), async () => app.fetch(request))
          }),
        cache,
      })
  return client
}

/** The page request this call serves, when there is one (not at start-up or in a timer). */
function currentRequest(): Request | null {
  try {
    return getRequest()
  } catch {
    return null
  }
}

/**
 * A call the API could not answer (503, or no answer at all) marks the page request it serves, so that the page
 * middleware answers the error screen with 503 rather than 500 (issue 8: the database down).
 */
async function noticeUnavailable(call: () => Promise<Response>): Promise<Response> {
  try {
    const response = await call()
    if (response.status === 503) {
      const request = currentRequest()
      if (request) markServiceUnavailable(request)
    }
    return response
  } catch (error) {
    const request = currentRequest()
    if (request) markServiceUnavailable(request)
    throw error
  }
}
