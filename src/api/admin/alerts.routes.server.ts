import { body, json, refused, toWire } from '~/api/http.server'
import { lineLinkCodeSchema, staffAlertChoiceBody, staffAlertSettingsSchema } from '~/contract/admin-alerts'
import { STAFF_ALERT_PERMISSIONS } from '~/domain/staff-alerts'
import type { StaffAlerts, StaffAlertSettingsView } from '~/api/alerts/staff-alerts.server'
import { actorOf, adminRoute, auditContextOf, createAdminSubApp, createRoute, sessionOf } from './guard.server'

const denied = {
  401: refused('Not signed in'),
  403: refused('An API key may not (STAFF_ONLY): these are a staff member’s own settings'),
}

const mine = { kind: 'signed_in', sessionOnly: true } as const

function wire(view: StaffAlertSettingsView, linking: boolean) {
  return toWire(staffAlertSettingsSchema, {
    line: {
      linked: view.line.linked,
      linkedAt: view.line.linkedAt?.toISOString() ?? null,
      codeExpiresAt: view.line.codeExpiresAt?.toISOString() ?? null,
      linking,
    },
    delivery: view.delivery,
    kinds: view.kinds.map((item) => ({ ...item, permission: STAFF_ALERT_PERMISSIONS[item.kind] })),
    recent: view.recent.map((alert) => ({
      ...alert,
      createdAt: alert.createdAt.toISOString(),
      sentAt: alert.sentAt?.toISOString() ?? null,
    })),
  })
}

/**
 * The caller's own LINE alerts (issue 31 item 10, decision 186): every signed-in staff member links their LINE account
 * and chooses among the alerts their role allows; each change audited in its transaction.
 */
export function createAlertRoutes(alerts: StaffAlerts, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/me/alerts',
          operationId: 'staffOwnAlerts',
          summary: 'The caller’s LINE alerts: the link to LINE, the alerts chosen and allowed, the last ones made',
          access: mine,
          responses: { 200: json(staffAlertSettingsSchema, 'The caller’s settings'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      const view = await alerts.settings(session.staffId, actorOf(c).permissions)
      return c.json(wire(view, alerts.linking), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/me/alerts',
          operationId: 'staffOwnAlertsChoose',
          summary: 'Choose the alerts to get on LINE, among those the caller’s role allows',
          access: mine,
          request: body(staffAlertChoiceBody),
          responses: {
            200: json(staffAlertSettingsSchema, 'The caller’s settings'),
            400: refused('An alert that is not one, or one the role does not allow (field code notAllowed)'),
            ...denied,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      const { permissions } = actorOf(c)
      await alerts.choose(session.staffId, permissions, c.req.valid('json').kinds, auditContextOf(c))
      return c.json(wire(await alerts.settings(session.staffId, permissions), alerts.linking), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/me/alerts/line-code',
          operationId: 'staffOwnLineLinkCode',
          summary:
            'A one-time code (15 minutes) to send to the shop’s LINE Official Account: LINE’s webhook links the sender',
          access: mine,
          responses: {
            201: json(lineLinkCodeSchema, 'The code, shown this once'),
            ...denied,
            409: refused('The shop cannot link LINE accounts (no channel secret)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const created = await alerts.createLinkCode(sessionOf(c).staffId, auditContextOf(c))
      return c.json(toWire(lineLinkCodeSchema, { code: created.code, expiresAt: created.expiresAt.toISOString() }), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/me/alerts/line',
          operationId: 'staffOwnLineUnlink',
          summary: 'Unlink the caller’s LINE account: no more alerts (the choices stay)',
          access: mine,
          responses: { 204: { description: 'Unlinked' }, ...denied, 404: refused('No LINE account linked') },
        },
        now,
      ),
    ),
    async (c) => {
      await alerts.unlink(sessionOf(c).staffId, auditContextOf(c))
      return c.body(null, 204)
    },
  )

  return app
}
