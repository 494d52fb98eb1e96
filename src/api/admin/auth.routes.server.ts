import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { json, body, refused, toWire } from '~/api/http.server'
import {
  enrolledSchema,
  inviteAcceptBody,
  inviteSchema,
  meSchema,
  recoveryCodesSchema,
  passkeyEnrolBody,
  signInCodeBody,
  signInFactorsSchema,
  signInPasskeyBody,
  signInRecoveryBody,
  signInStartBody,
  signInStartedSchema,
  signInTokenBody,
  signInTotpBody,
  stepUpPasskeyBody,
  stepUpRecoveryBody,
  stepUpSchema,
  stepUpTotpBody,
  totpConfirmBody,
  totpEnrolmentSchema,
  webauthnOptionsSchema,
} from '~/contract/admin'
import { ApiError } from '~/api/errors'
import { setCookie } from 'hono/cookie'
import { STAFF_SESSION_ABSOLUTE_SECONDS } from '~/domain/staff-permissions'
import {
  adminRoute,
  auditContextOf,
  clientOf,
  createAdminSubApp,
  createRoute,
  INVITE_TOKEN_HEADER,
  sessionOf,
  type AdminEnv,
} from './guard.server'
import type { StaffRow, StaffSessionRow } from '~/db/staff-schema'
import type { RoleView } from './roles.service'
import type { AdminServices } from './services.server'
import type { FactorAnswer } from './sign-in.service'
import { staffView } from './staff.service'

const sessionOnly = { kind: 'signed_in', sessionOnly: true } as const

/** The staff session's cookie (DESIGN.md §8): HttpOnly, SameSite=Strict, Path=/, `__Host-` and Secure over HTTPS. */
function setSessionCookie(c: Context<AdminEnv>, name: string, token: string, secure: boolean, maxAge: number): void {
  setCookie(c, name, token, { maxAge, secure, httpOnly: true, sameSite: 'Strict', path: '/' })
}

const setCookieHeader = {
  'Set-Cookie': {
    description: 'The staff session’s cookie (`staff`, or `__Host-staff` over HTTPS): HttpOnly, SameSite=Strict',
    required: true,
    schema: { type: 'string' as const },
  },
}

/** The second factors' routes of sign-in and step-up (/auth/sign-in/…, /auth/step-up/…): their bodies and words. */
const SECOND_FACTOR_ROUTES = [
  {
    kind: 'totp',
    path: 'totp',
    operation: 'Totp',
    signIn: { summary: 'The second factor by a TOTP app’s code', body: signInTotpBody },
    stepUp: {
      summary: 'Give the second factor again (TOTP) for money, permission, key and export actions',
      body: stepUpTotpBody,
    },
  },
  {
    kind: 'recovery_code',
    path: 'recovery-code',
    operation: 'RecoveryCode',
    signIn: { summary: 'The second factor by a recovery code (each works once)', body: signInRecoveryBody },
    stepUp: { summary: 'Give the second factor again (a recovery code, used up)', body: stepUpRecoveryBody },
  },
  {
    kind: 'passkey',
    path: 'passkey',
    operation: 'Passkey',
    signIn: { summary: 'The second factor by a passkey', body: signInPasskeyBody },
    stepUp: { summary: 'Give the second factor again (a passkey)', body: stepUpPasskeyBody },
  },
] as const

/** A second factor's answer from its route's body: a code, or a passkey's assertion. */
function answerOf(kind: FactorAnswer['kind'], input: { code: string } | { credential: unknown }): FactorAnswer {
  if (kind === 'passkey') {
    if ('credential' in input) return { kind, credential: input.credential as AuthenticationResponseJSON }
  } else if ('code' in input) {
    return { kind, code: input.code }
  }
  throw new Error(`The ${kind} route's body has no ${kind === 'passkey' ? 'credential' : 'code'}`)
}

function inviteToken(c: Context<AdminEnv>): string {
  const token = c.req.header(INVITE_TOKEN_HEADER) ?? ''
  if (token.length < 16 || token.length > 200) throw new ApiError(404, 'INVITE_INVALID', 'This invitation is not valid')
  return token
}

