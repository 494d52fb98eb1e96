import type { Context } from 'hono'
import { bearerToken, requestContext } from '~/api/http.server'
import type { CaptchaAnswer } from './request-context'
import type { SessionService } from './sessions.service'

/** The member of the request's Bearer session (or 401); the session's last-seen time and country are kept up to date. */
export function memberOfRequest(sessions: SessionService, c: Context) {
  return sessions.requireMember(bearerToken(c), { country: requestContext(c).country })
}

/** The bot challenge's answer a request body carries, if any. */
export function captchaOf(input: { captcha?: string }): CaptchaAnswer {
  return input.captcha ?? null
}
