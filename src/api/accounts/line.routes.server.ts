import { createRoute } from '@hono/zod-openapi'
import { security, body, createSubApp, json, refused, requestContext as context, toWire } from '~/api/http.server'
import {
  lineCallbackBody,
  liffLoginBody,
  lineGrantSchema,
  lineStartBody,
  lineStartSchema,
  sessionGrantSchema,
} from '~/contract/accounts'
import type { LineLoginService } from './line-login.service'

/** LINE Login (start and callback, PKCE) and the login inside LINE with LIFF's ID token (§4). */
export function createLineRoutes(options: { lineLogin: LineLoginService }) {
  const { lineLogin } = options
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/line/start',
      operationId: 'startLineLogin',
      security: security.none,
      summary: 'The LINE Login authorisation URL (PKCE S256, state, nonce)',
      request: body(lineStartBody),
      responses: { 200: json(lineStartSchema, 'Redirect the browser here'), 503: refused('LINE not configured') },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const url = await lineLogin.startLineLogin({
        redirectUri: input.redirect_uri,
        redirectPath: input.redirect_path,
        locale: input.lang,
      })
      return c.json({ authorization_url: url }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/line/liff',
      operationId: 'loginWithLiff',
      security: security.none,
      summary: 'Log in inside LINE with the ID token of LIFF, verified by LINE',
      request: body(liffLoginBody),
      responses: {
        200: json(sessionGrantSchema, 'Logged in'),
        400: refused('The ID token is not valid'),
        403: refused('The account is blocked by the shop (ACCOUNT_BLOCKED): contact us'),
        503: refused('LINE not configured or unreachable'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const grant = await lineLogin.loginWithLiff(
        { idToken: input.id_token, previousSession: input.previous_session },
        context(c),
      )
      return c.json(toWire(sessionGrantSchema, grant), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/line/callback',
      operationId: 'completeLineLogin',
      security: security.none,
      summary: 'Finish LINE Login: exchange the code, verify the ID token, log in or register',
      request: body(lineCallbackBody),
      responses: {
        200: json(lineGrantSchema, 'Logged in'),
        400: refused('Unknown state or LINE refused'),
        403: refused('The account is blocked by the shop (ACCOUNT_BLOCKED): contact us'),
        503: refused('LINE not configured'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const grant = await lineLogin.completeLineLogin(
        {
          state: input.state,
          code: input.code,
          redirectUri: input.redirect_uri,
          previousSession: input.previous_session,
        },
        context(c),
      )
      return c.json(toWire(lineGrantSchema, grant), 200)
    },
  )

  return app
}
