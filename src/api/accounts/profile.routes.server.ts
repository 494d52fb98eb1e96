import { createRoute } from '@hono/zod-openapi'
import { security, body, createSubApp, json, refused, requestContext as context, toWire } from '~/api/http.server'
import { identityChangeBody, issuedChallengeSchema, memberSchema, profileBody } from '~/contract/accounts'
import type { IdentityChangeService } from './identity-change.service'
import { captchaOf, memberOfRequest } from './member-request.server'
import type { ProfileService } from './profile.service'
import type { SessionService } from './sessions.service'

/** The member of the session, the profile saved at once, and a new e-mail or telephone started with a code. */
export function createProfileRoutes(options: {
  sessions: SessionService
  profile: ProfileService
  identityChange: IdentityChangeService
}) {
  const { sessions, profile, identityChange } = options
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      operationId: 'getMe',
      summary: 'The member of the session',
      security: security.member,
      responses: { 200: json(memberSchema, 'The member'), 401: refused('Not logged in') },
    }),
    async (c) => c.json(toWire(memberSchema, await memberOfRequest(sessions, c)), 200),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/me',
      operationId: 'updateMe',
      summary: 'Change the name, gender and birth date (at once)',
      description:
        'E-mail and telephone may be sent but must be the current ones; a new or removed one goes through ' +
        'POST /me/identity and its code.',
      security: security.member,
      request: body(profileBody),
      responses: {
        200: json(memberSchema, 'Saved'),
        400: refused('Invalid fields'),
        401: refused('Not logged in'),
        409: refused('CHANGE_NEEDS_CODE: the e-mail or telephone differs from the current one (fields)'),
      },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      const input = c.req.valid('json')
      const updated = await profile.updateProfile(current.id, input)
      return c.json(toWire(memberSchema, updated), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/identity',
      operationId: 'changeIdentity',
      summary: 'Start a change of the e-mail or telephone: a code goes to the new one (or to the one removed)',
      description:
        'Nothing changes until the code is confirmed at POST /auth/verify with this session as previous_session. ' +
        'An empty value removes the field; one of e-mail and telephone always remains. A new telephone must be in ' +
        'a country SMS codes go to. The send limits of every code apply.',
      security: security.member,
      request: body(identityChangeBody),
      responses: {
        201: json(issuedChallengeSchema, 'Code sent; keep challenge_token, show ref_code'),
        400: refused('Invalid, unchanged, or the last way to log in (fields)'),
        401: refused('Not logged in'),
        403: refused('SMS_COUNTRY: codes go by SMS only to the allowed countries'),
        409: refused('EMAIL ALREADY EXISTS / TELEPHONE NUMBER ALREADY EXISTS'),
        423: refused('The new (or removed) value is locked after wrong codes (retry_at)'),
        428: refused('This connection sent wrong codes or many codes: solve the bot challenge first (captcha)'),
        429: refused('Send limit reached, or SMS_BUSY (retry_at)'),
        503: refused('Not delivered, or CAPTCHA_UNAVAILABLE'),
      },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      const input = c.req.valid('json')
      const issued = await identityChange.requestIdentityChange(
        current.id,
        { field: input.field, value: input.value, country: input.country, captcha: captchaOf(input) },
        context(c, input.lang),
      )
      return c.json(toWire(issuedChallengeSchema, issued), 201)
    },
  )

  return app
}
