import { stream } from 'hono/streaming'
import type { z } from '@hono/zod-openapi'
import { json, body, refused, toWire } from '~/api/http.server'
import {
  apiKeyCreateBody,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
  auditPageSchema,
  auditQuery,
  idParam,
  inviteCreateBody,
  inviteCreatedSchema,
  inviteListSchema,
  roleCreateBody,
  roleIdParam,
  roleListSchema,
  roleSchema,
  roleUpdateBody,
  staffListSchema,
  staffSchema,
  staffSessionListSchema,
  staffUpdateBody,
} from '~/contract/admin'
import type { AuditFilter } from './audit.server'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  sessionOf,
} from './guard.server'
import type { AdminServices } from './services.server'

const denied = {
  401: refused('Not signed in'),
  403: refused(
    'The role lacks the permission (PERMISSION_DENIED), the second factor is due again (STEP_UP_REQUIRED) or an API key may not (STAFF_ONLY)',
  ),
}

function filterOf(query: Omit<z.infer<typeof auditQuery>, 'cursor' | 'limit'>): AuditFilter {
  return {
    actorType: query.actor_type,
    actorId: query.actor_id,
    action: query.action,
    entityType: query.entity_type,
    entityId: query.entity_id,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  }
}

/** Staff, invitations, roles, sessions, API keys and the audit log: the back office's own administration. */
export function createManageRoutes(services: AdminServices) {
  const { now } = services
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/invites',
          operationId: 'staffInviteCreate',
          summary: 'Invite a member of staff: a one-time link valid 24 hours (e-mailed unless `send` is false)',
          access: requirePermission('staff:manage'),
          request: body(inviteCreateBody),
          responses: {
            201: json(inviteCreatedSchema, 'The link, shown this once'),
            ...denied,
            409: refused('Already staff'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const created = await services.staff.invite(
        { email: input.email, roleId: input.role_id, send: input.send },
        auditContextOf(c),
      )
      return c.json(toWire(inviteCreatedSchema, created), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/invites',
          operationId: 'staffInviteList',
          summary: 'The invitations still open (not accepted, not expired), the soonest to expire first',
          access: requirePermission('staff:manage'),
          responses: { 200: json(inviteListSchema, 'Soonest to expire first'), ...denied },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(inviteListSchema, { items: await services.staff.openInvites() }), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/invites/{id}',
          operationId: 'staffInviteRevoke',
          summary: 'Revoke an open invitation: its link stops working at once',
          access: requirePermission('staff:manage'),
          request: { params: idParam },
          responses: { 204: { description: 'Revoked' }, ...denied, 404: refused('No such open invitation') },
        },
        now,
      ),
    ),
    async (c) => {
      await services.staff.revokeInvite(c.req.valid('param').id, auditContextOf(c))
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/staff',
          operationId: 'staffList',
          summary: 'The staff, enabled and disabled',
          access: requirePermission('staff:manage'),
          responses: { 200: json(staffListSchema, 'Oldest first'), ...denied },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(staffListSchema, { items: await services.staff.list() }), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'patch',
          path: '/staff/{id}',
          operationId: 'staffUpdate',
          summary: 'Change a staff member’s role, or disable or enable them (never the last owner)',
          access: requirePermission('staff:manage'),
          request: { params: idParam, ...body(staffUpdateBody) },
          responses: {
            200: json(staffSchema, 'Changed'),
            ...denied,
            404: refused('No such staff member'),
            409: refused('The last owner (LAST_OWNER)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const updated = await services.staff.update(
        c.req.valid('param').id,
        { roleId: input.role_id, disabled: input.disabled },
        auditContextOf(c),
      )
      return c.json(toWire(staffSchema, updated), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/roles',
          operationId: 'staffRoles',
          summary: 'The roles: built-in and custom, with their permissions',
          access: { kind: 'signed_in' },
          responses: { 200: json(roleListSchema, 'Built-in first'), 401: refused('Not signed in') },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(roleListSchema, { items: await services.roles.list() }), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/roles',
          operationId: 'staffRoleCreate',
          summary: 'Make a custom role (a name and a set of permissions)',
          access: requirePermission('staff:manage'),
          request: body(roleCreateBody),
          responses: { 201: json(roleSchema, 'Made'), ...denied, 409: refused('The id is taken') },
        },
        now,
      ),
    ),
    async (c) => {
      const created = await services.roles.create(c.req.valid('json'), auditContextOf(c))
      return c.json(toWire(roleSchema, created), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'patch',
          path: '/roles/{id}',
          operationId: 'staffRoleUpdate',
          summary: 'Change a custom role',
          access: requirePermission('staff:manage'),
          request: { params: roleIdParam, ...body(roleUpdateBody) },
          responses: {
            200: json(roleSchema, 'Changed'),
            ...denied,
            404: refused('No such role'),
            409: refused('A built-in role'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const updated = await services.roles.update(c.req.valid('param').id, c.req.valid('json'), auditContextOf(c))
      return c.json(toWire(roleSchema, updated), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/roles/{id}',
          operationId: 'staffRoleDelete',
          summary: 'Delete a custom role no staff or key holds',
          access: requirePermission('staff:manage'),
          request: { params: roleIdParam },
          responses: {
            204: { description: 'Deleted' },
            ...denied,
            404: refused('No such role'),
            409: refused('A built-in role, or one still held'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      await services.roles.remove(c.req.valid('param').id, auditContextOf(c))
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/sessions',
          operationId: 'staffOwnSessions',
          summary: 'The caller’s own live sessions',
          access: { kind: 'signed_in', sessionOnly: true },
          responses: { 200: json(staffSessionListSchema, 'Newest first'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      return c.json(
        toWire(staffSessionListSchema, { items: await services.sessions.list(session.staffId, session.id) }),
        200,
      )
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/sessions/{id}',
          operationId: 'staffOwnSessionRevoke',
          summary: 'End one of the caller’s own sessions',
          access: { kind: 'signed_in', sessionOnly: true },
          request: { params: idParam },
          responses: { 204: { description: 'Ended' }, ...denied, 404: refused('No such session of yours') },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      await services.sessions.revoke(c.req.valid('param').id, session.staffId, auditContextOf(c))
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/staff-sessions',
          operationId: 'staffAllSessions',
          summary: 'Every staff member’s live sessions',
          access: requirePermission('staff:manage'),
          responses: { 200: json(staffSessionListSchema, 'Newest first'), ...denied },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(
        toWire(staffSessionListSchema, { items: await services.sessions.list(null, actorOf(c).session?.id ?? null) }),
        200,
      ),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/staff-sessions/{id}',
          operationId: 'staffSessionRevoke',
          summary: 'End anyone’s session',
          access: requirePermission('staff:manage'),
          request: { params: idParam },
          responses: { 204: { description: 'Ended' }, ...denied, 404: refused('No such session') },
        },
        now,
      ),
    ),
    async (c) => {
      await services.sessions.revoke(c.req.valid('param').id, null, auditContextOf(c))
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/api-keys',
          operationId: 'apiKeyList',
          summary: 'The API keys, live, expired and revoked (never their secrets)',
          access: requirePermission('keys:manage'),
          responses: { 200: json(apiKeyListSchema, 'Newest first'), ...denied },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(apiKeyListSchema, { items: await services.apiKeys.list() }), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/api-keys',
          operationId: 'apiKeyCreate',
          summary: 'Make an API key of a role (90 days unless `days` says, a year at most); the key is shown this once',
          access: requirePermission('keys:manage'),
          request: body(apiKeyCreateBody),
          responses: { 201: json(apiKeyCreatedSchema, 'The key, shown this once'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const created = await services.apiKeys.create(
        { name: input.name, roleId: input.role_id, days: input.days },
        auditContextOf(c),
      )
      return c.json(toWire(apiKeyCreatedSchema, created), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/api-keys/{id}',
          operationId: 'apiKeyRevoke',
          summary: 'Revoke an API key (at once, for good)',
          access: requirePermission('keys:manage'),
          request: { params: idParam },
          responses: { 200: json(apiKeySchema, 'Revoked'), ...denied, 404: refused('No such key') },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(toWire(apiKeySchema, await services.apiKeys.revoke(c.req.valid('param').id, auditContextOf(c))), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/audit',
          operationId: 'auditList',
          summary: 'The audit log, newest first: filtered by actor, action, entity and time, paged by cursor',
          access: requirePermission('audit:read'),
          request: { query: auditQuery },
          responses: { 200: json(auditPageSchema, 'A page of entries'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const page = await services.audit.list(filterOf(query), { before: query.cursor, limit: query.limit })
      return c.json(
        toWire(auditPageSchema, {
          items: page.items.map((row) => ({ ...row, at: row.at.toISOString() })),
          nextCursor: page.next,
        }),
        200,
      )
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/audit/export',
          operationId: 'auditExport',
          summary: 'The filtered audit log as CSV, streamed; the export is itself audited',
          access: requirePermission('audit:read', 'exports:run'),
          request: { query: auditQuery.omit({ cursor: true, limit: true }) },
          responses: {
            200: {
              description: 'CSV (RFC 4180), newest first',
              content: { 'text/csv': { schema: { type: 'string' } } },
              headers: {
                'Content-Disposition': {
                  description: 'attachment; filename=…',
                  required: true,
                  schema: { type: 'string' },
                },
              },
            },
            ...denied,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const filter = filterOf(c.req.valid('query'))
      const context = auditContextOf(c)
      await services.audit.record(services.db, context, {
        action: 'audit.export',
        entityType: 'audit_log',
        entityId: 'csv',
        after: filter,
      })
      const csv = services.audit.exportCsv(filter)
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="audit-${now().toISOString().slice(0, 10)}.csv"`)
      return stream(c, async (out) => {
        await out.pipe(csv)
      })
    },
  )

  return app
}
