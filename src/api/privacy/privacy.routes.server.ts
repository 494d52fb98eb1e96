import { createRoute } from '@hono/zod-openapi'
import { security, bearerToken, body, createSubApp, json, refused, requestContext, toWire } from '~/api/http.server'
import { issuedChallengeSchema } from '~/contract/accounts'
import {
  consentBody,
  erasureConfirmBody,
  erasureStartBody,
  exportRequestBody,
  exportSchema,
  exportTokenParam,
  privacyRequestSchema,
} from '~/contract/privacy'
import { memberOfRequest, captchaOf } from '~/api/accounts/member-request.server'
import type { SessionService } from '~/api/accounts/sessions.service'
import type { PrivacyService } from './privacy.service'

/** A member's session when there is one (the record names the member), or none. */
const MEMBER_OR_ANYONE: Array<Record<string, string[]>> = [{ memberSession: [] }, {}]

/**
 * The shopper's privacy rights (issue 33 item 2, decision 201): ask for a copy of one's data (the link is e-mailed),
 * open it, erase the account with a one-time code, and record the cookie banner's choice.
 */
export function createPrivacyRoutes(options: { privacy: PrivacyService; sessions: SessionService }) {
  const { privacy, sessions } = options
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/privacy/export',
      operationId: 'requestDataExport',
      summary: 'Ask for a copy of everything the shop holds on the member: a link to it is e-mailed within minutes',
      description:
        'The request is recorded and prepared in the background; the link works for 7 days and opens 10 times. ' +
        'A request still being prepared is answered instead of a second one.',
      security: security.member,
      request: body(exportRequestBody),
      responses: {
        202: json(privacyRequestSchema, 'Recorded; the e-mail follows'),
        400: refused('Invalid body'),
        401: refused('Not logged in'),
      },
    }),
    async (c) => {
      const member = await memberOfRequest(sessions, c)
      const request = await privacy.requestExport(member.id, c.req.valid('json').lang)
      return c.json(toWire(privacyRequestSchema, request), 202)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/privacy/exports/{token}',
      operationId: 'openDataExport',
      summary: 'The data of an e-mailed link (each call counts one of its uses)',
      description: 'No session: the link of the e-mail is the proof. Past its date or its uses it answers 410.',
      security: security.none,
      request: { params: exportTokenParam },
      responses: {
        200: {
          ...json(exportSchema, 'Everything the shop held on the member when the link was made'),
          headers: {
            'Cache-Control': { description: '`no-store`: personal data', required: true, schema: { type: 'string' } },
          },
        },
        404: refused('No such link'),
        410: refused('LINK_EXPIRED: the link is past its date or its uses'),
      },
    }),
    async (c) => {
      const opened = await privacy.openExport(c.req.valid('param').token)
      c.header('Cache-Control', 'no-store')
      c.header('Referrer-Policy', 'no-referrer')
      if (c.req.query('download') === '1') c.header('Content-Disposition', 'attachment; filename="my-data.json"')
      return c.json(
        toWire(exportSchema, {
          ...opened.content,
          expiresAt: opened.expiresAt.toISOString(),
          usesLeft: opened.usesLeft,
        }),
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/privacy/erasure',
      operationId: 'startAccountErasure',
      summary: 'Ask for the account to be erased: a one-time code goes to the member’s confirmed e-mail or phone',
      description:
        'Nothing changes until the code is confirmed at POST /me/privacy/erasure/confirm by the same session. The ' +
        'send limits of every code apply.',
      security: security.member,
      request: body(erasureStartBody),
      responses: {
        201: json(issuedChallengeSchema, 'Code sent; keep challenge_token, show ref_code'),
        400: refused('Invalid body or wrong captcha'),
        401: refused('Not logged in'),
        409: refused('NO_CONFIRMED_CONTACT: no confirmed e-mail or phone to send the code to'),
        423: refused('Locked after wrong codes (retry_at)'),
        428: refused('Solve the bot challenge first (captcha)'),
        429: refused('Send limit reached (retry_at)'),
        503: refused('The code could not be delivered'),
      },
    }),
    async (c) => {
      const member = await memberOfRequest(sessions, c)
      const input = c.req.valid('json')
      const issued = await privacy.startErasure(member.id, captchaOf(input), requestContext(c, input.lang))
      return c.json(toWire(issuedChallengeSchema, issued), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/privacy/erasure/confirm',
      operationId: 'confirmAccountErasure',
      summary: 'Confirm the erasure with the code: the account is erased at once and every session ends',
      description:
        'In one transaction: orders and tax invoices stay with their numbers and amounts and the person replaced by ' +
        'a marker; everything else of the member is deleted, LINE unlinked, every session ended.',
      security: security.member,
      request: body(erasureConfirmBody),
      responses: {
        204: { description: 'Erased; the session no longer exists' },
        400: refused('OTP_INCORRECT (attempts_left), VERIFY_FAILED, or invalid body'),
        401: refused('Not logged in'),
        410: refused('OTP_EXPIRED'),
        423: refused('Locked after wrong codes (retry_at)'),
        428: refused('Solve the bot challenge first (captcha)'),
      },
    }),
    async (c) => {
      const member = await memberOfRequest(sessions, c)
      const input = c.req.valid('json')
      await privacy.confirmErasure(
        member.id,
        { challengeToken: input.challenge_token, code: input.code, captcha: captchaOf(input) },
        requestContext(c, input.lang),
      )
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/privacy/consents',
      operationId: 'recordConsent',
      summary: 'Record a choice made in the cookie banner (sent after the choice, never on page load)',
      description: 'With a member’s session the record names the member too; without one it is anonymous.',
      security: MEMBER_OR_ANYONE,
      request: body(consentBody),
      responses: { 204: { description: 'Recorded' }, 400: refused('Invalid body') },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const token = bearerToken(c)
      const member = token ? await sessions.memberForSession(token) : null
      await privacy.recordConsent({
        consentId: input.consent_id,
        bannerVersion: input.banner_version,
        analytics: input.analytics,
        advertising: input.advertising,
        memberId: member?.id ?? null,
      })
      return c.body(null, 204)
    },
  )

  return app
}
