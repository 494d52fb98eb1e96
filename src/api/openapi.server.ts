import type { OpenAPIHono } from '@hono/zod-openapi'
import { CART_TOKEN_HEADER, ORDER_TOKEN_HEADER } from '~/contract/headers'
import { security } from './http.server'

/** The product API's OpenAPI document (decision 127): what @hono/zod-openapi writes, finished here. */
export type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>
type Registry = OpenAPIHono['openAPIRegistry']

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** Groups of operations, by the first segments of their path, in the order the reference page shows them. */
const TAGS: ReadonlyArray<{ name: string; description: string; prefixes: readonly string[] }> = [
  {
    name: 'Catalog',
    description: 'Products, search, collections, editorials, stores and content pages. Public, cacheable.',
    prefixes: [
      '/categories',
      '/products',
      '/search',
      '/collections',
      '/editorials',
      '/stores',
      '/scan',
      '/content',
      '/sitemap-entries',
      '/ip-api',
    ],
  },
  {
    name: 'Accounts',
    description: 'One-time codes, registration, LINE Login, sessions, profile, address book and membership.',
    prefixes: [
      '/auth',
      '/me/membership',
      '/me/codes',
      '/me/quick-pass',
      '/quick-pass',
      '/me/addresses',
      '/me/sessions',
    ],
  },
  { name: 'Addresses', description: 'Address checks and Thai postal data.', prefixes: ['/addresses', '/geo'] },
  {
    name: 'Cart',
    description: 'The cart of a member or of a guest (the cart token), and the wishlist.',
    prefixes: ['/cart', '/me/wishlist'],
  },
  {
    name: 'Orders',
    description: 'Checkout, orders, payments again, tax invoices, cancellation and returns.',
    prefixes: ['/checkout', '/orders', '/me/orders'],
  },
  {
    name: 'Payments',
    description: 'Where payment providers call the shop (webhooks) and send shoppers back.',
    prefixes: ['/payments'],
  },
  {
    name: 'Analytics',
    description: 'Tracking events forwarded to Meta and TikTok.',
    prefixes: ['/facebook-pixel', '/tiktok-pixel'],
  },
  {
    name: 'Back office',
    description: 'The operator’s calls: order status, shipments, returns, prices, stock, the pixel queue.',
    prefixes: ['/operator'],
  },
  {
    name: 'Demo',
    description: 'Only in the demo: the outbox of codes and e-mails not really sent.',
    prefixes: ['/dev'],
  },
  // Last: the profile at /me, after every longer /me/… prefix above.
  { name: 'Accounts', description: '', prefixes: ['/me'] },
]

/** The security schemes, the store key parameter and the answers every operation may give. */
export function registerDocumentComponents(registry: Registry): void {
  registry.registerComponent('securitySchemes', 'memberSession', {
    type: 'http',
    scheme: 'bearer',
    description: 'A member’s session token, from POST /auth/verify, /auth/line/callback or /auth/line/liff.',
  })
  registry.registerComponent('securitySchemes', 'operatorToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'Deprecated: the shared OPERATOR_TOKEN, accepted while it is set as a manager (audited as `operator-token`). Use an API key.',
  })
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key (`sk_<id>_<secret>`, `npm run staff:api-key` or the back office) of a role: the back-office calls need the permission each names.',
  })
  registry.registerComponent('securitySchemes', 'cartToken', {
    type: 'apiKey',
    in: 'header',
    name: CART_TOKEN_HEADER,
    description: 'A guest’s cart: the `cart_token` of the first answer that created it.',
  })
  registry.registerComponent('securitySchemes', 'orderToken', {
    type: 'apiKey',
    in: 'header',
    name: ORDER_TOKEN_HEADER,
    description: 'A guest’s order: the `access_token` of the placed order.',
  })
  registry.registerComponent('parameters', 'StoreKey', {
    name: 'storeKey',
    in: 'path',
    required: true,
    description: 'The store this API serves (STORE_KEY); any other key is answered 404.',
    schema: { type: 'string', example: 'demo' },
  })
  registry.registerComponent('headers', 'RetryAfter', {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  })
  registry.registerComponent('responses', 'UnknownStore', {
    description: 'Unknown store key',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  })
  registry.registerComponent('responses', 'InvalidRequest', {
    description: 'Invalid input: a code per field (`required`, `invalid`) or malformed JSON',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/AccountError' } } },
  })
  registry.registerComponent('responses', 'UnsupportedMediaType', {
    description: 'The body is not JSON',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/AccountError' } } },
  })
  registry.registerComponent('responses', 'ServerError', {
    description: 'An error that is not the request’s fault; nothing of it is shown',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  })
  registry.registerComponent('responses', 'ServiceUnavailable', {
    description: 'The database cannot be reached for the moment; try again after Retry-After seconds',
    headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  })
}

