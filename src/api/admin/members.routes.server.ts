import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminBirthdateBody,
  adminGoodwillBody,
  adminGoodwillIssuedSchema,
  adminMemberIdParam,
  adminMemberPageSchema,
  adminMemberSchema,
  adminMembersQuery,
  adminMergeBody,
  adminMergeResultSchema,
  adminReasonBody,
  adminSessionsEndedSchema,
} from '~/contract/admin-members'
import { ApiError } from '~/api/errors'
import type { GoodwillValue } from '~/domain/member-admin'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission } from './guard.server'
import type { AdminMembers } from './members.service'

const denied = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED)'),
}

const notFound = { 404: refused('No such member') }

/** What members:write asks: the action, and seeing the member it acts on. */
const WRITE = requirePermission('members:read', 'members:write')

/** Members in the back office (issue 33 item 1, decision 200): search, profile and the actions with a reason. */
export function createMemberAdminRoutes(members: AdminMembers, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/members',
          operationId: 'adminMemberList',
          summary: 'Members found by name, e-mail, telephone (any notation) or LINE user id; sorted and paged',
          access: requirePermission('members:read'),
          request: { query: adminMembersQuery },
          responses: { 200: json(adminMemberPageSchema, 'A page of members'), 400: refused('Bad filter'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const page = await members.list(
        {
          q: query.q || undefined,
          tier: query.tier,
          blocked: query.blocked === undefined ? undefined : query.blocked === 'true',
        },
        { sort: query.sort, dir: query.dir, page: query.page, size: query.size },
      )
      return c.json(toWire(adminMemberPageSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/members/{id}',
          operationId: 'adminMemberGet',
          summary: 'A member: identity, tier and its cycle, spending, codes, orders, addresses and live sessions',
          access: requirePermission('members:read'),
          request: { params: adminMemberIdParam },
          responses: {
            200: json(adminMemberSchema, 'The member'),
            400: refused('Not a member id'),
            ...denied,
            ...notFound,
          },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminMemberSchema, await members.detail(c.req.valid('param').id)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/members/{id}/goodwill-codes',
          operationId: 'adminMemberGoodwillCode',
          summary: 'Issue a goodwill code to the member: 5–50 %, or 50–2,000 THB or 2–60 USD off, for 1–365 days',
          access: WRITE,
          request: { params: adminMemberIdParam, ...body(adminGoodwillBody) },
          responses: {
            201: json(adminGoodwillIssuedSchema, 'Issued: the member sees it among their codes'),
            400: refused('A value outside the bounds, a missing value or currency, no reason'),
            ...denied,
            ...notFound,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      let value: GoodwillValue
      if (input.kind === 'percent') {
        if (input.percent === undefined) {
          throw new ApiError(400, 'INVALID_INPUT', 'A percentage is needed', { fields: { percent: 'required' } })
        }
        value = { kind: 'percent', percent: input.percent }
      } else {
        if (input.amount === undefined || input.currency === undefined) {
          throw new ApiError(400, 'INVALID_INPUT', 'An amount and its currency are needed', {
            fields: input.amount === undefined ? { amount: 'required' } : { currency: 'required' },
          })
        }
        value = { kind: 'amount', amount: input.amount, currency: input.currency }
      }
      const issued = await members.issueGoodwill(
        c.req.valid('param').id,
        { value, validDays: input.valid_days, reason: input.reason },
        auditContextOf(c),
      )
      return c.json(toWire(adminGoodwillIssuedSchema, issued), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/members/{id}/birthdate',
          operationId: 'adminMemberBirthdate',
          summary: 'Correct the birth date (the only way once it is set): a real day, not in the future, age 10–120',
          access: WRITE,
          request: { params: adminMemberIdParam, ...body(adminBirthdateBody) },
          responses: {
            200: json(adminMemberSchema, 'Corrected; the birth-month code follows the new date'),
            400: refused('Not a date, in the future, an age out of range, unchanged, no reason'),
            ...denied,
            ...notFound,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      await members.correctBirthdate(id, input.birthdate, input.reason, auditContextOf(c))
      return c.json(toWire(adminMemberSchema, await members.detail(id)), 200)
    },
  )

  const BLOCKS = [
    ['block', 'adminMemberBlock', 'Block the member: no sign-in by code or LINE, every session ended, no checkout'],
    ['unblock', 'adminMemberUnblock', 'Unblock the member: signing in works again'],
  ] as const
  for (const [action, operationId, summary] of BLOCKS) {
    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/members/{id}/${action}`,
            operationId,
            summary,
            access: WRITE,
            request: { params: adminMemberIdParam, ...body(adminReasonBody) },
            responses: {
              200: json(adminMemberSchema, action === 'block' ? 'Blocked' : 'Unblocked'),
              400: refused('No reason'),
              ...denied,
              ...notFound,
            },
          },
          now,
        ),
      ),
      async (c) => {
        const { id } = c.req.valid('param')
        await members.setBlocked(id, action === 'block', c.req.valid('json').reason, auditContextOf(c))
        return c.json(toWire(adminMemberSchema, await members.detail(id)), 200)
      },
    )
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/members/{id}/sessions/end',
          operationId: 'adminMemberSessionsEnd',
          summary: 'End every session of the member (signed out on every device)',
          access: WRITE,
          request: { params: adminMemberIdParam, ...body(adminReasonBody) },
          responses: {
            200: json(adminSessionsEndedSchema, 'How many sessions ended'),
            400: refused('No reason'),
            ...denied,
            ...notFound,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const ended = await members.endSessions(c.req.valid('param').id, c.req.valid('json').reason, auditContextOf(c))
      return c.json(toWire(adminSessionsEndedSchema, { ended }), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/members/{id}/merge',
          operationId: 'adminMemberMerge',
          summary:
            'Merge another account of the same person into this one (orders, addresses, wishlist, cart, codes move; the other is removed)',
          access: WRITE,
          request: { params: adminMemberIdParam, ...body(adminMergeBody) },
          responses: {
            200: json(adminMergeResultSchema, 'Merged, in one transaction'),
            400: refused('The same account, no e-mail, telephone nor LINE left, no reason'),
            ...denied,
            ...notFound,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const moved = await members.merge(
        id,
        input.other_id,
        { email: input.email_from, telephone: input.telephone_from, line: input.line_from },
        input.reason,
        auditContextOf(c),
      )
      return c.json(toWire(adminMergeResultSchema, { moved, member: await members.detail(id) }), 200)
    },
  )

  return app
}
