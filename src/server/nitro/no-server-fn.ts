import { defineHandler } from 'nitro/h3'

const SERVER_FN_BASE = '/_serverFn/'
/** Start's function ids: SHA-256 in hex (a `_2` suffix for a duplicate), base64url in development. */
const FUNCTION_ID = /^[A-Za-z0-9_-]+$/

/**
 * A server-function call whose id cannot be one (`/_serverFn/`, `/_serverFn/%20`, `/_serverFn/<script>` …):
 * Start decodes the path, the URL parser drops a trailing space, and Start then throws before any middleware
 * runs and answers 500. Such a call (a tampered client; the shop never sends it) is answered here like a call to
 * an id no function has. Every other request goes on.
 */
export default defineHandler((event) => {
  const { pathname } = new URL(event.req.url)
  if (pathname !== '/_serverFn' && !pathname.startsWith(SERVER_FN_BASE)) return
  const id = pathname.slice(SERVER_FN_BASE.length).split('/')[0] ?? ''
  if (FUNCTION_ID.test(id)) return
  return Response.json(
    { code: 404, message: 'There is no such server function' },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  )
})
