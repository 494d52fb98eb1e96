import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import {
  challengeSchema,
  issuedChallengeSchema,
  memberSchema,
  noContentSchema,
  sessionGrantSchema,
} from '~/contract/accounts'
import { CAPTCHA_SOLUTION_MAX_LENGTH } from '~/domain/captcha'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import type { AccountFailure, AccountResult, ChallengeInfo } from './account-result'
import { captchaPrompt } from './captcha-prompt'
import { mergeGuestCart } from '~/cart/cart-cookie.server'
import * as session from './session.server'
import type { SessionMember } from './session.server'
import * as accountKeys from './account.keys'
import { langOrDefaultInput } from '~/contract/common'

/*
 * The validators' schemas are built by functions, called only inside `.validator()`: Start strips validators from
 * the browser's code, and a schema made at module level (zod's `.check()` is not known to be pure) would keep zod in
 * every page that calls these functions (issue 29, item 24).
 */
/** The solved bot challenge (ALTCHA payload or Turnstile token), once the API asked for one. */
const captcha = () => ({
  captcha: z.optional(z.string().check(z.minLength(1), z.maxLength(CAPTCHA_SOLUTION_MAX_LENGTH))),
})
const gender = () => z.enum(['male', 'female', 'others'])

/** The API's refusal as data the form can show; anything unexpected is rethrown (error screen). */
async function refusal(error: unknown): Promise<AccountFailure> {
  if (!(error instanceof ProductApiError) || (error.status >= 500 && error.status !== 503)) throw error
  const details = error.details
  return {
    ok: false,
    status: error.status,
    reason:
      typeof details.reason === 'string' ? details.reason : error.status === 503 ? 'DELIVERY_FAILED' : 'INVALID_INPUT',
    fields: error.fields,
    retryAt: typeof details.retryAt === 'string' ? details.retryAt : undefined,
    attemptsLeft: typeof details.attemptsLeft === 'number' ? details.attemptsLeft : undefined,
    captcha: captchaPrompt(details.captcha),
  }
}

function captchaBody(input: { captcha?: string }) {
  return input.captcha ? { captcha: input.captcha } : {}
}

/** Sends a login code to the phone or e-mail of a member; the browser keeps the challenge in a cookie. */
export const requestLoginCode = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      identifier: z.string().check(z.maxLength(254)),
      country: z._default(z.string().check(z.regex(/^[A-Z]{2}$/)), 'TH'),
      lang: langOrDefaultInput(),
      ...captcha(),
    }),
  )
  .handler(async ({ data }): Promise<AccountResult<{ challenge: ChallengeInfo }>> => {
    try {
      const { challengeToken, ...challenge } = await productApi().send(
        'POST',
        '/auth/login-code',
        issuedChallengeSchema,
        {
          body: { identifier: data.identifier, country: data.country, lang: data.lang, ...captchaBody(data) },
          headers: session.visitorHeaders(false),
        },
      )
      session.writeChallengeCookie(challengeToken)
      return { ok: true, challenge }
    } catch (error) {
      return refusal(error)
    }
  })

const registrationSchema = () =>
  z.object({
    fullname: z.string().check(z.maxLength(100)),
    email: z.string().check(z.maxLength(254)),
    telephone: z.string().check(z.maxLength(32)),
    country: z._default(z.string().check(z.regex(/^[A-Z]{2}$/)), 'TH'),
    gender: gender(),
    birthdate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    acceptTerms: z.literal(true),
    lang: langOrDefaultInput(),
    ...captcha(),
  })

/** Starts a registration: the code goes to the telephone; the account exists once it is confirmed. */
export const registerMember = createServerFn({ method: 'POST' })
  .validator(registrationSchema())
  .handler(async ({ data }): Promise<AccountResult<{ challenge: ChallengeInfo }>> => {
    try {
      const { challengeToken, ...challenge } = await productApi().send(
        'POST',
        '/auth/register',
        issuedChallengeSchema,
        {
          body: {
            fullname: data.fullname,
            email: data.email,
            telephone: data.telephone,
            country: data.country,
            gender: data.gender,
            birthdate: data.birthdate,
            acceptTerms: true,
            lang: data.lang,
            ...captchaBody(data),
          },
          headers: session.visitorHeaders(false),
        },
      )
      session.writeChallengeCookie(challengeToken)
      return { ok: true, challenge }
    } catch (error) {
      return refusal(error)
    }
  })

