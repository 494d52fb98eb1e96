import type { OpenAPIHono } from '@hono/zod-openapi'
import { finishDocument, type OpenApiDocument } from '~/api/openapi.server'
import { errorSchema } from '~/contract/errors'
import { INVITE_TOKEN_HEADER, STAFF_REQUEST_HEADER } from './guard.server'

type Registry = OpenAPIHono['openAPIRegistry']

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
const ADMIN_SCHEMES = ['staffSession', 'apiKey', 'inviteToken']

const TAGS: ReadonlyArray<{ name: string; description: string; prefixes: readonly string[] }> = [
  {
    name: 'Sign-in',
    description: 'E-mail code and second factor, step-up, sign-out, the caller.',
    prefixes: ['/auth', '/me'],
  },
  {
    name: 'Invitations',
    description: 'Inviting staff; accepting an invitation and enrolling a second factor.',
    prefixes: ['/invites', '/invite'],
  },
  {
    name: 'Staff',
    description: 'Staff, roles and sessions.',
    prefixes: ['/staff', '/roles', '/sessions', '/staff-sessions'],
  },
  { name: 'API keys', description: 'Keys for machines, scoped to a role.', prefixes: ['/api-keys'] },
  { name: 'Audit', description: 'The append-only audit log and its CSV export.', prefixes: ['/audit'] },
  { name: 'Document', description: 'This document.', prefixes: ['/openapi.json'] },
]

/** The admin API's security schemes and the request id header of every answer. */
export function registerAdminComponents(registry: Registry, cookieName: string): void {
  // The answers every operation may give (unknown store, 500, 503) name the product API's error body.
  registry.register('Error', errorSchema)
  registry.registerComponent('securitySchemes', 'staffSession', {
    type: 'apiKey',
    in: 'cookie',
    name: cookieName,
    description: `A staff session (\`staff\`, or \`__Host-staff\` over HTTPS): HttpOnly, SameSite=Strict, ended 30 minutes unused or 12 hours after sign-in. Unsafe calls with it must come from the back office: \`Sec-Fetch-Site: same-origin\`, the shop's Origin, or \`${STAFF_REQUEST_HEADER}: 1\`.`,
  })
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key (`sk_<id>_<secret>`) of a role, made under API keys: the role’s permissions, never staff:manage or keys:manage, no step-up.',
  })
  registry.registerComponent('securitySchemes', 'inviteToken', {
    type: 'apiKey',
    in: 'header',
    name: INVITE_TOKEN_HEADER,
    description: 'The token of an invitation link (its fragment), valid 24 hours and once.',
  })
}

const REQUEST_ID_HEADER = {
  description: 'The request’s id (the incoming X-Request-Id when valid, else a new one), as the audit log records it',
  schema: { type: 'string' as const },
}

/**
 * The admin API's OpenAPI 3.1 document: as the product API's (store key, the answers every operation may give), its
 * own tags, and X-Request-Id on every answer.
 */
export function adminDocumentOf(
  app: Pick<OpenAPIHono, 'getOpenAPI31Document' | 'openAPIRegistry'>,
  serverUrl: string,
): () => OpenApiDocument {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getAdminOpenApiDocument',
    summary: 'This document (OpenAPI 3.1)',
    description: 'Open to anyone.',
    security: [],
    'x-permissions': [],
    'x-step-up': false,
    responses: {
      200: {
        description: 'The document',
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
    },
  })
  const base = '/api/admin/{storeKey}'
  return () => {
    const document = finishDocument(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Atelier Siam admin API',
          version: '1.0.0',
          license: { name: 'Proprietary: for the shop’s staff and its integrations', url: serverUrl },
          description:
            'The back office: staff sign-in with a mandatory second factor, invitations, roles and permissions (`area:action`), sessions, API keys and the audit log. Each operation names the permissions it needs in `x-permissions` and whether it asks for the second factor again in `x-step-up`. JSON with snake_case keys.',
        },
      }),
      base,
      serverUrl,
    )
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const local = path.slice(base.length)
      const tag = TAGS.find((candidate) =>
        candidate.prefixes.some((prefix) => local === prefix || local.startsWith(`${prefix}/`)),
      )
      for (const method of METHODS) {
        const operation = item[method]
        if (!operation) continue
        if (tag) operation.tags = [tag.name]
        for (const response of Object.values(operation.responses ?? {})) {
          if ('$ref' in response) continue
          response.headers = { ...response.headers, 'X-Request-Id': REQUEST_ID_HEADER }
        }
      }
    }
    // Only the admin API's own schemes (the product API's member, cart, order and operator ones are not used here).
    const schemes = document.components?.securitySchemes ?? {}
    for (const name of Object.keys(schemes)) {
      if (!ADMIN_SCHEMES.includes(name)) Reflect.deleteProperty(schemes, name)
    }
    for (const response of Object.values(document.components?.responses ?? {})) {
      if ('$ref' in response) continue
      response.headers = { ...response.headers, 'X-Request-Id': REQUEST_ID_HEADER }
    }
    return { ...document, tags: TAGS.map(({ name, description }) => ({ name, description })) }
  }
}
