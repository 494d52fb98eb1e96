import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminConsentListSchema,
  adminConsentQuery,
  adminPrivacyIdParam,
  adminPrivacyListSchema,
  adminPrivacyRecordBody,
  adminPrivacyRequestSchema,
} from '~/contract/admin-privacy'
import type { PrivacyService } from '~/api/privacy/privacy.service'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission } from './guard.server'

const denied = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED), or STEP_UP_REQUIRED'),
}

/**
 * The shoppers' privacy requests (issue 33 item 2, decision 201): listed with their due dates, recorded when they came
 * by e-mail, answered by the export (its link e-mailed to the member) or the erasure (after step-up: it cannot be
 * undone); and the cookie banner's consent records.
 */
export function createPrivacyAdminRoutes(privacy: PrivacyService, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/privacy/requests',
          operationId: 'adminPrivacyRequestList',
          summary: 'The privacy requests: open ones first, the most overdue first, with the days left',
          access: requirePermission('members:read'),
          responses: { 200: json(adminPrivacyListSchema, 'The requests'), ...denied },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminPrivacyListSchema, { items: await privacy.list() }), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/privacy/requests',
          operationId: 'adminPrivacyRequestRecord',
          summary: 'Record a request that arrived by e-mail: the member by e-mail or phone, its kind, the day it came',
          access: requirePermission('members:write'),
          request: body(adminPrivacyRecordBody),
          responses: {
            201: json(adminPrivacyRequestSchema, 'Recorded; due 30 days after it arrived'),
            400: refused('Not an e-mail or phone, a day in the future or over a year ago'),
            ...denied,
            404: refused('MEMBER_NOT_FOUND: no member has this e-mail or phone'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const request = await privacy.recordEmailRequest(
        {
          member: input.member,
          kind: input.kind,
          // The day it arrived, at the start of that day in Bangkok (the shop's time zone).
          receivedAt: new Date(`${input.received_at}T00:00:00+07:00`),
          locale: input.lang,
        },
        auditContextOf(c),
      )
      return c.json(toWire(adminPrivacyRequestSchema, request), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/privacy/requests/{id}/export',
          operationId: 'adminPrivacyRequestExport',
          summary: 'Answer an access request: the data is prepared and the link e-mailed to the member within minutes',
          access: requirePermission('members:write'),
          request: { params: adminPrivacyIdParam },
          responses: {
            202: json(adminPrivacyRequestSchema, 'Started'),
            400: refused('Not an access request'),
            ...denied,
            404: refused('No such request'),
            409: refused('REQUEST_ANSWERED: being prepared or answered already'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const request = await privacy.startExport(c.req.valid('param').id, auditContextOf(c))
      return c.json(toWire(adminPrivacyRequestSchema, request), 202)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/privacy/requests/{id}/erase',
          operationId: 'adminPrivacyRequestErase',
          summary: 'Answer an erasure request: the member is erased at once (orders and tax invoices kept, unnamed)',
          description: 'It cannot be undone: a staff session gives its second factor again first.',
          access: { kind: 'permission', permissions: ['members:write'], stepUp: true },
          request: { params: adminPrivacyIdParam },
          responses: {
            200: json(adminPrivacyRequestSchema, 'Erased'),
            400: refused('Not an erasure request'),
            ...denied,
            404: refused('No such request'),
            409: refused('REQUEST_ANSWERED: answered already'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const request = await privacy.eraseForRequest(c.req.valid('param').id, auditContextOf(c))
      return c.json(toWire(adminPrivacyRequestSchema, request), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/privacy/consents',
          operationId: 'adminConsentList',
          summary: 'The cookie banner’s consent records of an anonymous consent id or of a member, newest first',
          access: requirePermission('members:read'),
          request: { query: adminConsentQuery },
          responses: {
            200: json(adminConsentListSchema, 'The records'),
            400: refused('Neither a consent id nor a member'),
            ...denied,
            404: refused('MEMBER_NOT_FOUND'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const memberId = query.member && !query.consent_id ? (await privacy.findMember(query.member)).id : undefined
      const items = await privacy.consents({ consentId: query.consent_id, memberId })
      return c.json(toWire(adminConsentListSchema, { items }), 200)
    },
  )

  return app
}
