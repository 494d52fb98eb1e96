import { createRoute, z } from '@hono/zod-openapi'
import { bearer, bearerToken, createSubApp, json, refused, wire } from '~/api/http.server'
import type { AccountService } from './account.service'
import type { MembershipService } from './membership.service'

export const membershipSchema = z
  .object({
    tier: z.enum(['member', 'vip', 'vvip']),
    spent_in_cycle: z.int(),
    cycle_start: z.string().nullable(),
    cycle_end: z.string().nullable(),
    expires_at: z.string().nullable(),
    last_status_day: z.string().nullable(),
    to_keep: z.int().nullable(),
    to_next: z.int().nullable(),
  })
  .openapi('Membership')

export const memberCodesSchema = z
  .object({
    items: z.array(
      z.object({
        code: z.string(),
        kind: z.enum(['monthly', 'birthday']),
        percent: z.int(),
        valid_until: z.string(),
        used: z.boolean(),
        expired: z.boolean(),
        discount_used: z.int(),
        remaining: z.int(),
      }),
    ),
  })
  .openapi('MemberCodes')

/** The member's tier figures and promotion codes (issue 6). */
export function createMembershipRoutes(options: { accounts: AccountService; membership: MembershipService }) {
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/membership',
      summary: 'Status (member, VIP, VVIP), spending in the cycle, expiry and what is needed to keep or reach a tier',
      security: bearer,
      responses: { 200: json(membershipSchema, 'Figures in satang'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.accounts.requireMember(bearerToken(c))
      const state = await options.membership.state(member.id)
      c.header('Cache-Control', 'private, no-store')
      return c.json(wire<z.infer<typeof membershipSchema>>(state), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/codes',
      summary: 'The member’s promotion codes, newest first, with use and what is left',
      security: bearer,
      responses: { 200: json(memberCodesSchema, 'Codes'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await options.accounts.requireMember(bearerToken(c))
      c.header('Cache-Control', 'private, no-store')
      return c.json(
        { items: wire<z.infer<typeof memberCodesSchema>['items']>(await options.membership.codes(member.id)) },
        200,
      )
    },
  )

  return app
}