/** The code request this browser is confirming, or null when there is none (or it is unknown). */
export const getChallenge = createServerFn({ method: 'GET' }).handler(async (): Promise<ChallengeInfo | null> => {
  const token = session.readChallengeToken()
  if (!token) return null
  try {
    return await productApi().send('POST', '/auth/challenge', challengeSchema, {
      body: { challengeToken: token },
      headers: session.visitorHeaders(false),
    })
  } catch (error) {
    if (error instanceof ProductApiError && error.status < 500) return null
    throw error
  }
})

export const challengeQuery = () =>
  queryOptions({ queryKey: [...accountKeys.all, 'challenge'], queryFn: () => getChallenge(), staleTime: 0 })

/** A new code for the same phone or e-mail. */
export const resendCode = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langOrDefaultInput(), ...captcha() }))
  .handler(async ({ data }): Promise<AccountResult<{ challenge: ChallengeInfo }>> => {
    const token = session.readChallengeToken()
    if (!token) return { ok: false, status: 400, reason: 'VERIFY_FAILED' }
    try {
      const { challengeToken, ...challenge } = await productApi().send('POST', '/auth/resend', issuedChallengeSchema, {
        body: { challengeToken: token, lang: data.lang, ...captchaBody(data) },
        headers: session.visitorHeaders(false),
      })
      session.writeChallengeCookie(challengeToken)
      return { ok: true, challenge }
    } catch (error) {
      return refusal(error)
    }
  })

/** Checks the code; on success the browser gets a new session cookie (rotation at login). */
export const verifyCode = createServerFn({ method: 'POST' })
  .validator(z.object({ code: z.string().check(z.maxLength(12)), ...captcha() }))
  .handler(async ({ data }): Promise<AccountResult<{ registered: boolean }>> => {
    const token = session.readChallengeToken()
    if (!token) return { ok: false, status: 400, reason: 'VERIFY_FAILED' }
    try {
      const previous = session.readSessionToken()
      const grant = await productApi().send('POST', '/auth/verify', sessionGrantSchema, {
        body: {
          challengeToken: token,
          code: data.code,
          ...(previous ? { previousSession: previous } : {}),
          ...captchaBody(data),
        },
        headers: session.visitorHeaders(false),
      })
      session.writeSessionCookie(grant.token, grant.expiresAt)
      session.clearChallengeCookie()
      await mergeGuestCart(grant.token)
      return { ok: true, registered: grant.registered }
    } catch (error) {
      return refusal(error)
    }
  })

/** Ends the session on the server and in the browser. */
export const logout = createServerFn({ method: 'POST' }).handler(async () => {
  if (session.readSessionToken()) {
    await productApi().send('POST', '/auth/logout', noContentSchema, { headers: session.visitorHeaders() })
  }
  session.clearSessionCookie()
  return { ok: true as const }
})

const profileSchema = () =>
  z.object({
    fullname: z.string().check(z.maxLength(100)),
    gender: z.nullable(gender()),
    birthdate: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  })

/** Saves the name, gender and birth date of the logged-in member at once (a new e-mail or telephone needs a code). */
export const updateProfile = createServerFn({ method: 'POST' })
  .validator(profileSchema())
  .handler(async ({ data }): Promise<AccountResult<{ member: SessionMember }>> => {
    try {
      const member = await productApi().send('PUT', '/me', memberSchema, {
        body: data,
        headers: session.visitorHeaders(),
      })
      return { ok: true, member }
    } catch (error) {
      return refusal(error)
    }
  })

/**
 * Starts a change of the member's e-mail or telephone (an empty value removes it): a code goes to the new one, and
 * the confirm screen finishes it with this browser's session (issue 15). Nothing changes until then.
 */
export const requestIdentityChange = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      field: z.enum(['email', 'telephone']),
      value: z.string().check(z.maxLength(254)),
      country: z._default(z.string().check(z.regex(/^[A-Z]{2}$/)), 'TH'),
      lang: langOrDefaultInput(),
      ...captcha(),
    }),
  )
  .handler(async ({ data }): Promise<AccountResult<{ challenge: ChallengeInfo }>> => {
    try {
      const { challengeToken, ...challenge } = await productApi().send('POST', '/me/identity', issuedChallengeSchema, {
        body: { field: data.field, value: data.value, country: data.country, lang: data.lang, ...captchaBody(data) },
        headers: session.visitorHeaders(),
      })
      session.writeChallengeCookie(challengeToken)
      return { ok: true, challenge }
    } catch (error) {
      return refusal(error)
    }
  })
