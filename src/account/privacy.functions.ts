import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { issuedChallengeSchema, noContentSchema } from '~/contract/accounts'
import { langOrDefaultInput } from '~/contract/common'
import { privacyRequestSchema } from '~/contract/privacy'
import { CAPTCHA_SOLUTION_MAX_LENGTH } from '~/domain/captcha'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import type { AccountFailure, AccountResult, ChallengeInfo } from './account-result'
import { captchaPrompt } from './captcha-prompt'
import * as session from './session.server'

/*
 * The member's privacy rights on the account page (issue 33 item 2): "Download my data" (the link comes by e-mail)
 * and "Delete my account" (confirmed by a code). Validators are built inside `.validator()` (see account.functions).
 */
const captcha = () => ({
  captcha: z.optional(z.string().check(z.minLength(1), z.maxLength(CAPTCHA_SOLUTION_MAX_LENGTH))),
})

function refusal(error: unknown): AccountFailure {
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

/** Asks for a copy of the member's data: recorded, prepared in the background, the link e-mailed. */
export const requestMyData = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langOrDefaultInput() }))
  .handler(async ({ data }): Promise<AccountResult<{ dueAt: string }>> => {
    try {
      const request = await productApi().send('POST', '/me/privacy/export', privacyRequestSchema, {
        body: { lang: data.lang },
        headers: session.visitorHeaders(),
      })
      return { ok: true, dueAt: request.dueAt }
    } catch (error) {
      return refusal(error)
    }
  })

/** Sends the code that confirms the erasure of the account; the browser keeps the challenge in its cookie. */
export const startAccountErasure = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langOrDefaultInput(), ...captcha() }))
  .handler(async ({ data }): Promise<AccountResult<{ challenge: ChallengeInfo }>> => {
    try {
      const { challengeToken, ...challenge } = await productApi().send(
        'POST',
        '/me/privacy/erasure',
        issuedChallengeSchema,
        {
          body: { lang: data.lang, ...(data.captcha ? { captcha: data.captcha } : {}) },
          headers: session.visitorHeaders(),
        },
      )
      session.writeChallengeCookie(challengeToken)
      return { ok: true, challenge }
    } catch (error) {
      return refusal(error)
    }
  })

/** The code entered: the account is erased, every session ends and this browser is signed out. */
export const confirmAccountErasure = createServerFn({ method: 'POST' })
  .validator(z.object({ code: z.string().check(z.maxLength(12)), lang: langOrDefaultInput(), ...captcha() }))
  .handler(async ({ data }): Promise<AccountResult<Record<never, never>>> => {
    const challengeToken = session.readChallengeToken()
    if (!challengeToken) return { ok: false, status: 400, reason: 'VERIFY_FAILED' }
    try {
      await productApi().send('POST', '/me/privacy/erasure/confirm', noContentSchema, {
        body: {
          challengeToken,
          code: data.code,
          lang: data.lang,
          ...(data.captcha ? { captcha: data.captcha } : {}),
        },
        headers: session.visitorHeaders(),
      })
    } catch (error) {
      return refusal(error)
    }
    session.clearChallengeCookie()
    session.clearSessionCookie()
    return { ok: true }
  })
