import { createHash } from 'node:crypto'
import { createSubApp, security } from './http.server'

/**
 * The product API's reference page for the brand's developers (decision 128): Scalar's standalone build, served by
 * the API itself next to its document (…/docs reads ./openapi.json), so nothing comes from a CDN. Its CSP allows
 * scripts and connections to this origin only: Scalar's telemetry, fonts and request proxy stay off, and a call
 * tried from the page goes to this API.
 */
const CONFIGURATION = JSON.stringify({
  telemetry: false,
  withDefaultFonts: false,
  hideClientButton: true,
  defaultOpenAllTags: false,
})

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Atelier Siam product API</title>
</head>
<body>
<script id="api-reference" data-url="openapi.json" data-configuration='${CONFIGURATION}'></script>
<script src="docs/scalar.js"></script>
</body>
</html>
`

/** Scalar writes its styles into style elements at run time: those need 'unsafe-inline'; scripts do not. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

let script: Promise<{ body: string; etag: string }> | null = null

/** The 4 MB bundle is read the first time the page asks for it, not when the API starts. */
function scalarScript() {
  script ??= import('../../node_modules/@scalar/api-reference/dist/browser/standalone.js?raw').then(
    ({ default: body }) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }),
  )
  return script
}

/** The page and its script, mounted next to openapi.json. */
export function createDocsRoutes() {
  const app = createSubApp()
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/docs',
    operationId: 'getReferencePage',
    summary: 'This reference, as a page (Scalar)',
    security: security.none,
    responses: {
      200: {
        description: 'The page; it reads ./openapi.json and ./docs/scalar.js',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  })
  app.get('/docs', (c) => {
    c.header('Content-Security-Policy', DOCS_CSP)
    c.header('Cache-Control', 'no-store')
    return c.html(PAGE)
  })
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/docs/scalar.js',
    operationId: 'getReferencePageScript',
    summary: 'The reference page’s script (Scalar’s standalone build)',
    security: security.none,
    responses: {
      200: {
        description: 'JavaScript',
        headers: { ETag: { description: 'The script’s version', required: true, schema: { type: 'string' } } },
        content: { 'text/javascript': { schema: { type: 'string' } } },
      },
      304: { description: 'Unchanged since the ETag sent in If-None-Match' },
    },
  })
  app.get('/docs/scalar.js', async (c) => {
    const { body, etag } = await scalarScript()
    c.header('ETag', etag)
    // Revalidated each time (a 304 while unchanged); not `public`, so the catalog's kept answers never hold it.
    c.header('Cache-Control', 'no-cache')
    if (c.req.header('if-none-match') === etag) return c.body(null, 304)
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    return c.body(body)
  })
  return app
}
