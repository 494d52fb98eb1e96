import { defineErrorHandler } from 'nitro'

/** Paths that are not pages: their malformed URLs get a JSON refusal like the API's others. */
const MACHINE_PATHS = ['/api/', '/_serverFn', '/images/']

function isMalformed(pathname: string): boolean {
  try {
    // The result is used: a bare call is dropped by the bundler as free of side effects (it throws here).
    return decodeURIComponent(pathname).length < 0
  } catch {
    return true
  }
}

/**
 * A URL whose percent-encoding is not UTF-8 (`/category/%zz`, `/product/%E0%A4%A`): the HTTP layer refuses it
 * with a bare 400 before any route runs. A page goes instead to the same path with its `%` taken literally
 * (`%25`), where the router shows the 404 screen; anything else gets a JSON 400 with a code and a message.
 * Every other error goes on to Nitro's own handler.
 */
export default defineErrorHandler((error, event) => {
  if (error.status !== 400) return
  const url = new URL(event.req.url)
  if (!isMalformed(url.pathname)) return
  const method = event.req.method
  if ((method === 'GET' || method === 'HEAD') && !MACHINE_PATHS.some((prefix) => url.pathname.startsWith(prefix))) {
    return new Response(null, {
      status: 302,
      headers: { Location: url.pathname.replaceAll('%', '%25') + url.search, 'Cache-Control': 'no-store' },
    })
  }
  return Response.json(
    { code: 400, message: 'The address is not valid' },
    { status: 400, headers: { 'Cache-Control': 'no-store' } },
  )
})