function tagOf(path: string): string | undefined {
  return TAGS.find((tag) => tag.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))?.name
}

/**
 * The document as served and checked: the store key declared on every path, the answers every operation may give
 * (404 for an unknown store, 500, 503 with Retry-After, 400 and 415 where there is input), tags, servers.
 */
const REQUEST_ID_HEADER = {
  description: 'The request’s id (the incoming X-Request-Id when valid, else a new one), as the audit log records it',
  schema: { type: 'string' as const },
}

export function finishDocument(document: OpenApiDocument, base: string, serverUrl: string): OpenApiDocument {
  const paths = document.paths ?? {}
  for (const [path, item] of Object.entries(paths)) {
    if (path.includes('{storeKey}')) item.parameters = [{ $ref: '#/components/parameters/StoreKey' }]
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const responses = operation.responses ?? {}
      const hasInput = Boolean(operation.requestBody) || (operation.parameters ?? []).length > 0
      if (hasInput && !responses['400']) responses['400'] = { $ref: '#/components/responses/InvalidRequest' }
      const json = operation.requestBody && 'content' in operation.requestBody && operation.requestBody.content
      if (json && json['application/json'] && !responses['415']) {
        responses['415'] = { $ref: '#/components/responses/UnsupportedMediaType' }
      }
      if (!responses['404']) responses['404'] = { $ref: '#/components/responses/UnknownStore' }
      responses['500'] = { $ref: '#/components/responses/ServerError' }
      const unavailable = responses['503']
      if (!unavailable) responses['503'] = { $ref: '#/components/responses/ServiceUnavailable' }
      else if (!('$ref' in unavailable)) {
        // The call's own 503 (a provider down) has no Retry-After; the database's has.
        unavailable.headers = {
          ...unavailable.headers,
          'Retry-After': {
            description: 'Seconds to wait before trying again (when the database cannot be reached)',
            schema: { type: 'integer', minimum: 0 },
          },
        }
      }
      // The back office's calls name their request id, which their audit entries record (decision 174).
      if (path.slice(base.length).startsWith('/operator/')) {
        for (const response of Object.values(responses)) {
          if (!('$ref' in response)) response.headers = { ...response.headers, 'X-Request-Id': REQUEST_ID_HEADER }
        }
      }
      operation.responses = responses
      const tag = tagOf(path.slice(base.length))
      if (tag) operation.tags = [tag]
    }
  }
  const tags = new Map<string, string>()
  for (const tag of TAGS) if (!tags.has(tag.name)) tags.set(tag.name, tag.description)
  return {
    ...document,
    servers: [{ url: serverUrl, description: 'This shop' }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
  }
}

/**
 * The OpenAPI 3.1 document of the whole API (decision 127), declared as …/openapi.json in itself: what the API serves
 * there and `npm run check:openapi` checks. Called once every area is mounted; the document is built on each call.
 */
export function documentOf(
  app: Pick<OpenAPIHono, 'getOpenAPI31Document' | 'openAPIRegistry'>,
  options: { termsUrl: string; serverUrl: string },
): () => OpenApiDocument {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document (OpenAPI 3.1)',
    security: security.none,
    responses: {
      200: {
        description: 'The document',
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
    },
  })
  return () =>
    finishDocument(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Atelier Siam product API',
          version: '1.0.0',
          // The brand's own API: its use is governed by the shop's terms, which is what the licence names.
          license: { name: 'Proprietary: the terms and conditions of the shop', url: options.termsUrl },
          description:
            'Catalog, search, stores, content, accounts, carts, orders and the back office of the storefront. JSON with snake_case keys and money in integer minor units (satang, cents). Members send their session token as a Bearer token; guests their cart and order tokens in the x-cart-token and x-order-token headers.',
        },
      }),
      '/api/public/{storeKey}',
      options.serverUrl,
    )
}
