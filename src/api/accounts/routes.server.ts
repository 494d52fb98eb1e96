import { createRoute, type z } from '@hono/zod-openapi'
import { desc, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '~/db/client.server'
import { outboxMessages } from '~/db/schema'
import { validateAddress, type AddressInput } from '~/domain/address'
import { getThaiPostal } from '~/geo/thai-postal.server'
import {
  security,
  bearerToken,
  body,
  createSubApp,
  json,
  shared,
  refused,
  requestContext as context,
  toWire,
  wire,
} from '~/api/http.server'
import { describeUserAgent } from '~/domain/user-agent'
import type { AccountService, CaptchaAnswer } from './account.service'
import { AddressService } from './address.service'
import {
  addressBody,
  addressCheckSchema,
  addressIdParam,
  addressListSchema,
  addressSchema,
  challengeSchema,
  challengeTokenBody,
  geoListSchema,
  geoQuery,
  identityChangeBody,
  issuedChallengeSchema,
  lineCallbackBody,
  liffLoginBody,
  lineGrantSchema,
  lineStartBody,
  lineStartSchema,
  loginCodeBody,
  memberSchema,
  newAddressBody,
  outboxSchema,
  postcodeParam,
  postcodePlacesSchema,
  profileBody,
  registerBody,
  resendBody,
  sessionGrantSchema,
  sessionIdParam,
  sessionListSchema,
  sessionsEndedSchema,
  subDistrictListSchema,
  verifyBody,
  type AddressWire,
} from '~/contract/accounts'

export type AccountRoutesOptions = {
  db: Db
  accounts: AccountService
  /** The outbox is readable over the API only while it is the delivery in use (never in production). */
  outboxEnabled: boolean
}

function captchaOf(input: { captcha?: string }): CaptchaAnswer {
  return input.captcha ?? null
}

function addressInput(wire: z.infer<typeof addressBody>): AddressInput {
  return {
    firstname: wire.firstname,
    lastname: wire.lastname,
    telephoneNumber: wire.telephone_number,
    email: wire.email,
    taxId: wire.tax_id,
    address: wire.address,
    address2: wire.address2,
    country: wire.country,
    postcode: wire.postcode,
    subDistrict: wire.sub_district,
    district: wire.district,
    province: wire.province,
  }
}

/**
 * The account endpoints of the product API: one-time codes, registration, sessions (Bearer token),
 * LINE Login, profile, address book, Thai postal data and the development outbox.
 */
export function createAccountRoutes(options: AccountRoutesOptions) {
  const { accounts } = options
  const addresses = new AddressService(options.db)
  const app = createSubApp()

  /** The member of the Bearer session; the session's last-seen time and country are kept up to date. */
  async function member(c: Context) {
    return accounts.requireMember(bearerToken(c), { country: context(c).country })
  }

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
      const issued = await accounts.requestLoginCode(
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
      const issued = await accounts.register(
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
      c.json(toWire(challengeSchema, await accounts.describeChallenge(c.req.valid('json').challenge_token)), 200),
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
      const issued = await accounts.resend(
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
      const grant = await accounts.verify(
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
      const url = await accounts.startLineLogin({
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
        503: refused('LINE not configured or unreachable'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const grant = await accounts.loginWithLiff(
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
        503: refused('LINE not configured'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const grant = await accounts.completeLineLogin(
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

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout',
      operationId: 'logout',
      summary: 'End the session of the Bearer token',
      security: security.member,
      responses: { 204: { description: 'Logged out' } },
    }),
    async (c) => {
      const token = bearerToken(c)
      if (token) await accounts.endSession(token)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/logout-everywhere',
      operationId: 'logoutEverywhere',
      summary: 'End every session of the member, this one included',
      security: security.member,
      responses: { 204: { description: 'Logged out everywhere' }, 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await member(c)
      await accounts.endAllSessions(current.id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      operationId: 'getMe',
      summary: 'The member of the session',
      security: security.member,
      responses: { 200: json(memberSchema, 'The member'), 401: refused('Not logged in') },
    }),
    async (c) => c.json(toWire(memberSchema, await member(c)), 200),
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
      const current = await member(c)
      const input = c.req.valid('json')
      const updated = await accounts.updateProfile(current.id, input)
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
      const current = await member(c)
      const input = c.req.valid('json')
      const issued = await accounts.requestIdentityChange(
        current.id,
        { field: input.field, value: input.value, country: input.country, captcha: captchaOf(input) },
        context(c, input.lang),
      )
      return c.json(toWire(issuedChallengeSchema, issued), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/sessions',
      operationId: 'listSessions',
      summary: 'The member’s live sessions: device, last seen, country; the one of this token is current',
      security: security.member,
      responses: { 200: json(sessionListSchema, 'Most recently seen first'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await member(c)
      const items = await accounts.listSessions(current.id, bearerToken(c))
      return c.json(
        {
          items: items.map((session) => ({
            id: session.id,
            ...describeUserAgent(session.userAgent),
            country: session.country,
            created_at: session.createdAt,
            last_seen_at: session.lastSeenAt,
            current: session.current,
          })),
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/sessions/{id}',
      operationId: 'endSession',
      summary: 'End one of the member’s sessions',
      security: security.member,
      request: { params: sessionIdParam },
      responses: {
        204: { description: 'Ended' },
        400: refused('Not a session id'),
        401: refused('Not logged in'),
        404: refused('No such session of this member'),
      },
    }),
    async (c) => {
      const current = await member(c)
      await accounts.endSessionById(current.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/sessions/end-others',
      operationId: 'endOtherSessions',
      summary: 'End every session of the member but this one',
      security: security.member,
      responses: { 200: json(sessionsEndedSchema, 'How many ended'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await member(c)
      const token = bearerToken(c) ?? ''
      return c.json({ ended: await accounts.endOtherSessions(current.id, token) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/addresses',
      operationId: 'listAddresses',
      summary: 'The address book, default first',
      security: security.member,
      responses: { 200: json(addressListSchema, 'Addresses'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await member(c)
      return c.json({ items: wire<AddressWire[]>(await addresses.list(current.id)) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/addresses',
      operationId: 'addAddress',
      summary: 'Add an address (the first one becomes the default)',
      security: security.member,
      request: body(newAddressBody),
      responses: {
        201: json(addressSchema, 'Added'),
        400: refused('Field codes of §5'),
        401: refused('Not logged in'),
        409: refused('Address book full'),
      },
    }),
    async (c) => {
      const current = await member(c)
      const input = c.req.valid('json')
      const added = await addresses.add(current.id, addressInput(input), input.is_default)
      return c.json(wire<AddressWire>(added), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/me/addresses/{id}',
      operationId: 'updateAddress',
      summary: 'Change an address',
      security: security.member,
      request: { params: addressIdParam, ...body(addressBody) },
      responses: {
        200: json(addressSchema, 'Saved'),
        400: refused('Field codes of §5'),
        401: refused('Not logged in'),
        404: refused('No such address'),
      },
    }),
    async (c) => {
      const current = await member(c)
      const saved = await addresses.update(current.id, c.req.valid('param').id, addressInput(c.req.valid('json')))
      return c.json(wire<AddressWire>(saved), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/addresses/{id}',
      operationId: 'deleteAddress',
      summary: 'Remove an address',
      security: security.member,
      request: { params: addressIdParam },
      responses: { 204: { description: 'Removed' }, 401: refused('Not logged in'), 404: refused('No such address') },
    }),
    async (c) => {
      const current = await member(c)
      await addresses.remove(current.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/addresses/{id}/default',
      operationId: 'setDefaultAddress',
      summary: 'Make an address the default',
      security: security.member,
      request: { params: addressIdParam },
      responses: {
        200: json(addressSchema, 'Now the default'),
        401: refused('Not logged in'),
        404: refused('No such address'),
      },
    }),
    async (c) => {
      const current = await member(c)
      return c.json(wire<AddressWire>(await addresses.setDefault(current.id, c.req.valid('param').id)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/addresses/check',
      operationId: 'checkAddress',
      security: security.none,
      summary: 'Check an address against the rules of §5 and the Thai postal data, field by field',
      request: body(addressBody),
      responses: { 200: json(addressCheckSchema, 'The first failing rule per field') },
    }),
    async (c) => {
      const input = addressInput(c.req.valid('json'))
      const errors = validateAddress(input, { thai: await getThaiPostal() })
      const fields = Object.fromEntries(Object.entries(errors))
      return c.json({ fields: wire<Record<string, string>>(fields) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/provinces',
      operationId: 'listThaiProvinces',
      security: security.none,
      summary: 'Thai provinces',
      request: { query: geoQuery },
      responses: { 200: shared(geoListSchema, 'Provinces') },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      return c.json(
        { items: wire<z.infer<typeof geoListSchema>['items']>(postal.provinces(c.req.valid('query').lang)) },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/districts',
      operationId: 'listThaiDistricts',
      security: security.none,
      summary: 'Districts of a Thai province',
      request: { query: geoQuery },
      responses: { 200: shared(geoListSchema, 'Districts') },
    }),
    async (c) => {
      const query = c.req.valid('query')
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      return c.json(
        { items: wire<z.infer<typeof geoListSchema>['items']>(postal.districts(query.province ?? '', query.lang)) },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/sub-districts',
      operationId: 'listThaiSubDistricts',
      security: security.none,
      summary: 'Sub-districts of a Thai district, with their postcodes',
      request: { query: geoQuery },
      responses: { 200: shared(subDistrictListSchema, 'Sub-districts') },
    }),
    async (c) => {
      const query = c.req.valid('query')
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      const items = postal.subDistricts(query.province ?? '', query.district ?? '', query.lang)
      return c.json({ items: wire<z.infer<typeof subDistrictListSchema>['items']>(items) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/geo/th/postcodes/{postcode}',
      operationId: 'getThaiPostcode',
      security: security.none,
      summary: 'The places of a Thai postcode (to fill the form from it)',
      request: { params: postcodeParam, query: geoQuery },
      responses: { 200: shared(postcodePlacesSchema, 'Places'), 400: refused('Not five digits') },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      const postal = await getThaiPostal()
      const items = postal.byPostcode(c.req.valid('param').postcode, c.req.valid('query').lang)
      return c.json({ items: wire<z.infer<typeof postcodePlacesSchema>['items']>(items) }, 200)
    },
  )

  if (options.outboxEnabled) {
    app.openapi(
      createRoute({
        method: 'get',
        path: '/dev/outbox',
        operationId: 'listOutbox',
        security: security.none,
        summary: 'Development only: messages the outbox kept instead of sending (absent with real providers)',
        request: { query: geoQuery.pick({}).extend({ recipient: addressBody.shape.email.optional() }) },
        responses: { 200: json(outboxSchema, 'Newest first') },
      }),
      async (c) => {
        const recipient = c.req.valid('query').recipient
        const rows = await options.db
          .select()
          .from(outboxMessages)
          .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
          .orderBy(desc(outboxMessages.createdAt))
          .limit(50)
        return c.json(
          {
            items: rows.map((row) => ({
              channel: row.channel,
              recipient: row.recipient,
              subject: row.subject,
              body: row.body,
              created_at: row.createdAt.toISOString(),
            })),
          },
          200,
        )
      },
    )
  }

  return app
}