/** Sign-in, step-up, sign-out and who is calling; the invitation's acceptance and the enrolment of a second factor. */
export function createAuthRoutes(services: AdminServices, cookie: { name: string; secure: boolean }) {
  const { now } = services
  const app = createAdminSubApp()

  /** Who is signed in (/me, and the answer of a sign-in): the staff member, their role and the session. */
  const meOf = (member: StaffRow, role: RoleView, session: StaffSessionRow) => {
    const { id, email, name, language } = staffView(member)
    const view = services.sessions.view(session, session.id)
    return toWire(meSchema, {
      id,
      email,
      name,
      language,
      role,
      permissions: role.permissions,
      session: view,
      actorType: 'staff',
    })
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/auth/sign-in',
          operationId: 'staffSignIn',
          summary: 'Start a sign-in: a code is e-mailed to staff (the answer is the same for any address)',
          access: { kind: 'public' },
          request: body(signInStartBody),
          responses: {
            202: json(signInStartedSchema, 'A code was sent if the address is staff'),
            423: refused('Too many wrong tries from this connection'),
            429: refused('Too many codes asked for'),
            503: refused('The code could not be sent'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const started = await services.signIn.start({ email: input.email, language: input.lang }, clientOf(c))
      return c.json(toWire(signInStartedSchema, started), 202)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/auth/sign-in/code',
          operationId: 'staffSignInCode',
          summary: 'The e-mailed code; the answer names the second factors to give next',
          access: { kind: 'public' },
          request: body(signInCodeBody),
          responses: {
            200: json(signInFactorsSchema, 'Right: give a second factor'),
            409: refused('The code was already entered'),
            410: refused('The code has expired'),
            423: refused('Too many wrong tries from this connection'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const result = await services.signIn.verifyCode(
        { signInToken: input.sign_in_token, code: input.code },
        clientOf(c),
      )
      return c.json(toWire(signInFactorsSchema, result), 200)
    },
  )

  const signedInResponses = {
    200: { ...json(meSchema, 'Signed in: the session’s cookie is set'), headers: setCookieHeader },
    423: refused('Too many wrong tries from this connection'),
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/auth/sign-in/passkey/options',
          operationId: 'staffSignInPasskeyOptions',
          summary: 'The passkey challenge of this sign-in (after the e-mail code)',
          access: { kind: 'public' },
          request: body(signInTokenBody),
          responses: { 200: json(webauthnOptionsSchema, 'For navigator.credentials.get') },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const options = await services.signIn.passkeyOptions(input.sign_in_token)
      return c.json({ public_key: { ...options } }, 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/auth/step-up/passkey/options',
          operationId: 'staffStepUpPasskeyOptions',
          summary: 'The passkey challenge of a step-up',
          access: sessionOnly,
          responses: {
            200: json(webauthnOptionsSchema, 'For navigator.credentials.get'),
            401: refused('Not signed in'),
            403: refused('Not a staff session'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      const options = await services.factors.authenticationOptions(session.staffId)
      await services.sessions.setChallenge(session.id, options.challenge)
      return c.json({ public_key: { ...options } }, 200)
    },
  )

  const stepUpResponses = {
    200: json(stepUpSchema, 'The second factor was given again'),
    400: refused('The second factor is not right (SECOND_FACTOR_INCORRECT)'),
    401: refused('Not signed in, or the session ended after five wrong second factors'),
    403: refused('Not a staff session'),
    423: refused('Too many wrong tries from this connection'),
  }

  // Each second factor has a route of sign-in (after the e-mail code) and one of step-up: only the body differs.
  for (const factor of SECOND_FACTOR_ROUTES) {
    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/auth/sign-in/${factor.path}`,
            operationId: `staffSignIn${factor.operation}`,
            summary: factor.signIn.summary,
            access: { kind: 'public' },
            request: body(factor.signIn.body),
            responses: signedInResponses,
          },
          now,
        ),
      ),
      async (c) => {
        const input = c.req.valid('json')
        const answer = answerOf(factor.kind, input)
        const result = await services.signIn.finish({ signInToken: input.sign_in_token, answer }, clientOf(c))
        setSessionCookie(c, cookie.name, result.token, cookie.secure, STAFF_SESSION_ABSOLUTE_SECONDS)
        return c.json(meOf(result.member, await services.roles.require(result.member.roleId), result.session), 200)
      },
    )

    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/auth/step-up/${factor.path}`,
            operationId: `staffStepUp${factor.operation}`,
            summary: factor.stepUp.summary,
            access: sessionOnly,
            request: body(factor.stepUp.body),
            responses: stepUpResponses,
          },
          now,
        ),
      ),
      async (c) => {
        const answer = answerOf(factor.kind, c.req.valid('json'))
        const row = await services.signIn.stepUp(sessionOf(c), answer, auditContextOf(c))
        const { secondFactorAt, stepUpUntil } = services.sessions.view(row, row.id)
        return c.json(toWire(stepUpSchema, { secondFactorAt, stepUpUntil }), 200)
      },
    )
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/auth/sign-out',
          operationId: 'staffSignOut',
          summary: 'End this session (the cookie is cleared)',
          access: sessionOnly,
          responses: {
            204: { description: 'Signed out', headers: setCookieHeader },
            401: refused('Not signed in'),
            403: refused('Not a staff session'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      await services.sessions.end(sessionOf(c).id, auditContextOf(c))
      setSessionCookie(c, cookie.name, '', cookie.secure, 0)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/me',
          operationId: 'staffMe',
          summary: 'Who is signed in: name, language, role, permissions and the session’s limits',
          access: sessionOnly,
          responses: {
            200: json(meSchema, 'The staff member'),
            401: refused('Not signed in'),
            403: refused('Not a staff session (an API key has no staff profile)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      return c.json(meOf(session.member, session.role, session), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/me/recovery-codes',
          operationId: 'staffRecoveryCodesRenew',
          summary: 'Ten new recovery codes for the caller, shown once; the old ones stop working',
          access: { ...sessionOnly, stepUp: true },
          responses: {
            200: json(recoveryCodesSchema, 'The new codes, shown this once'),
            401: refused('Not signed in'),
            403: refused('Not a staff session (STAFF_ONLY), or the second factor is due again (STEP_UP_REQUIRED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const session = sessionOf(c)
      const codes = await services.staff.renewRecoveryCodes(session.staffId, auditContextOf(c))
      return c.json(toWire(recoveryCodesSchema, { recoveryCodes: codes }), 200)
    },
  )

  // ── the invitation ──
  const inviteResponses = {
    404: refused('The invitation is not valid (used, expired or unknown)'),
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/invite',
          operationId: 'staffInviteRead',
          summary: 'The invitation of the token in X-Invite-Token',
          access: { kind: 'invite' },
          responses: { 200: json(inviteSchema, 'The invitation'), ...inviteResponses },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(inviteSchema, await services.staff.readInvite(inviteToken(c))), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/invite/accept',
          operationId: 'staffInviteAccept',
          summary: 'Accept the invitation: name and language (then enrol a second factor)',
          access: { kind: 'invite' },
          request: body(inviteAcceptBody),
          responses: { 200: json(inviteSchema, 'Accepted: enrol a second factor next'), ...inviteResponses },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      return c.json(toWire(inviteSchema, await services.staff.acceptInvite(inviteToken(c), input)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/invite/totp',
          operationId: 'staffInviteTotpStart',
          summary: 'Enrol a TOTP app: its secret (shown this once)',
          access: { kind: 'invite' },
          responses: {
            200: json(totpEnrolmentSchema, 'Add it to the app, then confirm with a code'),
            409: refused('Accept the invitation first'),
            ...inviteResponses,
          },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(totpEnrolmentSchema, await services.staff.startTotp(inviteToken(c))), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/invite/totp/confirm',
          operationId: 'staffInviteTotpConfirm',
          summary: 'Confirm the TOTP app with its code: the staff member is enrolled, with ten recovery codes',
          access: { kind: 'invite' },
          request: body(totpConfirmBody),
          responses: {
            201: json(enrolledSchema, 'Enrolled: sign in next'),
            409: refused('Accept the invitation and start the enrolment first; or the e-mail is staff already'),
            423: refused('Too many wrong tries from this connection'),
            ...inviteResponses,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const result = await services.staff.confirmTotp(inviteToken(c), c.req.valid('json').code, clientOf(c))
      return c.json(toWire(enrolledSchema, result), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/invite/passkey/options',
          operationId: 'staffInvitePasskeyOptions',
          summary: 'Enrol a passkey: the options for navigator.credentials.create',
          access: { kind: 'invite' },
          responses: {
            200: json(webauthnOptionsSchema, 'For navigator.credentials.create'),
            409: refused('Accept the invitation first'),
            ...inviteResponses,
          },
        },
        now,
      ),
    ),
    async (c) => c.json({ public_key: { ...(await services.staff.passkeyOptions(inviteToken(c))) } }, 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/invite/passkey',
          operationId: 'staffInvitePasskey',
          summary: 'The new passkey: the staff member is enrolled, with ten recovery codes',
          access: { kind: 'invite' },
          request: body(passkeyEnrolBody),
          responses: {
            201: json(enrolledSchema, 'Enrolled: sign in next'),
            409: refused('Accept the invitation first; or the e-mail is staff already'),
            423: refused('Too many wrong tries from this connection'),
            ...inviteResponses,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const credential = c.req.valid('json').credential as unknown as RegistrationResponseJSON
      const result = await services.staff.confirmPasskey(inviteToken(c), credential, clientOf(c))
      return c.json(toWire(enrolledSchema, result), 201)
    },
  )

  return app
}
