import { createRoute } from '@hono/zod-openapi'
import { security, bearerToken, createSubApp, json, refused, toWire } from '~/api/http.server'
import type { SessionService } from './sessions.service'
import type { MembershipService } from './membership.service'
import { memberCodesSchema, membershipSchema } from '~/contract/accounts'

/** The member's tier figures and promotion codes (issue 6). */
export function createMembershipRoutes(options: { sessions: SessionService; membership: MembershipService }) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/membership',
      operationId: 'getMembership',
      summary: 'Status (member, VIP, VVIP), spending in the cycle, expiry and what is needed to keep or reach a tier',
      security: security.member,
      responses: { 200: json(membershipSchema, 'Figures in satang'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.sessions.requireMember(bearerToken(c))
      const state = await options.membership.state(member.id)
      c.header('Cache-Control', 'private, no-store')
      return c.json(toWire(membershipSchema, state), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/codes',
      operationId: 'listMemberCodes',
      summary: 'The member’s promotion codes, newest first, with use and what is left',
      security: security.member,
      responses: { 200: json(memberCodesSchema, 'Codes'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.sessions.requireMember(bearerToken(c))
      c.header('Cache-Control', 'private, no-store')
      return c.json(toWire(memberCodesSchema, { items: await options.membership.codes(member.id) }), 200)
    },
  )

  return app
}
