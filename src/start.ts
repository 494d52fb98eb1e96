import { createSerializationAdapter } from '@tanstack/react-router'
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { HttpError } from '~/errors/error-model'
import { handlePageRequest } from '~/server/page-middleware.server'
import { answerServerFnFailures, handleServerFnCall } from '~/server/server-fn-calls.server'

/**
 * Start installs its own CSRF check only when there is no src/start.ts, so it is added here:
 * a server function call must come from this origin (Sec-Fetch-Site, Origin or Referer).
 */
const csrf = createCsrfMiddleware({
  filter: ({ handlerType, request }) =>
    handlerType === 'serverFn' ||
    (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !new URL(request.url).pathname.startsWith('/api/')),
})

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/**
 * The product API authenticates with Bearer tokens, never cookies, so servers may call it without an
 * Origin; a browser's cross-site write (it always sends Origin or Sec-Fetch-Site) is refused all the same.
 */
const apiCsrf = createMiddleware().server(({ request, next }) => {
  const url = new URL(request.url)
  if (!url.pathname.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return next()
  const site = request.headers.get('sec-fetch-site')
  const origin = request.headers.get('origin')
  if (site === 'cross-site' || (origin !== null && originHost(origin) !== url.host)) {
    return Response.json({ code: 403, message: 'Cross-site request refused' }, { status: 403 })
  }
  return next()
})

const pageRequest = createMiddleware().server(({ request, next }) => handlePageRequest(request, next))

/** A server-function call Start cannot decode (a tampered client) answers 4xx, not 500. */
const serverFnCall = createMiddleware().server(({ request, handlerType, next }) =>
  handlerType === 'serverFn' ? handleServerFnCall(request, next) : next(),
)

/** A call over HTTP that the function's validator refuses answers 400; an error with a 4xx status, that status. */
const serverFnFailures = createMiddleware({ type: 'function' }).server(({ serverFnMeta, next }) =>
  answerServerFnFailures(serverFnMeta.id, () => next()),
)

/**
 * An HttpError keeps its status on its way to the browser (a page's dehydrated error, a server function's
 * answer): Start would send its message only, and the error screen then said 999 instead of, say, 400.
 */
const httpErrorAdapter = createSerializationAdapter({
  key: 'store/http-error',
  test: (value): value is HttpError => value instanceof HttpError,
  toSerializable: (error) => ({ status: error.status, message: error.message }),
  fromSerializable: ({ status, message }) => new HttpError(status, message),
})

export const startInstance = createStart(() => ({
  serializationAdapters: [httpErrorAdapter],
  requestMiddleware: [csrf, apiCsrf, pageRequest, serverFnCall],
  functionMiddleware: [serverFnFailures],
}))
