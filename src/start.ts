import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { handlePageRequest } from '~/server/page-middleware.server'

/**
 * Start installs its own CSRF check only when there is no src/start.ts, so it is added here:
 * a server function call must come from this origin (Sec-Fetch-Site, Origin or Referer).
 */
const csrf = createCsrfMiddleware({
  filter: ({ handlerType, request }) =>
    handlerType === 'serverFn' || !['GET', 'HEAD', 'OPTIONS'].includes(request.method),
})

const pageRequest = createMiddleware().server(({ request, next }) => handlePageRequest(request, next))

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf, pageRequest],
}))
