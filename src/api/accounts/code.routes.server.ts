import { createRoute } from '@hono/zod-openapi'
import { security, body, createSubApp, json, refused, requestContext as context, toWire } from '~/api/http.server'
import {
  challengeSchema,
  challengeTokenBody,
  issuedChallengeSchema,
  loginCodeBody,
  registerBody,
  resendBody,
  sessionGrantSchema,
  verifyBody,
} from '~/contract/accounts'
import type { CodeService } from './codes.service'
import { captchaOf } from './member-request.server'

/** Logging in and registering with a one-time code: request one, register, describe it, send it again, check it. */
export function createCodeRoutes(options: { codes: CodeService }) {
  const { codes } = options
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/login-code',
      operationId: 'requestLoginCode',
      security: security.none,
      summary: 'Send a login code to a member’s phone (SMS) or e-mail',
      request: body(loginCodeBody),
      responses: {
        201: json(issuedChallengeSchema, 'Code sent; keep challenge_token, show ref_code'),
        400: refused('Invalid identifier or wrong captcha'),
        403: refused('SMS_COUNTRY: codes go by SMS only to the allowed countries; log in by e-mail'),
        404: refused('This email/tel is not exist'),
        423: refused('Locked after too many wrong codes (retry_at)'),
        428: refused('Answer the captcha first (captcha)'),
        429: refused('Send limit reached, or SMS_BUSY: this hour’s SMS codes are used up (retry_at)'),
        503: refused('The code could not be delivered'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const issued = await codes.requestLoginCode(
        { identifier: input.identifier, country: input.country, captcha: captchaOf(input) },
        context(c, input.lang),
      )
      return c.json(toWire(issuedChallengeSchema, issued), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/register',
      operationId: 'register',
      security: security.none,
      summary: 'Start a registration: the account is created once the code sent to the phone is confirmed',
      request: body(registerBody),
      responses: {
        201: json(issuedChallengeSchema, 'Code sent'),
        400: refused('Invalid fields'),
        409: refused('TELEPHONE NUMBER ALREADY EXISTS / EMAIL ALREADY EXISTS'),
        423: refused('Locked'),
        428: refused('Captcha'),
        429: refused('Send limit reached, or SMS_BUSY'),
        503: refused('Not delivered'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const issued = await codes.register(
        {
          fullname: input.fullname,
          email: input.email,
          telephone: input.telephone,
          country: input.country,
          gender: input.gender,
          birthdate: input.birthdate,
          captcha: captchaOf(input),
        },
        context(c, input.lang),
      )
      return c.json(toWire(issuedChallengeSchema, issued), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/challenge',
      operationId: 'getChallenge',
      security: security.none,
      summary: 'Where a code went, its reference, expiry and resend time',
      request: body(challengeTokenBody),
      responses: { 200: json(challengeSchema, 'The challenge'), 404: refused('Unknown challenge') },
    }),
    async (c) =>
      c.json(toWire(challengeSchema, await codes.describeChallenge(c.req.valid('json').challenge_token)), 200),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/resend',
      operationId: 'resendCode',
      security: security.none,
      summary: 'A new code for the same phone or e-mail (the failure count is kept)',
      request: body(resendBody),
      responses: {
        201: json(issuedChallengeSchema, 'Code sent'),
        400: refused('Unknown challenge'),
        423: refused('Locked'),
        403: refused('SMS_COUNTRY: codes go by SMS only to the allowed countries'),
        428: refused('Captcha'),
        429: refused('Too soon or too many, or SMS_BUSY'),
        503: refused('Not delivered'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const issued = await codes.resend(
        { challengeToken: input.challenge_token, captcha: captchaOf(input) },
        context(c, input.lang),
      )
      return c.json(toWire(issuedChallengeSchema, issued), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/verify',
      operationId: 'verifyCode',
      security: security.none,
      summary: 'Check a code; a new session on success',
      description:
        'A login or registration code logs in. A change code (purpose change) logs nobody in: previous_session must ' +
        'be a live session of the same member; the new e-mail or telephone is stored, the old one is told, the ' +
        'member’s other sessions end and this one is replaced by the new token.',
      request: body(verifyBody),
      responses: {
        200: json(sessionGrantSchema, 'Logged in (registered when the code confirmed a registration), or changed'),
        400: refused(
          'OTP INCORRECT (attempts_left, retry_at when slowed down), VERIFY FAILED (also: a change without its ' +
            'member’s session), wrong captcha',
        ),
        403: refused('The account is blocked by the shop (ACCOUNT_BLOCKED): contact us'),
        409: refused('The phone or e-mail was registered (or taken by another member) meanwhile'),
        410: refused('OTP WAS EXPIRED'),
        423: refused('Locked for this connection, or for everyone past the NIST ceiling (retry_at)'),
        428: refused('This connection sent wrong codes: solve the bot challenge first (captcha)'),
        429: refused('Slowed down after wrong codes (retry_at)'),
        503: refused('CAPTCHA_UNAVAILABLE: the bot check could not be reached'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const grant = await codes.verify(
        {
          challengeToken: input.challenge_token,
          code: input.code,
          previousSession: input.previous_session,
          captcha: captchaOf(input),
        },
        context(c),
      )
      return c.json(toWire(sessionGrantSchema, grant), 200)
    },
  )

  return app
}
