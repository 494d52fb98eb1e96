import { createRoute } from '@hono/zod-openapi'
import { security, bearerToken, createSubApp, json, refused } from '~/api/http.server'
import { describeUserAgent } from '~/domain/user-agent'
import { sessionIdParam, sessionListSchema, sessionsEndedSchema } from '~/contract/accounts'
import { memberOfRequest } from './member-request.server'
import type { SessionService } from './sessions.service'

/** Logging out: this session, or every session of the member. */
export function createLogoutRoutes(options: { sessions: SessionService }) {
  const { sessions } = options
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout',
      operationId: 'logout',
      summary: 'End the session of the Bearer token',
      security: security.member,
      responses: { 204: { description: 'Logged out' } },
    }),
    async (c) => {
      const token = bearerToken(c)
      if (token) await sessions.endSession(token)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout-everywhere',
      operationId: 'logoutEverywhere',
      summary: 'End every session of the member, this one included',
      security: security.member,
      responses: { 204: { description: 'Logged out everywhere' }, 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      await sessions.endAllSessions(current.id)
      return c.body(null, 204)
    },
  )

  return app
}

/** The member's live sessions (issue 15): the list, and ending one or all the others. */
export function createSessionRoutes(options: { sessions: SessionService }) {
  const { sessions } = options
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/sessions',
      operationId: 'listSessions',
      summary: 'The member’s live sessions: device, last seen, country; the one of this token is current',
      security: security.member,
      responses: { 200: json(sessionListSchema, 'Most recently seen first'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      const items = await sessions.listSessions(current.id, bearerToken(c))
      return c.json(
        {
          items: items.map((session) => ({
            id: session.id,
            ...describeUserAgent(session.userAgent),
            country: session.country,
            created_at: session.createdAt,
            last_seen_at: session.lastSeenAt,
            current: session.current,
          })),
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/sessions/{id}',
      operationId: 'endSession',
      summary: 'End one of the member’s sessions',
      security: security.member,
      request: { params: sessionIdParam },
      responses: {
        204: { description: 'Ended' },
        400: refused('Not a session id'),
        401: refused('Not logged in'),
        404: refused('No such session of this member'),
      },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      await sessions.endSessionById(current.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/sessions/end-others',
      operationId: 'endOtherSessions',
      summary: 'End every session of the member but this one',
      security: security.member,
      responses: { 200: json(sessionsEndedSchema, 'How many ended'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      const token = bearerToken(c) ?? ''
      return c.json({ ended: await sessions.endOtherSessions(current.id, token) }, 200)
    },
  )

  return app
}
